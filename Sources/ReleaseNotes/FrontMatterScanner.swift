import MarkdownSyntax

/// Splits the optional front matter (`---` / `key: value` lines / `---`) off the top of a
/// notes file.
///
/// The catalog uses this instead of a full Markdown parse when it only needs a title and a
/// date (the version list), and lint uses it for its line numbers. A file whose first line
/// is `---` but that never closes it has no front matter; ``Result/unclosed`` says so.
/// Blank lines and `#` comment lines inside front matter are allowed; a value may be quoted.
public enum FrontMatterScanner {
  /// The keys a notes file may use.
  public static let knownKeys: [String] = ["title", "date", "importance"]

  /// What the scan found.
  public struct Result: Sendable, Equatable {
    /// The front matter, or nil when the file has none.
    public var frontMatter: FrontMatter?
    /// True when line 1 is `---` but no closing `---` follows.
    public var unclosed: Bool
    /// The UTF-8 offset where the body starts (after the closing line).
    public var bodyOffset: Int
    /// The number of lines before the body (0 without front matter).
    public var bodyFirstLine: Int
  }

  /// Scans `text` (the start of a file is enough, as long as it holds the closing `---`).
  public static func scan(_ text: String) -> Result {
    // Line by line: only the front matter is read, not the whole body.
    var lines = TextLineIterator(text)
    guard let first = lines.next(), trimSpaces(first.text) == "---" else {
      return Result(frontMatter: nil, unclosed: false, bodyOffset: 0, bodyFirstLine: 1)
    }
    var entries: [(key: String, value: String, line: Int)] = []
    var malformed: [Int] = []
    var lineNumber = 1
    while let line = lines.next() {
      lineNumber += 1
      // Lines of ASCII only (nearly all) are taken apart as bytes: the same answer, without
      // grapheme breaking.
      let ascii = line.text.utf8.allSatisfy { $0 < 0x80 }
      let content = ascii ? trimASCIISpaces(line.text) : trimSpaces(line.text)
      if content.utf8.elementsEqual("---".utf8) {
        let fm = FrontMatter(entries: entries, malformedLines: malformed, endLine: lineNumber)
        return Result(frontMatter: fm, unclosed: false, bodyOffset: line.end, bodyFirstLine: lineNumber + 1)
      }
      if content.isEmpty || (ascii ? content.utf8.first == UInt8(ascii: "#") : content.hasPrefix("#")) {
        continue
      }
      if let (key, value) = ascii ? asciiEntry(content) : entry(content) {
        entries.append((key: String(key), value: String(value), line: lineNumber))
        continue
      }
      malformed.append(lineNumber)
    }
    return Result(frontMatter: nil, unclosed: true, bodyOffset: 0, bodyFirstLine: 1)
  }

  /// A trimmed line as `key: value` (the value unquoted), or nil when it is not one.
  private static func entry(_ content: Substring) -> (key: Substring, value: Substring)? {
    guard let colon = content.firstIndex(of: ":") else { return nil }
    let key = trimSpaces(content[..<colon])
    var value = trimSpaces(content[content.index(after: colon)...])
    if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
      value = value.dropFirst().dropLast()
    }
    guard !key.isEmpty && !key.contains(" ") else { return nil }
    return (key, value)
  }

  /// ``entry(_:)`` for a line of ASCII characters, where each byte is a character.
  private static func asciiEntry(_ content: Substring) -> (key: Substring, value: Substring)? {
    let utf8 = content.utf8
    guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
    let key = trimASCIISpaces(content[..<colon])
    var value = trimASCIISpaces(content[utf8.index(after: colon)...])
    let bytes = value.utf8
    if bytes.count >= 2, let q = bytes.first, q == UInt8(ascii: "\"") || q == UInt8(ascii: "'"),
      bytes.last == q
    {
      value = value[bytes.index(after: bytes.startIndex)..<bytes.index(before: bytes.endIndex)]
    }
    guard !key.isEmpty && !key.utf8.contains(UInt8(ascii: " ")) else { return nil }
    return (key, value)
  }

  /// Checks a `date:` value: `YYYY-MM-DD`, a real calendar day.
  public static func isValidDate(_ value: String) -> Bool {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return false }
    guard (1...12).contains(month), day >= 1 else { return false }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= days[month - 1]
  }
}
