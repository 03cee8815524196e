import LaunchScreens
import LaunchTracking
import TerminalRendering
import TestSupport
import Testing

/// A release's "try it" actions on the what's-new sheet: named in the footer while the
/// release is on screen, and ending the sheet with their id.
@Suite struct ReleaseActionSheetTests {
  private func sheet(_ actions: [ReleaseAction], presentation: Presentation? = .whatsNew(upTo: "2.1.0"))
    -> WhatsNewSheet
  {
    var releases = Fixtures.upgradeReleases
    releases[0].actions = actions
    var s = WhatsNewSheet(
      appName: "Jot", version: "2.1.0", since: "1.0.0", releases: releases, presentation: presentation)
    _ = s.update(.resize(width: 100, height: 24))
    _ = s.finishDeferredWork()
    return s
  }

  @Test func theFooterNamesTheActionAndItsKeyEndsTheSheetWithTheId() {
    var s = sheet([ReleaseAction(key: "t", id: "try-export", label: "Try the new export")])
    let footer = ScreenRender.settled(s, width: 100, height: 24).textDump().split(separator: "\n").last ?? ""
    #expect(footer.contains("t Try the new export"), "\(footer)")
    #expect(s.help.contains(HelpEntry("t", "Try the new export")))
    #expect(
      s.update(.key(.char("t"))) == [
        .releaseAction(id: "try-export", dismissed: .whatsNew(upTo: "2.1.0")), .close,
      ])
    var byHand = sheet([ReleaseAction(key: "t", id: "try-export", label: "Try")], presentation: nil)
    #expect(byHand.update(.key(.char("t"))) == [.releaseAction(id: "try-export", dismissed: nil), .close])
  }

  /// Only the release on screen offers its actions: past it, the key does nothing.
  @Test func anotherReleaseOnScreenHidesTheAction() {
    var s = sheet([ReleaseAction(key: "t", id: "try-export", label: "Try the new export")])
    _ = s.update(.key(.char("]")))
    let footer = ScreenRender.settled(s, width: 100, height: 24).textDump().split(separator: "\n").last ?? ""
    #expect(!footer.contains("Try the new export"), "\(footer)")
    #expect(s.update(.key(.char("t"))).isEmpty)
  }

  /// An action on one of the sheet's own keys is ignored: `q` still closes, as dismissed.
  @Test func theSheetsOwnKeysWin() {
    #expect(WhatsNewSheet.ownCharacters["q"] == "close")
    #expect(WhatsNewSheet.ownCharacters["e"] != nil && WhatsNewSheet.ownCharacters["t"] == nil)
    var s = sheet([ReleaseAction(key: "q", id: "try-it", label: "Try it")])
    let footer = ScreenRender.settled(s, width: 100, height: 24).textDump().split(separator: "\n").last ?? ""
    #expect(!footer.contains("Try it"))
    #expect(s.update(.key(.char("q"))) == [.dismissed(.whatsNew(upTo: "2.1.0")), .close])
  }
}
