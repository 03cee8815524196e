/// A mutable block used while parsing; converted to the value-type ``Block`` at the end.
final class BlockNode {
  enum Kind: UInt8 {
    case document, blockQuote, list, item, paragraph, heading, thematicBreak, codeBlock, htmlBlock, table

    /// Leaf blocks that take the rest of the line as content.
    var acceptsLines: Bool { self == .paragraph || self == .heading || self == .codeBlock }
  }

  var kind: Kind
  var children: [BlockNode] = []
  weak var parent: BlockNode?
  var open = true
  let depth: Int
  let startLine: Int
  var endLine: Int
  var lastLineBlank = false

  /// Raw text of a leaf block, one "\n"-terminated line after another.
  var content: [UInt8] = []
  /// Where the content (after link reference definitions, or a fence's info line) starts.
  var literalStart = 0
  /// The content offset at which each added line starts, and that line's number.
  var lineOffsets: [Int] = []
  var lineNumbers: [Int] = []

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

  // Tables: the header cells and one source range per body row.
  var alignments: [Table.Alignment] = []
  var headerCells: [[UInt8]] = []
  var rowLines: [Range<Int>] = []

  init(_ kind: Kind, line: Int, depth: Int) {
    self.kind = kind
    self.startLine = line
    self.endLine = line
    self.depth = depth
  }

  func canContain(_ child: Kind) -> Bool {
    switch kind {
    case .document, .blockQuote, .item: return child != .item
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

  /// The source line holding the content byte at `offset`.
  func line(atContentOffset offset: Int) -> Int {
    var lo = 0
    var hi = lineOffsets.count - 1
    guard hi >= 0 else { return startLine }
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lineOffsets[mid] <= offset { lo = mid } else { hi = mid - 1 }
    }
    return lineNumbers[lo]
  }
}
