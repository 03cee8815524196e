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
