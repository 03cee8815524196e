import TerminalRendering

/// Drawing helpers shared by the screens: bars, boxes, centred and truncated text.
extension Canvas {
  /// Fills `row` with `style` and writes `left` from column 1 and `right` flush right, both
  /// in the bar's style; `left` is truncated with `…` so `right` always shows when it fits.
  package mutating func bar(
    row: Int, left: String, right: String = "", style: Style, rightStyle: Style? = nil
  ) {
    guard row >= 0, row < height else { return }
    fill(row: row, column: 0, width: width, height: 1, style: style)
    let rightWidth = CellWidth.of(right)
    var leftRoom = width - 2
    if !right.isEmpty, rightWidth + 4 <= width {
      put(right, row: row, column: width - 1 - rightWidth, style: rightStyle ?? style)
      leftRoom = width - rightWidth - 4
    }
    if leftRoom > 0 { put(CellText.truncate(left, to: leftRoom), row: row, column: 1, style: style) }
  }

  /// The bottom bar of key hints (`key action` pairs, as many as fit) with `right` flush right:
  /// the hints of `bindings` (a screen's ``Screen/footerBindings``), each once.
  package mutating func footer(row: Int, bindings: [KeyBinding], right: String, palette: Palette) {
    footer(row: row, hints: bindings.footerHints, right: right, palette: palette)
  }

  /// The bottom bar of key hints (`key action` pairs, as many as fit) with `right` flush right.
  package mutating func footer(row: Int, hints: [FooterHint], right: String, palette: Palette) {
    guard row >= 0, row < height else { return }
    fill(row: row, column: 0, width: width, height: 1, style: palette.footer)
    let rightWidth = CellWidth.of(right)
    var limit = width - 1
    if !right.isEmpty, rightWidth + 2 <= width {
      put(right, row: row, column: width - 1 - rightWidth, style: palette.footer)
      limit = width - rightWidth - 3
    }
    var column = 1
    for hint in hints {
      let need = CellWidth.of(hint.key) + 1 + CellWidth.of(hint.action)
      guard column + need <= limit else { break }
      column += put(hint.key, row: row, column: column, style: palette.footerKey)
      column += 1
      column += put(hint.action, row: row, column: column, style: palette.footer)
      column += 2
    }
  }

  /// Writes `text` centred on `row` (truncated to the width).
  package mutating func centered(_ text: String, row: Int, style: Style = .plain) {
    let clipped = CellText.truncate(text, to: width)
    put(clipped, row: row, column: max(0, (width - CellWidth.of(clipped)) / 2), style: style)
  }

  /// Writes `line` centred on `row` within columns `column..<column+span`.
  package mutating func centered(line: StyledLine, row: Int, column: Int = 0, span: Int? = nil) {
    let span = span ?? width
    let w = min(line.width, span)
    put(line: line, row: row, column: column + max(0, (span - w) / 2), maxWidth: span)
  }

  /// Draws a rounded box outline, clipped to the canvas, and blanks its inside.
  package mutating func box(
    row: Int, column: Int, width w: Int, height h: Int, style: Style, fillStyle: Style = .plain
  ) {
    guard w >= 2, h >= 2 else { return }
    fill(row: row, column: column, width: w, height: h, style: fillStyle)
    let horizontal = String(repeating: "─", count: w - 2)
    put("╭" + horizontal + "╮", row: row, column: column, style: style)
    put("╰" + horizontal + "╯", row: row + h - 1, column: column, style: style)
    for r in (row + 1)..<(row + h - 1) {
      put("│", row: r, column: column, style: style)
      put("│", row: r, column: column + w - 1, style: style)
    }
  }

  /// Draws a card between the title bar and the footer: a box at most 64 columns wide,
  /// centred, with a blank row above and below its text and two columns at each side.
  /// `lines(width, rows)` gives the text for the inner width and the rows the card can hold;
  /// lines beyond those rows are left out.
  package mutating func card(style: Style, lines: (_ width: Int, _ rows: Int) -> [StyledLine]) {
    let cardWidth = min(width - 2, 64)
    let inner = max(1, cardWidth - 4)
    let room = height - 2
    let text = lines(inner, max(0, room - 4))
    let cardHeight = min(room, text.count + 4)
    guard cardHeight >= 3 else { return }
    let top = 1 + max(0, (room - cardHeight) / 2)
    let left = max(0, (width - cardWidth) / 2)
    box(row: top, column: left, width: cardWidth, height: cardHeight, style: style)
    for (i, line) in text.prefix(max(0, cardHeight - 4)).enumerated() {
      put(line: line, row: top + 2 + i, column: left + 2, maxWidth: inner)
    }
  }

  /// Draws a vertical line of `│` in `column` from `row` for `count` rows.
  package mutating func verticalLine(column: Int, row: Int, count: Int, style: Style) {
    for r in row..<(row + max(0, count)) { put("│", row: r, column: column, style: style) }
  }

  /// Draws a horizontal rule across the canvas on `row`.
  package mutating func rule(row: Int, style: Style) {
    fill(row: row, column: 0, width: width, height: 1, with: "─", style: style)
  }
}

/// Text measuring helpers in terminal cells.
package enum CellText {
  /// `text` cut to at most `width` cells, ending in `…` when something was cut.
  package static func truncate(_ text: String, to width: Int) -> String {
    guard width > 0 else { return "" }
    if CellWidth.of(text) <= width { return text }
    var out = ""
    var used = 0
    for ch in text {
      let w = CellWidth.of(ch)
      if used + w > width - 1 { break }
      out.append(ch)
      used += w
    }
    return out + "…"
  }

  /// `text` padded with spaces to `width` cells (truncated when longer).
  package static func pad(_ text: String, to width: Int) -> String {
    let t = truncate(text, to: width)
    return t + String(repeating: " ", count: max(0, width - CellWidth.of(t)))
  }
}
