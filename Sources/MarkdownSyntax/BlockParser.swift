/// The block phase: splits the input into lines and builds the container tree
/// (CommonMark's two-phase algorithm, following cmark's `blocks.c`).
///
/// Each line is matched against the open containers, new blocks are opened, and the rest
/// of the line is added to the innermost block. Paragraph text is kept raw for the inline
/// phase. Container nesting is capped at ``BlockParser/maxDepth``: deeper `>` or list
/// markers are treated as paragraph text, so no later tree walk can overflow the stack.
struct BlockParser {
  /// The deepest container nesting the parser builds (block quotes, lists and list items
  /// each count one level).
  static let maxDepth = 48

  let p: Bytes
  let root: BlockNode
  /// The innermost open block.
  var current: BlockNode
  var lineNumber: Int
  var definitions = DefinitionTable()
  /// Whether the GFM block extensions (tables, footnote definitions) are on.
  let gfm: Bool
  /// The footnote definitions, in the order they start; the first for each label counts.
  var footnotes = FootnoteDefinitions()
  /// The text of all leaf blocks, one after another (see ``BlockNode/contentStart``).
  var arena: [UInt8] = []
  /// The work done so far: the bytes of each line and each turn of the loops over open
  /// containers (``MarkdownParser/parseCountingSteps(_:flavor:)``).
  var steps = 0

  // The line being processed: bytes `lineStart..<lineEnd`, then a virtual "\n".
  var lineStart = 0
  var lineEnd = 0
  var offset = 0
  var column = 0
  var firstNonspace = 0
  var firstNonspaceColumn = 0
  var indent = 0
  var blank = false
  var partiallyConsumedTab = false
  var thematicBreakKillPos = 0

  init(bytes: Bytes, firstLineNumber: Int, gfm: Bool = true) {
    p = bytes
    self.gfm = gfm
    root = BlockNode(.document, line: firstLineNumber + 1, depth: 0)
    arena.reserveCapacity(bytes.count + bytes.count / 8 + 64)
    current = root
    lineNumber = firstLineNumber
  }

  /// Parses lines from `start` to the end and closes every open block.
  mutating func run(from start: Int) -> BlockNode {
    var i = start
    let end = p.count
    while i < end {
      var j = Self.lineEnd(p, from: i, end)
      steps += j - i + 1
      processLine(i, j)
      if j < end, p[j] == 13 { j += 1 }
      if j < end, p[j] == 10 { j += 1 }
      i = j
    }
    while current !== root { current = finalize(current) }
    _ = finalize(root)
    return root
  }

  // MARK: - Line primitives

  /// The first `\n` or `\r` at or after `i`, or `end`.
  static func lineEnd(_ p: Bytes, from i: Int, _ end: Int) -> Int {
    Scan.firstIndex(of: 10, or: 13, in: Bytes(rebasing: p[..<end]), from: i) ?? end
  }

  func peek(_ i: Int) -> UInt8 {
    i < lineEnd ? p[i] : (i == lineEnd ? 10 : 0)
  }

  mutating func findFirstNonspace() {
    var charsToTab = 4 - (column % 4)
    if firstNonspace <= offset {
      firstNonspace = offset
      firstNonspaceColumn = column
      while firstNonspace < lineEnd {
        let c = p[firstNonspace]
        if c == 32 {
          firstNonspace += 1
          firstNonspaceColumn += 1
          charsToTab -= 1
          if charsToTab == 0 { charsToTab = 4 }
        } else if c == 9 {
          firstNonspace += 1
          firstNonspaceColumn += charsToTab
          charsToTab = 4
        } else {
          break
        }
      }
    }
    indent = firstNonspaceColumn - column
    blank = firstNonspace >= lineEnd
  }

  mutating func advanceOffset(_ count: Int, columns: Bool) {
    var count = count
    while count > 0, offset <= lineEnd {
      let c = peek(offset)
      if c == 9 {
        let charsToTab = 4 - (column % 4)
        if columns {
          partiallyConsumedTab = charsToTab > count
          let advance = min(count, charsToTab)
          column += advance
          offset += partiallyConsumedTab ? 0 : 1
          count -= advance
        } else {
          partiallyConsumedTab = false
          column += charsToTab
          offset += 1
          count -= 1
        }
      } else {
        partiallyConsumedTab = false
        offset += 1
        column += 1
        count -= 1
      }
    }
  }

  mutating func addLine(_ node: BlockNode) {
    if node.lineCount == 0 {
      node.contentStart = arena.count
      node.contentEnd = arena.count
      node.literalStart = arena.count
    } else if node.contentEnd != arena.count {
      // Not expected (only the newest leaf grows), but stay correct: move it to the end.
      let start = arena.count
      arena.append(contentsOf: arena[node.contentStart..<node.contentEnd])
      node.literalStart += start - node.contentStart
      node.contentStart = start
      node.contentEnd = arena.count
    }
    if partiallyConsumedTab {
      offset += 1
      let charsToTab = 4 - (column % 4)
      for _ in 0..<charsToTab { arena.append(32) }
    }
    node.lineCount += 1
    let length = max(0, lineEnd - offset)
    if length > 0 {
      arena.append(contentsOf: UnsafeBufferPointer(start: p.baseAddress.map { $0 + offset }, count: length))
    }
    arena.append(10)
    node.contentEnd = arena.count
  }

  // MARK: - One line

  mutating func processLine(_ start: Int, _ end: Int) {
    lineStart = start
    lineEnd = end
    offset = start
    column = 0
    firstNonspace = start
    firstNonspaceColumn = 0
    indent = 0
    blank = false
    partiallyConsumedTab = false
    thematicBreakKillPos = start
    lineNumber += 1

    // 1. Match the open containers.
    var container = root
    var allMatched = true
    var shouldContinue = true
    while let last = container.lastChild, last.open {
      steps += 1
      container = last
      findFirstNonspace()
      var matched = true
      switch container.kind {
      case .blockQuote:
        if indent <= 3 && peek(firstNonspace) == ASCII.greaterThan {
          advanceOffset(indent + 1, columns: true)
          if Scan.isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
        } else {
          matched = false
        }
      case .item:
        if indent >= container.markerOffset + container.padding {
          advanceOffset(container.markerOffset + container.padding, columns: true)
        } else if blank && container.firstChild != nil {
          advanceOffset(firstNonspace - offset, columns: false)
        } else {
          matched = false
        }
      case .footnoteDefinition:
        // As cmark-gfm: four columns of indentation, or an empty line (not one of spaces).
        if indent >= 4 {
          advanceOffset(4, columns: true)
        } else if lineEnd != lineStart {
          matched = false
        }
      case .codeBlock:
        matched = continueCodeBlock(container, &shouldContinue)
      case .heading, .thematicBreak:
        // One line each: closing a thematic break here lets a blank line after it count
        // towards its list's looseness.
        matched = false
      case .htmlBlock:
        matched = container.htmlType <= 5 || !blank
      case .paragraph:
        matched = !blank
      case .table:
        matched = !blank && !isLonePipe()
      default:
        break
      }
      if !matched {
        allMatched = false
        container = container.parent ?? root
        break
      }
    }
    if !shouldContinue { return }
    let lastMatched = container

    // 2. Open new blocks.
    openNewBlocks(&container, allMatched: allMatched)

    // 3. Add the rest of the line.
    addText(container, lastMatched: lastMatched)
  }

  mutating func continueCodeBlock(_ node: BlockNode, _ shouldContinue: inout Bool) -> Bool {
    if !node.fenced {
      if indent >= 4 {
        advanceOffset(4, columns: true)
        return true
      } else if blank {
        advanceOffset(firstNonspace - offset, columns: false)
        return true
      }
      return false
    }
    if indent <= 3, peek(firstNonspace) == node.fenceChar {
      var j = firstNonspace
      while j < lineEnd, p[j] == node.fenceChar { j += 1 }
      let length = j - firstNonspace
      while j < lineEnd, Scan.isSpaceOrTab(p[j]) { j += 1 }
      if length >= node.fenceLength, j == lineEnd {
        shouldContinue = false
        current = finalize(node)
        return false
      }
    }
    var i = node.fenceOffset
    while i > 0, Scan.isSpaceOrTab(peek(offset)) {
      advanceOffset(1, columns: true)
      i -= 1
    }
    return true
  }

  mutating func isLonePipe() -> Bool {
    var e = lineEnd
    while e > firstNonspace, Scan.isSpaceOrTab(p[e - 1]) { e -= 1 }
    return e - firstNonspace == 1 && p[firstNonspace] == ASCII.pipe
  }

  mutating func openNewBlocks(_ container: inout BlockNode, allMatched: Bool) {
    var maybeLazy = current.kind == .paragraph
    var kind = container.kind
    while kind != .codeBlock && kind != .htmlBlock {
      findFirstNonspace()
      let indented = indent >= 4
      let c = peek(firstNonspace)
      var listData = ListData()
      if !indented && c == ASCII.greaterThan && container.depth < Self.maxDepth {
        advanceOffset(firstNonspace + 1 - offset, columns: false)
        if Scan.isSpaceOrTab(peek(offset)) { advanceOffset(1, columns: true) }
        container = addChild(container, .blockQuote)
      } else if !indented && c == ASCII.hash, let (matched, level) = scanATXStart(firstNonspace) {
        advanceOffset(firstNonspace + matched - offset, columns: false)
        container = addChild(container, .heading)
        container.level = level
      } else if !indented && (c == ASCII.backtick || c == ASCII.tilde),
        let matched = scanOpenFence(firstNonspace)
      {
        container = addChild(container, .codeBlock)
        container.fenced = true
        container.fenceChar = c
        container.fenceLength = matched
        container.fenceOffset = firstNonspace - offset
        advanceOffset(firstNonspace + matched - offset, columns: false)
      } else if !indented && c == ASCII.lessThan,
        // Type 7 cannot interrupt a paragraph, not even one the line would continue lazily.
        let type = HTMLBlockStart.scan(
          p, firstNonspace, lineEnd, allowType7: kind != .paragraph && !maybeLazy)
      {
        container = addChild(container, .htmlBlock)
        container.htmlType = type
      } else if !indented && kind == .paragraph && (c == ASCII.equals || c == ASCII.hyphen),
        let level = scanSetext(firstNonspace)
      {
        if resolveDefinitions(container) {
          container.kind = .heading
          container.level = level
          container.setext = true
          advanceOffset(lineEnd - offset, columns: false)
        }
      } else if !indented && !(kind == .paragraph && !allMatched) && thematicBreakKillPos <= firstNonspace
        && (c == ASCII.asterisk || c == ASCII.hyphen || c == ASCII.underscore)
        && scanThematicBreak(firstNonspace)
      {
        container = addChild(container, .thematicBreak)
        advanceOffset(lineEnd - offset, columns: false)
      } else if !indented && gfm && c == ASCII.openBracket && container.depth < Self.maxDepth,
        let (matched, label) = scanFootnoteDefinition(firstNonspace)
      {
        advanceOffset(firstNonspace + matched - offset, columns: false)
        container = addChild(container, .footnoteDefinition)
        container.info = label
        footnotes.add(container)
      } else if indent < 4 && container.depth + 2 <= Self.maxDepth,
        let matched = parseListMarker(
          firstNonspace, interruptsParagraph: container.kind == .paragraph, &listData)
      {
        advanceOffset(firstNonspace + matched - offset, columns: false)
        let savedTab = partiallyConsumedTab
        let savedOffset = offset
        let savedColumn = column
        while column - savedColumn <= 5 && Scan.isSpaceOrTab(peek(offset)) {
          advanceOffset(1, columns: true)
        }
        let spaces = column - savedColumn
        if spaces >= 5 || spaces < 1 || Scan.isLineEnd(peek(offset)) {
          listData.padding = matched + 1
          offset = savedOffset
          column = savedColumn
          partiallyConsumedTab = savedTab
          if spaces > 0 { advanceOffset(1, columns: true) }
        } else {
          listData.padding = matched + spaces
        }
        listData.markerOffset = indent
        if kind != .list || !container.listMatches(listData) {
          container = addChild(container, .list)
          container.setList(listData)
        }
        container = addChild(container, .item)
        container.setList(listData)
      } else if indented && !maybeLazy && !blank {
        advanceOffset(4, columns: true)
        container = addChild(container, .codeBlock)
      } else if !indented && kind == .paragraph && gfm, let table = tryTableStart(container) {
        container = table
      } else {
        break
      }
      if container.kind.acceptsLines { break }
      kind = container.kind
      maybeLazy = false
    }
  }

  mutating func addText(_ container: BlockNode, lastMatched: BlockNode) {
    var container = container
    findFirstNonspace()
    if blank, let last = container.lastChild { last.lastLineBlank = true }
    let kind = container.kind
    container.lastLineBlank =
      blank && kind != .blockQuote && kind != .heading && kind != .thematicBreak
      && !(kind == .codeBlock && container.fenced)
      && !(kind == .item && container.firstChild == nil && container.startLine == lineNumber)
    var up = container.parent
    while let node = up {
      steps += 1
      node.lastLineBlank = false
      up = node.parent
    }

    if current !== lastMatched && container === lastMatched && !blank && current.kind == .paragraph {
      // Lazy continuation line.
      addLine(current)
      return
    }
    while current !== lastMatched {
      steps += 1
      current = finalize(current)
    }
    switch container.kind {
    case .codeBlock:
      addLine(container)
    case .htmlBlock:
      addLine(container)
      if HTMLBlockStart.endsBlock(type: container.htmlType, p, firstNonspace, lineEnd) {
        container = finalize(container)
      }
    case .table where !blank:
      advanceOffset(firstNonspace - offset, columns: false)
      container.appendTableRow(offset..<lineEnd)
    default:
      if blank {
        break
      } else if container.kind.acceptsLines {
        if container.kind == .heading && !container.setext { chopTrailingHashes() }
        advanceOffset(firstNonspace - offset, columns: false)
        addLine(container)
      } else {
        container = addChild(container, .paragraph)
        advanceOffset(firstNonspace - offset, columns: false)
        addLine(container)
      }
    }
    current = container
  }

  mutating func chopTrailingHashes() {
    var e = lineEnd
    while e > lineStart, Scan.isSpace(p[e - 1]) { e -= 1 }
    var n = e
    while n > lineStart, p[n - 1] == ASCII.hash { n -= 1 }
    if n != e && n > lineStart && Scan.isSpaceOrTab(p[n - 1]) {
      e = n
      while e > lineStart, Scan.isSpace(p[e - 1]) { e -= 1 }
    } else if n != e && n == lineStart {
      e = n
    }
    lineEnd = max(e, lineStart)
  }

  // MARK: - Tree building

  mutating func addChild(_ parent: BlockNode, _ kind: BlockNode.Kind) -> BlockNode {
    var parent = parent
    while !parent.canContain(kind) { parent = finalize(parent) }
    let child = BlockNode(kind, line: lineNumber, depth: parent.depth + 1)
    child.parent = parent
    parent.append(child)
    return child
  }

  /// Closes `node` and returns its parent.
  @discardableResult
  mutating func finalize(_ node: BlockNode) -> BlockNode {
    let parent = node.parent ?? root
    node.open = false
    if node.kind == .document || (node.kind == .codeBlock && node.fenced)
      || (node.kind == .heading && node.setext)
    {
      node.endLine = lineNumber
    } else {
      node.endLine = max(node.startLine, lineNumber - 1)
    }
    switch node.kind {
    case .blockQuote, .item, .footnoteDefinition:
      // End at the last content line, not at trailing blank lines.
      if let last = node.lastChild { node.endLine = max(node.startLine, last.endLine) }
    case .paragraph:
      if !resolveDefinitions(node) {
        node.kind = .linkDefinitions
        node.endLine = node.startLine + node.lineCount - 1
      } else {
        node.endLine = node.startLine + node.lineCount - 1
      }
    case .codeBlock:
      if !node.fenced {
        // Remove trailing blank lines.
        let start = node.contentStart
        var e = node.contentEnd
        var cut = e
        while e > start {
          var s = e - 1
          while s > start, arena[s - 1] != 10 { s -= 1 }
          var isBlank = true
          for k in s..<(e - 1) where !Scan.isSpaceOrTab(arena[k]) {
            isBlank = false
            break
          }
          if !isBlank { break }
          cut = s
          e = s
        }
        node.contentEnd = cut
        var count = 0
        for k in start..<cut where arena[k] == 10 { count += 1 }
        node.endLine = node.startLine + max(count, 1) - 1
        node.literalStart = start
      } else {
        var i = node.contentStart
        while i < node.contentEnd, arena[i] != 10 { i += 1 }
        let infoEnd = i
        node.info = arena.withUnsafeBufferPointer { b in
          var s = node.contentStart
          var e = infoEnd
          while s < e, Scan.isSpace(b[s]) { s += 1 }
          while e > s, Scan.isSpace(b[e - 1]) { e -= 1 }
          return Scan.unescape(b, s..<e)
        }
        node.literalStart = min(i + 1, node.contentEnd)
      }
    case .list:
      if let last = node.lastChild { node.endLine = max(node.startLine, last.endLine) }
      node.tight = true
      outer: for item in node.children {
        let isLastItem = item.next == nil
        if item.lastLineBlank && !isLastItem {
          node.tight = false
          break
        }
        for sub in item.children {
          let isLastSub = sub.next == nil
          if (!isLastItem || !isLastSub) && sub.endsWithBlankLine() {
            node.tight = false
            break outer
          }
        }
      }
    default:
      break
    }
    return parent
  }

  // MARK: - Block starts

  /// `#{1,6}` followed by a space, tab or end of line. Returns the consumed length and level.
  mutating func scanATXStart(_ i: Int) -> (Int, Int)? {
    var j = i
    while j < lineEnd, p[j] == ASCII.hash, j - i < 7 { j += 1 }
    let level = j - i
    guard level >= 1, level <= 6 else { return nil }
    if j == lineEnd { return (level + 1, level) }
    guard Scan.isSpaceOrTab(p[j]) else { return nil }
    while j < lineEnd, Scan.isSpaceOrTab(p[j]) { j += 1 }
    return (j - i, level)
  }

  /// `[^label]:` and the spaces or tabs after it, where the label is one or more bytes other
  /// than `]`, space, tab, CR, LF and NUL. Returns the consumed length and the label.
  func scanFootnoteDefinition(_ i: Int) -> (Int, String)? {
    guard i + 1 < lineEnd, p[i + 1] == ASCII.caret else { return nil }
    var j = i + 2
    while j < lineEnd {
      let c = p[j]
      if c == ASCII.closeBracket || c == 32 || c == 9 || c == 0 { break }
      j += 1
    }
    guard j > i + 2, j + 1 < lineEnd, p[j] == ASCII.closeBracket, p[j + 1] == ASCII.colon else { return nil }
    let label = String(decoding: UnsafeBufferPointer(rebasing: p[(i + 2)..<j]), as: UTF8.self)
    var k = j + 2
    while k < lineEnd, Scan.isSpaceOrTab(p[k]) { k += 1 }
    return (k - i, label)
  }

  mutating func scanOpenFence(_ i: Int) -> Int? {
    let c = p[i]
    var j = i
    while j < lineEnd, p[j] == c { j += 1 }
    let n = j - i
    guard n >= 3 else { return nil }
    if c == ASCII.backtick {
      while j < lineEnd {
        if p[j] == ASCII.backtick { return nil }
        j += 1
      }
    }
    return n
  }

  mutating func scanSetext(_ i: Int) -> Int? {
    let c = p[i]
    var j = i
    while j < lineEnd, p[j] == c { j += 1 }
    while j < lineEnd, Scan.isSpaceOrTab(p[j]) { j += 1 }
    guard j == lineEnd else { return nil }
    return c == ASCII.equals ? 1 : 2
  }

  mutating func scanThematicBreak(_ i: Int) -> Bool {
    let c = p[i]
    var count = 0
    var j = i
    while j < lineEnd {
      let d = p[j]
      if d == c {
        count += 1
      } else if !Scan.isSpaceOrTab(d) {
        thematicBreakKillPos = j
        return false
      }
      j += 1
    }
    if count >= 3 { return true }
    thematicBreakKillPos = lineEnd
    return false
  }

  mutating func parseListMarker(_ i: Int, interruptsParagraph: Bool, _ data: inout ListData) -> Int? {
    var j = i
    let c = peek(j)
    if c == ASCII.asterisk || c == ASCII.hyphen || c == ASCII.plus {
      j += 1
      guard endsListMarker(at: j, interruptsParagraph: interruptsParagraph) else { return nil }
      data.ordered = false
      data.bulletChar = c
      data.start = 1
    } else if Scan.isDigit(c) {
      var start = 0
      var digits = 0
      repeat {
        start = start * 10 + Int(peek(j) - 48)
        j += 1
        digits += 1
      } while digits < 9 && Scan.isDigit(peek(j))
      if Scan.isDigit(peek(j)) { return nil }
      if interruptsParagraph && start != 1 { return nil }
      let d = peek(j)
      guard d == ASCII.period || d == ASCII.closeParen else { return nil }
      j += 1
      guard endsListMarker(at: j, interruptsParagraph: interruptsParagraph) else { return nil }
      data.ordered = true
      data.start = start
      data.delimiter = d
    } else {
      return nil
    }
    return j - i
  }

  /// Whether a list marker that ends before `j` is one: whitespace follows it, and, when it
  /// would interrupt a paragraph, the line does not end blank after it.
  func endsListMarker(at j: Int, interruptsParagraph: Bool) -> Bool {
    guard Scan.isSpace(peek(j)) else { return false }
    guard interruptsParagraph else { return true }
    var k = j
    while Scan.isSpaceOrTab(peek(k)) { k += 1 }
    return peek(k) != 10
  }

  // MARK: - Link reference definitions

  /// Parses link reference definitions at the start of a paragraph, removing them.
  /// Returns whether any content remains.
  mutating func resolveDefinitions(_ node: BlockNode) -> Bool {
    var pos = node.literalStart
    let end = node.contentEnd
    if pos < end && arena[pos] == ASCII.openBracket {
      // Borrow the arena while `parseDefinition` updates `definitions`.
      var bytes: [UInt8] = []
      swap(&bytes, &arena)
      bytes.withUnsafeBufferPointer { b in
        while pos < end, b[pos] == ASCII.openBracket, let next = parseDefinition(b, pos, end, node) {
          pos = next
        }
      }
      swap(&bytes, &arena)
      node.literalStart = pos
    }
    var i = node.literalStart
    while i < end {
      if !Scan.isSpace(arena[i]) { return true }
      i += 1
    }
    return false
  }

  mutating func parseDefinition(_ b: Bytes, _ start: Int, _ end: Int, _ node: BlockNode) -> Int? {
    guard let (afterLabel, inner) = Scan.linkLabel(b, start, end) else { return nil }
    guard afterLabel < end, b[afterLabel] == ASCII.colon else { return nil }
    let destStart = Scan.spnl(b, afterLabel + 1, end)
    guard let (destEnd, destRange) = Scan.linkDestination(b, destStart, end) else { return nil }
    if destRange.isEmpty && b[destStart] != ASCII.lessThan { return nil }
    let beforeTitle = destEnd
    let titleStart = Scan.spnl(b, beforeTitle, end)
    var title: String?
    var pos = beforeTitle
    if titleStart != beforeTitle, let titleEnd = Scan.linkTitle(b, titleStart, end) {
      title = Scan.unescape(b, (titleStart + 1)..<(titleEnd - 1))
      pos = titleEnd
    }
    var q = pos
    while q < end, Scan.isSpaceOrTab(b[q]) { q += 1 }
    if q < end, b[q] != 10 {
      guard title != nil else { return nil }
      title = nil
      q = beforeTitle
      while q < end, Scan.isSpaceOrTab(b[q]) { q += 1 }
      guard q >= end || b[q] == 10 else { return nil }
    }
    if q < end { q += 1 }
    let label = Scan.normalizeLabel(b, inner)
    definitions.addIfAbsent(label) {
      LinkDefinition(
        destination: Scan.unescape(b, destRange), title: title, line: node.line(atContentOffset: start, in: b)
      )
    }
    return q
  }

  // MARK: - Tables

  mutating func tryTableStart(_ paragraph: BlockNode) -> BlockNode? {
    // Cheap check first: a delimiter row holds only `|`, `-`, `:` and blanks.
    var k = firstNonspace
    while k < lineEnd {
      let c = p[k]
      if !(c == 124 || c == 45 || c == 58 || c == 32 || c == 9) { return nil }
      k += 1
    }
    guard let alignments = TableRow.delimiterRow(p, firstNonspace, lineEnd) else { return nil }
    guard paragraph.lineCount > 0, paragraph.contentEnd > paragraph.contentStart else { return nil }
    var lastLineOffset = paragraph.contentEnd - 1
    while lastLineOffset > paragraph.contentStart, arena[lastLineOffset - 1] != 10 { lastLineOffset -= 1 }
    guard lastLineOffset >= paragraph.literalStart else { return nil }
    let headerLine = paragraph.startLine + paragraph.lineCount - 1
    let headerCells: [[UInt8]] = arena.withUnsafeBufferPointer { b in
      var e = paragraph.contentEnd
      if e > lastLineOffset, b[e - 1] == 10 { e -= 1 }
      return TableRow.cells(b, lastLineOffset, e)
    }
    guard headerCells.count == alignments.count else { return nil }
    // The paragraph keeps the lines before the header row.
    paragraph.contentEnd = lastLineOffset
    paragraph.lineCount -= 1
    let parent = paragraph.parent ?? root
    let keep = paragraph.lineCount > 0 && resolveDefinitions(paragraph)
    let table: BlockNode
    if keep {
      paragraph.open = false
      paragraph.endLine = paragraph.startLine + paragraph.lineCount - 1
      table = BlockNode(.table, line: headerLine, depth: parent.depth + 1)
      table.parent = parent
      parent.append(table)
    } else {
      // Nothing of the paragraph stays: it becomes the table (it is its parent's last child,
      // which a singly linked list cannot remove cheaply).
      table = paragraph
      table.kind = .table
      table.startLine = headerLine
      table.endLine = headerLine
      table.lineCount = 0
      table.contentStart = paragraph.contentEnd
      table.literalStart = paragraph.contentEnd
    }
    table.table = BlockNode.TableData(alignments: alignments, headerCells: headerCells)
    advanceOffset(lineEnd - offset, columns: false)
    return table
  }
}

/// List marker data collected while opening a list item.
struct ListData {
  var ordered = false
  var bulletChar: UInt8 = 0
  var start = 1
  var delimiter: UInt8 = 0
  var markerOffset = 0
  var padding = 0
}
