import MarkdownSyntax

/// GFM tables fitted to the width with box drawing.
///
/// Each column wants its natural width (its widest cell on one line). When they do not all
/// fit, the widest columns shrink first: every column is capped at the largest width that
/// lets the table fit, and cells wrap inside their column. When even one cell per column
/// (three cells wide) does not fit, the table is shown as records instead: one
/// `header: value` line per cell, rows separated by blank lines.
extension BlockRenderer {
  mutating func renderTable(_ table: Table, _ frame: Frame) {
    let columns = max(table.header.count, table.alignments.count)
    guard columns > 0 else { return }
    let headerStyle = theme.text.overlaid(with: theme.tableHeader)
    var header: [StyledLine] = []
    for c in 0..<columns {
      header.append(
        c < table.header.count ? flattener.flattenToOneLine(table.header[c], base: headerStyle) : StyledLine()
      )
    }
    var rows: [[StyledLine]] = []
    for row in table.rows {
      var cells: [StyledLine] = []
      for c in 0..<columns {
        cells.append(c < row.count ? flattener.flattenToOneLine(row[c], base: theme.text) : StyledLine())
      }
      rows.append(cells)
    }
    let prefixWidth = max(frame.first.width, frame.rest.width)
    // "│ a │ b │": one border, then per column a space, the cell, a space and a border.
    let available = width - prefixWidth - 1 - 3 * columns
    if available < 3 * columns {
      renderRecords(header: header, rows: rows, frame)
      return
    }
    var natural = [Int](repeating: 1, count: columns)
    for line in [header] + rows {
      for c in 0..<columns { natural[c] = max(natural[c], line[c].width) }
    }
    let widths = Self.fit(natural, into: available)
    let alignments = (0..<columns).map { $0 < table.alignments.count ? table.alignments[$0] : .none }

    var isFirst = true
    func border(_ left: String, _ middle: String, _ right: String) -> StyledLine {
      var text = left
      for (c, w) in widths.enumerated() {
        text += String.repeated("─", w + 2)
        text += c == widths.count - 1 ? right : middle
      }
      return StyledLine(text, style: theme.tableBorder)
    }
    func prefix() -> StyledLine {
      defer { isFirst = false }
      return isFirst ? frame.first : frame.rest
    }
    emit(prefix().appending(border("┌", "┬", "┐")))
    for line in tableRow(header, widths: widths, alignments: alignments) { emit(prefix().appending(line)) }
    emit(prefix().appending(border("├", "┼", "┤")))
    for row in rows {
      for line in tableRow(row, widths: widths, alignments: alignments) { emit(prefix().appending(line)) }
    }
    emit(prefix().appending(border("└", "┴", "┘")))
  }

  /// The lines of one table row: each cell wrapped to its column, padded per its alignment.
  private func tableRow(_ cells: [StyledLine], widths: [Int], alignments: [Table.Alignment]) -> [StyledLine] {
    var wrapped: [[StyledLine]] = []
    var height = 1
    for (c, cell) in cells.enumerated() {
      let lines = TextWrapper.wrap(cell, width: widths[c])
      wrapped.append(lines)
      height = max(height, lines.count)
    }
    let bar = StyledLine("│", style: theme.tableBorder)
    var out: [StyledLine] = []
    for r in 0..<height {
      var line = bar
      for (c, lines) in wrapped.enumerated() {
        let content = r < lines.count ? lines[r] : StyledLine()
        let slack = max(0, widths[c] - content.width)
        let left: Int
        switch alignments[c] {
        case .right: left = slack
        case .center: left = slack / 2
        case .left, .none: left = 0
        }
        line.append(String.repeated(" ", 1 + left))
        line = line.appending(content)
        line.append(String.repeated(" ", 1 + slack - left))
        line = line.appending(bar)
      }
      out.append(line)
    }
    return out
  }

  /// Column widths: each column's natural width capped at the largest value `cap` for which
  /// the total fits `available`, then what is left over is handed back to capped columns.
  static func fit(_ natural: [Int], into available: Int) -> [Int] {
    if natural.reduce(0, +) <= available { return natural }
    var lo = 1
    var hi = natural.max() ?? 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      let total = natural.reduce(0) { $0 + min($1, mid) }
      if total <= available { lo = mid } else { hi = mid - 1 }
    }
    var widths = natural.map { min($0, lo) }
    var spare = available - widths.reduce(0, +)
    for c in widths.indices where spare > 0 && natural[c] > widths[c] {
      widths[c] += 1
      spare -= 1
    }
    return widths
  }

  /// The narrow-screen fallback: `header: value` per cell, a blank line between rows.
  private mutating func renderRecords(header: [StyledLine], rows: [[StyledLine]], _ frame: Frame) {
    var isFirst = true
    for (r, row) in rows.enumerated() {
      if r > 0 { emit(TextWrapper.trimmingTrailingSpaces(frame.rest)) }
      for (c, cell) in row.enumerated() {
        var line = header[c]
        if !line.runs.isEmpty { line.append(": ", style: theme.tableHeader) }
        line = line.appending(cell)
        let first = isFirst ? frame.first : frame.rest
        isFirst = false
        for wrapped in TextWrapper.wrap(line, width: width, firstIndent: first, restIndent: frame.rest) {
          emit(wrapped)
        }
      }
    }
  }
}
