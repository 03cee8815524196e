/// Parses CommonMark 0.31.2, by default with the GFM extensions (tables, strikethrough, task
/// list items, extended autolinks, footnotes), into a ``MarkdownDocument``.
///
/// The parser is pure Swift, has no Foundation dependency and runs in time linear
/// in its input. Invalid UTF-8 and U+0000 become U+FFFD.
///
/// Parsing has two phases, as the spec describes: the block phase (``BlockParser``) reads
/// the input line by line into containers and leaf blocks with raw text, collecting link
/// reference definitions; the inline phase (``InlineParser``) then parses the text of each
/// paragraph, heading and table cell. Nesting is capped (``BlockParser/maxDepth`` containers,
/// ``InlineParser/maxDepth`` inline levels) so that no tree walk can overflow the stack.
package enum MarkdownParser {
  /// Parses UTF-8 bytes (invalid sequences are replaced by U+FFFD). With `frontMatter`
  /// (the default) and the GFM flavour, a `---` line at the very top that has a closing `---`
  /// line starts front matter; without it, such lines are thematic breaks or setext underlines
  /// as in plain CommonMark. ``MarkdownFlavor/commonMark`` reads no extension and no front
  /// matter.
  package static func parse(
    bytes: some Collection<UInt8>, frontMatter: Bool = true, flavor: MarkdownFlavor = .gfm
  ) -> MarkdownDocument {
    // The standard library's repair: each ill-formed sequence becomes U+FFFD.
    parse(String(decoding: bytes, as: UTF8.self), frontMatter: frontMatter, flavor: flavor)
  }

  /// Parses a string (see ``parse(bytes:frontMatter:flavor:)``).
  package static func parse(_ text: String, frontMatter: Bool = true, flavor: MarkdownFlavor = .gfm)
    -> MarkdownDocument
  {
    withInput(text) { parse(utf8: $0, frontMatter: frontMatter && flavor == .gfm, gfm: flavor == .gfm) }
  }

  /// ``parse(_:frontMatter:flavor:)``, and how much work the parsers did: every byte of every
  /// line, token and byte of inline text, and turn of a walk over open containers or the
  /// delimiter and bracket stacks. A deterministic measure for tests that hold the parser to
  /// time linear in its input.
  package static func parseCountingSteps(_ text: String, flavor: MarkdownFlavor = .gfm)
    -> (document: MarkdownDocument, steps: Int)
  {
    withInput(text) { parseCountingSteps(utf8: $0, frontMatter: flavor == .gfm, gfm: flavor == .gfm) }
  }

  // MARK: - Helpers

  /// Calls `body` with what the parser reads: the UTF-8 of `text`, each U+0000 replaced by
  /// U+FFFD (the spec's rule for insecure characters).
  static func withInput<Result>(_ text: String, _ body: (Bytes) -> Result) -> Result {
    var text = text
    return text.withUTF8 { bytes in
      guard Scan.contains(0, in: bytes) else { return body(bytes) }
      var input: [UInt8] = []
      input.reserveCapacity(bytes.count + 16)
      for byte in bytes {
        if byte == 0 {
          input.append(contentsOf: [0xEF, 0xBF, 0xBD])
        } else {
          input.append(byte)
        }
      }
      return input.withUnsafeBufferPointer(body)
    }
  }

  static func parse(utf8 p: Bytes, frontMatter allowFrontMatter: Bool, gfm: Bool) -> MarkdownDocument {
    parseCountingSteps(utf8: p, frontMatter: allowFrontMatter, gfm: gfm).document
  }

  /// The document and the work both phases did (``parseCountingSteps(_:flavor:)``).
  static func parseCountingSteps(
    utf8 p: Bytes, frontMatter allowFrontMatter: Bool, gfm: Bool
  ) -> (document: MarkdownDocument, steps: Int) {
    var start = 0
    // Byte order mark.
    if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { start = 3 }
    var frontMatter: FrontMatter?
    var firstLine = 0
    if allowFrontMatter, let (fm, next, lines) = parseFrontMatter(p, start) {
      frontMatter = fm
      start = next
      firstLine = lines
    }
    var blockParser = BlockParser(bytes: p, firstLineNumber: firstLine, gfm: gfm)
    let root = blockParser.run(from: start)
    // The builder reads the input and the arena through pointers lent to this closure: it is
    // made, used and dropped inside it, and only values come out.
    let (document, inlineSteps) = blockParser.arena.withUnsafeBufferPointer { arena in
      var builder = DocumentBuilder(p: p, arena: arena, definitions: blockParser.definitions, gfm: gfm)
      builder.footnotes = FootnoteNumbering(definitions: blockParser.footnotes)
      var document = MarkdownDocument(
        frontMatter: frontMatter, blocks: builder.blocks(of: root),
        linkDefinitions: blockParser.definitions.dictionary())
      document.unresolvedReferences = builder.unresolved
      if !builder.footnotes.definitions.isEmpty || !builder.footnotes.undefined.isEmpty {
        (document.footnotes, document.unusedFootnotes) = builder.footnotes.finish()
        document.undefinedFootnotes = builder.footnotes.undefined
      }
      return (document, builder.parser.steps)
    }
    return (document, blockParser.steps + inlineSteps)
  }

  /// Front matter (``FrontMatterParser``): returns it, the offset after the closing line and
  /// the number of lines consumed; nil when there is none.
  static func parseFrontMatter(_ p: Bytes, _ start: Int) -> (FrontMatter, Int, Int)? {
    let split = FrontMatterParser.split(p, from: start)
    guard let frontMatter = split.frontMatter else { return nil }
    return (frontMatter, split.bodyOffset, split.bodyFirstLine - 1)
  }

}

/// Which Markdown ``MarkdownParser`` reads.
package enum MarkdownFlavor: String, Sendable, CaseIterable {
  /// CommonMark 0.31.2 alone: no extension and no front matter.
  case commonMark = "commonmark"
  /// GitHub Flavored Markdown: CommonMark plus tables, strikethrough, task list items, extended
  /// autolinks and footnotes (and front matter, when asked for).
  case gfm
}

/// Converts the block parser's nodes to ``Block`` values, running the inline phase.
struct DocumentBuilder: ~Copyable {
  let p: Bytes
  /// The block parser's content arena.
  let arena: Bytes
  let definitions: DefinitionTable
  /// Whether the GFM extensions are on.
  let gfm: Bool
  var unresolved: [UnresolvedReference] = []
  /// One inline parser for every paragraph, heading and cell (``InlineParser/reset(_:_:)``),
  /// so its buffers are made once; it keeps the footnote numbering.
  var parser: InlineParser
  /// Where the inline builder merges adjacent text (``InlineParser/build(mergingTextIn:)``),
  /// made once.
  var text = RawBytes(capacity: 256)

  init(p: Bytes, arena: Bytes, definitions: DefinitionTable, gfm: Bool) {
    self.p = p
    self.arena = arena
    self.definitions = definitions
    self.gfm = gfm
    parser = InlineParser(arena, 0..<0, definitions: definitions, gfm: gfm, lineOf: .fixed(0))
  }

  /// The footnotes' numbering, the parser's.
  var footnotes: FootnoteNumbering {
    get { parser.footnotes }
    _modify { yield &parser.footnotes }
  }

  mutating func blocks(of node: BlockNode) -> [Block] {
    var out: [Block] = []
    var count = 0
    for _ in node.children { count += 1 }
    out.reserveCapacity(count)
    for child in node.children {
      if let block = block(child) { out.append(block) }
    }
    return out
  }

  mutating func inlines(_ node: BlockNode) -> [Inline] {
    parseInlines(arena, node.literalStart..<node.contentEnd, lineOf: .node(node, arena))
  }

  mutating func cellInlines(_ cell: [UInt8], line: Int) -> [Inline] {
    cell.withUnsafeBufferPointer { parseInlines($0, 0..<$0.count, lineOf: .fixed(line)) }
  }

  /// The inlines of `range` of `bytes`, without its leading and trailing whitespace.
  mutating func parseInlines(_ bytes: Bytes, _ range: Range<Int>, lineOf: LineLocator) -> [Inline] {
    parser.lineOf = lineOf
    guard parser.parseTrimmed(bytes, range) else { return [] }
    if !parser.unresolved.isEmpty { unresolved.append(contentsOf: parser.unresolved) }
    return parser.build(mergingTextIn: &text)
  }

  mutating func block(_ node: BlockNode) -> Block? {
    let kind: BlockKind
    switch node.kind {
    case .paragraph:
      kind = .paragraph(inlines(node))
    case .heading:
      kind = .heading(level: node.level, content: inlines(node))
    case .thematicBreak:
      kind = .thematicBreak
    case .codeBlock:
      let literal = String(
        decoding: UnsafeBufferPointer(
          rebasing: arena[node.literalStart..<max(node.literalStart, node.contentEnd)]),
        as: UTF8.self)
      kind = .codeBlock(info: node.info, literal: literal, fenced: node.fenced)
    case .htmlBlock:
      kind = .htmlBlock(
        String(
          decoding: UnsafeBufferPointer(rebasing: arena[node.contentStart..<node.contentEnd]), as: UTF8.self))
    case .blockQuote:
      let alert = gfm ? node.stripAlertMarker(in: arena) : nil
      var children = blocks(of: node)
      // A marker alone in its paragraph leaves that paragraph empty: it is not content.
      if alert != nil, case .paragraph(let inlines)? = children.first?.kind, inlines.isEmpty {
        children.removeFirst()
      }
      kind = .blockQuote(children, alert: alert)
    case .list:
      var items: [ListItem] = []
      for item in node.children {
        let task = taskMarker(item)
        items.append(ListItem(blocks: blocks(of: item), task: task, startLine: item.startLine))
      }
      let marker: ListBlock.Marker =
        node.ordered
        ? .ordered(start: node.start, delimiter: Character(Unicode.Scalar(node.delimiter)))
        : .bullet(Character(Unicode.Scalar(node.bulletChar)))
      kind = .list(ListBlock(marker: marker, isTight: node.tight, items: items))
    case .table:
      guard let data = node.table else { return nil }
      var header: [[Inline]] = []
      for cell in data.headerCells { header.append(cellInlines(cell, line: node.startLine)) }
      var rows: [[[Inline]]] = []
      for (index, range) in data.rowLines.enumerated() {
        let cells = TableRow.cells(p, range.lowerBound, range.upperBound)
        let line = node.startLine + 2 + index
        var row: [[Inline]] = []
        for column in 0..<data.alignments.count {
          row.append(column < cells.count ? cellInlines(cells[column], line: line) : [])
        }
        rows.append(row)
      }
      kind = .table(Table(alignments: data.alignments, header: header, rows: rows))
    case .footnoteDefinition:
      // Built where it stands, so references inside are numbered in document order; the
      // content goes to the document's footnotes.
      let content = blocks(of: node)
      if node.footnoteIndex >= 0 { footnotes.contents[node.footnoteIndex] = content }
      return nil
    case .document, .item, .linkDefinitions:
      return nil
    }
    return Block(kind, startLine: node.startLine, endLine: max(node.startLine, node.endLine))
  }

  /// Detects and strips a GFM task marker (`[ ]`, `[x]`, `[X]` then whitespace) at the start
  /// of an item's first paragraph: ``BlockNode/stripTaskMarker(in:)``, in GFM only.
  func taskMarker(_ item: BlockNode) -> Bool? {
    gfm ? item.stripTaskMarker(in: arena) : nil
  }
}

extension BlockNode {
  /// For a block quote whose first block is a paragraph whose first line is a GitHub alert
  /// marker alone (`[!WARNING]`, any case, spaces or tabs around it) and which has content
  /// after that line: strips the line from the paragraph (in `arena`) and returns the kind;
  /// else nil and nothing changes.
  func stripAlertMarker(in arena: Bytes) -> AlertKind? {
    guard let first = firstChild, first.kind == .paragraph else { return nil }
    let c = arena
    var s = first.literalStart
    let end = first.contentEnd
    while s < end, Scan.isSpaceOrTab(c[s]) { s += 1 }
    guard s + 4 < end, c[s] == ASCII.openBracket, c[s + 1] == 33 else { return nil }
    var lineEnd = s
    while lineEnd < end, c[lineEnd] != 10 { lineEnd += 1 }
    var close = lineEnd
    while close > s, Scan.isSpaceOrTab(c[close - 1]) { close -= 1 }
    guard c[close - 1] == ASCII.closeBracket else { return nil }
    var name = ""
    for i in (s + 2)..<(close - 1) {
      let b = c[i]
      guard (65...90).contains(b) || (97...122).contains(b) else { return nil }
      name.unicodeScalars.append(Unicode.Scalar(b | 0x20))
    }
    guard let kind = AlertKind(rawValue: name) else { return nil }
    // GitHub wants content after the marker: more of the paragraph, or another block.
    var rest = lineEnd
    while rest < end, Scan.isSpace(c[rest]) { rest += 1 }
    guard rest < end || first.next != nil else { return nil }
    first.literalStart = rest
    return kind
  }

  /// For a list item whose first block is a paragraph starting with a GFM task marker (`[ ]`,
  /// `[x]` or `[X]`, then whitespace): strips the marker and the whitespace after it from that
  /// paragraph (in `arena`, the block parser's content) and says whether it is checked; else
  /// nil.
  func stripTaskMarker(in arena: Bytes) -> Bool? {
    guard let first = firstChild, first.kind == .paragraph else { return nil }
    let c = arena
    let s = first.literalStart
    guard s + 3 < first.contentEnd, c[s] == ASCII.openBracket, c[s + 2] == ASCII.closeBracket else {
      return nil
    }
    let mark = c[s + 1]
    guard mark == 32 || mark == ASCII.x || mark == 88 else { return nil }
    guard Scan.isSpace(c[s + 3]) else { return nil }
    var k = s + 3
    while k < first.contentEnd, Scan.isSpaceOrTab(c[k]) { k += 1 }
    first.literalStart = k
    return mark != 32
  }
}
