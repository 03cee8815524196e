/// The footnote definitions the block phase found, by normalised label (the first
/// definition of a label counts; later ones are ignored, as cmark-gfm does).
struct FootnoteDefinitions {
  private var labels = StringTable()
  /// The first definition of each label, in the order they start.
  private(set) var nodes: [BlockNode] = []

  var isEmpty: Bool { nodes.isEmpty }

  /// Records `node`, a footnote definition whose `info` holds its label.
  mutating func add(_ node: BlockNode) {
    let label = Array(node.info.utf8)
    let normalized = label.withUnsafeBufferPointer { Scan.normalizeLabel($0, 0..<$0.count) }
    let (index, added) = labels.insert(normalized)
    node.footnoteIndex = added ? index : -1
    if added { nodes.append(node) }
  }

  /// The index of the definition for normalised `label`, if any.
  func index(of label: String) -> Int? {
    labels.index(of: label)
  }
}

/// Numbers footnotes in the order their references are met while the tree is built (the
/// document's order, definitions' content included where they stand), as cmark-gfm does.
struct FootnoteNumbering {
  let definitions: FootnoteDefinitions
  /// Per definition: its number (0 while unreferenced) and how many references it has.
  private var numbers: [Int]
  private var counts: [Int]
  private var next = 1
  /// Per definition: its content, once built.
  var contents: [[Block]]
  var undefined: [UnresolvedReference] = []

  init(definitions: FootnoteDefinitions = FootnoteDefinitions()) {
    self.definitions = definitions
    numbers = [Int](repeating: 0, count: definitions.nodes.count)
    counts = numbers
    contents = [[Block]](repeating: [], count: definitions.nodes.count)
  }

  /// The reference for `[^label]` (`range` holds the label, in `p`), numbering its footnote
  /// if this is its first reference; nil (and recorded as undefined) when no definition has
  /// that label.
  mutating func reference(_ p: Bytes, _ range: Range<Int>, line: Int) -> FootnoteReference? {
    let normalized = Scan.normalizeLabel(p, range)
    guard !definitions.isEmpty, let index = definitions.index(of: normalized) else {
      undefined.append(
        UnresolvedReference(
          label: String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self), line: line))
      return nil
    }
    if numbers[index] == 0 {
      numbers[index] = next
      next += 1
    }
    counts[index] += 1
    return FootnoteReference(
      label: definitions.nodes[index].info, number: numbers[index], occurrence: counts[index])
  }

  /// The referenced definitions (indices into `definitions.nodes`), by number, with how many
  /// references each has.
  func referenced() -> [(index: Int, referenceCount: Int)] {
    var out: [(index: Int, referenceCount: Int)] = []
    for index in numbers.indices where numbers[index] != 0 { out.append((index, counts[index])) }
    out.sort { numbers[$0.index] < numbers[$1.index] }
    return out
  }

  /// The referenced footnotes by number, and the definitions nobody refers to.
  func finish() -> (footnotes: [Footnote], unused: [UnresolvedReference]) {
    var footnotes: [Footnote] = []
    var unused: [UnresolvedReference] = []
    for (index, node) in definitions.nodes.enumerated() {
      if numbers[index] == 0 {
        unused.append(UnresolvedReference(label: node.info, line: node.startLine))
      } else {
        footnotes.append(
          Footnote(
            label: node.info, number: numbers[index], blocks: contents[index], referenceCount: counts[index],
            line: node.startLine))
      }
    }
    footnotes.sort { $0.number < $1.number }
    return (footnotes, unused)
  }
}

extension MarkdownDocument {
  /// The document with every footnote number raised by `offset` (in the references and in
  /// ``footnotes``), so that documents shown one after another keep distinct footnotes.
  /// Nesting is capped by the parser, so the walk is shallow.
  package func offsettingFootnotes(by offset: Int) -> MarkdownDocument {
    offsettingFootnotes(by: offset, labelPrefix: "")
  }

  /// The document with every footnote number raised by `offset` and every footnote label (in
  /// the references and in ``footnotes``) prefixed with `labelPrefix`. HTML names a footnote
  /// by its label (`fn-LABEL`, `fnref-LABEL`), so documents joined into one page, each with its
  /// own `[^1]`, need distinct labels as well as distinct numbers:
  ///
  /// ```swift
  /// let joined = MarkdownParser.parse("B[^1]\n\n[^1]: b\n")
  ///   .offsettingFootnotes(by: 1, labelPrefix: "1.0.0-")
  /// // joined.footnotes[0].label == "1.0.0-1", its number 2
  /// ```
  package func offsettingFootnotes(by offset: Int, labelPrefix: String) -> MarkdownDocument {
    guard offset != 0 || !labelPrefix.isEmpty, !footnotes.isEmpty else { return self }
    let shift = FootnoteShift(offset: offset, labelPrefix: labelPrefix)
    var copy = self
    copy.blocks = blocks.map { $0.shiftingFootnotes(shift) }
    copy.footnotes = footnotes.map { footnote in
      var shifted = footnote
      shifted.number += offset
      shifted.label = labelPrefix + footnote.label
      shifted.blocks = footnote.blocks.map { $0.shiftingFootnotes(shift) }
      return shifted
    }
    return copy
  }
}

/// What ``MarkdownDocument/offsettingFootnotes(by:labelPrefix:)`` changes in each reference.
private struct FootnoteShift {
  var offset: Int
  var labelPrefix: String
}

extension Block {
  fileprivate func shiftingFootnotes(_ shift: FootnoteShift) -> Block {
    func inlines(_ content: [Inline]) -> [Inline] { content.map { $0.shiftingFootnotes(shift) } }
    func blocks(_ content: [Block]) -> [Block] { content.map { $0.shiftingFootnotes(shift) } }
    var copy = self
    switch kind {
    case .paragraph(let content): copy.kind = .paragraph(inlines(content))
    case .heading(let level, let content): copy.kind = .heading(level: level, content: inlines(content))
    case .blockQuote(let children, let alert): copy.kind = .blockQuote(blocks(children), alert: alert)
    case .list(var list):
      list.items = list.items.map { item in
        var item = item
        item.blocks = blocks(item.blocks)
        return item
      }
      copy.kind = .list(list)
    case .table(var table):
      table.header = table.header.map(inlines)
      table.rows = table.rows.map { $0.map(inlines) }
      copy.kind = .table(table)
    case .thematicBreak, .codeBlock, .htmlBlock:
      break
    }
    return copy
  }
}

extension Inline {
  fileprivate func shiftingFootnotes(_ shift: FootnoteShift) -> Inline {
    func inlines(_ content: [Inline]) -> [Inline] { content.map { $0.shiftingFootnotes(shift) } }
    switch self {
    case .footnoteReference(var reference):
      reference.number += shift.offset
      reference.label = shift.labelPrefix + reference.label
      return .footnoteReference(reference)
    case .emphasis(let c): return .emphasis(inlines(c))
    case .strong(let c): return .strong(inlines(c))
    case .strikethrough(let c): return .strikethrough(inlines(c))
    case .link(let destination, let title, let content):
      return .link(destination: destination, title: title, content: inlines(content))
    case .image(let source, let title, let alt):
      return .image(source: source, title: title, alt: inlines(alt))
    case .text, .softBreak, .hardBreak, .code, .html: return self
    }
  }
}
