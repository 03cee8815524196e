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

  // The stored properties are declared smallest first, so the one-byte ones share a word:
  // about 19,000 nodes for a 1 MB changelog, which `render` keeps until it exits.
  var kind: Kind
  var open = true
  var lastLineBlank = false
  // Lists and items.
  var ordered = false
  var bulletChar: UInt8 = 0
  var delimiter: UInt8 = 0
  var tight = false
  // Code blocks, headings, HTML blocks.
  var fenced = false
  var fenceChar: UInt8 = 0
  var setext = false
  private var storedLevel: UInt8 = 0
  private var storedHTMLType: UInt8 = 0
  private let storedDepth: Int32

  /// The children, linked through ``next``: the tree owns them through `firstChild` and
  /// `next` (an array per container cost an allocation and its growth for each one).
  /// `lastChild` is a second reference to the last one, which the parser reads on every line.
  var firstChild: BlockNode?
  var lastChild: BlockNode?
  /// The next sibling.
  var next: BlockNode?
  /// The parent; the tree owns its children, so this never outlives it.
  unowned var parent: BlockNode?
  var startLine: Int
  var endLine: Int

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

  // Lists and items.
  var start = 1
  var markerOffset = 0
  var padding = 0

  /// What few blocks need: made when first set.
  private var rare: Rare?

  /// The fields only code blocks, footnote definitions and tables use, and the line cursor
  /// only blocks whose lines are asked for, apart, so that the other blocks stay small.
  private final class Rare {
    var info = ""
    var table: TableData?
    var fenceLength = 0
    var fenceOffset = 0
    var footnoteIndex = -1
    // A cursor for ``line(atContentOffset:in:)``, which is asked in increasing order.
    var lineCursorOffset = 0
    var lineCursorLine = 0
  }

  private var rareFields: Rare {
    if let rare { return rare }
    let made = Rare()
    rare = made
    return made
  }

  /// 1...6 for a heading.
  var level: Int {
    get { Int(storedLevel) }
    set { storedLevel = UInt8(newValue) }
  }

  /// An HTML block's start condition, 1...7.
  var htmlType: Int {
    get { Int(storedHTMLType) }
    set { storedHTMLType = UInt8(newValue) }
  }

  /// How many containers enclose this block (at most a little over ``BlockParser/maxDepth``).
  var depth: Int { Int(storedDepth) }

  /// A code block's info string, or a footnote definition's label.
  var info: String {
    get { rare?.info ?? "" }
    set { rareFields.info = newValue }
  }

  /// A fenced code block's fence: how many backticks or tildes.
  var fenceLength: Int {
    get { rare?.fenceLength ?? 0 }
    set { rareFields.fenceLength = newValue }
  }

  /// A fenced code block's fence: its indentation.
  var fenceOffset: Int {
    get { rare?.fenceOffset ?? 0 }
    set { rareFields.fenceOffset = newValue }
  }

  /// A footnote definition's place among the document's distinct footnote labels, or -1 for
  /// a later definition of a label already defined (which is ignored), or for another block.
  var footnoteIndex: Int {
    get { rare?.footnoteIndex ?? -1 }
    set { rareFields.footnoteIndex = newValue }
  }

  /// A table's header cells and body rows.
  var table: TableData? {
    get { rare?.table }
    set { rareFields.table = newValue }
  }

  /// Adds a body row to a table (in place: no copy of the rows so far).
  func appendTableRow(_ range: Range<Int>) {
    rare?.table?.rowLines.append(range)
  }

  /// What a table block keeps while open (separate, so other blocks stay small).
  struct TableData {
    var alignments: [Table.Alignment]
    var headerCells: [[UInt8]]
    var rowLines: [Range<Int>] = []
  }

  /// The children in order.
  var children: Children { Children(upcoming: firstChild) }

  struct Children: Sequence, IteratorProtocol {
    var upcoming: BlockNode?

    mutating func next() -> BlockNode? {
      let node = upcoming
      upcoming = node?.next
      return node
    }
  }

  /// Appends `child` (whose `parent` the caller sets).
  func append(_ child: BlockNode) {
    if let last = lastChild { last.next = child } else { firstChild = child }
    lastChild = child
  }

  deinit {
    // The siblings go one by one: releasing a long `next` chain at once would recurse once
    // per sibling (nesting, capped by the parser, is the only recursion left).
    var child = firstChild
    firstChild = nil
    while let node = child {
      child = node.next
      node.next = nil
    }
  }

  init(_ kind: Kind, line: Int, depth: Int) {
    self.kind = kind
    self.startLine = line
    self.endLine = line
    storedDepth = Int32(depth)
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
        node = n.lastChild
      } else {
        return false
      }
    }
    return false
  }

  /// The source line holding the arena byte at `offset` (linear overall when asked in
  /// increasing order, as the parsers do).
  func line(atContentOffset offset: Int, in arena: Bytes) -> Int {
    let cursor = rareFields
    if offset < cursor.lineCursorOffset || cursor.lineCursorLine == 0 {
      cursor.lineCursorOffset = contentStart
      cursor.lineCursorLine = startLine
    }
    let end = min(offset, contentEnd)
    if cursor.lineCursorOffset < end {
      cursor.lineCursorLine += arena[cursor.lineCursorOffset..<end].count { $0 == 10 }
      cursor.lineCursorOffset = end
    }
    return cursor.lineCursorLine
  }
}
