/// Finds the headings of a Markdown text line by line: ATX (`## x`) and setext (`x` over
/// `===` or `---`), outside fenced code blocks.
///
/// The catalog and the changelog importer need only where headings are, in the source
/// text, so they can cut a file into slices (onboarding pages, one changelog section per
/// version) and keep each slice's Markdown verbatim. A full parse would give the headings
/// but not the source slices, so this small scanner follows the CommonMark rules that
/// matter for that: up to three spaces of indentation, fences of three or more backticks
/// or tildes, and no setext heading under a list item or block quote line.
struct HeadingScanner {
  /// One heading.
  struct Heading: Equatable {
    /// 1...6.
    var level: Int
    /// The heading's text as written (without `#` marks; setext lines joined by a space).
    var text: String
    /// The 0-based index of the heading's first line.
    var firstLine: Int
    /// The 0-based index of its last line (the underline of a setext heading).
    var lastLine: Int
    /// True for an ATX heading (its level can be changed by editing its `#` marks).
    var isATX: Bool
  }

  /// The headings, in order.
  private(set) var headings: [Heading] = []
  /// For each line, whether it is inside a fenced code block (fence lines included).
  private(set) var inCode: [Bool] = []

  init(lines: [TextLine]) {
    var fence: (char: Character, count: Int)?
    var paragraphStart: Int?
    inCode = Array(repeating: false, count: lines.count)
    for (i, line) in lines.enumerated() {
      let text = line.text
      let indent = text.prefix(while: { $0 == " " }).count
      let content = text.dropFirst(min(indent, text.count))
      if let open = fence {
        inCode[i] = true
        if indent < 4, let run = Self.fenceRun(content), run.char == open.char, run.count >= open.count,
          isBlank(content.dropFirst(run.count))
        {
          fence = nil
        }
        continue
      }
      if isBlank(text) {
        paragraphStart = nil
        continue
      }
      if indent < 4, let run = Self.fenceRun(content) {
        let info = content.dropFirst(run.count)
        if run.char == "~" || !info.contains("`") {
          fence = run
          inCode[i] = true
          paragraphStart = nil
          continue
        }
      }
      if indent < 4, let (level, title) = Self.atx(content) {
        headings.append(Heading(level: level, text: title, firstLine: i, lastLine: i, isATX: true))
        paragraphStart = nil
        continue
      }
      if indent < 4, let start = paragraphStart, let level = Self.setextLevel(content),
        Self.canBeSetextContent(lines[start].text)
      {
        let title = lines[start..<i].map { String(trimSpaces($0.text)) }.joined(separator: " ")
        headings.append(Heading(level: level, text: title, firstLine: start, lastLine: i, isATX: false))
        paragraphStart = nil
        continue
      }
      if paragraphStart == nil {
        // A thematic break or an indented code line does not start a paragraph.
        paragraphStart = (indent >= 4 || Self.isThematicBreak(content)) ? nil : i
      }
    }
  }

  /// A run of three or more backticks or tildes at the start of `s`.
  private static func fenceRun(_ s: Substring) -> (char: Character, count: Int)? {
    guard let c = s.first, c == "`" || c == "~" else { return nil }
    let n = s.prefix(while: { $0 == c }).count
    return n >= 3 ? (c, n) : nil
  }

  /// An ATX heading's level and text.
  private static func atx(_ s: Substring) -> (Int, String)? {
    let hashes = s.prefix(while: { $0 == "#" }).count
    guard (1...6).contains(hashes) else { return nil }
    var rest = s.dropFirst(hashes)
    guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
    rest = trimSpaces(rest)
    // An optional closing sequence of #s, preceded by a space (or making up the whole text).
    let closing = rest.reversed().prefix(while: { $0 == "#" }).count
    if closing > 0 {
      let before = rest.dropLast(closing)
      if before.isEmpty {
        rest = before
      } else if let last = before.last, last == " " || last == "\t" {
        rest = trimSpaces(before)
      }
    }
    return (hashes, String(rest))
  }

  /// The level a setext underline gives (1 for `=`, 2 for `-`), if `s` is one.
  private static func setextLevel(_ s: Substring) -> Int? {
    let body = trimSpaces(s)
    guard let c = body.first, c == "=" || c == "-", body.allSatisfy({ $0 == c }) else { return nil }
    return c == "=" ? 1 : 2
  }

  /// Whether a paragraph starting with this line can be a setext heading's text (not a
  /// list item or block quote, whose paragraphs an unindented underline cannot continue).
  private static func canBeSetextContent(_ line: Substring) -> Bool {
    let s = trimSpaces(line)
    if s.hasPrefix(">") { return false }
    if let c = s.first, c == "-" || c == "*" || c == "+" {
      let after = s.dropFirst()
      if after.isEmpty || after.first == " " || after.first == "\t" { return false }
    }
    let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
    if !digits.isEmpty && digits.count <= 9 {
      let after = s.dropFirst(digits.count)
      if let d = after.first, d == "." || d == ")" {
        let rest = after.dropFirst()
        if rest.isEmpty || rest.first == " " || rest.first == "\t" { return false }
      }
    }
    return true
  }

  /// `***`, `---` or `___` (three or more, spaces allowed between).
  static func isThematicBreak(_ s: Substring) -> Bool {
    let marks = s.filter { $0 != " " && $0 != "\t" }
    guard let c = marks.first, c == "-" || c == "*" || c == "_" else { return false }
    return marks.count >= 3 && marks.allSatisfy { $0 == c }
  }
}
