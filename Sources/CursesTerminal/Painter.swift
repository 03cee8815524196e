import CNcurses
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Copies a ``Canvas`` to ncurses' `stdscr` with the wide-character calls.
///
/// Widths come from the canvas (our Unicode tables): a run of cells goes to ncurses in one
/// call only where the canvas and `wcwidth` agree on one column per cell, and every other
/// cell that starts a grapheme is placed at its own column, so a disagreement about a width
/// cannot shift the rest of the row. Colours go through a cache of colour pairs on the terminal's
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
  /// The colour pairs made so far (pair `i + 1` is `pairs[i]`): a handful per theme.
  private var pairs: [PairKey] = []
  private var scalars: [wchar_t] = []
  /// The cells of a run, handed to ncurses in one call.
  private var row: [cchar_t] = []
  /// The columns of a row's cells that go to ncurses one by one.
  private var singles: [Int] = []
  /// The last non-ASCII character looked up with `wcwidth`, and its width.
  private var lastWidth: (character: wchar_t, width: Int32) = (0, 1)
  /// What `stdscr` holds, when known.
  private var painted: Canvas?
  /// The last style converted, and its attributes and pair (neighbouring cells mostly share
  /// one).
  private var lastStyle: Style?
  private var lastLook: (attributes: attr_t, pair: Int32) = (0, 0)
  /// How many cells the last ``paint(_:)`` wrote.
  private(set) var cellsWritten = 0
  /// The link spans last sent to the terminal: where it may hold OSC 8 links now.
  private var linksShown: [CanvasLink] = []
  /// What the last ``paint(_:)`` leaves to send once ncurses has refreshed the terminal (see
  /// ``linkSequences``); empty when the frame and the one before show no links.
  private(set) var linkSequences = ""

  /// A painter for a `stdscr` of `width` x `height` blank cells (as `newterm` leaves it).
  init(usesColor: Bool, colorCount: Int, pairLimit: Int, width: Int, height: Int) {
    self.usesColor = usesColor
    self.colorCount = colorCount
    self.pairLimit = min(pairLimit, Int(Int16.max))
    self.painted = Canvas(width: width, height: height)
  }

  /// Paints `canvas` (which should be the size of the terminal). When its ``ScrollHint`` and
  /// the last canvas's name the same rows at another offset, those rows of `stdscr` are
  /// scrolled first (`wscrl` in a scrolling region), and each of them is then compared with
  /// the row of the last canvas that moved there (with blanks for a row that came in). Then,
  /// in each row, the cells from the first to the last that differ from the last canvas
  /// painted, one more on each side (a wide grapheme reaches into its neighbour); every cell
  /// when the last canvas is unknown or of another size. Runs of one-column characters go to
  /// ncurses as one array of `cchar_t` (`mvwadd_wchnstr`); a wide grapheme, one with combining
  /// marks, or a character `wcwidth` does not give one column goes alone, at its own column
  /// (`mvwadd_wch`).
  mutating func paint(_ canvas: Canvas) {
    cellsWritten = 0
    var shift: Shift?
    var before: Canvas? = nil
    if let last = painted, last.width == canvas.width, last.height == canvas.height {
      before = last
      if let old = last.scrollHint, let new = canvas.scrollHint,
        old.rows == new.rows, new.offset != old.offset, abs(new.offset - old.offset) < new.rows.count,
        new.rows.lowerBound >= 0, new.rows.upperBound <= canvas.height
      {
        // The text moved: scroll those rows of `stdscr` (ncurses then scrolls the terminal
        // rather than redraw them) and paint the difference from what they hold now.
        let lines = new.offset - old.offset
        if whatsnew_scroll_rows(Int32(new.rows.lowerBound), Int32(new.rows.upperBound - 1), Int32(lines))
          == OK
        {
          shift = Shift(rows: new.rows, lines: lines)
        } else {
          before = nil
        }
      }
    }
    copy(canvas, over: before, shift: shift)
    linkSequences = ""
    if !canvas.links.isEmpty || !linksShown.isEmpty { prepareLinks(canvas, shift: shift) }
    painted = canvas
  }

  /// Forgets what `stdscr` holds, so the next paint writes every cell.
  mutating func invalidate() {
    painted = nil
  }

  // MARK: - Links

  /// Prepares ``linkSequences`` for `canvas`: the cells of each of its links, written again
  /// inside an OSC 8 hyperlink, after the cells where the terminal may still hold a link that
  /// the frame no longer shows (where one was sent, and where a scroll of `shift` moved it)
  /// written again without one. ncurses cannot send the sequence (a cell holds no bytes but its
  /// character), so the painter writes the cells itself after ncurses' refresh, with the same
  /// characters and attributes ncurses sent: ncurses' record of the screen stays true, and the
  /// terminal keeps the link on each cell until something is written there. Every cell goes
  /// to an absolute position (after a character that is not ASCII too, in case the terminal
  /// gives it another width); the caller puts the cursor back where ncurses left it.
  private mutating func prepareLinks(_ canvas: Canvas, shift: Shift?) {
    var stale: [CanvasLink] = []
    for link in linksShown {
      stale.append(link)
      if let shift, shift.rows.contains(link.row) {
        let moved = link.row - shift.lines
        if shift.rows.contains(moved) {
          stale.append(CanvasLink(row: moved, columns: link.columns, url: link.url))
        }
      }
    }
    var out = ""
    for link in stale where !canvas.links.contains(link) {
      writeCells(canvas, row: link.row, columns: link.columns, url: nil, into: &out)
    }
    for link in canvas.links {
      writeCells(canvas, row: link.row, columns: link.columns, url: link.url, into: &out)
    }
    linksShown = canvas.links
    linkSequences = out
  }

  /// Appends the cells `columns` of `row` of `canvas` (clipped to it) as terminal output, in a
  /// link to `url` when it is not nil.
  private mutating func writeCells(
    _ canvas: Canvas, row: Int, columns: Range<Int>, url: String?, into out: inout String
  ) {
    guard row >= 0, row < canvas.height else { return }
    let columns = columns.clamped(to: 0..<canvas.width)
    guard !columns.isEmpty else { return }
    if let url { out += Hyperlink.open(url) }
    var moveTo = true
    var style: Style?
    for column in columns {
      let slot = canvas.slots[row * canvas.width + column]
      if slot.isContinuation { continue }
      if moveTo { out += "\u{1B}[\(row + 1);\(column + 1)H" }
      if slot.style != style {
        out += sgr(for: slot.style)
        style = slot.style
      }
      let grapheme = column + Int(slot.width) > canvas.width ? " " : canvas.grapheme(of: slot)
      // Written as ``Canvas/put`` left it (sanitised); a control scalar would be a blank.
      if slot.isScalar, slot.code < 0x20 || slot.code == 0x7F {
        out += " "
      } else {
        out.append(grapheme)
      }
      moveTo = !(slot.isScalar && slot.code >= 0x20 && slot.code < 0x7F)
    }
    if url != nil { out += Hyperlink.close }
    out += "\u{1B}[0m"
  }

  /// The SGR sequence for what ncurses shows of `style`: its attributes but strikethrough (a
  /// cell has none), and the colours of the pair ``paint(_:)`` gave it.
  private mutating func sgr(for style: Style) -> String {
    let look = look(for: style)
    var shown = Style(attributes: style.attributes.subtracting(.strikethrough))
    if look.pair > 0, Int(look.pair) <= pairs.count {
      let key = pairs[Int(look.pair) - 1]
      shown.foreground = Self.color(key.foreground)
      shown.background = Self.color(key.background)
    }
    return ANSISerializer.sgr(shown)
  }

  /// The colour ncurses colour `n` is (-1: the terminal's default), which its SGR parameter
  /// names as `setaf`/`setab` of xterm's entries send it.
  private static func color(_ n: Int16) -> TerminalColor {
    if n < 0 { return .default }
    return n < 16 ? .named(UInt8(n)) : .indexed(UInt8(clamping: n))
  }

  // MARK: - Helpers

  /// Rows of `stdscr` scrolled by `lines` (up when positive) since the last canvas was
  /// painted.
  struct Shift {
    var rows: Range<Int>
    var lines: Int

    /// The row of the last canvas that `stdscr`'s row `y` holds now, or nil for a row that
    /// scrolled in (blank).
    func source(of y: Int) -> Int? {
      guard rows.contains(y) else { return y }
      let from = y + lines
      return rows.contains(from) ? from : nil
    }
  }

  /// Writes the cells of `canvas` that differ from `before` (every cell when there is none),
  /// with `before`'s rows moved by `shift`. Apart from ``paint(_:)`` so that no closure's
  /// symbol names `paint`: `scripts/profile-render --sheet` ends a profile part after each
  /// function that does.
  private mutating func copy(_ canvas: Canvas, over before: Canvas?, shift: Shift?) {
    let width = canvas.width
    if row.count < width { row = Array(repeating: cchar_t(), count: width) }
    // What a row that scrolled in holds in `stdscr`.
    let blank = Slot(scalar: 0x20, width: 1, style: .plain)
    let cells = canvas.slots
    for y in 0..<canvas.height {
      let base = y * width
      var first = 0
      var last = width - 1
      if let before {
        // The row of `before` that `stdscr`'s row `y` holds (nil: one that scrolled in, blank).
        let source: Int? = if let shift { shift.source(of: y) } else { y }
        func unchanged(_ i: Int) -> Bool {
          guard let source else { return cells[base + i] == blank }
          return canvas.same(cells[base + i], as: before.slots[source * width + i], of: before)
        }
        var a = 0
        while a < width && unchanged(a) { a += 1 }
        if a == width { continue }
        var b = width - 1
        while b > a && unchanged(b) { b -= 1 }
        first = max(0, a - 1)
        last = min(width - 1, b + 1)
      }
      // The run of one-column cells gathered in `row`, from column `runStart`.
      var runStart = first
      var runCount = 0
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
        if let character = narrowCharacter(cell) {
          if runStart + runCount != column {
            flush(y: y, x: runStart, count: runCount)
            runStart = column
            runCount = 0
          }
          let look = look(for: cell.style)
          whatsnew_fill_cell(&row[runCount], character, look.attributes, look.pair)
          runCount += 1
        } else {
          flush(y: y, x: runStart, count: runCount)
          runCount = 0
          runStart = column + 1
          singles.append(column)
        }
      }
      flush(y: y, x: runStart, count: runCount)
      // The other cells after the runs: a run that starts where a wide grapheme of the
      // last frame ended blanks that grapheme's cells (ncurses clears the orphaned half),
      // which may already hold this frame's grapheme.
      for column in singles {
        let cell = cells[base + column]
        write(
          canvas.grapheme(of: cell), style: cell.style, row: y, column: column,
          blank: column + Int(cell.width) > width)
      }
      singles.removeAll(keepingCapacity: true)
    }
  }

  /// The character of `cell` when it can go in a run of one-column cells: a single scalar that
  /// the canvas and `wcwidth` (which ncurses places by) both give one column.
  private mutating func narrowCharacter(_ cell: Slot) -> wchar_t? {
    guard cell.width == 1, cell.isScalar else { return nil }
    let character = wchar_t(bitPattern: cell.code)
    if cell.code < 0x80 { return cell.code >= 0x20 && cell.code < 0x7F ? character : nil }
    if character != lastWidth.character {
      lastWidth = (character, whatsnew_wcwidth(character))
    }
    return lastWidth.width == 1 ? character : nil
  }

  /// Writes the first `count` cells of `row` to `stdscr` from (`y`, `x`).
  private mutating func flush(y: Int, x: Int, count: Int) {
    guard count > 0 else { return }
    cellsWritten += count
    _ = whatsnew_put_cells(Int32(y), Int32(x), row, Int32(count))
  }

  /// Writes one cell to `stdscr` at (`row`, `column`): `grapheme`, or a blank when `blank`
  /// (a wide grapheme that would hang over the right edge).
  private mutating func write(_ grapheme: Character, style: Style, row: Int, column: Int, blank: Bool) {
    let look = look(for: style)
    cellsWritten += 1
    scalars.removeAll(keepingCapacity: true)
    scalars.append(contentsOf: Self.characters(of: blank ? " " : grapheme))
    _ = whatsnew_put_cell(
      Int32(row), Int32(column), scalars, Int32(scalars.count), look.attributes, look.pair)
  }

  /// The characters of a cell showing `grapheme`, as ncurses is given them: its scalars up to
  /// the first zero-width joiner, without tag characters. ncurses keeps a cell's characters only
  /// up to the first one that takes columns, so a joined emoji such as 👨‍💻 would reach the
  /// terminal as 👨 and a joiner, which joins whatever comes next; its first emoji alone takes
  /// the same two cells. A tag flag is its black flag alone for the same reason.
  static func characters(of grapheme: Character) -> [wchar_t] {
    var characters: [wchar_t] = []
    for scalar in grapheme.unicodeScalars {
      if scalar.value == 0x200D { break }
      if (0xE0000...0xE007F).contains(scalar.value) { continue }
      characters.append(wchar_t(bitPattern: scalar.value))
    }
    return characters
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
