import LaunchScreens
import LaunchTracking
import TerminalRendering
import TestSupport
import Testing

@Suite struct ReleaseBrowserTests {
  func browser(version: AppVersion? = nil, scroll: Int = 0) -> ReleaseBrowser {
    ReleaseBrowser(appName: "Jot", releases: Fixtures.releases, version: version, scroll: scroll)
  }

  @Test func listBesideNotesAt80x24() {
    let dump = ScreenRender.settled(browser(), width: 80, height: 24).textDump()
    #expect(Golden.check(dump, named: "browser-80x24.txt") == nil)
    #expect(dump.contains(" 2.1.0"))
    #expect(dump.contains("│2.1.0 — Tags · 2026-05-02") || dump.contains("│ 2.1.0 — Tags"))
  }

  @Test func theSelectionAndTheDatesAreStyled() {
    let canvas = ScreenRender.settled(browser(), width: 80, height: 24)
    // Row 1 is the selected newest release; row 2 the next one, with a dim date.
    #expect(canvas[1, 1].style == Palette.dark.selection)
    #expect(canvas[1, 12].style == Palette.dark.selection)
    #expect(canvas[2, 1].style == .plain)
    let dateColumn = (1..<20).first { canvas[2, $0].grapheme == "2" && canvas[2, $0 + 4].grapheme == "-" }
    #expect(dateColumn.map { canvas[2, $0].style } == Palette.dark.dim)
    // A pre-release is dim in the list.
    #expect(canvas[3, 1].style == Palette.dark.dim)
  }

  @Test func choosingAVersionShowsItsNotes() {
    var s = browser()
    _ = s.update(.resize(width: 40, height: 12))
    _ = Fixtures.press([.down, .char("j")], on: &s)
    #expect(s.selectedVersion == "2.0.0-beta.1")
    let dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    #expect(Golden.check(dump, named: "browser-beta-40x12.txt") == nil)
    #expect(dump.contains("JOT 2.0.0-beta.1"))
  }

  @Test func enterFocusesTheNotesWhereJScrolls() {
    var s = browser()
    _ = s.update(.resize(width: 80, height: 8))
    _ = s.update(.key(.enter))
    #expect(s.notesFocused)
    _ = Fixtures.press([.char("j"), .char("j")], on: &s)
    #expect(s.scroller.offset == 2)
    #expect(s.selectedVersion == "2.1.0")
    #expect(s.update(.key(.escape)) == [])
    #expect(!s.notesFocused)
    #expect(s.update(.key(.escape)) == [.close])
  }

  @Test func restorationRoundTrips() {
    var s = browser()
    _ = s.update(.resize(width: 80, height: 8))
    _ = Fixtures.press([.down, .tab, .char("j"), .char("j"), .char("j")], on: &s)
    #expect(s.selectedVersion == "2.0.0" && s.scroller.offset == 3 && s.notesFocused)
    var restored = browser(version: s.selectedVersion, scroll: s.scroller.offset)
    _ = restored.update(.resize(width: 80, height: 8))
    #expect(restored.selectedVersion == "2.0.0")
    #expect(restored.scroller.offset == 3)
  }

  @Test func aScrollPastTheEndIsClamped() {
    var s = browser(version: "1.1.0", scroll: 5000)
    _ = s.update(.resize(width: 80, height: 24))
    #expect(s.scroller.isAtBottom)
    #expect(s.scroller.offset == s.scroller.maxOffset)
  }
}
