import MarkdownSyntax

/// Hand-built syntax trees, so renderer tests do not depend on the parser.
enum Fixtures {
  static func block(_ kind: BlockKind) -> Block { Block(kind, startLine: 1, endLine: 1) }
  static func paragraph(_ inlines: Inline...) -> Block { block(.paragraph(inlines)) }
  static func paragraph(_ text: String) -> Block { block(.paragraph([.text(text)])) }
  static func item(_ blocks: Block..., task: Bool? = nil) -> ListItem {
    ListItem(blocks: blocks, task: task, startLine: 1)
  }
  static func bullets(_ items: ListItem..., tight: Bool = true) -> Block {
    block(.list(ListBlock(marker: .bullet("-"), isTight: tight, items: items)))
  }
  static func ordered(start: Int = 1, _ items: ListItem..., tight: Bool = true) -> Block {
    block(.list(ListBlock(marker: .ordered(start: start, delimiter: "."), isTight: tight, items: items)))
  }

  /// One of every element the renderer knows.
  static let everyElement = MarkdownDocument(blocks: [
    block(.heading(level: 1, content: [.text("Release 2.0: everything new")])),
    paragraph(
      .text("Plain text with "), .emphasis([.text("emphasis")]), .text(", "), .strong([.text("strong")]),
      .text(", "), .strikethrough([.text("struck")]), .text(", "), .code("inline code"), .text(", a "),
      .link(destination: "https://example.com/docs", title: nil, content: [.text("link")]),
      .text(", an autolink "),
      .link(destination: "https://example.com", title: nil, content: [.text("https://example.com")]),
      .text(" and the same "),
      .link(destination: "https://example.com/docs", title: "again", content: [.text("link again")]),
      .text("."), .softBreak, .text("A soft break, then a hard one:"), .hardBreak, .text("after the break."),
      .html("<!-- a hidden comment -->"), .html("<span>"), .text(" Tags are dropped."), .html("</span>")
    ),
    block(.heading(level: 2, content: [.text("Second level")])),
    block(.heading(level: 3, content: [.text("Third level with a long title that has to wrap somewhere")])),
    block(.heading(level: 6, content: [.text("Sixth level")])),
    bullets(
      item(paragraph("First bullet")),
      item(
        paragraph("Second bullet, long enough to wrap onto a second line with a hanging indent"),
        bullets(
          item(paragraph("Nested bullet")),
          item(paragraph("Another nested"), bullets(item(paragraph("Third level")))))
      ),
      item(paragraph("Done task"), task: true),
      item(paragraph("Open task"), task: false)
    ),
    ordered(
      start: 8,
      item(paragraph("Eighth")), item(paragraph("Ninth")),
      item(paragraph("Tenth, with numbers right-aligned"), ordered(item(paragraph("Nested ordered"))))
    ),
    bullets(
      item(paragraph("Loose item one")), item(paragraph("Loose item two"), paragraph("Second paragraph")),
      tight: false),
    block(
      .blockQuote([
        paragraph("A quoted paragraph that goes on long enough to wrap inside the quote bar."),
        block(.blockQuote([paragraph("A nested quote.")])),
      ])),
    block(
      .codeBlock(
        info: "swift",
        literal:
          "let greeting = \"Hello\"\n\tprint(greeting) // a tab\nlet veryLongLine = \"this line is much too long to fit in forty cells and must be soft-wrapped\"\n",
        fenced: true)),
    block(.thematicBreak),
    block(
      .table(
        Table(
          alignments: [.left, .center, .right],
          header: [[.text("Feature")], [.text("Status")], [.text("Version")]],
          rows: [
            [[.text("Tables")], [.strong([.text("done")])], [.text("2.0")]],
            [
              [.text("Wrapping of very long cell contents inside a narrow column")], [.text("in progress")],
              [.text("2.1")],
            ],
            [[.text("中文")], [.text("✓")], [.text("10.0")]],
          ]))),
    block(.htmlBlock("<!-- hidden html comment block -->\n")),
    block(.htmlBlock("<details>\n<summary>More</summary>\n</details>\n")),
    paragraph(
      .text("An image: "),
      .image(source: "https://example.com/shot.png", title: nil, alt: [.text("screenshot")]),
      .text(" and one without alt text: "), .image(source: "pic.png", title: nil, alt: [])),
  ])
}
