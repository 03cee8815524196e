/// A grid of cells that screens draw into. The ncurses painter copies it to the
/// terminal; tests compare its ``textDump()`` with golden text.

/// One cell of a ``Canvas``.
package struct Cell: Sendable, Hashable {
  /// The grapheme shown in this cell. For the second cell of a wide grapheme this is
  /// a space and ``isContinuation`` is true.
  package var grapheme: Character
  /// 1 or 2 for a cell that starts a grapheme, 0 for the right half of a wide one.
  package var width: UInt8
  package var style: Style

  package init(grapheme: Character = " ", width: UInt8 = 1, style: Style = .plain) {
    self.grapheme = grapheme
    self.width = width
    self.style = style
  }

  /// True for the right half of a wide grapheme.
  package var isContinuation: Bool { width == 0 }
}

/// A cell as a ``Canvas`` stores it: plain data, so that a frame of them is made, copied,
/// compared and freed without reference counting. A grapheme of one scalar is stored as
/// that scalar; a longer one as an index into its canvas's list of graphemes
/// (``Canvas/grapheme(of:)`` reads either).
package struct Slot: Sendable, Hashable {
  /// The grapheme's scalar, or ``Slot/clusterFlag`` and the grapheme's index in the canvas.
  package var code: UInt32
  /// 1 or 2 for a cell that starts a grapheme, 0 for the right half of a wide one.
  package var width: UInt8
  package var style: Style

  /// Set in ``code`` when the grapheme has more than one scalar.
  package static let clusterFlag: UInt32 = 0x8000_0000

  /// A cell holding one scalar.
  package init(scalar: UInt32, width: UInt8 = 1, style: Style = .plain) {
    self.code = scalar
    self.width = width
    self.style = style
  }

  /// A blank in `style`.
  static func blank(_ style: Style) -> Slot { Slot(scalar: 0x20, width: 1, style: style) }

  /// True when the grapheme is one scalar (``code`` is that scalar).
  package var isScalar: Bool { code & Slot.clusterFlag == 0 }

  /// True for the right half of a wide grapheme.
  package var isContinuation: Bool { width == 0 }
}

/// Rows of a ``Canvas`` that show a scrolled text: which rows, and the first line of the text
/// they show. A screen that sets it tells a driver that can scroll the terminal that, between
/// two frames whose hints name the same rows, the text moved by the difference of the offsets.
/// It is a hint only: the cells are the truth, and a driver checks them after scrolling.
package struct ScrollHint: Sendable, Hashable {
  /// The rows the text occupies.
  package var rows: Range<Int>
  /// The line of the text shown in the first of `rows`.
  package var offset: Int

  package init(rows: Range<Int>, offset: Int) {
    self.rows = rows
    self.offset = offset
  }
}

/// Cells of one row of a ``Canvas`` that show a link's text: an OSC 8 hyperlink to ``url``
/// where the terminal shows them. The cells themselves hold no URL (a slot stays plain data):
/// a driver reads the spans, and ncurses, which cannot send the sequence, never sees them.
package struct CanvasLink: Sendable, Hashable {
  package var row: Int
  package var columns: Range<Int>
  /// The URL (``Hyperlink/target(for:)``'s).
  package var url: String

  package init(row: Int, columns: Range<Int>, url: String) {
    self.row = row
    self.columns = columns
    self.url = url
  }
}

/// A fixed-size grid of ``Cell``s.
package struct Canvas: Sendable, Equatable {
  package private(set) var width: Int
  package private(set) var height: Int
  /// The cells, row by row, as stored (see ``Slot``).
  package private(set) var slots: [Slot]
  /// The graphemes of more than one scalar that slots name, by index.
  private var clusters: [Character] = []
  /// Set by a screen whose rows show a scrolled text (see ``ScrollHint``).
  package var scrollHint: ScrollHint?
  /// The cells that show links (put by ``put(line:row:column:maxWidth:)`` from runs with a
  /// ``StyledRun/link``), in the order they were put; writing over a cell takes it out of its
  /// span.
  package private(set) var links: [CanvasLink] = []

  package init(width: Int, height: Int, style: Style = .plain) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.slots = Array(repeating: .blank(style), count: self.width * self.height)
  }

  /// The cells, row by row.
  package var cells: [Cell] { slots.map(cell(of:)) }

  /// True when some slot names a grapheme of more than one scalar (then equal slots of two
  /// canvases may show different graphemes, see ``same(_:as:of:)``).
  package var hasClusters: Bool { !clusters.isEmpty }

  package subscript(row: Int, column: Int) -> Cell {
    cell(of: slots[row * width + column])
  }

  /// The grapheme `slot` (one of this canvas's) shows.
  package func grapheme(of slot: Slot) -> Character {
    if slot.isScalar { return Character(Unicode.Scalar(slot.code) ?? " ") }
    return clusters[Int(slot.code & ~Slot.clusterFlag)]
  }

  /// True when `slot` of this canvas and `other` of `canvas` show the same thing.
  package func same(_ slot: Slot, as other: Slot, of canvas: Canvas) -> Bool {
    if slot.isScalar || other.isScalar { return slot == other }
    return slot.width == other.width && slot.style == other.style
      && grapheme(of: slot) == canvas.grapheme(of: other)
  }

  /// Equal sizes, scroll hints, cells and links.
  package static func == (a: Canvas, b: Canvas) -> Bool {
    guard a.width == b.width, a.height == b.height, a.scrollHint == b.scrollHint, a.links == b.links else {
      return false
    }
    for i in a.slots.indices where !a.same(a.slots[i], as: b.slots[i], of: b) { return false }
    return true
  }

  /// Moves the cells of `rows` up by `lines` (down when negative), as a terminal scrolls a
  /// region: the rows that come in at the other end are blank.
  package mutating func scroll(rows: Range<Int>, by lines: Int) {
    let top = max(0, rows.lowerBound)
    let bottom = min(height, rows.upperBound)
    guard top < bottom, lines != 0 else { return }
    // Links in the rows move with them; those that leave the rows are gone.
    links = links.compactMap { link in
      guard (top..<bottom).contains(link.row) else { return link }
      var moved = link
      moved.row -= lines
      return (top..<bottom).contains(moved.row) ? moved : nil
    }
    let n = min(abs(lines), bottom - top)
    let kept = Array(slots[(top + (lines > 0 ? n : 0)) * width..<(bottom - (lines > 0 ? 0 : n)) * width])
    let blanks = Array(repeating: Slot.blank(.plain), count: n * width)
    slots.replaceSubrange(top * width..<bottom * width, with: lines > 0 ? kept + blanks : blanks + kept)
  }

  /// Fills a rectangle with blanks in `style` (clipped to the canvas).
  package mutating func fill(row: Int, column: Int, width w: Int, height h: Int, style: Style) {
    fill(row: row, column: column, width: w, height: h, with: " ", style: style)
  }

  /// Fills a rectangle with `scalar` in `style` (clipped to the canvas); a scalar that is not
  /// one cell wide, or that ``Sanitizer`` would replace, fills with blanks.
  package mutating func fill(
    row: Int, column: Int, width w: Int, height h: Int, with scalar: Unicode.Scalar, style: Style
  ) {
    let r0 = max(0, row)
    let r1 = min(height, row + h)
    let c0 = max(0, column)
    let c1 = min(width, column + w)
    guard r0 < r1, c0 < c1 else { return }
    let one = CellWidth.isSeparate(scalar.value) && CellWidth.of(scalar: scalar) == 1
    let blank = Slot(scalar: one ? scalar.value : 0x20, width: 1, style: style)
    for r in r0..<r1 {
      removeLinks(row: r, columns: c0..<c1)
      for c in c0..<c1 { slots[r * width + c] = blank }
    }
  }

  /// Writes `text` at (`row`, `column`) in `style`, clipped to `maxWidth` cells and to the
  /// canvas. Control characters are sanitised first. Returns the number of cells used.
  @discardableResult
  package mutating func put(
    _ text: String, row: Int, column: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    guard row >= 0, row < height, column < width else { return 0 }
    let limit = min(width, column + (maxWidth ?? width))
    var c = column
    // The cells written show no link (a link's run records its own after this).
    defer {
      if let cells = Self.cells(column, c, width) { removeLinks(row: row, columns: cells) }
    }
    for ch in Self.screenForm(Sanitizer.sanitize(text)) {
      let w = CellWidth.of(ch)
      if w == 0 {
        // A lone zero-width grapheme: attach nothing, it would not show on its own.
        continue
      }
      if c + w > limit {
        // A wide grapheme that does not fit: pad the remaining cells so nothing is half drawn.
        while w >= 2, c < limit {
          if c >= 0 { setSlot(row: row, column: c, .blank(style)) }
          c += 1
        }
        break
      }
      if c >= 0 {
        var slot = slot(for: ch, style: style)
        slot.width = UInt8(w)
        setSlot(row: row, column: c, slot)
        for k in 1..<w { setSlot(row: row, column: c + k, Slot(scalar: 0x20, width: 0, style: style)) }
      }
      c += w
    }
    return max(0, c - column)
  }

  /// Writes a styled line at (`row`, `column`), clipped to `maxWidth`. Returns the cells used.
  @discardableResult
  package mutating func put(line: StyledLine, row: Int, column: Int, maxWidth: Int? = nil) -> Int {
    guard row >= 0, row < height else { return 0 }
    let limit = maxWidth ?? (width - column)
    var used = 0
    for run in line.runs {
      guard used < limit else { break }
      let start = column + used
      used += put(run.text, row: row, column: start, style: run.style, maxWidth: limit - used)
      if let url = run.link {
        if let cells = Self.cells(start, column + used, width) { addLink(row: row, columns: cells, url: url) }
      }
    }
    return used
  }

  /// The text of each row, trailing blanks trimmed, joined by newlines: the golden-file form.
  package func textDump() -> String {
    var lines: [String] = []
    lines.reserveCapacity(height)
    for r in 0..<height {
      var line = ""
      for c in 0..<width {
        let slot = slots[r * width + c]
        if !slot.isContinuation { line.append(grapheme(of: slot)) }
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Helpers

  /// `text` as the screen shows it: a flag (two regional indicators) as its two letters
  /// (`🇫🇷` as `FR`), and an emoji with a skin tone as that emoji alone (`👩🏽‍🚀` as `👩`,
  /// `👍🏽` as `👍`), each in the cells it would have taken. ncurses keeps a cell's characters
  /// only up to the first that takes columns, so both reached the terminal as their first code
  /// point: a lone regional indicator, or an emoji whose modifier went to the next cell.
  /// Text without either (no scalar from U+1F1E6 up) is returned as it is.
  static func screenForm(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.value >= 0x1F1E6 }) else { return text }
    var shown = ""
    for character in text {
      if let form = screenForm(of: character), CellWidth.of(form) == CellWidth.of(character) {
        shown += form
      } else {
        shown.append(character)
      }
    }
    return shown
  }

  /// ``screenForm(_:)`` of one grapheme: nil when it is shown as itself.
  private static func screenForm(of character: Character) -> String? {
    let scalars = character.unicodeScalars
    guard scalars.count > 1 else { return nil }
    let indicators = 0x1F1E6...0x1F1FF as ClosedRange<UInt32>
    let modifiers = 0x1F3FB...0x1F3FF as ClosedRange<UInt32>
    if scalars.count == 2, scalars.allSatisfy({ indicators.contains($0.value) }) {
      return String(
        String.UnicodeScalarView(scalars.map { Unicode.Scalar(UInt8($0.value - 0x1F1E6) + 0x41) }))
    }
    guard scalars.contains(where: { modifiers.contains($0.value) }) else { return nil }
    var kept = String.UnicodeScalarView()
    for scalar in scalars {
      if scalar.value == 0x200D { break }
      if !modifiers.contains(scalar.value) { kept.append(scalar) }
    }
    return String(kept)
  }

  /// Columns `from..<to` within `0..<width`, or nil when none of them is.
  private static func cells(_ from: Int, _ to: Int, _ width: Int) -> Range<Int>? {
    let lower = max(0, from)
    let upper = min(width, to)
    return lower < upper ? lower..<upper : nil
  }

  /// Records cells `columns` of `row` as showing a link to `url`, joined to the span before
  /// when it ends where this starts with the same URL.
  private mutating func addLink(row: Int, columns: Range<Int>, url: String) {
    guard !columns.isEmpty else { return }
    if let last = links.last, last.row == row, last.columns.upperBound == columns.lowerBound, last.url == url
    {
      links[links.count - 1].columns = last.columns.lowerBound..<columns.upperBound
    } else {
      links.append(CanvasLink(row: row, columns: columns, url: url))
    }
  }

  /// Takes cells `columns` of `row` out of the links that cover them.
  private mutating func removeLinks(row: Int, columns: Range<Int>) {
    guard links.contains(where: { $0.row == row && $0.columns.overlaps(columns) }) else { return }
    var kept: [CanvasLink] = []
    for link in links {
      guard link.row == row, link.columns.overlaps(columns) else {
        kept.append(link)
        continue
      }
      if link.columns.lowerBound < columns.lowerBound {
        kept.append(
          CanvasLink(row: row, columns: link.columns.lowerBound..<columns.lowerBound, url: link.url))
      }
      if link.columns.upperBound > columns.upperBound {
        kept.append(
          CanvasLink(row: row, columns: columns.upperBound..<link.columns.upperBound, url: link.url))
      }
    }
    links = kept
  }

  private func cell(of slot: Slot) -> Cell {
    Cell(grapheme: grapheme(of: slot), width: slot.width, style: slot.style)
  }

  /// The slot of `character` (width 1; the caller sets the width): its scalar when it has
  /// one, else its index in ``clusters``.
  private mutating func slot(for character: Character, style: Style) -> Slot {
    var scalars = character.unicodeScalars.makeIterator()
    if let first = scalars.next(), scalars.next() == nil {
      return Slot(scalar: first.value, style: style)
    }
    var slot = Slot(scalar: 0, style: style)
    slot.code = Slot.clusterFlag | UInt32(clusters.count)
    clusters.append(character)
    return slot
  }

  private mutating func setSlot(row: Int, column: Int, _ slot: Slot) {
    let index = row * width + column
    let rowStart = row * width
    let rowEnd = rowStart + width
    // Overwriting the left part of a wide grapheme blanks the cells it covered, unless the
    // same width is written (the caller then writes the covered cells itself).
    let oldWidth = Int(slots[index].width)
    if oldWidth >= 2, Int(slot.width) != oldWidth {
      var k = index + 1
      while k < min(rowEnd, index + oldWidth) {
        slots[k] = .blank(slots[k].style)
        k += 1
      }
    }
    // Overwriting a covered cell blanks the grapheme that covers it, unless what is written
    // is itself a covered cell: then the caller has just put its wide grapheme on the left
    // (blanking it would turn a wide grapheme written over itself into a blank and a stray
    // half).
    if slots[index].isContinuation, column > 0, !slot.isContinuation {
      var lead = index - 1
      while lead > rowStart, slots[lead].isContinuation { lead -= 1 }
      var k = lead
      while k < index {
        slots[k] = .blank(slots[k].style)
        k += 1
      }
      k = index + 1
      while k < rowEnd, slots[k].isContinuation {
        slots[k] = .blank(slots[k].style)
        k += 1
      }
    }
    slots[index] = slot
  }
}
