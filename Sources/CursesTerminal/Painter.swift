import CNcurses
import TerminalRendering

/// Copies a ``Canvas`` to ncurses' `stdscr`, cell by cell, with the wide-character calls.
///
/// Widths come from the canvas (our Unicode tables), never from `wcwidth`: each cell that
/// starts a grapheme is placed at its own column, so a disagreement about a width cannot
/// shift the rest of the row. Colours go through a cache of colour pairs on the terminal's
/// default background (`use_default_colors`, colour -1).
struct Painter {
  /// Whether colours are used at all; when false only attributes are painted.
  let usesColor: Bool
  /// The number of colours the terminal has (8, 16, 256 ...).
  let colorCount: Int
  private let pairLimit: Int
  private var pairs: [PairKey: Int32] = [:]
  private var scalars: [wchar_t] = []

  init(usesColor: Bool, colorCount: Int, pairLimit: Int) {
    self.usesColor = usesColor
    self.colorCount = colorCount
    self.pairLimit = min(pairLimit, Int(Int16.max))
  }

  /// Paints every cell of `canvas` (which should be the size of the terminal).
  mutating func paint(_ canvas: Canvas) {
    for row in 0..<canvas.height {
      for column in 0..<canvas.width {
        let cell = canvas[row, column]
        if cell.isContinuation { continue }
        // A wide grapheme that would hang over the right edge is drawn as a blank.
        let grapheme = Int(cell.width) == 2 && column + 1 >= canvas.width ? " " : cell.grapheme
        scalars.removeAll(keepingCapacity: true)
        for s in grapheme.unicodeScalars { scalars.append(wchar_t(bitPattern: s.value)) }
        let attributes = attributes(for: cell.style)
        let pair = pair(for: cell.style)
        _ = scalars.withUnsafeBufferPointer { buffer in
          whatsnew_put_cell(
            Int32(row), Int32(column), buffer.baseAddress, Int32(buffer.count), attributes, pair)
        }
      }
    }
  }

  // MARK: - Helpers

  private struct PairKey: Hashable {
    var foreground: Int16
    var background: Int16
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
    if let pair = pairs[key] { return pair }
    let next = Int32(pairs.count + 1)
    guard next < pairLimit else { return 0 }
    guard init_pair(Int16(next), key.foreground, key.background) != ERR else { return 0 }
    pairs[key] = next
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
