import LaunchScreens
import LaunchTracking
import TerminalRendering
import TestSupport
import Testing

@Suite struct WhatsNewSheetTests {
  func sheet(greeting: LineSource? = nil) -> WhatsNewSheet {
    WhatsNewSheet(
      appName: "Jot", version: "2.1.0", since: "1.0.0", releases: Fixtures.upgradeReleases,
      greeting: greeting,
      presentation: .whatsNew(upTo: "2.1.0"))
  }

  @Test func topAt80x24() {
    let dump = ScreenRender.settled(sheet(), width: 80, height: 24).textDump()
    #expect(Golden.check(dump, named: "whatsnew-top-80x24.txt") == nil)
    #expect(dump.contains("What's new in Jot 2.1.0 — since 1.0.0"))
    #expect(dump.contains("Covers 2.1.0 · 2.0.0 · 1.4.0 · 1.1.0"))
    #expect(dump.contains("Top"))
  }

  @Test func bottomAt40x12AfterG() {
    var s = sheet()
    _ = s.update(.resize(width: 40, height: 12))
    _ = s.update(.key(.char("G")))
    #expect(s.scroller.isAtBottom)
    let dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    #expect(Golden.check(dump, named: "whatsnew-bottom-40x12.txt") == nil)
    #expect(dump.contains("Bot"))
    #expect(dump.contains("Change 4 in 1.1.0"))
  }

  /// After `G` the footer names the release the reader sees at the bottom (its heading is on
  /// screen) and hints no key that would do nothing there (`]`, space).
  @Test func theFooterAfterGNamesTheLastReleaseAndNoDeadKeys() {
    var s = sheet()
    _ = s.update(.resize(width: 80, height: 24))
    _ = s.update(.key(.char("G")))
    var footer = String(
      ScreenRender.settled(s, width: 80, height: 24).textDump().split(separator: "\n").last ?? "")
    #expect(footer.contains("1.1.0 · ") && footer.hasSuffix("Bot"), "\(footer)")
    #expect(!footer.contains("] release") && !footer.contains("space page"), "\(footer)")
    _ = s.update(.key(.char("]")))
    #expect(s.scroller.isAtBottom)
    _ = s.update(.key(.char("g")))
    footer = String(
      ScreenRender.settled(s, width: 80, height: 24).textDump().split(separator: "\n").last ?? "")
    #expect(footer.contains("2.1.0 · ") && footer.contains("] release") && footer.contains("space page"))
  }

  @Test func lessKeysMoveThePosition() {
    var s = sheet()
    _ = s.update(.resize(width: 80, height: 24))
    _ = Fixtures.press([.char("j"), .down, .down], on: &s)
    #expect(s.scroller.offset == 3)
    _ = s.update(.key(.char("k")))
    #expect(s.scroller.offset == 2)
    _ = s.update(.key(.char(" ")))
    #expect(s.scroller.offset == 2 + 19)
    _ = s.update(.key(.char("b")))
    #expect(s.scroller.offset == 2)
    _ = s.update(.key(.end))
    #expect(s.scroller.isAtBottom)
    _ = s.update(.key(.home))
    #expect(s.scroller.offset == 0)
    _ = s.update(.wheel(.down))
    #expect(s.scroller.offset == 3)
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(dump.contains("4–23/"))
  }

  @Test func bracketsJumpBetweenReleases() {
    var s = sheet()
    _ = s.update(.resize(width: 80, height: 24))
    _ = s.update(.key(.char("]")))
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    let body = dump.split(separator: "\n")[3]
    #expect(body.contains("▍2.0.0 — Sync · 2026-03-20"))
    #expect(dump.contains("2.0.0 · "))
    _ = s.update(.key(.char("[")))
    #expect(s.scroller.offset == 0)
  }

  @Test func closingReportsTheDismissal() {
    var s = sheet()
    #expect(s.update(.key(.char("q"))) == [.dismissed(.whatsNew(upTo: "2.1.0")), .close])
    var opened = WhatsNewSheet(appName: "Jot", version: "2.1.0", releases: Fixtures.upgradeReleases)
    #expect(opened.update(.key(.escape)) == [.close])
  }

  @Test func welcomeBackGreetingHeadsTheSheet() {
    let greeting = Fixtures.source("WELCOME BACK!\n\nYou have been away for 45 days. Here is what changed.")
    let dump = ScreenRender.settled(sheet(greeting: greeting), width: 80, height: 24).textDump()
    #expect(Golden.check(dump, named: "whatsnew-greeting-80x24.txt") == nil)
    let lines = dump.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[3].contains("WELCOME BACK!"))
  }

  @Test func manyReleasesAreSummarisedOnTheCoversLine() {
    let many = (0..<30).map {
      ReleaseSection(version: AppVersion(1, UInt64(30 - $0), 0), notes: Fixtures.notes("x", items: 1))
    }
    let s = WhatsNewSheet(appName: "Jot", version: "1.30.0", since: "1.0.0", releases: many)
    let dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    let covers = dump.split(separator: "\n")[1]
    #expect(covers.hasSuffix("more"))
    #expect(IndependentWidth.of(covers) <= 40)
  }

  /// A resize keeps the reader's place as content, not as a row number: the text wraps into
  /// more rows when narrower, so the same row is in another release. After `]` `]` the third
  /// release's heading is the top line at 100x30, at 40x12 and at 100x30 again; a place in the
  /// middle of a release stays in that release.
  @Test func aResizeKeepsTheReleaseAtTheTop() throws {
    let releases = try ["2.1.0", "2.0.0", "1.4.0", "1.1.0"].map {
      ReleaseSection(
        version: try #require(AppVersion($0)), title: "Release", date: nil,
        notes: Fixtures.notes($0, items: 30))
    }
    var s = WhatsNewSheet(appName: "Jot", version: "2.1.0", since: "1.0.0", releases: releases)
    func rows(_ width: Int, _ height: Int) -> [Substring] {
      _ = s.update(.resize(width: width, height: height))
      _ = s.finishDeferredWork()
      var canvas = Canvas(width: width, height: height)
      s.draw(into: &canvas)
      return canvas.textDump().split(separator: "\n", omittingEmptySubsequences: false)
    }
    _ = rows(100, 30)
    _ = Fixtures.press([.char("]"), .char("]")], on: &s)
    #expect(rows(100, 30)[3].contains("▍1.4.0 — Release"))
    #expect(rows(40, 12)[3].contains("▍1.4.0 — Release"))
    #expect(rows(100, 30)[3].contains("▍1.4.0 — Release"))

    // Ten lines into 1.4.0, then narrower and back: still in 1.4.0, about as far in.
    _ = Fixtures.press(Array(repeating: .char("j"), count: 10), on: &s)
    let before = rows(100, 30)
    #expect(before[3].contains("Change 7 in 1.4.0"), "\(before[3])")
    let narrowRows = rows(40, 12)
    let narrow = narrowRows[3..<(narrowRows.count - 1)].joined(separator: "\n")  // the body
    #expect(narrow.contains("1.4.0") && !narrow.contains("1.1.0") && !narrow.contains("2.0.0"), "\(narrow)")
    let back = rows(100, 30)
    #expect(back[3] == before[3], "\(back[3])")
    #expect(back.last?.contains("1.4.0 · ") == true)
  }
}
