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
///
/// One list shape, no more of YAML: a `key:` with no value may be followed by indented items,
/// each starting `- key: value` and going on with more-indented `key: value` lines; a line
/// that is not indented ends the list. The items are ``FrontMatter/lists`` under the key's line
/// (notes use it for `actions:`); an indented line that is not `- ` or `key: value` is malformed.
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
    var lists: [Int: [FrontMatterItem]] = [:]
    // The line of a `key:` without a value while its indented list items may follow.
    var listLine: Int?
    for (index, range) in lines.enumerated().dropFirst().dropLast() {
      let lineNumber = index + 1
      var s = range.lowerBound
      var e = range.upperBound
      while s < e, isSpaceOrTab(p[s]) { s += 1 }
      while e > s, isSpaceOrTab(p[e - 1]) { e -= 1 }
      if s == e || p[s] == UInt8(ascii: "#") { continue }
      if s == range.lowerBound {
        listLine = nil
      } else if let owner = listLine {
        // An item of the list under `owner`: `- key: value` starts one, `key: value` goes on.
        var items = lists[owner] ?? []
        var itemStart = s
        if p[s] == UInt8(ascii: "-"), s + 1 == e || isSpaceOrTab(p[s + 1]) {
          items.append(FrontMatterItem(line: lineNumber, fields: []))
          itemStart = s + 1
          while itemStart < e, isSpaceOrTab(p[itemStart]) { itemStart += 1 }
        }
        if itemStart < e {
          if !items.isEmpty, let (key, value) = keyValue(p, itemStart, e) {
            items[items.count - 1].fields.append(.init(key: key, value: value, line: lineNumber))
          } else {
            malformed.append(lineNumber)
          }
        }
        lists[owner] = items
        continue
      }
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
      listLine = v == e ? lineNumber : nil
    }
    var frontMatter = FrontMatter(entries: entries, malformedLines: malformed.sorted(), endLine: lines.count)
    frontMatter.lists = lists
    return FrontMatterSplit(
      frontMatter: frontMatter, unclosed: false, bodyOffset: next, bodyFirstLine: lines.count + 1)
  }

  /// `key: value` in `p[s..<e]` (trimmed already), the value unwrapped from matching quotes;
  /// nil when it is not.
  private static func keyValue(_ p: UnsafeBufferPointer<UInt8>, _ s: Int, _ end: Int) -> (String, String)? {
    var e = end
    var colon = s
    while colon < e, p[colon] != UInt8(ascii: ":") { colon += 1 }
    var keyEnd = colon
    while keyEnd > s, isSpaceOrTab(p[keyEnd - 1]) { keyEnd -= 1 }
    guard colon < e, keyEnd > s, !p[s..<keyEnd].contains(where: isSpaceOrTab) else { return nil }
    var v = colon + 1
    while v < e, isSpaceOrTab(p[v]) { v += 1 }
    if e - v >= 2, p[v] == UInt8(ascii: "\"") || p[v] == UInt8(ascii: "'"), p[e - 1] == p[v] {
      v += 1
      e -= 1
    }
    return (
      String(decoding: UnsafeBufferPointer(rebasing: p[s..<keyEnd]), as: UTF8.self),
      String(decoding: UnsafeBufferPointer(rebasing: p[v..<e]), as: UTF8.self)
    )
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

/// One item of a front matter list (``FrontMatterParser``'s one list shape): the line of its
/// `- ` and its `key: value` fields in order.
package struct FrontMatterItem: Sendable, Equatable {
  /// One `key: value` of an item.
  package struct Field: Sendable, Equatable {
    package var key: String
    package var value: String
    /// The 1-based line of the file.
    package var line: Int
  }

  /// The 1-based line of the item's `- `.
  package var line: Int
  package var fields: [Field]

  /// The value of `key`, if the item has it (first occurrence).
  package subscript(key: String) -> String? { fields.first { $0.key == key }?.value }
}
