import LaunchScreens
import LaunchTracking
import TerminalRendering
import TestSupport
import Testing

/// The sheet's "later" and "never" keys, brief releases and the collapsed long range.
@Suite struct WhatsNewSheetChoicesTests {
  private func sheet(presentation: Presentation? = .whatsNew(upTo: "2.1.0")) -> WhatsNewSheet {
    WhatsNewSheet(
      appName: "Jot", version: "2.1.0", since: "1.0.0", releases: Fixtures.upgradeReleases,
      presentation: presentation)
  }

  @Test func laterAndNeverCloseWithTheirEffects() {
    var s = sheet()
    #expect(s.update(.key(.char("l"))) == [.remindLater(.whatsNew(upTo: "2.1.0")), .close])
    #expect(s.update(.key(.char("x"))) == [.stopShowing(.whatsNew(upTo: "2.1.0")), .close])
    let footer = ScreenRender.settled(s, width: 80, height: 24).textDump().split(separator: "\n").last ?? ""
    #expect(footer.contains("l later") && footer.contains("x never") && footer.contains("? help"))
    #expect(s.help.map(\.keys).contains("l") && s.help.map(\.keys).contains("x"))
  }

  @Test func aSheetOpenedByHandHasNeitherKey() {
    var s = sheet(presentation: nil)
    _ = s.update(.resize(width: 80, height: 24))
    #expect(s.update(.key(.char("l"))).isEmpty)
    #expect(s.update(.key(.char("x"))).isEmpty)
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(!dump.contains("later") && !dump.contains("never"))
    #expect(!s.help.map(\.keys).contains("l"))
  }

  @Test func briefReleasesAreOneLineEach() {
    var releases = Fixtures.upgradeReleases
    for i in releases.indices.dropFirst() { releases[i].isBrief = true }
    var s = WhatsNewSheet(
      appName: "Jot", version: "2.1.0", releases: releases, presentation: .whatsNew(upTo: "2.1.0"))
    _ = s.update(.resize(width: 80, height: 24))
    _ = s.finishDeferredWork()
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    for release in releases.dropFirst() {
      #expect(dump.contains("· \(release.version)"), "\(release.version) is not listed: \(dump)")
    }
    #expect(!dump.contains("Change 1 in 1.1.0"), "a brief release's notes were shown")
  }

  @Test func pastTheLimitOnlyTheNewestIsShownUntilExpanded() {
    let releases = (1...12).reversed().map { n in
      ReleaseSection(version: AppVersion(1, UInt64(n), 0), notes: Fixtures.notes("1.\(n).0", items: 2))
    }
    var s = WhatsNewSheet(
      appName: "Jot", version: "1.12.0", releases: releases, presentation: .whatsNew(upTo: "1.12.0"))
    s.collapsesEarlier = true
    _ = s.update(.resize(width: 80, height: 24))
    _ = s.finishDeferredWork()
    var dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(dump.contains("▍1.12.0") && !dump.contains("▍1.11.0"))
    #expect(dump.contains("…and 11 earlier releases"))
    #expect(s.help.map(\.keys).contains("e"))
    #expect(s.update(.key(.char("e"))).isEmpty)
    #expect(s.isExpanded && s.isLaidOut)
    _ = s.update(.key(.char("]")))
    dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(dump.contains("▍1.11.0") && !dump.contains("earlier releases"))
  }
}

/// The release browser marks the versions the user ran.
@Suite struct ReleaseBrowserHistoryTests {
  @Test func versionsTheUserRanAreMarked() {
    var browser = ReleaseBrowser(appName: "Jot", releases: Fixtures.upgradeReleases)
    browser.livedThrough = ["2.1.0", "1.1.0"]
    let rows = ScreenRender.settled(browser, width: 80, height: 24).textDump().split(separator: "\n")
    #expect(rows.contains { $0.hasPrefix("•2.1.0") })
    #expect(rows.contains { $0.hasPrefix("•1.1.0") })
    #expect(rows.contains { $0.hasPrefix(" 2.0.0") })
    #expect(browser.help.contains(HelpEntry("•", "a version you ran")))
  }
}
