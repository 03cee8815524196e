import Testing

@testable import TerminalRendering

/// The canvas's record of which cells show a link (for OSC 8 in the terminal UI): put with
/// the line, gone where something else is written, moved by a scroll, kept by a copied row.
@Suite struct CanvasLinkTests {
  private let url = "https://example.com/docs"

  private var line: StyledLine {
    StyledLine([
      StyledRun("See "), StyledRun("the docs", style: Style(attributes: .underline), link: url),
      StyledRun("[1]"),
    ])
  }

  @Test func aLinkedRunRecordsItsCells() {
    var canvas = Canvas(width: 20, height: 3)
    canvas.put(line: line, row: 1, column: 2)
    #expect(canvas.links == [CanvasLink(row: 1, columns: 6..<14, url: url)])
    // Clipped with the text.
    var narrow = Canvas(width: 20, height: 3)
    narrow.put(line: line, row: 0, column: 0, maxWidth: 8)
    #expect(narrow.links == [CanvasLink(row: 0, columns: 4..<8, url: url)])
    #expect(narrow.textDump().hasPrefix("See the\n"))
  }

  @Test func writingOverALinkTakesItsCellsOut() {
    var canvas = Canvas(width: 20, height: 3)
    canvas.put(line: line, row: 1, column: 0)
    canvas.put("XY", row: 1, column: 6)
    #expect(
      canvas.links == [
        CanvasLink(row: 1, columns: 4..<6, url: url), CanvasLink(row: 1, columns: 8..<12, url: url),
      ])
    canvas.fill(row: 0, column: 0, width: 20, height: 2, style: .plain)
    #expect(canvas.links.isEmpty)
  }

  @Test func aScrollMovesLinksAndDropsThoseThatLeave() {
    var canvas = Canvas(width: 20, height: 4)
    canvas.put(line: line, row: 1, column: 0)
    canvas.put(line: line, row: 3, column: 0)
    canvas.scroll(rows: 1..<4, by: 1)
    #expect(canvas.links == [CanvasLink(row: 2, columns: 4..<12, url: url)])
  }

  @Test func aLineStartingLeftOfTheCanvasKeepsWhatShows() {
    var canvas = Canvas(width: 20, height: 2)
    canvas.put(line: line, row: 0, column: 2)
    canvas.put(line: line, row: 1, column: -6)
    canvas.put(line: line, row: 1, column: -30)
    canvas.put("x", row: 0, column: -3)
    #expect(
      canvas.links == [
        CanvasLink(row: 0, columns: 6..<14, url: url), CanvasLink(row: 1, columns: 0..<6, url: url),
      ])
  }

  @Test func linesWithoutLinksRecordNone() {
    var canvas = Canvas(width: 20, height: 2)
    canvas.put(line: StyledLine("See the docs[1]"), row: 0, column: 0)
    #expect(canvas.links.isEmpty)
  }
}
