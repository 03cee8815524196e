/// Front matter: a first line `---`, then `key: value` lines, then a line `---`. The one
/// reader of it, used by ``MarkdownParser`` and by anything that needs only the front matter
/// of a file (a notes catalog listing titles and dates, a linter).
///
/// The rules: each fence is `---` with at most three spaces before it and any spaces or tabs
/// after it (a `\r` before the line break is ignored everywhere). Between the fences, blank
/// lines and lines starting with `#` are skipped; any other line is `key: value`, the key
/// without spaces, the value trimmed and, when it is wrapped in matching `"` or `'`,
/// unwrapped; a line that is not is a malformed line. A first line `---` that is never closed
/// is no front matter (``FrontMatterSplit/unclosed`` says so; the parser then reads that line
/// as Markdown). Only the lines up to the closing fence are read.
package enum FrontMatterParser {
  /// Splits the front matter off the top of `text` (the start of a file is enough, as long as
  /// it holds the closing fence). A byte order mark before it is skipped.
  package static func split(_ text: String) -> FrontMatterSplit {
    var text = text
    return text.withUTF8 { p in
      let start = p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
      return split(p, from: start)
    }
  }

  /// ``split(_:)`` on UTF-8 bytes, starting at `start`.
  static func split(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> FrontMatterSplit {
    let none = FrontMatterSplit(frontMatter: nil, unclosed: false, bodyOffset: 0, bodyFirstLine: 1)
    var lines: [Range<Int>] = []
    var i = start
    var closing: Int?
    while i < p.count {
      var j = i
      while j < p.count, p[j] != 10 { j += 1 }
      var e = j
      if e > i, p[e - 1] == 13 { e -= 1 }
      let isFence = isFenceLine(p, i, e)
      if lines.isEmpty && !isFence { return none }
      lines.append(i..<e)
      i = j < p.count ? j + 1 : j
      if isFence && lines.count > 1 {
        closing = i
        break
      }
    }
    guard let next = closing else {
      return FrontMatterSplit(frontMatter: nil, unclosed: !lines.isEmpty, bodyOffset: 0, bodyFirstLine: 1)
    }
    var entries: [(key: String, value: String, line: Int)] = []
    var malformed: [Int] = []
    for (index, range) in lines.enumerated().dropFirst().dropLast() {
      let lineNumber = index + 1
      var s = range.lowerBound
      var e = range.upperBound
      while s < e, isSpaceOrTab(p[s]) { s += 1 }
      while e > s, isSpaceOrTab(p[e - 1]) { e -= 1 }
      if s == e || p[s] == UInt8(ascii: "#") { continue }
      var colon = s
      while colon < e, p[colon] != UInt8(ascii: ":") { colon += 1 }
      var keyEnd = colon
      while keyEnd > s, isSpaceOrTab(p[keyEnd - 1]) { keyEnd -= 1 }
      guard colon < e, keyEnd > s, !p[s..<keyEnd].contains(where: isSpaceOrTab) else {
        malformed.append(lineNumber)
        continue
      }
      var v = colon + 1
      while v < e, isSpaceOrTab(p[v]) { v += 1 }
      if e - v >= 2, p[v] == UInt8(ascii: "\"") || p[v] == UInt8(ascii: "'"), p[e - 1] == p[v] {
        v += 1
        e -= 1
      }
      let key = String(decoding: UnsafeBufferPointer(rebasing: p[s..<keyEnd]), as: UTF8.self)
      let value = String(decoding: UnsafeBufferPointer(rebasing: p[v..<e]), as: UTF8.self)
      entries.append((key, value, lineNumber))
    }
    return FrontMatterSplit(
      frontMatter: FrontMatter(entries: entries, malformedLines: malformed, endLine: lines.count),
      unclosed: false, bodyOffset: next, bodyFirstLine: lines.count + 1)
  }

  /// `---`, up to three spaces before it, spaces and tabs after it.
  private static func isFenceLine(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var s = start
    while s < end, s - start < 3, p[s] == 32 { s += 1 }
    guard end - s >= 3, p[s] == 45, p[s + 1] == 45, p[s + 2] == 45 else { return false }
    return p[(s + 3)..<end].allSatisfy(isSpaceOrTab)
  }

  private static func isSpaceOrTab(_ c: UInt8) -> Bool { c == 32 || c == 9 }
}

/// What ``FrontMatterParser/split(_:)`` found at the top of a text.
package struct FrontMatterSplit: Sendable, Equatable {
  /// The front matter, or nil when the text has none.
  package var frontMatter: FrontMatter?
  /// True when the first line is `---` but no closing `---` follows.
  package var unclosed: Bool
  /// The UTF-8 offset where the body starts (after the closing line; 0 without front matter).
  package var bodyOffset: Int
  /// The 1-based line where the body starts (1 without front matter).
  package var bodyFirstLine: Int

  package init(frontMatter: FrontMatter?, unclosed: Bool, bodyOffset: Int, bodyFirstLine: Int) {
    self.frontMatter = frontMatter
    self.unclosed = unclosed
    self.bodyOffset = bodyOffset
    self.bodyFirstLine = bodyFirstLine
  }
}
