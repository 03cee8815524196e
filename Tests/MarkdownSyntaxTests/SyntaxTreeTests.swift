import NotesTools
import Testing

@testable import MarkdownSyntax

/// The tree itself: positions, front matter, references, task items, tables, sanitising
/// and the nesting caps.
@Suite struct SyntaxTreeTests {
  @Test func blocksCarrySourceLines() {
    let doc = MarkdownParser.parse(
      """
      # Title

      First paragraph
      continues here.

      - one
      - two

      ```swift
      let x = 1
      ```
      """)
    #expect(doc.blocks.count == 4)
    #expect(doc.blocks.map(\.startLine) == [1, 3, 6, 9])
    #expect(doc.blocks.map(\.endLine) == [1, 4, 7, 11])
    guard case .list(let list) = doc.blocks[2].kind else {
      Issue.record("expected a list")
      return
    }
    #expect(list.items.map(\.startLine) == [6, 7])
  }

  @Test func frontMatterIsSeparateAndCountsLines() {
    let doc = MarkdownParser.parse(
      """
      ---
      title: Big release
      date: 2024-05-01
      not a pair
      ---
      Hello
      """)
    let fm = doc.frontMatter
    #expect(fm?["title"] == "Big release")
    #expect(fm?["date"] == "2024-05-01")
    #expect(fm?.entries.map(\.line) == [2, 3])
    #expect(fm?.malformedLines == [4])
    #expect(fm?.endLine == 5)
    #expect(doc.blocks.count == 1)
    #expect(doc.blocks.first?.startLine == 6)
    #expect(!HTMLRenderer.render(doc).contains("title"))
  }

  @Test func unclosedFrontMatterIsAThematicBreak() {
    let doc = MarkdownParser.parse("---\ntitle: x\n")
    #expect(doc.frontMatter == nil)
    #expect(doc.blocks.first?.kind == .thematicBreak)
    // Not on the first line: an ordinary thematic break and setext heading.
    let later = MarkdownParser.parse("\n---\nFoo\n---\n")
    #expect(later.frontMatter == nil)
    #expect(later.blocks.count == 2)
  }

  @Test func unresolvedFullAndCollapsedReferencesAreRecorded() {
    let doc = MarkdownParser.parse(
      """
      See [the docs][docs] and [missing][] and [shortcut].

      Also [text][nowhere].

      [docs]: https://example.com
      """)
    #expect(
      doc.unresolvedReferences == [
        UnresolvedReference(label: "missing", line: 1), UnresolvedReference(label: "nowhere", line: 3),
      ])
    #expect(doc.linkDefinitions["docs"]?.destination == "https://example.com")
    #expect(doc.linkDefinitions["docs"]?.line == 5)
  }

  /// Lines of definitions and unresolved references deep in long paragraphs (the line
  /// counter skips eight bytes at a time): each one on the line it was written on.
  @Test func linesOfDefinitionsAndReferencesInLongParagraphs() {
    var source = "Intro line\n\n"
    var line = 3
    var expectedReferences: [UnresolvedReference] = []
    var text: [String] = []
    for k in 0..<40 {
      // Lines of varied lengths, a reference to an undefined label on some of them.
      let filler = String(repeating: "w", count: (k * 7) % 23)
      if k % 3 == 0 {
        text.append("\(filler) see [ref \(k)][none\(k)] here")
        expectedReferences.append(UnresolvedReference(label: "none\(k)", line: line + k))
      } else {
        text.append("\(filler) plain \(k)")
      }
    }
    source += text.joined(separator: "\n") + "\n\n"
    line += 41
    var expectedDefinitions: [String: Int] = [:]
    for k in 0..<60 {
      source += "[d\(k)]: https://example.com/\(String(repeating: "p", count: (k * 5) % 17))\n"
      expectedDefinitions["d\(k)"] = line + k
    }
    let doc = MarkdownParser.parse(source)
    #expect(doc.unresolvedReferences == expectedReferences)
    for (label, line) in expectedDefinitions {
      #expect(doc.linkDefinitions[label]?.line == line, "\(label)")
    }
  }

  @Test func labelsAreCaseFolded() {
    let doc = MarkdownParser.parse("[ẞ]\n\n[SS]: /url\n\n[Foo  Bar]: /x\n")
    #expect(doc.linkDefinitions["ss"] != nil)
    #expect(doc.linkDefinitions["foo bar"] != nil)
    #expect(HTMLRenderer.render(doc) == "<p><a href=\"/url\">ẞ</a></p>\n")
  }

  /// The document builder parses every block with one inline parser, reset between blocks:
  /// nothing of one block's parse (the code-span and raw-HTML memos, open brackets and
  /// delimiters) may reach the next, so each paragraph parses as it does alone.
  @Test func eachParagraphParsesAsItDoesAlone() {
    let paragraphs = [
      "An unclosed <!-- comment and ``two backticks",
      "Then <!-- a closed --> comment and ``code`` here",
      "Text <? unclosed, <![CDATA[ unclosed and <!DECL unclosed",
      "Text <?pi?> and <![CDATA[x]]> and <!DECL y>",
      "*open [bracket and _delims ![image",
      "**strong** [link](/u) and _em_ ~~del~~ ![alt](/i)",
      "`one` then ``` three",
      "``` three ``` and `one`",
    ]
    let whole = MarkdownParser.parse(paragraphs.joined(separator: "\n\n"))
    #expect(whole.blocks.count == paragraphs.count)
    for (block, text) in zip(whole.blocks, paragraphs) {
      #expect(block.kind == MarkdownParser.parse(text).blocks.first?.kind, "\(text)")
    }
  }

  @Test func invalidUTF8AndNULBecomeReplacementCharacters() {
    let doc = MarkdownParser.parse(bytes: [0x61, 0xFF, 0x62, 0x00, 0x63, 0xE2, 0x82])
    #expect(doc.blocks.first?.kind == .paragraph([.text("a\u{FFFD}b\u{FFFD}c\u{FFFD}")]))
    let fromString = MarkdownParser.parse("x\u{0}y")
    #expect(fromString.blocks.first?.kind == .paragraph([.text("x\u{FFFD}y")]))
    #expect(HTMLRenderer.render(MarkdownParser.parse("&#0;")) == "<p>\u{FFFD}</p>\n")
  }

  @Test func taskItems() {
    let doc = MarkdownParser.parse("- [ ] todo\n- [x] done\n- [y] neither\n- plain\n")
    guard case .list(let list) = doc.blocks.first?.kind else {
      Issue.record("expected a list")
      return
    }
    #expect(list.items.map(\.task) == [false, true, nil, nil])
    #expect(list.items[0].blocks.first?.kind == .paragraph([.text("todo")]))
    #expect(list.isTight)
  }

  @Test func tableAlignmentsAndRows() {
    let doc = MarkdownParser.parse(
      "intro\n| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 |\n| x \\| y | *z* | w | extra |\n")
    #expect(doc.blocks.count == 2)
    #expect(doc.blocks.map(\.startLine) == [1, 2])
    guard case .table(let table) = doc.blocks.last?.kind else {
      Issue.record("expected a table")
      return
    }
    #expect(table.alignments == [.left, .center, .right])
    #expect(table.header == [[.text("a")], [.text("b")], [.text("c")]])
    #expect(table.rows.count == 2)
    #expect(table.rows[0] == [[.text("1")], [.text("2")], []])
    #expect(table.rows[1] == [[.text("x | y")], [.emphasis([.text("z")])], [.text("w")]])
  }

  @Test func extendedAutolinksAndStrikethrough() {
    let html = HTMLRenderer.render(
      MarkdownParser.parse("Visit www.example.com/a?b, https://x.org or me@example.com. ~~old~~ ~new~\n"))
    #expect(
      html
        == "<p>Visit <a href=\"http://www.example.com/a?b\">www.example.com/a?b</a>, "
        + "<a href=\"https://x.org\">https://x.org</a> or <a href=\"mailto:me@example.com\">me@example.com</a>. "
        + "<del>old</del> <del>new</del></p>\n")
  }

  /// Walks the tree iteratively and returns the deepest nesting of blocks and inlines.
  static func depth(_ blocks: [Block]) -> Int {
    var stack: [(Block, Int)] = blocks.map { ($0, 1) }
    var inlineStack: [(Inline, Int)] = []
    var deepest = 0
    while let (block, d) = stack.popLast() {
      deepest = max(deepest, d)
      switch block.kind {
      case .blockQuote(let children, _): stack += children.map { ($0, d + 1) }
      case .list(let list):
        for item in list.items { stack += item.blocks.map { ($0, d + 2) } }
      case .paragraph(let inlines), .heading(_, let inlines): inlineStack += inlines.map { ($0, d + 1) }
      default: break
      }
    }
    while let (inline, d) = inlineStack.popLast() {
      deepest = max(deepest, d)
      switch inline {
      case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .image(_, _, let c):
        inlineStack += c.map { ($0, d + 1) }
      default: break
      }
    }
    return deepest
  }

  @Test func deepNestingIsCapped() {
    let quotes = MarkdownParser.parse(String(repeating: "> ", count: 20_000) + "deep\n")
    #expect(Self.depth(quotes.blocks) <= BlockParser.maxDepth + 2)
    #expect(HTMLRenderer.render(quotes).contains("&gt; &gt;"))

    let lists = MarkdownParser.parse(String(repeating: "- ", count: 20_000) + "deep\n")
    #expect(Self.depth(lists.blocks) <= BlockParser.maxDepth + 2)

    let emphasis =
      String(repeating: "*a **a ", count: 10_000) + "b" + String(repeating: " a** a*", count: 10_000)
    let doc = MarkdownParser.parse(emphasis)
    #expect(Self.depth(doc.blocks) <= InlineParser.maxDepth + 2)
    let html = HTMLRenderer.render(doc)
    #expect(html.hasPrefix("<p><em>a <strong>a <em>a"))
    // Flattening keeps the text.
    #expect(html.filter { $0 == "b" }.count == 1)
  }

  @Test func lazyContinuationAndLooseLists() {
    let doc = MarkdownParser.parse("> quote\nlazy\n\n1. a\n\n2. b\n")
    #expect(
      HTMLRenderer.render(doc)
        == "<blockquote>\n<p>quote\nlazy</p>\n</blockquote>\n<ol>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ol>\n"
    )
  }
}
