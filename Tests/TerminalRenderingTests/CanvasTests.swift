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

  /// Filling the whole canvas with blanks is skipped only while it is blank in that style.
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

  /// A reset canvas is the canvas `init` makes, whatever it held (clusters, a scroll hint,
  /// another size or blank style), and a whole fill afterwards is skipped only in its style.
  @Test func aResetCanvasIsAFreshOne() {
    let reverse = Style(attributes: .reverse)
    for (width, height) in [(7, 3), (3, 7), (5, 2), (0, 4)] {
      for style in [Style.plain, reverse] {
        var canvas = Canvas(width: 7, height: 3, style: reverse)
        canvas.put("ab日e\u{301}👍🏽", row: 1, column: 1, style: Style(attributes: .bold))
        canvas.scrollHint = ScrollHint(rows: 0..<2, offset: 3)
        canvas.reset(width: width, height: height, style: style)
        #expect(canvas == Canvas(width: width, height: height, style: style), "\(width)x\(height)")
        #expect(!canvas.hasClusters && canvas.scrollHint == nil)
        #expect(canvas.slots == Canvas(width: width, height: height, style: style).slots)
        canvas.fill(row: 0, column: 0, width: width, height: height, style: .plain)
        #expect(canvas.slots == Canvas(width: width, height: height).slots)
      }
    }
    // Reset over a canvas whose storage is shared leaves the other copy alone.
    var a = Canvas(width: 4, height: 2)
    a.put("abcd", row: 0, column: 0)
    let b = a
    a.reset(width: 4, height: 2)
    #expect(b.textDump() == "abcd\n" && a.textDump() == "\n")
  }

  /// `put(line:)` copies a row of the canvas given to `reuseRows(of:)` when that canvas put
  /// the same line the same way over blanks; the result must be what laying the line out
  /// again gives, whatever else the frames write (text over lines, fills, rules, scrolls,
  /// graphemes of several scalars, a line edited between frames, another blank style).
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func copiedRowsAreTheRowsPutAgain(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let width = 14
    let height = 6
    let pieces = ["ab", " ", "é", "日本", "─", "x y", "👍", "e\u{301}", "~", "long words here"]
    let styles = [Style.plain, Style(attributes: .bold), Style(attributes: .reverse)]
    func randomLine() -> StyledLine {
      StyledLine(
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
          StyledRun(
            (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? ""
            }
            .joined(),
            style: styles.randomElement(using: &random) ?? .plain)
        })
    }
    var lines = (0..<12).map { _ in randomLine() }
    var last: Canvas?
    var spare: Canvas?
    var copies = 0
    for frame in 0..<300 {
      let blankStyle = Int.random(in: 0..<5, using: &random) == 0 ? Style(attributes: .reverse) : .plain
      var reused = spare.take() ?? Canvas(width: width, height: height)
      reused.reset(width: width, height: height, style: blankStyle)
      reused.reuseRows(of: last)
      var fresh = Canvas(width: width, height: height, style: blankStyle)
      if Int.random(in: 0..<4, using: &random) == 0 {
        let i = Int.random(in: 0..<lines.count, using: &random)
        lines[i].append("z", style: styles.randomElement(using: &random) ?? .plain)
      }
      // A pager's frame: a window of the lines, moved a little each frame (mostly put the same
      // way), with other writes before and after.
      let offset = frame % 7
      let column = Int.random(in: 0..<6, using: &random) == 0 ? 1 : 0
      let maxWidth = Int.random(in: 0..<6, using: &random) == 0 ? 5 : nil
      func other(_ step: Int) {
        let row = Int.random(in: 0..<height, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          let text = pieces.randomElement(using: &random) ?? ""
          let column = Int.random(in: -1..<width, using: &random)
          #expect(reused.put(text, row: row, column: column) == fresh.put(text, row: row, column: column))
        case 1:
          let column = Int.random(in: 0..<width, using: &random)
          let w = Int.random(in: 1...width, using: &random)
          reused.fill(row: row, column: column, width: w, height: 2, style: .plain)
          fresh.fill(row: row, column: column, width: w, height: 2, style: .plain)
        case 2:
          reused.fill(row: row, column: 0, width: width, height: 1, style: blankStyle)
          fresh.fill(row: row, column: 0, width: width, height: 1, style: blankStyle)
        case 3:
          reused.rule(row: row, style: .plain)
          fresh.rule(row: row, style: .plain)
        case 4:
          reused.scroll(rows: 1..<4, by: 1)
          fresh.scroll(rows: 1..<4, by: 1)
        default:
          let line = lines[Int.random(in: 0..<lines.count, using: &random)]
          let a = reused.put(line: line, row: row, column: 0)
          let b = fresh.put(line: line, row: row, column: 0)
          #expect(a == b, "frame \(frame) step \(step): \(line.text) used \(a), laid out \(b)")
        }
      }
      for step in 0..<Int.random(in: 0...2, using: &random) { other(step) }
      for row in 0..<height where Int.random(in: 0..<5, using: &random) > 0 {
        let line = lines[(offset + row) % lines.count]
        let a = reused.put(line: line, row: row, column: column, maxWidth: maxWidth)
        let b = fresh.put(line: line, row: row, column: column, maxWidth: maxWidth)
        #expect(a == b, "frame \(frame) row \(row): \(line.text) used \(a), laid out \(b)")
      }
      for step in 0..<Int.random(in: 0...3, using: &random) { other(step) }
      let same = reused == fresh
      #expect(same, "frame \(frame)\n\(reused.textDump())\n--\n\(fresh.textDump())")
      if !same { return }
      copies += reused.rowsCopied
      reused.reuseRows(of: nil)
      spare = last
      last = reused
    }
    // The copying path was taken, often.
    #expect(copies > 50)
  }
}
