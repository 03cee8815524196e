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
}
