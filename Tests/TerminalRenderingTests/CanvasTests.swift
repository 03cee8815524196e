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
}
