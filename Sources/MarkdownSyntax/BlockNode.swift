/// A mutable block used while parsing; converted to the value-type ``Block`` at the end.
final class BlockNode {
  enum Kind: UInt8 {
    case document, blockQuote, list, item, paragraph, heading, thematicBreak, codeBlock, htmlBlock, table
    /// A paragraph that held only link reference definitions: it renders as nothing, but stays
    /// in the tree so that a blank line after it counts when a list's tightness is decided.
    case linkDefinitions
    /// A GFM footnote definition (`[^label]: text`, then lines indented by four).
    case footnoteDefinition

    /// Leaf blocks that take the rest of the line as content.
    var acceptsLines: Bool { self == .paragraph || self == .heading || self == .codeBlock }
  }

  var kind: Kind
  var children: [BlockNode] = []
  /// The parent; the tree owns its children, so this never outlives it.
  unowned(unsafe) var parent: BlockNode?
  var open = true
  let depth: Int
  let startLine: Int
  var endLine: Int
  var lastLineBlank = false

  /// Raw text of a leaf block, one "\n"-terminated line after another:
  /// `contentStart..<contentEnd` of the parser's shared content arena (only the open leaf
  /// grows, and it is always the last one in the arena).
  var contentStart = 0
  var contentEnd = 0
  /// Where the content (after link reference definitions, or a fence's info line) starts,
  /// as an arena offset.
  var literalStart = 0
  /// How many lines were added. They are consecutive source lines from `startLine`.
  var lineCount = 0
  // A cursor for ``line(atContentOffset:)``, which is asked in increasing order.
  var lineCursorOffset = 0
  var lineCursorLine = 0

  // Lists and items.
  var ordered = false
  var bulletChar: UInt8 = 0
  var start = 1
  var delimiter: UInt8 = 0
  var markerOffset = 0
  var padding = 0
  var tight = false

  // Code blocks, headings, HTML blocks.
  var fenced = false
  var fenceChar: UInt8 = 0
  var fenceLength = 0
  var fenceOffset = 0
  var info = ""
  var level = 0
  var setext = false
  var htmlType = 0
  /// A footnote definition's place among the document's distinct footnote labels, or -1 for
  /// a later definition of a label already defined (which is ignored).
  var footnoteIndex = -1

  // Tables: the header cells and one source range per body row.
  var table: TableData?

  /// What a table block keeps while open (separate, so other blocks stay small).
  struct TableData {
    var alignments: [Table.Alignment]
    var headerCells: [[UInt8]]
    var rowLines: [Range<Int>] = []
  }

  init(_ kind: Kind, line: Int, depth: Int) {
    self.kind = kind
    self.startLine = line
    self.endLine = line
    self.depth = depth
  }

  func canContain(_ child: Kind) -> Bool {
    switch kind {
    case .document, .blockQuote, .item, .footnoteDefinition: return child != .item
    case .list: return child == .item
    default: return false
    }
  }

  func setList(_ data: ListData) {
    ordered = data.ordered
    bulletChar = data.bulletChar
    start = data.start
    delimiter = data.delimiter
    markerOffset = data.markerOffset
    padding = data.padding
  }

  func listMatches(_ data: ListData) -> Bool {
    ordered == data.ordered && bulletChar == data.bulletChar && delimiter == data.delimiter
  }

  /// Whether this block, or its last descendant through lists and items, ended with a blank line.
  func endsWithBlankLine() -> Bool {
    var node: BlockNode? = self
    while let n = node {
      if n.lastLineBlank { return true }
      if n.kind == .list || n.kind == .item {
        node = n.children.last
      } else {
        return false
      }
    }
    return false
  }

  /// The source line holding the arena byte at `offset` (linear overall when asked in
  /// increasing order, as the parsers do).
  func line(atContentOffset offset: Int, in arena: Bytes) -> Int {
    if offset < lineCursorOffset || lineCursorLine == 0 {
      lineCursorOffset = contentStart
      lineCursorLine = startLine
    }
    var i = lineCursorOffset
    var line = lineCursorLine
    let end = min(offset, contentEnd)
    while i < end {
      if arena[i] == 10 { line += 1 }
      i += 1
    }
    lineCursorOffset = i
    lineCursorLine = line
    return line
  }
}
