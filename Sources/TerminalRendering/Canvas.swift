/// A grid of cells that screens draw into. The ncurses painter copies it to the
/// terminal; tests compare its ``textDump()`` with golden text.

/// One cell of a ``Canvas``.
public struct Cell: Sendable, Hashable {
  /// The grapheme shown in this cell. For the second cell of a wide grapheme this is
  /// a space and ``isContinuation`` is true.
  public var grapheme: Character
  /// 1 or 2 for a cell that starts a grapheme, 0 for the right half of a wide one.
  public var width: UInt8
  public var style: Style

  public init(grapheme: Character = " ", width: UInt8 = 1, style: Style = .plain) {
    self.grapheme = grapheme
    self.width = width
    self.style = style
  }

  /// True for the right half of a wide grapheme.
  public var isContinuation: Bool { width == 0 }
}

/// A fixed-size grid of ``Cell``s.
public struct Canvas: Sendable, Equatable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int, style: Style = .plain) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: Cell(style: style), count: self.width * self.height)
  }

  public subscript(row: Int, column: Int) -> Cell {
    cells[row * width + column]
  }

  /// Fills a rectangle with blanks in `style` (clipped to the canvas).
  public mutating func fill(row: Int, column: Int, width w: Int, height h: Int, style: Style) {
    let r0 = max(0, row)
    let r1 = min(height, row + h)
    let c0 = max(0, column)
    let c1 = min(width, column + w)
    guard r0 < r1, c0 < c1 else { return }
    for r in r0..<r1 {
      for c in c0..<c1 { cells[r * width + c] = Cell(style: style) }
    }
  }

  /// Writes `text` at (`row`, `column`) in `style`, clipped to `maxWidth` cells and to the
  /// canvas. Control characters are sanitised first. Returns the number of cells used.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let limit = min(width, column + (maxWidth ?? width))
    var c = column
    for ch in Sanitizer.sanitize(text) {
      let w = CellWidth.of(ch)
      if w == 0 {
        // A lone zero-width grapheme: attach nothing, it would not show on its own.
        continue
      }
      if c + w > limit {
        // A wide grapheme that does not fit: pad the remaining cells so nothing is half drawn.
        while w >= 2, c < limit {
          if c >= 0 { setCell(row: row, column: c, Cell(style: style)) }
          c += 1
        }
        break
      }
      if c >= 0 {
        setCell(row: row, column: c, Cell(grapheme: ch, width: UInt8(w), style: style))
        for k in 1..<w { setCell(row: row, column: c + k, Cell(grapheme: " ", width: 0, style: style)) }
      }
      c += w
    }
    return max(0, c - column)
  }

  /// Writes a styled line at (`row`, `column`), clipped to `maxWidth`. Returns the cells used.
  @discardableResult
  public mutating func put(line: StyledLine, row: Int, column: Int, maxWidth: Int? = nil) -> Int {
    let limit = maxWidth ?? (width - column)
    var used = 0
    for run in line.runs {
      guard used < limit else { break }
      used += put(run.text, row: row, column: column + used, style: run.style, maxWidth: limit - used)
    }
    return used
  }

  private mutating func setCell(row: Int, column: Int, _ cell: Cell) {
    let index = row * width + column
    let rowStart = row * width
    let rowEnd = rowStart + width
    // Overwriting the left part of a wide grapheme blanks the cells it covered, unless the
    // same width is written (the caller then writes the covered cells itself).
    let oldWidth = Int(cells[index].width)
    if oldWidth >= 2, Int(cell.width) != oldWidth {
      var k = index + 1
      while k < min(rowEnd, index + oldWidth) {
        cells[k] = Cell(style: cells[k].style)
        k += 1
      }
    }
    // Overwriting a covered cell blanks the grapheme that covers it, unless what is written
    // is itself a covered cell: then the caller has just put its wide grapheme on the left
    // (blanking it would turn a wide grapheme written over itself into a blank and a stray
    // half).
    if cells[index].isContinuation, column > 0, !cell.isContinuation {
      var lead = index - 1
      while lead > rowStart, cells[lead].isContinuation { lead -= 1 }
      var k = lead
      while k < index {
        cells[k] = Cell(style: cells[k].style)
        k += 1
      }
      k = index + 1
      while k < rowEnd, cells[k].isContinuation {
        cells[k] = Cell(style: cells[k].style)
        k += 1
      }
    }
    cells[index] = cell
  }

  /// The text of each row, trailing blanks trimmed, joined by newlines: the golden-file form.
  public func textDump() -> String {
    var lines: [String] = []
    lines.reserveCapacity(height)
    for r in 0..<height {
      var line = ""
      for c in 0..<width {
        let cell = cells[r * width + c]
        if !cell.isContinuation { line.append(cell.grapheme) }
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
