/// Wraps styled text to a width in terminal cells.
///
/// Breaks go at spaces (which are dropped at the break), between wide graphemes (CJK text
/// has no spaces: a break may go before or after any wide grapheme, but not before closing
/// punctuation such as `。` or `,`), and inside words that are wider than the line. Grapheme
/// clusters are never split. Screens use it too, so it sanitises what it is given.
public enum TextWrapper {
  /// Wraps `line` into lines of at most `width` cells, each starting with an indent:
  /// `firstIndent` for the first line, `restIndent` for the others (a hanging indent).
  ///
  /// Always returns at least one line. When an indent leaves fewer than two cells for text
  /// (or fewer than `width` when `width` < 2), it is clipped. Trailing spaces are trimmed.
  public static func wrap(
    _ line: StyledLine, width: Int, firstIndent: StyledLine = StyledLine(),
    restIndent: StyledLine = StyledLine()
  ) -> [StyledLine] {
    var wrapper = Wrapper(width: max(1, width), firstIndent: firstIndent, restIndent: restIndent)
    for run in line.runs { wrapper.feed(Sanitizer.sanitize(run.text), style: run.style) }
    return wrapper.finish()
  }

  /// ``wrap(_:width:firstIndent:restIndent:)`` for text that is already sanitised (the
  /// Markdown renderer sanitises the tree's text as it flattens it).
  static func wrapSanitized(
    _ line: StyledLine, width: Int, firstIndent: StyledLine, restIndent: StyledLine
  ) -> [StyledLine] {
    // Fast path: printable ASCII that fits on the first line is the line itself.
    let indentWidth = firstIndent.width
    if indentWidth <= width - min(width, 2) {
      var total = indentWidth
      var fits = true
      for run in line.runs {
        guard let count = CellWidth.printableASCIICount(run.text.utf8) else {
          fits = false
          break
        }
        total += count
      }
      if fits, total <= width { return [trimmingTrailingSpaces(firstIndent.appending(line))] }
    }
    var wrapper = Wrapper(width: max(1, width), firstIndent: firstIndent, restIndent: restIndent)
    wrapper.reserve(for: line)
    for run in line.runs { wrapper.feed(run.text, style: run.style) }
    return wrapper.finish()
  }

  /// `line` cut to at most `width` cells (graphemes are not split; a wide grapheme that would
  /// straddle the edge is left out).
  public static func clip(_ line: StyledLine, width: Int) -> StyledLine {
    var out = StyledLine()
    var used = 0
    for run in line.runs {
      let w = CellWidth.of(run.text)
      if used + w <= width {
        out.append(run.text, style: run.style)
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
      out.append(piece, style: run.style)
      break
    }
    return out
  }

  /// `line` with trailing spaces removed.
  public static func trimmingTrailingSpaces(_ line: StyledLine) -> StyledLine {
    var line = line
    while let last = line.runs.last {
      guard last.text.utf8.last == 0x20 else { break }
      var text = last.text
      while text.utf8.last == 0x20 { text.removeLast() }
      if text.isEmpty {
        line.runs.removeLast()
      } else {
        line.runs[line.runs.count - 1].text = text
        break
      }
    }
    return line
  }
}

// MARK: - Helpers

/// The state of one wrap. The runs' text is kept as one buffer of UTF-8 bytes and words as
/// byte ranges of it; contiguous ranges of one run are merged, so a line costs one string per
/// run it shows, not one per word, and printable ASCII (most release notes) is scanned byte by
/// byte. The piece lists are cleared by count, keeping their storage.
private struct Wrapper {
  /// Bytes `start..<end` of the buffer (in run `run`'s style), or `spaces` synthetic spaces.
  struct Piece {
    var run: Int
    var start: Int
    var end: Int
    var spaces: Int
  }

  let firstIndent: StyledLine
  let restIndent: StyledLine
  let firstLimit: Int
  let restLimit: Int

  var bytes: [UInt8] = []
  var styles: [Style] = []

  var lines: [StyledLine] = []
  var isFirstLine = true
  var line: [Piece] = []
  var lineCount = 0
  var currentWidth = 0
  var limit: Int

  var word: [Piece] = []
  var wordCount = 0
  var wordWidth = 0
  var space: [Piece] = []
  var spaceCount = 0
  var spaceWidth = 0
  /// The last grapheme was wide, so a break may follow it.
  var afterWide = false

  init(width: Int, firstIndent: StyledLine, restIndent: StyledLine) {
    let minimum = min(width, 2)
    var first = firstIndent
    var firstWidth = first.width
    if firstWidth > width - minimum {
      first = TextWrapper.clip(first, width: width - minimum)
      firstWidth = first.width
    }
    var rest = restIndent
    var restWidth = rest.width
    if restWidth > width - minimum {
      rest = TextWrapper.clip(rest, width: width - minimum)
      restWidth = rest.width
    }
    self.firstIndent = first
    self.restIndent = rest
    self.firstLimit = width - firstWidth
    self.restLimit = width - restWidth
    self.limit = firstLimit
  }

  /// Makes room for the runs of `line` at once, rather than growing the buffers run by run.
  mutating func reserve(for line: StyledLine) {
    var count = 0
    for run in line.runs { count += run.text.utf8.count }
    bytes.reserveCapacity(count)
    styles.reserveCapacity(line.runs.count)
  }

  mutating func feed(_ text: String, style: Style) {
    guard !text.isEmpty else { return }
    let run = styles.count
    styles.append(style)
    let base = bytes.count
    // Copied from the string's storage in one go, checked for ASCII eight bytes at a time.
    let ascii =
      text.utf8.withContiguousStorageIfAvailable { buffer -> Bool in
        bytes.append(contentsOf: buffer)
        return Self.isASCII(buffer)
      } ?? false
    if bytes.count == base { bytes.append(contentsOf: text.utf8) }
    if ascii, let done = text.utf8.withContiguousStorageIfAvailable({ feedASCII(run, base, $0) }) {
      return done
    }
    feedUnicode(run, base, text)
  }

  /// True when every byte of `buffer` is below 0x80.
  private static func isASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let start = buffer.baseAddress else { return true }
    let n = buffer.count
    var i = 0
    while i + 8 <= n {
      if UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
        return false
      }
      i += 8
    }
    while i < n {
      if buffer[i] >= 0x80 { return false }
      i += 1
    }
    return true
  }

  private mutating func feedASCII(_ run: Int, _ base: Int, _ text: UnsafeBufferPointer<UInt8>) {
    let end = text.count
    var i = 0
    while i < end {
      let b = text[i]
      var j = i + 1
      if b == 0x20 || b == 0x0A {
        var literal = b == 0x20
        while j < end, text[j] == 0x20 || text[j] == 0x0A {
          if text[j] == 0x0A { literal = false }
          j += 1
        }
        addSpaces(
          Piece(run: run, start: base + i, end: literal ? base + j : base + i, spaces: literal ? 0 : j - i),
          j - i)
      } else {
        while j < end, text[j] != 0x20, text[j] != 0x0A { j += 1 }
        if afterWide, !Self.noBreakBefore(Character(Unicode.Scalar(b))) { flushWord() }
        afterWide = false
        appendPart(Piece(run: run, start: base + i, end: base + j, spaces: 0), j - i)
      }
      i = j
    }
  }

  private mutating func feedUnicode(_ run: Int, _ base: Int, _ text: String) {
    var offset = base
    var partStart = base
    var partWidth = 0
    for ch in text {
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
    if wordCount < word.count { word[wordCount] = piece } else { word.append(piece) }
    wordCount += 1
    wordWidth += width
  }

  private mutating func addSpaces(_ piece: Piece, _ width: Int) {
    flushWord()
    afterWide = false
    if spaceCount < space.count { space[spaceCount] = piece } else { space.append(piece) }
    spaceCount += 1
    spaceWidth += width
  }

  /// Adds `piece` to the line, merging it with the previous range when they are contiguous.
  private mutating func place(_ piece: Piece) {
    if piece.spaces == 0, lineCount > 0, line[lineCount - 1].spaces == 0,
      line[lineCount - 1].run == piece.run,
      line[lineCount - 1].end == piece.start
    {
      line[lineCount - 1].end = piece.end
    } else {
      if lineCount < line.count { line[lineCount] = piece } else { line.append(piece) }
      lineCount += 1
    }
  }

  /// Places the collected word on the current line, a new line, or across lines.
  private mutating func flushWord() {
    guard wordCount > 0 else { return }
    defer {
      wordCount = 0
      wordWidth = 0
    }
    if currentWidth + spaceWidth + wordWidth <= limit {
      for k in 0..<spaceCount { place(space[k]) }
      currentWidth += spaceWidth
      spaceCount = 0
      spaceWidth = 0
      for k in 0..<wordCount { place(word[k]) }
      currentWidth += wordWidth
      return
    }
    spaceCount = 0
    spaceWidth = 0
    if currentWidth > 0 { newLine() }
    if wordWidth <= limit {
      for k in 0..<wordCount { place(word[k]) }
      currentWidth += wordWidth
      return
    }
    // Wider than a whole line: cut between graphemes.
    for k in 0..<wordCount {
      let piece = word[k]
      let text = String(decoding: bytes[piece.start..<piece.end], as: UTF8.self)
      var chunkStart = piece.start
      var offset = piece.start
      for ch in text {
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

  private mutating func newLine() {
    lines.append(materialize())
    lineCount = 0
    isFirstLine = false
    currentWidth = 0
    limit = restLimit
  }

  /// The current line as a ``StyledLine``: the indent, then one string per merged range.
  private func materialize() -> StyledLine {
    var out = isFirstLine ? firstIndent : restIndent
    out.runs.reserveCapacity(out.runs.count + lineCount)
    for k in 0..<lineCount {
      let piece = line[k]
      if piece.spaces > 0 {
        out.append(String.repeated(" ", piece.spaces), style: styles[piece.run])
      } else {
        out.append(String(decoding: bytes[piece.start..<piece.end], as: UTF8.self), style: styles[piece.run])
      }
    }
    return TextWrapper.trimmingTrailingSpaces(out)
  }

  mutating func finish() -> [StyledLine] {
    flushWord()
    lines.append(materialize())
    return lines
  }

  /// Characters that must not start a line after a wide grapheme (closing punctuation, and
  /// the small kana and prolonged sound mark that Japanese keeps with the previous syllable).
  /// Compares scalar values: `switch` over `Character` literals compares strings, which is
  /// slow enough to matter for long CJK text.
  static func noBreakBefore(_ ch: Character) -> Bool {
    let scalars = ch.unicodeScalars
    guard let first = scalars.first, scalars.count == 1 else { return false }
    switch first.value {
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
