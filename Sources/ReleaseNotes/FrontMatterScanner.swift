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
  public static let knownKeys: [String] = ["title", "date"]

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
      let content = trimSpaces(line.text)
      if content == "---" {
        let fm = FrontMatter(entries: entries, malformedLines: malformed, endLine: lineNumber)
        return Result(frontMatter: fm, unclosed: false, bodyOffset: line.end, bodyFirstLine: lineNumber + 1)
      }
      if content.isEmpty || content.hasPrefix("#") { continue }
      if let colon = content.firstIndex(of: ":") {
        let key = trimSpaces(content[..<colon])
        var value = trimSpaces(content[content.index(after: colon)...])
        if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q {
          value = value.dropFirst().dropLast()
        }
        if !key.isEmpty && !key.contains(" ") {
          entries.append((key: String(key), value: String(value), line: lineNumber))
          continue
        }
      }
      malformed.append(lineNumber)
    }
    return Result(frontMatter: nil, unclosed: true, bodyOffset: 0, bodyFirstLine: 1)
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
