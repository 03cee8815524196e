import Testing

@testable import TerminalRendering

@Suite struct ScreenCanvasTests {
  @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.put("日本", row: 0, column: 0)
    canvas.put("x", row: 0, column: 1)
    #expect(canvas.textDump() == " x本")
  }
}
