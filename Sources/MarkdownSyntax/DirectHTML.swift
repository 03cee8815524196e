extension HTMLRenderer {
  /// The HTML for the Markdown in `bytes`, as ``render(_:tagFilter:)`` writes it for
  /// ``MarkdownParser/parse(bytes:frontMatter:flavor:)``'s document, but written straight from
  /// the parser's own structures: no ``MarkdownDocument``, no ``Inline`` values and no `String`
  /// per text node. Each paragraph's inlines are parsed and written at once; the text is
  /// escaped from the input bytes.
  ///
  /// The HTML is handed to `output` in pieces (each ends at the end of a top-level block, so
  /// never inside a UTF-8 sequence), so the whole of it is never held at once. The parser's
  /// working tree is handed to `workingTree` instead of being freed (see
  /// ``MarkdownParser/parse(bytes:frontMatter:flavor:keepingWorkingTree:)``).
  package static func render(
    markdown bytes: [UInt8], frontMatter: Bool = true, flavor: MarkdownFlavor = .gfm, tagFilter: Bool = false,
    keepingWorkingTree workingTree: inout AnyObject?, output: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var input = bytes
    MarkdownParser.prepare(&input)
    let gfm = flavor == .gfm
    let root = input.withUnsafeBufferPointer { p in
      var start = 0
      // Byte order mark.
      if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { start = 3 }
      var firstLine = 0
      if frontMatter && gfm, let (_, next, lines) = MarkdownParser.parseFrontMatter(p, start) {
        start = next
        firstLine = lines
      }
      var blockParser = BlockParser(bytes: p, firstLineNumber: firstLine, gfm: gfm)
      let root = blockParser.run(from: start)
      blockParser.arena.withUnsafeBufferPointer { arena in
        var builder = DirectHTMLBuilder(
          p: p, arena: arena, definitions: blockParser.definitions, gfm: gfm, tagFilter: tagFilter,
          footnotes: FootnoteNumbering(definitions: blockParser.footnotes))
        builder.document(root, output: output)
      }
      return root
    }
    workingTree = root
  }
}

/// Writes the block parser's tree as HTML, running the inline phase on each leaf as it goes
/// (``HTMLRenderer/render(markdown:frontMatter:flavor:tagFilter:keepingWorkingTree:output:)``).
/// It follows ``DocumentBuilder`` (which blocks exist, task markers, footnote numbering in
/// document order) and ``HTMLWriter``'s block and inline cases (what each becomes).
struct DirectHTMLBuilder {
  let p: Bytes
  /// The block parser's content arena.
  let arena: Bytes
  let definitions: DefinitionTable
  let gfm: Bool
  var writer: HTMLWriter
  /// Adjacent text, merged before it is written (email autolinks are found in merged text).
  var pending = RawBytes(capacity: 256)
  /// One inline parser for every leaf (``InlineParser/reset(_:_:)``); it keeps the footnote
  /// numbering.
  var parser: InlineParser
  /// Per footnote definition: the HTML of its blocks, and apart, the inlines of its last block
  /// when that is a paragraph (the links back to the references go at its end).
  var footnoteBodies: [(blocks: [UInt8], lastParagraph: [UInt8]?)]

  /// Where the HTML is handed on once this much has accumulated.
  static let chunk = 1 << 16

  init(
    p: Bytes, arena: Bytes, definitions: DefinitionTable, gfm: Bool, tagFilter: Bool,
    footnotes: FootnoteNumbering
  ) {
    self.p = p
    self.arena = arena
    self.definitions = definitions
    self.gfm = gfm
    parser = InlineParser(arena, 0..<0, definitions: definitions, gfm: gfm, lineOf: .fixed(0))
    parser.footnotes = footnotes
    writer = HTMLWriter(tagFilter: tagFilter, capacity: Self.chunk + Self.chunk / 2)
    footnoteBodies = Array(repeating: ([], nil), count: footnotes.definitions.nodes.count)
  }

  mutating func document(_ root: BlockNode, output: (UnsafeBufferPointer<UInt8>) -> Void) {
    for child in root.children {
      block(child, tight: false)
      if writer.out.count >= Self.chunk { flush(output) }
    }
    let referenced = parser.footnotes.referenced()
    if !referenced.isEmpty {
      writer.raw("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
      for (index, count) in referenced {
        footnote(index: index, referenceCount: count)
        if writer.out.count >= Self.chunk { flush(output) }
      }
      writer.raw("</ol>\n</section>\n")
    }
    flush(output)
    writer.out.release()
    pending.release()
  }

  mutating func flush(_ output: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard writer.out.count > 0 else { return }
    output(writer.out.bytes)
    writer.lastFlushed = writer.out.base[writer.out.count - 1]
    writer.out.count = 0
  }

  // MARK: Blocks

  mutating func blocks(of node: BlockNode, tight: Bool) {
    for child in node.children { block(child, tight: tight) }
  }

  /// Whether ``DocumentBuilder`` makes a ``Block`` of `node`.
  static func makesBlock(_ node: BlockNode) -> Bool {
    switch node.kind {
    case .paragraph, .heading, .thematicBreak, .codeBlock, .htmlBlock, .blockQuote, .list: return true
    case .table: return node.table != nil
    case .footnoteDefinition, .document, .item, .linkDefinitions: return false
    }
  }

  mutating func block(_ node: BlockNode, tight: Bool) {
    switch node.kind {
    case .paragraph:
      if tight {
        inlines(node)
      } else {
        writer.cr()
        writer.raw("<p>")
        inlines(node)
        writer.raw("</p>\n")
      }
    case .heading:
      writer.cr()
      writer.raw("<h")
      writer.out.append(decimal: node.level)
      writer.raw(">")
      inlines(node)
      writer.raw("</h")
      writer.out.append(decimal: node.level)
      writer.raw(">\n")
    case .thematicBreak:
      writer.cr()
      writer.raw("<hr />\n")
    case .codeBlock:
      writer.cr()
      let info = node.info
      if info.isEmpty {
        writer.raw("<pre><code>")
      } else {
        writer.raw("<pre><code class=\"")
        var word = Substring(info)
        if let space = info.firstIndex(where: { $0 == " " || $0 == "\t" }) { word = info[..<space] }
        // An info string that already names its class is not prefixed again.
        if !word.hasPrefix("language-") { writer.raw("language-") }
        writer.escaped(String(word))
        writer.raw("\">")
      }
      writer.escaped(Bytes(rebasing: arena[node.literalStart..<max(node.literalStart, node.contentEnd)]))
      writer.raw("</code></pre>\n")
    case .htmlBlock:
      writer.cr()
      writer.rawHTML(Bytes(rebasing: arena[node.contentStart..<node.contentEnd]))
      writer.cr()
    case .blockQuote:
      writer.cr()
      writer.raw("<blockquote>\n")
      blocks(of: node, tight: false)
      writer.cr()
      writer.raw("</blockquote>\n")
    case .list:
      writer.cr()
      if !node.ordered {
        writer.raw("<ul>\n")
      } else if node.start == 1 {
        writer.raw("<ol>\n")
      } else {
        writer.raw("<ol start=\"")
        writer.out.append(decimal: node.start)
        writer.raw("\">\n")
      }
      for item in node.children {
        let task = taskMarker(item)
        writer.cr()
        writer.raw("<li>")
        if let task {
          if task {
            writer.raw("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
          } else {
            writer.raw("<input type=\"checkbox\" disabled=\"\" /> ")
          }
        }
        blocks(of: item, tight: node.tight)
        writer.raw("</li>\n")
      }
      if node.ordered { writer.raw("</ol>\n") } else { writer.raw("</ul>\n") }
    case .table:
      guard let data = node.table else { return }
      writer.cr()
      writer.raw("<table>\n<thead>\n<tr>\n")
      for (column, cell) in data.headerCells.enumerated() {
        tableCell("th", cell, data.alignments[column])
      }
      writer.raw("</tr>\n</thead>\n")
      if !data.rowLines.isEmpty {
        writer.raw("<tbody>\n")
        for range in data.rowLines {
          let cells = TableRow.cells(p, range.lowerBound, range.upperBound)
          writer.raw("<tr>\n")
          for column in 0..<data.alignments.count {
            tableCell("td", column < cells.count ? cells[column] : [], data.alignments[column])
          }
          writer.raw("</tr>\n")
        }
        writer.raw("</tbody>\n")
      }
      writer.raw("</table>\n")
    case .footnoteDefinition:
      footnoteDefinition(node)
    case .document, .item, .linkDefinitions:
      break
    }
  }

  mutating func tableCell(_ tag: StaticString, _ cell: [UInt8], _ alignment: Table.Alignment) {
    writer.raw("<")
    writer.raw(tag)
    switch alignment {
    case .none: break
    case .left: writer.raw(" align=\"left\"")
    case .center: writer.raw(" align=\"center\"")
    case .right: writer.raw(" align=\"right\"")
    }
    writer.raw(">")
    cell.withUnsafeBufferPointer { b in writeInlines(b, 0..<b.count) }
    writer.raw("</")
    writer.raw(tag)
    writer.raw(">\n")
  }

  /// Writes a footnote definition's content into its own buffer, where it stands (so the
  /// references inside are numbered in document order); the footnote section takes it at the
  /// end.
  mutating func footnoteDefinition(_ node: BlockNode) {
    var own = HTMLWriter(tagFilter: writer.tagFilter, capacity: 256)
    swap(&own, &writer)
    var last: BlockNode?
    for child in node.children where Self.makesBlock(child) { last = child }
    var lastParagraph: [UInt8]?
    for child in node.children {
      if child === last, child.kind == .paragraph {
        let blocksEnd = writer.out.count
        inlines(child)
        lastParagraph = Array(Bytes(rebasing: writer.out.bytes[blocksEnd...]))
        writer.out.count = blocksEnd
      } else {
        block(child, tight: false)
      }
    }
    swap(&own, &writer)
    if node.footnoteIndex >= 0 { footnoteBodies[node.footnoteIndex] = (Array(own.out.bytes), lastParagraph) }
    own.out.release()
  }

  /// A footnote as cmark-gfm writes it (``HTMLWriter/footnote(_:)``).
  mutating func footnote(index: Int, referenceCount: Int) {
    let label = parser.footnotes.definitions.nodes[index].info
    let body = footnoteBodies[index]
    writer.raw("<li id=\"fn-")
    writer.href(label)
    writer.raw("\">\n")
    body.blocks.withUnsafeBufferPointer { writer.out.append($0) }
    if let paragraph = body.lastParagraph {
      writer.cr()
      writer.raw("<p>")
      paragraph.withUnsafeBufferPointer { writer.out.append($0) }
      writer.raw(" ")
      writer.backReferences(label: label, referenceCount: referenceCount)
      writer.raw("</p>\n")
    } else {
      writer.backReferences(label: label, referenceCount: referenceCount)
      writer.raw("\n")
    }
    writer.raw("</li>\n")
  }

  /// ``DocumentBuilder/taskMarker(_:)``.
  func taskMarker(_ item: BlockNode) -> Bool? {
    gfm ? item.stripTaskMarker(in: arena) : nil
  }

  // MARK: Inlines

  mutating func inlines(_ node: BlockNode) {
    writeInlines(arena, node.literalStart..<node.contentEnd)
  }

  mutating func writeInlines(_ bytes: Bytes, _ range: Range<Int>) {
    guard parser.parseTrimmed(bytes, range) else { return }
    parser.writeHTML(to: &writer, pending: &pending)
  }
}

/// The inline half of ``DirectHTMLBuilder``: writes the parsed nodes as HTML the way
/// ``build(mergingTextIn:)`` and ``HTMLWriter`` together would (the same merging of adjacent text, email
/// autolinks in merged text outside links, flattening below ``maxDepth``).
extension InlineParser {
  mutating func writeHTML(to writer: inout HTMLWriter, pending: inout RawBytes) {
    // As in `build(mergingTextIn:)`: plain CommonMark starts as if inside a link (no email autolinks).
    writeChildren(of: 0, depth: 0, inLink: !gfm, alt: false, writer: &writer, pending: &pending)
  }

  func appendText(of node: Node, to pending: inout RawBytes) {
    guard node.end > node.start else { return }
    if node.inExtra {
      extra.withUnsafeBufferPointer { pending.append(Bytes(rebasing: $0[node.start..<node.end])) }
    } else {
      pending.append(Bytes(rebasing: p[node.start..<node.end]))
    }
  }

  func withText<R>(of node: Node, _ body: (Bytes) -> R) -> R {
    if node.inExtra {
      return extra.withUnsafeBufferPointer { body(Bytes(rebasing: $0[node.start..<node.end])) }
    }
    return body(Bytes(rebasing: p[node.start..<node.end]))
  }

  /// Writes the merged text, with email autolinks when allowed, and empties `pending`.
  static func flush(_ pending: inout RawBytes, to writer: inout HTMLWriter, autolink: Bool) {
    guard pending.count > 0 else { return }
    let text = pending.bytes
    pending.count = 0
    if autolink && Self.containsAt(text) {
      var textStart = 0
      for email in emailAutolinks(in: text) {
        writer.escaped(Bytes(rebasing: text[textStart..<email.lowerBound]))
        writer.raw("<a href=\"mailto:")
        writer.href(Bytes(rebasing: text[email]))
        writer.raw("\">")
        writer.escaped(Bytes(rebasing: text[email]))
        writer.raw("</a>")
        textStart = email.upperBound
      }
      writer.escaped(Bytes(rebasing: text[textStart...]))
      return
    }
    writer.escaped(text)
  }

  /// Whether `b` holds an `@` (eight bytes at a time).
  static func containsAt(_ b: Bytes) -> Bool {
    guard let base = b.baseAddress else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    var i = 0
    while i + 8 <= b.count {
      let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) ^ (ones &* UInt64(ASCII.at))
      if (x &- ones) & ~x & (ones &* 0x80) != 0 { return true }
      i += 8
    }
    while i < b.count {
      if base[i] == ASCII.at { return true }
      i += 1
    }
    return false
  }

  /// A footnote reference, or its text when its label has no definition.
  mutating func writeFootnoteReference(
    _ node: Node, inLink: Bool, alt: Bool, writer: inout HTMLWriter, pending: inout RawBytes
  ) {
    let range = node.start..<node.end
    if let reference = footnotes.reference(p, range, line: lineOf.line(at: node.start)) {
      Self.flush(&pending, to: &writer, autolink: !inLink)
      if !alt { writer.footnoteReference(reference) }
    } else {
      pending.append(ASCII.openBracket)
      pending.append(ASCII.caret)
      pending.append(Bytes(rebasing: p[range]))
      pending.append(ASCII.closeBracket)
    }
  }

  /// A break, code span or raw HTML; in an image's description (`alt`), as plain text.
  func writeLeaf(_ node: Node, alt: Bool, writer: inout HTMLWriter) {
    switch node.kind {
    case .softBreak: writer.out.append(alt ? 32 : 10)
    case .hardBreak:
      if alt { writer.out.append(32) } else { writer.raw("<br />\n") }
    case .code:
      if !alt { writer.raw("<code>") }
      withText(of: node) { writer.escaped($0) }
      if !alt { writer.raw("</code>") }
    default:
      if alt {
        withText(of: node) { writer.escaped($0) }
      } else {
        withText(of: node) { writer.rawHTML($0) }
      }
    }
  }

  /// `pending` is empty on entry and on return. `alt`: inside an image, where only the text
  /// of the description is written.
  mutating func writeChildren(
    of parent: Int, depth: Int, inLink: Bool, alt: Bool, writer: inout HTMLWriter, pending: inout RawBytes
  ) {
    var n = nodes[parent].first
    while n >= 0 {
      let node = nodes[n]
      switch node.kind {
      case .text:
        appendText(of: node, to: &pending)
      case .softBreak, .hardBreak, .code, .html:
        Self.flush(&pending, to: &writer, autolink: !inLink)
        writeLeaf(node, alt: alt, writer: &writer)
      case .footnoteReference:
        writeFootnoteReference(node, inLink: inLink, alt: alt, writer: &writer, pending: &pending)
      case .emphasis, .strong, .strikethrough, .link, .image:
        if depth >= Self.maxDepth {
          writeFlattened(n, inLink: inLink, alt: alt, writer: &writer, pending: &pending)
          break
        }
        Self.flush(&pending, to: &writer, autolink: !inLink)
        let childInLink = inLink || node.kind == .link || node.kind == .image
        if alt {
          writeChildren(
            of: n, depth: depth + 1, inLink: childInLink, alt: true, writer: &writer, pending: &pending)
          break
        }
        switch node.kind {
        case .emphasis:
          writer.raw("<em>")
          writeChildren(
            of: n, depth: depth + 1, inLink: childInLink, alt: false, writer: &writer, pending: &pending)
          writer.raw("</em>")
        case .strong:
          writer.raw("<strong>")
          writeChildren(
            of: n, depth: depth + 1, inLink: childInLink, alt: false, writer: &writer, pending: &pending)
          writer.raw("</strong>")
        case .strikethrough:
          writer.raw("<del>")
          writeChildren(
            of: n, depth: depth + 1, inLink: childInLink, alt: false, writer: &writer, pending: &pending)
          writer.raw("</del>")
        case .link:
          let target = links[node.payload]
          let (destination, title) = (target.destination, target.title)
          writer.raw("<a href=\"")
          writer.href(destination)
          if let title, !title.isEmpty {
            writer.raw("\" title=\"")
            writer.escaped(title)
          }
          writer.raw("\">")
          writeChildren(
            of: n, depth: depth + 1, inLink: childInLink, alt: false, writer: &writer, pending: &pending)
          writer.raw("</a>")
        default:
          let target = links[node.payload]
          let (source, title) = (target.destination, target.title)
          writer.raw("<img src=\"")
          writer.href(source)
          writer.raw("\" alt=\"")
          writeChildren(
            of: n, depth: depth + 1, inLink: childInLink, alt: true, writer: &writer, pending: &pending)
          if let title, !title.isEmpty {
            writer.raw("\" title=\"")
            writer.escaped(title)
          }
          writer.raw("\" />")
        }
      case .root:
        break
      }
      n = node.next
    }
    Self.flush(&pending, to: &writer, autolink: !inLink)
  }

  /// ``flatten(_:buffer:into:inLink:)``: the leaves under `root` without their wrappers.
  mutating func writeFlattened(
    _ root: Int, inLink: Bool, alt: Bool, writer: inout HTMLWriter, pending: inout RawBytes
  ) {
    var n = nodes[root].first
    while n >= 0 {
      let node = nodes[n]
      switch node.kind {
      case .text: appendText(of: node, to: &pending)
      case .footnoteReference:
        writeFootnoteReference(node, inLink: inLink, alt: alt, writer: &writer, pending: &pending)
      case .softBreak, .hardBreak, .code, .html:
        Self.flush(&pending, to: &writer, autolink: !inLink)
        writeLeaf(node, alt: alt, writer: &writer)
      default: break
      }
      if node.first >= 0 {
        n = node.first
        continue
      }
      var m = n
      while m >= 0 && m != root && nodes[m].next < 0 { m = nodes[m].parent }
      n = (m < 0 || m == root) ? -1 : nodes[m].next
    }
  }
}
