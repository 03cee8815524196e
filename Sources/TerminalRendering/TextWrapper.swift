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

/// The state of one wrap. Words are kept as slices of the (sanitised) run texts, and
/// contiguous slices of one run are merged, so a line costs one string per run it shows, not
/// one per word.
private struct Wrapper {
  /// A slice `start..<end` of run `run`'s text, or `spaces` synthetic spaces in that run's style.
  struct Piece {
    var run: Int
    var start: String.Index
    var end: String.Index
    var spaces: Int
  }

  let firstIndent: StyledLine
  let restIndent: StyledLine
  let firstLimit: Int
  let restLimit: Int

  var texts: [String] = []
  var styles: [Style] = []

  var lines: [StyledLine] = []
  var isFirstLine = true
  var line: [Piece] = []
  var currentWidth = 0
  var limit: Int

  var word: [Piece] = []
  var wordWidth = 0
  var space: [Piece] = []
  var spaceWidth = 0
  /// The last grapheme was wide, so a break may follow it.
  var afterWide = false

  init(width: Int, firstIndent: StyledLine, restIndent: StyledLine) {
    let minimum = min(width, 2)
    let first =
      firstIndent.width > width - minimum
      ? TextWrapper.clip(firstIndent, width: width - minimum) : firstIndent
    let rest =
      restIndent.width > width - minimum ? TextWrapper.clip(restIndent, width: width - minimum) : restIndent
    self.firstIndent = first
    self.restIndent = rest
    self.firstLimit = width - first.width
    self.restLimit = width - rest.width
    self.limit = firstLimit
  }

  mutating func feed(_ text: String, style: Style) {
    guard !text.isEmpty else { return }
    let run = texts.count
    texts.append(text)
    styles.append(style)
    var ascii = true
    for b in text.utf8 where b >= 0x80 {
      ascii = false
      break
    }
    if ascii { feedASCII(run) } else { feedUnicode(run) }
  }

  private mutating func feedASCII(_ run: Int) {
    let text = texts[run]
    let utf8 = text.utf8
    var i = utf8.startIndex
    let end = utf8.endIndex
    while i < end {
      let b = utf8[i]
      var j = utf8.index(after: i)
      if b == 0x20 || b == 0x0A {
        var count = 1
        var literal = b == 0x20
        while j < end, utf8[j] == 0x20 || utf8[j] == 0x0A {
          if utf8[j] == 0x0A { literal = false }
          j = utf8.index(after: j)
          count += 1
        }
        addSpaces(
          literal
            ? Piece(run: run, start: i, end: j, spaces: 0) : Piece(run: run, start: i, end: i, spaces: count),
          count)
      } else {
        var count = 1
        while j < end, utf8[j] != 0x20, utf8[j] != 0x0A {
          j = utf8.index(after: j)
          count += 1
        }
        if afterWide, !Self.noBreakBefore(Character(Unicode.Scalar(b))) { flushWord() }
        afterWide = false
        word.append(Piece(run: run, start: i, end: j, spaces: 0))
        wordWidth += count
      }
      i = j
    }
  }

  private mutating func feedUnicode(_ run: Int) {
    let text = texts[run]
    var i = text.startIndex
    var partStart = i
    var partWidth = 0
    let end = text.endIndex
    while i < end {
      let ch = text[i]
      let next = text.index(after: i)
      if ch == " " || ch == "\n" {
        if partStart < i { appendPart(Piece(run: run, start: partStart, end: i, spaces: 0), partWidth) }
        addSpaces(
          ch == " "
            ? Piece(run: run, start: i, end: next, spaces: 0) : Piece(run: run, start: i, end: i, spaces: 1),
          1)
        partStart = next
        partWidth = 0
      } else {
        let w = CellWidth.of(ch)
        if (w == 2 || afterWide) && !Self.noBreakBefore(ch) {
          if partStart < i { appendPart(Piece(run: run, start: partStart, end: i, spaces: 0), partWidth) }
          partStart = i
          partWidth = 0
          flushWord()
        }
        partWidth += w
        afterWide = w == 2
      }
      i = next
    }
    if partStart < end { appendPart(Piece(run: run, start: partStart, end: end, spaces: 0), partWidth) }
  }

  private mutating func appendPart(_ piece: Piece, _ width: Int) {
    word.append(piece)
    wordWidth += width
  }

  private mutating func addSpaces(_ piece: Piece, _ width: Int) {
    flushWord()
    afterWide = false
    space.append(piece)
    spaceWidth += width
  }

  /// Adds `piece` to the line, merging it with the previous slice when they are contiguous.
  private mutating func place(_ piece: Piece) {
    if piece.spaces == 0, let last = line.last, last.spaces == 0, last.run == piece.run,
      last.end == piece.start
    {
      line[line.count - 1].end = piece.end
    } else {
      line.append(piece)
    }
  }

  /// Places the collected word on the current line, a new line, or across lines.
  private mutating func flushWord() {
    guard !word.isEmpty else { return }
    defer {
      word.removeAll(keepingCapacity: true)
      wordWidth = 0
    }
    if currentWidth + spaceWidth + wordWidth <= limit {
      for piece in space { place(piece) }
      currentWidth += spaceWidth
      space.removeAll(keepingCapacity: true)
      spaceWidth = 0
      for piece in word { place(piece) }
      currentWidth += wordWidth
      return
    }
    space.removeAll(keepingCapacity: true)
    spaceWidth = 0
    if currentWidth > 0 { newLine() }
    if wordWidth <= limit {
      for piece in word { place(piece) }
      currentWidth += wordWidth
      return
    }
    // Wider than a whole line: cut between graphemes.
    for piece in word {
      let text = texts[piece.run]
      var chunkStart = piece.start
      var i = piece.start
      while i < piece.end {
        let next = text.index(after: i)
        let w = CellWidth.of(text[i])
        if currentWidth + w > limit, currentWidth > 0 {
          if chunkStart < i { place(Piece(run: piece.run, start: chunkStart, end: i, spaces: 0)) }
          chunkStart = i
          newLine()
        }
        currentWidth += w
        i = next
      }
      if chunkStart < piece.end { place(Piece(run: piece.run, start: chunkStart, end: piece.end, spaces: 0)) }
    }
  }

  private mutating func newLine() {
    lines.append(materialize())
    line.removeAll(keepingCapacity: true)
    isFirstLine = false
    currentWidth = 0
    limit = restLimit
  }

  /// The current line as a ``StyledLine``: the indent, then one string per merged slice.
  private func materialize() -> StyledLine {
    var out = isFirstLine ? firstIndent : restIndent
    for piece in line {
      if piece.spaces > 0 {
        out.append(String(repeating: " ", count: piece.spaces), style: styles[piece.run])
      } else {
        out.append(String(texts[piece.run][piece.start..<piece.end]), style: styles[piece.run])
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
  static func noBreakBefore(_ ch: Character) -> Bool {
    switch ch {
    case ",", ".", ";", ":", "!", "?", ")", "]", "}", "'", "\"", "%",
      "、", "。", "，", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〉", "》", "〕", "〗",
      "〙", "〛", "ー", "々", "〜", "…", "‥", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "っ", "ゃ", "ゅ", "ょ",
      "ァ", "ィ", "ゥ", "ェ", "ォ", "ッ", "ャ", "ュ", "ョ", "］", "｝":
      return true
    default:
      return false
    }
  }
}
