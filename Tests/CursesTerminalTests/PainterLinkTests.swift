import CNcurses
import TerminalRendering
import Testing

@testable import CursesTerminal

extension PainterDiffTests {
  /// What the painter leaves to send after ncurses' refresh for a frame with links: each link's
  /// cells again, at their position, inside OSC 8; where a link was and no longer is, the cells
  /// again without one; nothing once no frame shows links.
  @Test func linksAreSentAfterTheFrameAndTakenBackWhenGone() throws {
    try withScreens { screen, _ in
      set_term(screen.pointer)
      let width = Int(whatsnew_getmaxx(whatsnew_stdscr()))
      let height = Int(whatsnew_getmaxy(whatsnew_stdscr()))
      var painter = Painter(usesColor: false, colorCount: 0, pairLimit: 0, width: width, height: height)
      let url = "https://example.com/docs"
      let underline = Style(attributes: .underline)

      var linked = Canvas(width: width, height: height)
      linked.put(
        line: StyledLine([
          StyledRun("See "), StyledRun("the docs", style: underline, link: url), StyledRun("[1]"),
        ]),
        row: 2, column: 1)
      painter.paint(linked)
      #expect(
        painter.linkSequences
          == "\u{1B}]8;;\(url)\u{1B}\\\u{1B}[3;6H\u{1B}[0;4mthe docs\u{1B}]8;;\u{1B}\\\u{1B}[0m")

      // The same text without the link: ncurses sends nothing (the cells are equal), so the
      // painter writes them again outside any link.
      var plain = Canvas(width: width, height: height)
      plain.put(
        line: StyledLine([StyledRun("See "), StyledRun("the docs", style: underline), StyledRun("[1]")]),
        row: 2, column: 1)
      painter.paint(plain)
      #expect(painter.linkSequences == "\u{1B}[3;6H\u{1B}[0;4mthe docs\u{1B}[0m")

      painter.paint(plain)
      #expect(painter.linkSequences.isEmpty)
    }
  }
}
