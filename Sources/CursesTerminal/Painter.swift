import CNcurses
import TerminalRendering

/// Copies a ``Canvas`` to ncurses' `stdscr`, cell by cell, with the wide-character calls.
///
/// Widths come from the canvas (our Unicode tables), never from `wcwidth`: each cell that
/// starts a grapheme is placed at its own column, so a disagreement about a width cannot
/// shift the rest of the row. Colours go through a cache of colour pairs on the terminal's
/// default background (`use_default_colors`, colour -1).
///
/// Only the changed part of each row is written: `stdscr` still holds the canvas painted
/// last (nothing else writes to it), so rewriting equal cells changes nothing. This is not a
/// second diff engine (ncurses still decides what reaches the terminal); it skips the
/// per-cell calls, which cost most of a keypress. Until the first paint `stdscr` is blank,
/// which is a canvas too. ``invalidate()`` forgets it when ncurses changed `stdscr` itself (a
/// resize).
struct Painter {
  /// Whether colours are used at all; when false only attributes are painted.
  let usesColor: Bool
  /// The number of colours the terminal has (8, 16, 256 ...).
  let colorCount: Int
  private let pairLimit: Int
  /// The colour pairs made so far (pair `i + 1` is `pairs[i]`). A handful per theme, so a
  /// list: the first dictionary keyed by a new type costs a runtime conformance lookup of
  /// about a quarter of a million instructions, on the way to the first frame.
  private var pairs: [PairKey] = []
  private var scalars: [wchar_t] = []
  /// What `stdscr` holds, when known.
  private var painted: Canvas?
  /// The last style converted, and its attributes and pair (neighbouring cells mostly share
  /// one).
  private var lastStyle: Style?
  private var lastLook: (attributes: attr_t, pair: Int32) = (0, 0)
  /// How many cells the last ``paint(_:)`` wrote.
  private(set) var cellsWritten = 0

  /// A painter for a `stdscr` of `width` x `height` blank cells (as `newterm` leaves it).
  init(usesColor: Bool, colorCount: Int, pairLimit: Int, width: Int, height: Int) {
    self.usesColor = usesColor
    self.colorCount = colorCount
    self.pairLimit = min(pairLimit, Int(Int16.max))
    self.painted = Canvas(width: width, height: height)
  }

  /// Paints `canvas` (which should be the size of the terminal): in each row, the cells from
  /// the first to the last that differ from the last canvas painted, one more on each side
  /// (a wide grapheme reaches into its neighbour); every cell when the last canvas is unknown
  /// or of another size.
  mutating func paint(_ canvas: Canvas) {
    let previous = painted.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
    painted = nil
    cellsWritten = 0
    let width = canvas.width
    let before = previous?.cells ?? []
    canvas.cells.withUnsafeBufferPointer { cells in
      before.withUnsafeBufferPointer { old in
        for row in 0..<canvas.height {
          let base = row * width
          var first = 0
          var last = width - 1
          if !old.isEmpty {
            var a = 0
            while a < width && cells[base + a] == old[base + a] { a += 1 }
            if a == width { continue }
            var b = width - 1
            while b > a && cells[base + b] == old[base + b] { b -= 1 }
            first = max(0, a - 1)
            last = min(width - 1, b + 1)
          }
          var column = first - 1
          var spills = false
          while column + 1 < width && (column < last || spills) {
            column += 1
            spills = false
            let cell = cells[base + column]
            if cell.isContinuation { continue }
            // A wide grapheme covers the next cell too, so that cell is written after it even
            // when it is past the changes.
            spills = cell.width >= 2
            write(cell, row: row, column: column, atRightEdge: column + Int(cell.width) > width)
          }
        }
      }
    }
    painted = canvas
  }

  /// Forgets what `stdscr` holds, so the next paint writes every cell.
  mutating func invalidate() {
    painted = nil
  }

  // MARK: - Helpers

  /// Writes one cell to `stdscr` at (`row`, `column`).
  private mutating func write(_ cell: Cell, row: Int, column: Int, atRightEdge: Bool) {
    let look = look(for: cell.style)
    cellsWritten += 1
    let utf8 = cell.grapheme.utf8
    if utf8.count == 1, let byte = utf8.first, byte >= 0x20 {
      // Most cells: one printable ASCII character, no scalar list to build.
      var char = wchar_t(byte)
      whatsnew_put_cell(Int32(row), Int32(column), &char, 1, look.attributes, look.pair)
      return
    }
    // A wide grapheme that would hang over the right edge is drawn as a blank.
    let grapheme = cell.width >= 2 && atRightEdge ? " " : cell.grapheme
    scalars.removeAll(keepingCapacity: true)
    for s in grapheme.unicodeScalars { scalars.append(wchar_t(bitPattern: s.value)) }
    _ = scalars.withUnsafeBufferPointer { buffer in
      whatsnew_put_cell(
        Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count), look.attributes, look.pair)
    }
  }

  private struct PairKey: Equatable {
    var foreground: Int16
    var background: Int16
  }

  /// The attributes and colour pair of `style`, cached for a run of cells in one style.
  private mutating func look(for style: Style) -> (attributes: attr_t, pair: Int32) {
    if style == lastStyle { return lastLook }
    lastLook = (attributes(for: style), pair(for: style))
    lastStyle = style
    return lastLook
  }

  private func attributes(for style: Style) -> attr_t {
    var a = attr_t(whatsnew_a_normal())
    let t = style.attributes
    if t.contains(.bold) { a |= attr_t(whatsnew_a_bold()) }
    if t.contains(.dim) { a |= attr_t(whatsnew_a_dim()) }
    if t.contains(.italic) { a |= attr_t(whatsnew_a_italic()) }
    if t.contains(.underline) { a |= attr_t(whatsnew_a_underline()) }
    if t.contains(.reverse) { a |= attr_t(whatsnew_a_reverse()) }
    return a
  }

  private mutating func pair(for style: Style) -> Int32 {
    guard usesColor else { return 0 }
    let key = PairKey(foreground: number(style.foreground), background: number(style.background))
    if key.foreground == -1, key.background == -1 { return 0 }
    if let index = pairs.firstIndex(of: key) { return Int32(index + 1) }
    let next = Int32(pairs.count + 1)
    guard next < pairLimit else { return 0 }
    guard init_pair(Int16(next), key.foreground, key.background) != ERR else { return 0 }
    pairs.append(key)
    return next
  }

  /// The ncurses colour number for `color` on this terminal (-1: the default).
  private func number(_ color: TerminalColor) -> Int16 {
    switch color {
    case .default: return -1
    case .named(let n): return colorCount >= 16 ? Int16(n % 16) : Int16(n % 8)
    case .indexed(let n):
      if colorCount >= 256 { return Int16(n) }
      return Self.approximate(n, colors: colorCount)
    }
  }

  /// The nearest of the 16 (or 8) basic colours to xterm colour `n`.
  static func approximate(_ n: UInt8, colors: Int) -> Int16 {
    var basic: Int
    switch n {
    case 0...15:
      basic = Int(n)
    case 232...255:
      let level = Int(n) - 232
      basic = level < 6 ? 0 : level < 12 ? 8 : level < 18 ? 7 : 15
    default:
      let i = Int(n) - 16
      let r = i / 36
      let g = (i / 6) % 6
      let b = i % 6
      basic = (r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0)
      if max(r, g, b) >= 4 { basic += 8 }
      if basic == 0, max(r, g, b) >= 2 { basic = 8 }
    }
    return Int16(colors >= 16 ? basic : basic % 8)
  }
}
