import TestSupport
import Testing

@testable import TerminalRendering

@Suite struct CanvasTests {
  @Test func wideGraphemesTakeTwoCellsAndClip() {
    var canvas = Canvas(width: 6, height: 1)
    let used = canvas.put("ab日本", row: 0, column: 0)
    #expect(used == 6)
    #expect(canvas.textDump() == "ab日本")
    var narrow = Canvas(width: 5, height: 1)
    narrow.put("ab日本", row: 0, column: 0)
    #expect(narrow.textDump() == "ab日")
  }

  /// A screen redrawn in place writes the same wide grapheme over itself; it must stay whole
  /// (it used to become a blank and a stray half cell).
  @Test func wideGraphemeWrittenOverItselfStays() {
    var canvas = Canvas(width: 6, height: 1)
    canvas.put("日", row: 0, column: 2)
    canvas.put("日", row: 0, column: 2)
    #expect(canvas.textDump() == "  日")
    #expect(canvas[0, 2].grapheme == "日" && canvas[0, 3].isContinuation)
  }

  /// Overwriting either half of a wide grapheme blanks the other half; a wide grapheme one
  /// cell to the right of another replaces the right half and blanks the left.
  @Test func overwritingHalfOfAWideGraphemeBlanksTheOtherHalf() {
    var right = Canvas(width: 6, height: 1)
    right.put("日", row: 0, column: 2)
    right.put("x", row: 0, column: 3)
    #expect(right.textDump() == "   x")
    var left = Canvas(width: 6, height: 1)
    left.put("日", row: 0, column: 2)
    left.put("x", row: 0, column: 2)
    #expect(left.textDump() == "  x")
    var shifted = Canvas(width: 6, height: 1)
    shifted.put("日", row: 0, column: 2)
    shifted.put("本", row: 0, column: 3)
    #expect(shifted.textDump() == "   本")
  }

  /// A conjunct laid out by code point takes as many cells as its scalars (`स्त्री`: four);
  /// overwriting any of them blanks the others, and one that does not fit is padded.
  /// A flag and an emoji with a skin tone on the screen (issue 43): ncurses keeps a cell's
  /// characters only up to the first that takes columns, so they reached the terminal as their
  /// first code point (a lone regional indicator). The canvas holds a flag as its two letters
  /// and an emoji with a skin tone as that emoji, in the same cells, so the text stays readable
  /// and in place.
  @Test func flagsAreTheirLettersAndSkinTonesAreDropped() {
    var canvas = Canvas(width: 40, height: 1)
    let text = "\u{1F1EB}\u{1F1F7} Paris \u{1F469}\u{1F3FD}\u{200D}\u{1F680} crew \u{1F44D}\u{1F3FF}!"
    let used = canvas.put(text, row: 0, column: 0)
    #expect(used == CellWidth.of(text))
    #expect(canvas.textDump() == "FR Paris \u{1F469} crew \u{1F44D}!")
    #expect(canvas[0, 0].grapheme == "F" && canvas[0, 0].width == 1)
    #expect(canvas[0, 1].grapheme == "R" && canvas[0, 1].width == 1)
    #expect(canvas[0, 9].grapheme == "\u{1F469}" && canvas[0, 10].isContinuation)
    // Other clusters are kept whole: an accent, a joined emoji without a skin tone, a keycap.
    var kept = Canvas(width: 20, height: 1)
    kept.put("e\u{301} \u{1F468}\u{200D}\u{1F4BB} 1\u{FE0F}\u{20E3}", row: 0, column: 0)
    #expect(kept.textDump() == "e\u{301} \u{1F468}\u{200D}\u{1F4BB} 1\u{FE0F}\u{20E3}")
  }

  @Test func clustersWiderThanTwoCells() {
    var canvas = Canvas(width: 8, height: 1)
    #expect(canvas.put("aस्त्रीb", row: 0, column: 0) == 6)
    #expect(canvas.textDump() == "aस्त्रीb")
    #expect((2...4).allSatisfy { canvas[0, $0].isContinuation })
    canvas.put("x", row: 0, column: 3)
    #expect(canvas.textDump() == "a  x b")
    #expect(!(1...5).contains { canvas[0, $0].isContinuation })
    var lead = Canvas(width: 8, height: 1)
    lead.put("स्त्री", row: 0, column: 1)
    lead.put("日", row: 0, column: 1)
    #expect(lead.textDump() == " 日")
    var narrow = Canvas(width: 4, height: 1)
    #expect(narrow.put("aस्त्री", row: 0, column: 0) == 4)
    #expect(narrow.textDump() == "a")
  }

  /// Scrolling rows moves them and blanks the rows that come in, either way.
  @Test func scrollingRowsMovesThemAndBlanksTheRest() {
    func canvas() -> Canvas {
      var c = Canvas(width: 3, height: 5)
      for (i, text) in ["t", "a", "b", "c", "f"].enumerated() { c.put(text, row: i, column: 0) }
      return c
    }
    var up = canvas()
    up.scroll(rows: 1..<4, by: 1)
    #expect(up.textDump() == "t\nb\nc\n\nf")
    var down = canvas()
    down.scroll(rows: 1..<4, by: -2)
    #expect(down.textDump() == "t\n\n\na\nf")
    var all = canvas()
    all.scroll(rows: 1..<4, by: 5)
    #expect(all.textDump() == "t\n\n\n\nf")
  }

  /// Filling the whole canvas with blanks blanks whatever it holds, in the style given.
  @Test func fillingTheWholeCanvasBlanksWhateverItHolds() {
    let style = Style(attributes: .reverse)
    var canvas = Canvas(width: 4, height: 2)
    canvas.fill(row: 0, column: 0, width: 4, height: 2, style: style)
    #expect(canvas[1, 3].style == style)
    canvas.put("ab", row: 0, column: 1)
    canvas.fill(row: 0, column: 0, width: 4, height: 2, style: style)
    #expect(canvas.textDump() == "\n" && canvas[0, 1].style == style)
    canvas.scroll(rows: 0..<2, by: 1)
    canvas.fill(row: 0, column: 0, width: 4, height: 2, style: style)
    #expect(canvas[1, 0].style == style)
    canvas.fill(row: 0, column: 0, width: 4, height: 2, style: .plain)
    #expect(canvas[1, 0].style == .plain)
  }
}
