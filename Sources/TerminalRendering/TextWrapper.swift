import MarkdownSyntax

/// Wraps styled text to a width in terminal cells.
///
/// Breaks go at spaces (which are dropped at the break), between wide graphemes (CJK text
/// has no spaces: a break may go before or after any wide grapheme, but not before closing
/// punctuation such as `。` or `,`), and inside words that are wider than the line. Grapheme
/// clusters are never split. Screens use it too, so it sanitises what it is given.
package enum TextWrapper {
  /// Wraps `line` into lines of at most `width` cells, each starting with an indent:
  /// `firstIndent` for the first line, `restIndent` for the others (a hanging indent).
  ///
  /// Always returns at least one line. When an indent leaves fewer than two cells for text
  /// (or fewer than `width` when `width` < 2), it is clipped. Trailing spaces are trimmed.
  package static func wrap(
    _ line: StyledLine, width: Int, firstIndent: StyledLine = StyledLine(),
    restIndent: StyledLine = StyledLine()
  ) -> [StyledLine] {
    // Each run stays a run of its own (as given), sanitised.
    var flat = FlatText()
    for run in line.runs where !run.text.isEmpty {
      let start = flat.bytes.count
      flat.bytes.append(utf8: Sanitizer.sanitize(run.text))
      let link = run.link.map { flat.link($0) } ?? -1
      flat.runs.append(FlatText.Run(start: start, end: flat.bytes.count, style: run.style, link: link))
    }
    var wrapper = Wrapper()
    wrapper.wrap(
      flat, 0..<flat.runs.count, width: width, first: firstIndent, firstWidth: firstIndent.width,
      rest: restIndent, restWidth: restIndent.width)
    return wrapper.lines
  }

  /// `line` cut to at most `width` cells (graphemes are not split; a wide grapheme that would
  /// straddle the edge is left out).
  package static func clip(_ line: StyledLine, width: Int) -> StyledLine {
    var out = StyledLine()
    var used = 0
    for run in line.runs {
      let w = CellWidth.of(run.text)
      if used + w <= width {
        out.append(run.text, style: run.style, link: run.link)
        used += w
        continue
      }
      var piece = ""
      for ch in run.text {
        let cw = CellWidth.of(ch)
        if used + cw > width { break }
        piece.append(ch)
        used += cw
      }
      out.append(piece, style: run.style, link: run.link)
      break
    }
    return out
  }

  /// `line` without its trailing spaces, nor the runs they alone made up.
  package static func trimmingTrailingSpaces(_ line: StyledLine) -> StyledLine {
    var runs = line.runs
    while var last = runs.last, last.text.utf8.last == 0x20 {
      runs.removeLast()
      while last.text.utf8.last == 0x20 { last.text.removeLast() }
      if !last.text.isEmpty {
        runs.append(last)
        break
      }
    }
    return StyledLine(runs)
  }
}

// MARK: - Helpers

/// One wrap at a time over a ``FlatText``, keeping its buffers for the next. Words are byte
/// ranges of the text; contiguous ranges of one run are merged, so a line costs one string
/// per style it shows, not one per word, and printable ASCII (most release notes) is scanned
/// byte by byte, a whole word placed as soon as its end is seen.
struct Wrapper {
  /// The lines of the last ``wrap(_:_:width:first:firstWidth:rest:restWidth:)``.
  var lines: [StyledLine] { buffers.lines }
  /// The pass's arrays, kept from one wrap to the next for their capacity.
  private var buffers = WrapPass.Buffers()

  /// Wraps runs `runRange` of `flat` (already sanitised) into ``lines``, at most `width`
  /// cells each; see ``TextWrapper/wrap(_:width:firstIndent:restIndent:)``. The indents come
  /// with their widths, which the caller usually knows.
  mutating func wrap(
    _ flat: borrowing FlatText, _ runRange: Range<Int>, width: Int, first: StyledLine, firstWidth: Int,
    rest: StyledLine, restWidth: Int
  ) {
    let width = max(1, width)
    let minimum = min(width, 2)
    var firstIndent = first
    var firstWidth = firstWidth
    if firstWidth > width - minimum {
      firstIndent = TextWrapper.clip(first, width: width - minimum)
      firstWidth = firstIndent.width
    }
    var restIndent = rest
    var restWidth = restWidth
    if restWidth > width - minimum {
      restIndent = TextWrapper.clip(rest, width: width - minimum)
      restWidth = restIndent.width
    }
    var buffers = WrapPass.Buffers()
    swap(&buffers, &self.buffers)
    buffers.lines.removeAll(keepingCapacity: true)
    // The text is lent to the pass for this closure only; the pass ends inside it.
    flat.bytes.withBytes { text in
      flat.runs.withUnsafeBufferPointer { runs in
        var pass = WrapPass(
          text: text, runs: runs, links: flat.links, firstIndent: firstIndent, restIndent: restIndent,
          firstLimit: width - firstWidth, restLimit: width - restWidth)
        swap(&pass.buffers, &buffers)
        pass.run(runRange, minimum: minimum)
        swap(&pass.buffers, &buffers)
      }
    }
    swap(&buffers, &self.buffers)
  }
}

/// One wrap: the text and its runs (lent by ``Wrapper/wrap(_:_:width:first:firstWidth:rest:restWidth:)``
/// for the length of the pass) and where the wrap has got to.
private struct WrapPass {
  /// Bytes `start..<end` of the text (in run `run`'s style), or `spaces` synthetic spaces.
  struct Piece {
    var run: Int
    var start: Int
    var end: Int
    var spaces: Int
  }

  /// The arrays a pass fills, handed from one pass to the next.
  struct Buffers {
    var lines: [StyledLine] = []
    var line: [Piece] = []
    var word: [Piece] = []
    var space: [Piece] = []
    /// The bytes of one output run, gathered before it becomes a string.
    var scratch: [UInt8] = []
  }

  var buffers = Buffers()
  private let text: UnsafeBufferPointer<UInt8>
  private let runs: UnsafeBufferPointer<FlatText.Run>
  /// The URLs the runs link to (``FlatText/links``).
  private let links: [String]
  private let firstIndent: StyledLine
  private let restIndent: StyledLine
  private let firstLimit: Int
  private let restLimit: Int
  private var limit: Int
  private var isFirstLine = true

  private var pieceCount = 0
  private var currentWidth = 0
  private var wordCount = 0
  private var wordWidth = 0
  private var spaceCount = 0
  private var spaceWidth = 0
  /// The last grapheme was wide, so a break may follow it.
  private var afterWide = false

  init(
    text: UnsafeBufferPointer<UInt8>, runs: UnsafeBufferPointer<FlatText.Run>, links: [String],
    firstIndent: StyledLine, restIndent: StyledLine, firstLimit: Int, restLimit: Int
  ) {
    self.text = text
    self.runs = runs
    self.links = links
    self.firstIndent = firstIndent
    self.restIndent = restIndent
    self.firstLimit = firstLimit
    self.restLimit = restLimit
    limit = firstLimit
  }

  /// Wraps runs `runRange` into ``Buffers/lines``; `minimum` is the fewest cells a line
  /// leaves for text.
  mutating func run(_ runRange: Range<Int>, minimum: Int) {
    // Printable ASCII that fits on the first line is the line itself.
    if firstLimit >= minimum {
      var total = 0
      var fits = true
      for r in runRange {
        guard CellWidth.isPrintableASCII(UnsafeBufferPointer(rebasing: text[runs[r].start..<runs[r].end]))
        else {
          fits = false
          break
        }
        total += runs[r].end - runs[r].start
      }
      if fits, total <= firstLimit {
        for r in runRange where runs[r].end > runs[r].start {
          place(Piece(run: r, start: runs[r].start, end: runs[r].end, spaces: 0))
        }
        finishLine()
        return
      }
    }
    for r in runRange { feed(r) }
    flushWord()
    finishLine()
  }

  private mutating func feed(_ r: Int) {
    let start = runs[r].start
    let end = runs[r].end
    guard end > start else { return }
    if Self.isASCII(text, start, end) {
      feedASCII(r, start, end)
    } else {
      feedUnicode(r, start, end)
    }
  }

  /// True when bytes `start..<end` are all below 0x80.
  private static func isASCII(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    text[start..<end].allSatisfy { $0 < 0x80 }
  }

  private mutating func feedASCII(_ run: Int, _ start: Int, _ end: Int) {
    let text = text
    var i = start
    while i < end {
      let b = text[i]
      var j = i + 1
      if b == 0x20 || b == 0x0A {
        var literal = b == 0x20
        while j < end {
          let c = text[j]
          if c == 0x0A {
            literal = false
          } else if c != 0x20 {
            break
          }
          j += 1
        }
        if wordCount > 0 { flushWord() }
        afterWide = false
        if literal, spaceCount == 0, j < end, pieceCount > 0 {
          // The usual case: a space and a whole word of this run that fit on the line right
          // after its last range of this run. The range grows over both; nothing is recorded.
          var k = j + 1
          while k < end, text[k] != 0x20, text[k] != 0x0A { k += 1 }
          let tail = buffers.line[pieceCount - 1]
          if k < end, tail.spaces == 0, tail.run == run, tail.end == i, currentWidth + (k - i) <= limit {
            buffers.line[pieceCount - 1].end = k
            currentWidth += k - i
            i = k
            continue
          }
        }
        appendSpaces(Piece(run: run, start: i, end: literal ? j : i, spaces: literal ? 0 : j - i), j - i)
      } else {
        while j < end, text[j] != 0x20, text[j] != 0x0A { j += 1 }
        if afterWide, !Self.noBreakBefore(UInt32(b)) { flushWord() }
        afterWide = false
        if wordCount == 0, j < end {
          // A whole word (a space follows in this run): placed at once.
          placeWord(Piece(run: run, start: i, end: j, spaces: 0), j - i)
        } else {
          appendPart(Piece(run: run, start: i, end: j, spaces: 0), j - i)
        }
      }
      i = j
    }
  }

  private mutating func feedUnicode(_ run: Int, _ start: Int, _ end: Int) {
    let string = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
    var offset = start
    var partStart = start
    var partWidth = 0
    for ch in string {
      let next = offset + ch.utf8.count
      let ascii = ch.asciiValue
      if ascii == 0x20 || ascii == 0x0A {
        if partStart < offset {
          appendPart(Piece(run: run, start: partStart, end: offset, spaces: 0), partWidth)
        }
        addSpaces(
          ascii == 0x20
            ? Piece(run: run, start: offset, end: next, spaces: 0)
            : Piece(run: run, start: offset, end: offset, spaces: 1), 1)
        partStart = next
        partWidth = 0
      } else {
        let w = CellWidth.of(ch)
        if (w == 2 || afterWide) && !Self.noBreakBefore(ch) {
          if partStart < offset {
            appendPart(Piece(run: run, start: partStart, end: offset, spaces: 0), partWidth)
          }
          partStart = offset
          partWidth = 0
          flushWord()
        }
        partWidth += w
        afterWide = w == 2
      }
      offset = next
    }
    if partStart < offset { appendPart(Piece(run: run, start: partStart, end: offset, spaces: 0), partWidth) }
  }

  private mutating func appendPart(_ piece: Piece, _ width: Int) {
    if wordCount < buffers.word.count { buffers.word[wordCount] = piece } else { buffers.word.append(piece) }
    wordCount += 1
    wordWidth += width
  }

  private mutating func addSpaces(_ piece: Piece, _ width: Int) {
    flushWord()
    afterWide = false
    appendSpaces(piece, width)
  }

  /// Records spaces that go before the next word, if it fits on the line.
  private mutating func appendSpaces(_ piece: Piece, _ width: Int) {
    if spaceCount < buffers.space.count {
      buffers.space[spaceCount] = piece
    } else {
      buffers.space.append(piece)
    }
    spaceCount += 1
    spaceWidth += width
  }

  /// Adds `piece` to the line, merging it with the previous range when they are contiguous.
  private mutating func place(_ piece: Piece) {
    if piece.spaces == 0, pieceCount > 0, buffers.line[pieceCount - 1].spaces == 0,
      buffers.line[pieceCount - 1].run == piece.run,
      buffers.line[pieceCount - 1].end == piece.start
    {
      buffers.line[pieceCount - 1].end = piece.end
    } else {
      if pieceCount < buffers.line.count {
        buffers.line[pieceCount] = piece
      } else {
        buffers.line.append(piece)
      }
      pieceCount += 1
    }
  }

  /// Places the pending spaces, if they and `width` more cells fit on the line; else drops
  /// them and starts a new line if this one has anything. Returns whether they fitted.
  private mutating func placeSpaces(before width: Int) -> Bool {
    if currentWidth + spaceWidth + width <= limit {
      for k in 0..<spaceCount { place(buffers.space[k]) }
      currentWidth += spaceWidth
      spaceCount = 0
      spaceWidth = 0
      return true
    }
    spaceCount = 0
    spaceWidth = 0
    if currentWidth > 0 { newLine() }
    return false
  }

  /// ``flushWord()`` for a word of one printable ASCII piece, without collecting it first.
  private mutating func placeWord(_ piece: Piece, _ width: Int) {
    if placeSpaces(before: width) || width <= limit {
      place(piece)
      currentWidth += width
    } else {
      cutASCII(piece)
    }
  }

  /// Places the collected word on the current line, a new line, or across lines.
  private mutating func flushWord() {
    guard wordCount > 0 else { return }
    defer {
      wordCount = 0
      wordWidth = 0
    }
    if placeSpaces(before: wordWidth) || wordWidth <= limit {
      for k in 0..<wordCount { place(buffers.word[k]) }
      currentWidth += wordWidth
      return
    }
    // Wider than a whole line: cut between graphemes.
    for k in 0..<wordCount {
      let piece = buffers.word[k]
      if Self.isASCII(text, piece.start, piece.end) {
        cutASCII(piece)
        continue
      }
      let string = String(
        decoding: UnsafeBufferPointer(rebasing: text[piece.start..<piece.end]), as: UTF8.self)
      var chunkStart = piece.start
      var offset = piece.start
      for ch in string {
        let w = CellWidth.of(ch)
        if currentWidth + w > limit, currentWidth > 0 {
          if chunkStart < offset { place(Piece(run: piece.run, start: chunkStart, end: offset, spaces: 0)) }
          chunkStart = offset
          newLine()
        }
        currentWidth += w
        offset += ch.utf8.count
      }
      if chunkStart < piece.end { place(Piece(run: piece.run, start: chunkStart, end: piece.end, spaces: 0)) }
    }
  }

  /// Places printable ASCII (one cell per byte, a grapheme per byte) across lines, breaking
  /// wherever the line is full.
  private mutating func cutASCII(_ piece: Piece) {
    var s = piece.start
    while s < piece.end {
      if currentWidth >= limit { newLine() }
      let take = min(piece.end - s, limit - currentWidth)
      place(Piece(run: piece.run, start: s, end: s + take, spaces: 0))
      currentWidth += take
      s += take
    }
  }

  private mutating func newLine() {
    finishLine()
    pieceCount = 0
    isFirstLine = false
    currentWidth = 0
    limit = restLimit
  }

  /// Adds the current line to ``lines``.
  private mutating func finishLine() {
    buffers.lines.append(materialize())
  }

  /// Drops the trailing spaces of the current line's pieces; returns how many pieces remain.
  private mutating func trimmedPieceCount() -> Int {
    let text = text
    var count = pieceCount
    while count > 0 {
      let piece = buffers.line[count - 1]
      if piece.spaces > 0 {
        count -= 1
        continue
      }
      var end = piece.end
      while end > piece.start, text[end - 1] == 0x20 { end -= 1 }
      if end == piece.start {
        count -= 1
        continue
      }
      buffers.line[count - 1].end = end
      break
    }
    return count
  }

  /// The current line as a ``StyledLine``: the indent, then one string per style, trailing
  /// spaces trimmed (from the pieces, before any string is made).
  private mutating func materialize() -> StyledLine {
    let text = text
    let count = trimmedPieceCount()
    let indent = isFirstLine ? firstIndent : restIndent
    guard count > 0 else { return TextWrapper.trimmingTrailingSpaces(indent) }
    var out: [StyledRun] = []
    out.reserveCapacity(indent.runs.count + count)
    out.append(contentsOf: indent.runs)
    var k = 0
    while k < count {
      let style = runs[buffers.line[k].run].style
      let linkIndex = runs[buffers.line[k].run].link
      var group = k + 1
      while group < count, runs[buffers.line[group].run].style == style,
        runs[buffers.line[group].run].link == linkIndex
      {
        group += 1
      }
      let link = linkIndex < 0 ? nil : links[Int(linkIndex)]
      let mergesIndent = k == 0 && out.last?.style == style && out.last?.link == link
      if group == k + 1, !mergesIndent, buffers.line[k].spaces == 0 {
        // One range: its string straight from the text.
        out.append(
          StyledRun(
            String(
              decoding: UnsafeBufferPointer(rebasing: text[buffers.line[k].start..<buffers.line[k].end]),
              as: UTF8.self),
            style: style, link: link))
        k = group
        continue
      }
      buffers.scratch.removeAll(keepingCapacity: true)
      if mergesIndent, let last = out.popLast() {
        // Merged with the indent's last run, as `StyledLine.append` would.
        buffers.scratch.append(contentsOf: last.text.utf8)
      }
      while k < group {
        let piece = buffers.line[k]
        if piece.spaces > 0 {
          for _ in 0..<piece.spaces { buffers.scratch.append(0x20) }
        } else {
          buffers.scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[piece.start..<piece.end]))
        }
        k += 1
      }
      out.append(StyledRun(String(decoding: buffers.scratch, as: UTF8.self), style: style, link: link))
    }
    return StyledLine(out)
  }

  /// Characters that must not start a line after a wide grapheme (closing punctuation, and
  /// the small kana and prolonged sound mark that Japanese keeps with the previous syllable).
  /// Compares scalar values: `switch` over `Character` literals compares strings, which is
  /// slow enough to matter for long CJK text.
  static func noBreakBefore(_ ch: Character) -> Bool {
    let scalars = ch.unicodeScalars
    guard let first = scalars.first, scalars.count == 1 else { return false }
    return noBreakBefore(first.value)
  }

  /// ``noBreakBefore(_:)`` for a single scalar.
  static func noBreakBefore(_ value: UInt32) -> Bool {
    switch value {
    case 0x21, 0x22, 0x25, 0x27, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D:  // ! " % ' ) , . : ; ? ] }
      return true
    // 、。〉》」』】〕〗〙〛
    case 0x3001, 0x3002, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
      0x301C, 0x3005, 0x30FC,  // 〜 々 ー
      0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087,  // ぁぃぅぇぉっゃゅょ
      0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7,  // ァィゥェォッャュョ
      0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D,  // ！）,．：；？］｝
      0x2026, 0x2025:  // … ‥
      return true
    default:
      return false
    }
  }
}
