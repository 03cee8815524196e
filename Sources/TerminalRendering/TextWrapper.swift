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

/// The state of one wrap: the line being filled, the word being collected and the spaces
/// before it.
private struct Wrapper {
  let firstIndent: StyledLine
  let restIndent: StyledLine
  let firstLimit: Int
  let restLimit: Int

  var lines: [StyledLine] = []
  var current: StyledLine
  var currentWidth = 0
  var limit: Int

  var word: [(text: Substring, style: Style)] = []
  var wordWidth = 0
  var spaceWidth = 0
  var spaceStyle = Style.plain
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
    self.current = first
    self.limit = firstLimit
  }

  mutating func feed(_ text: String, style: Style) {
    let utf8 = text.utf8
    var ascii = true
    for b in utf8 where b >= 0x80 {
      ascii = false
      break
    }
    if ascii { feedASCII(text, style: style) } else { feedUnicode(text, style: style) }
  }

  private mutating func feedASCII(_ text: String, style: Style) {
    let utf8 = text.utf8
    var i = utf8.startIndex
    let end = utf8.endIndex
    while i < end {
      let b = utf8[i]
      var j = utf8.index(after: i)
      if b == 0x20 || b == 0x0A {
        var count = 1
        while j < end, utf8[j] == 0x20 || utf8[j] == 0x0A {
          j = utf8.index(after: j)
          count += 1
        }
        addSpaces(count, style: style)
      } else {
        var count = 1
        while j < end, utf8[j] != 0x20, utf8[j] != 0x0A {
          j = utf8.index(after: j)
          count += 1
        }
        if afterWide, !Self.noBreakBefore(Character(Unicode.Scalar(b))) { flushWord() }
        afterWide = false
        word.append((text[i..<j], style))
        wordWidth += count
      }
      i = j
    }
  }

  private mutating func feedUnicode(_ text: String, style: Style) {
    var i = text.startIndex
    var partStart = i
    var partWidth = 0
    let end = text.endIndex
    while i < end {
      let ch = text[i]
      let next = text.index(after: i)
      if ch == " " || ch == "\n" {
        if partStart < i { appendPart(text[partStart..<i], width: partWidth, style: style) }
        addSpaces(1, style: style)
        partStart = next
        partWidth = 0
      } else {
        let w = CellWidth.of(ch)
        let breakBefore = (w == 2 || afterWide) && !Self.noBreakBefore(ch)
        if breakBefore {
          if partStart < i { appendPart(text[partStart..<i], width: partWidth, style: style) }
          partStart = i
          partWidth = 0
          flushWord()
        }
        partWidth += w
        afterWide = w == 2
      }
      i = next
    }
    if partStart < end { appendPart(text[partStart..<end], width: partWidth, style: style) }
  }

  private mutating func appendPart(_ part: Substring, width: Int, style: Style) {
    word.append((part, style))
    wordWidth += width
  }

  private mutating func addSpaces(_ count: Int, style: Style) {
    flushWord()
    afterWide = false
    if spaceWidth == 0 { spaceStyle = style }
    spaceWidth += count
  }

  /// Places the collected word on the current line, a new line, or across lines.
  private mutating func flushWord() {
    guard !word.isEmpty else { return }
    defer {
      word.removeAll(keepingCapacity: true)
      wordWidth = 0
    }
    if currentWidth + spaceWidth + wordWidth <= limit {
      placeSpaces()
      for piece in word { current.append(String(piece.text), style: piece.style) }
      currentWidth += wordWidth
      return
    }
    spaceWidth = 0
    if currentWidth > 0 { newLine() }
    if wordWidth <= limit {
      for piece in word { current.append(String(piece.text), style: piece.style) }
      currentWidth += wordWidth
      return
    }
    // Wider than a whole line: cut between graphemes.
    for piece in word {
      var chunk = ""
      for ch in piece.text {
        let w = CellWidth.of(ch)
        if currentWidth + w > limit, currentWidth > 0 {
          current.append(chunk, style: piece.style)
          chunk = ""
          newLine()
        }
        chunk.append(ch)
        currentWidth += w
      }
      current.append(chunk, style: piece.style)
    }
  }

  private mutating func placeSpaces() {
    if spaceWidth > 0 {
      current.append(String(repeating: " ", count: spaceWidth), style: spaceStyle)
      currentWidth += spaceWidth
      spaceWidth = 0
    }
  }

  private mutating func newLine() {
    lines.append(TextWrapper.trimmingTrailingSpaces(current))
    current = restIndent
    currentWidth = 0
    limit = restLimit
  }

  mutating func finish() -> [StyledLine] {
    flushWord()
    lines.append(TextWrapper.trimmingTrailingSpaces(current))
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
