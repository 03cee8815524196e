import MarkdownSyntax

/// The headings of a Markdown text and where they are in its lines, read from the parser's
/// blocks: each top-level heading block's line range (`Block.startLine...endLine`), so a
/// heading is wherever `MarkdownParser` finds one (not inside code, HTML, quotes or lists).
///
/// The catalog and the changelog importer need where headings are in the source text, so
/// they can cut a file into slices (onboarding pages, one changelog section per version) and
/// keep each slice's Markdown verbatim; the heading's text is taken from those source lines
/// as written.
package struct HeadingScanner {
  /// One heading.
  package struct Heading: Equatable {
    /// 1...6.
    package var level: Int
    /// The heading's text as written (without `#` marks; setext lines joined by a space).
    package var text: String
    /// The 0-based index of the heading's first line.
    package var firstLine: Int
    /// The 0-based index of its last line (the underline of a setext heading).
    package var lastLine: Int
    /// True for an ATX heading (its level can be changed by editing its `#` marks).
    package var isATX: Bool
  }

  /// The headings, in order.
  package private(set) var headings: [Heading] = []
  /// For each line, whether it is inside a code block or an HTML block, at any depth.
  private(set) var inCode: [Bool] = []

  /// Scans `lines`, the lines of `document` (parsed without front matter).
  package init(lines: [TextLine], document: MarkdownDocument) {
    inCode = Array(repeating: false, count: lines.count)
    func mark(_ block: Block) {
      for line in max(block.startLine - 1, 0)..<min(block.endLine, lines.count) { inCode[line] = true }
    }
    func walk(_ blocks: [Block]) {
      for block in blocks {
        switch block.kind {
        case .codeBlock, .htmlBlock: mark(block)
        case .blockQuote(let inner, _): walk(inner)
        case .list(let list): for item in list.items { walk(item.blocks) }
        default: break
        }
      }
    }
    walk(document.blocks)
    for block in document.blocks {
      guard case .heading(let level, _) = block.kind else { continue }
      let first = block.startLine - 1
      var last = min(block.endLine, lines.count) - 1
      guard first >= 0, first <= last else { continue }
      // A setext heading's range can run on over the blank line that follows its underline.
      while last > first, isBlank(lines[last].text) { last -= 1 }
      let content = lines[first].text.drop(while: { $0 == " " })
      if first == last, let (_, title) = Self.atx(content) {
        headings.append(Heading(level: level, text: title, firstLine: first, lastLine: last, isATX: true))
      } else {
        let title = lines[first..<last].map { String(trimSpaces($0.text)) }.joined(separator: " ")
        headings.append(Heading(level: level, text: title, firstLine: first, lastLine: last, isATX: false))
      }
    }
  }

  /// Parses `text` (without front matter; `lines` is ``splitLines(_:)`` of it) and scans it.
  package init(text: String, lines: [TextLine]) {
    self.init(lines: lines, document: MarkdownParser.parse(text, frontMatter: false))
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

  /// `***`, `---` or `___` (three or more, spaces allowed between).
  static func isThematicBreak(_ s: Substring) -> Bool {
    let marks = s.filter { $0 != " " && $0 != "\t" }
    guard let c = marks.first, c == "-" || c == "*" || c == "_" else { return false }
    return marks.count >= 3 && marks.allSatisfy { $0 == c }
  }
}
