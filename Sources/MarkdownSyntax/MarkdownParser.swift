/// Parses CommonMark 0.31.2 plus the GFM extensions (tables, strikethrough, task list
/// items, extended autolinks) into a ``MarkdownDocument``.
///
/// The parser is pure Swift, has no Foundation dependency and runs in time linear
/// in its input. Invalid UTF-8 and U+0000 become U+FFFD.
public enum MarkdownParser {
  /// Parses UTF-8 bytes (invalid sequences are replaced by U+FFFD).
  public static func parse(bytes: some Collection<UInt8>) -> MarkdownDocument {
    parse(String(decoding: Array(bytes), as: UTF8.self))
  }

  /// Parses a string.
  public static func parse(_ text: String) -> MarkdownDocument {
    // Placeholder until the block and inline parsers land: one paragraph per non-blank line run.
    var blocks: [Block] = []
    var current: [String] = []
    var start = 1
    var lineNumber = 0
    func flush() {
      if !current.isEmpty {
        blocks.append(
          Block(.paragraph([.text(current.joined(separator: " "))]), startLine: start, endLine: lineNumber))
        current = []
      }
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lineNumber += 1
      if line.allSatisfy({ $0 == " " }) {
        flush()
      } else {
        if current.isEmpty { start = lineNumber }
        current.append(String(line))
      }
    }
    flush()
    return MarkdownDocument(blocks: blocks)
  }
}
