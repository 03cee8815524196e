/// The inline phase: turns the raw text of a paragraph, heading or table cell into
/// ``Inline`` values (following cmark's `inlines.c`).
///
/// Nodes live in a flat array linked by indices, so no reference chain can overflow the
/// stack when freed. Emphasis uses the delimiter stack with the openers-bottom table and
/// links use a bracket stack, which keeps the whole phase linear in its input.
struct InlineParser {
  enum Kind: UInt8 {
    case root, text, softBreak, hardBreak, code, html, emphasis, strong, strikethrough, link, image
    /// `[^label]`: `start..<end` is the label in `p`.
    case footnoteReference
  }

  struct Node {
    /// Text: a range of `input` (or of `extra` when `inExtra`).
    var start: Int
    var end: Int
    var payload = -1
    var parent = -1
    var first = -1
    var last = -1
    var prev = -1
    var next = -1
    var kind: Kind
    var inExtra = false
    /// Bracket and delimiter text, which later steps look at: never merged with its neighbours.
    var frozen = false

    init(kind: Kind, start: Int, end: Int, inExtra: Bool = false, frozen: Bool = false, payload: Int = -1) {
      self.kind = kind
      self.start = start
      self.end = end
      self.inExtra = inExtra
      self.frozen = frozen
      self.payload = payload
    }
  }

  /// A run of `*`, `_` or `~` as the CommonMark spec classifies it (section 6.2): its
  /// character, its length, and whether it can open or close emphasis.
  struct DelimiterRun {
    let length: Int
    let char: UInt8
    let canOpen: Bool
    let canClose: Bool

    /// The run of `length` times `char` between the code points `before` and `after` (a
    /// newline, 10, at either end of the text): left- and right-flanking as the spec
    /// defines them, with `_`'s intraword rule and GFM's limit of two `~`.
    init(_ char: UInt8, length: Int, before: UInt32, after: UInt32) {
      let beforeSpace = Scan.isUnicodeWhitespace(before)
      let afterSpace = Scan.isUnicodeWhitespace(after)
      let beforePunct = Scan.isUnicodePunct(before)
      let afterPunct = Scan.isUnicodePunct(after)
      let leftFlanking = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
      let rightFlanking = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
      self.char = char
      self.length = length
      if char == ASCII.tilde && length > 2 {
        canOpen = false
        canClose = false
      } else if char == ASCII.underscore {
        canOpen = leftFlanking && (!rightFlanking || beforePunct)
        canClose = rightFlanking && (!leftFlanking || afterPunct)
      } else {
        canOpen = leftFlanking
        canClose = rightFlanking
      }
    }
  }

  /// An entry of the delimiter stack (cmark's `delimiter`): the run and where it stands never
  /// change once it is pushed; only its links in the stack do, as entries are removed.
  struct Delimiter {
    let run: DelimiterRun
    let node: Int
    let position: Int
    var prev: Int
    var next: Int
  }

  /// A link's or image's destination and title.
  struct LinkTarget {
    var destination: String
    var title: String?
  }

  struct Bracket {
    var node: Int
    var image: Bool
    var active = true
    var bracketAfter = false
    var position: Int
  }

  /// The deepest inline nesting kept in the tree; deeper emphasis and links are flattened
  /// into their content.
  static let maxDepth = 48

  var p: Bytes
  var begin: Int
  var end: Int
  let definitions: DefinitionTable
  /// Whether the GFM inline extensions (strikethrough, extended autolinks) are on.
  let gfm: Bool
  /// The source line of an offset in `p`, for references without a definition.
  var lineOf: LineLocator
  var pos = 0
  var nodes: [Node] = []
  var extra: [UInt8] = []
  /// The destinations and titles of the links and images, by node payload.
  var links: [LinkTarget] = []
  var delimiters: [Delimiter] = []
  var lastDelimiter = -1
  var brackets: [Bracket] = []
  var unresolved: [UnresolvedReference] = []
  var footnotes = FootnoteNumbering()
  // Code span memo (cmark's backticks table).
  var backticks: [Int] = []
  var backticksTouched: [Int] = []
  var scannedForBackticks = false
  // Raw HTML memos: positions past which no terminator exists.
  var noCommentEnd = false
  var noPIEnd = false
  var noCDATAEnd = false
  var noDeclEnd = false
  /// The work done so far, over every block this parser read: each token, byte of text and
  /// turn of a walk over the delimiter or bracket stack
  /// (``MarkdownParser/parseCountingSteps(_:flavor:)``).
  var steps = 0

  init(
    _ p: Bytes, _ range: Range<Int>, definitions: DefinitionTable, gfm: Bool = true, lineOf: LineLocator
  ) {
    self.p = p
    self.gfm = gfm
    self.pos = range.lowerBound
    self.begin = range.lowerBound
    self.end = range.upperBound
    self.definitions = definitions
    self.lineOf = lineOf
  }

  /// Parses `range` of `bytes` without its leading and trailing whitespace (``reset(_:_:)``
  /// then ``run()``), the way every leaf block's inlines are parsed; false, with nothing
  /// parsed, when the range holds only whitespace.
  mutating func parseTrimmed(_ bytes: Bytes, _ range: Range<Int>) -> Bool {
    var s = range.lowerBound
    var e = range.upperBound
    while s < e, Scan.isSpace(bytes[s]) { s += 1 }
    while e > s, Scan.isSpace(bytes[e - 1]) { e -= 1 }
    if s == e { return false }
    reset(bytes, s..<e)
    run()
    return true
  }

  /// Makes the parser ready for `range` of `bytes` (already trimmed of whitespace): what the
  /// last parse left (nodes, stacks, memos) is forgotten, while the footnote numbering and
  /// ``steps`` go on, since the document builder parses every leaf block with one parser.
  mutating func reset(_ bytes: Bytes, _ range: Range<Int>) {
    p = bytes
    begin = range.lowerBound
    end = range.upperBound
    pos = begin
    // Every block has nodes: their array keeps its room for the next block's.
    nodes.removeAll(keepingCapacity: true)
    extra.removeAll()
    links.removeAll()
    delimiters.removeAll()
    lastDelimiter = -1
    brackets.removeAll()
    unresolved.removeAll()
    // The code span memo is cleared where the last parse wrote it.
    for n in backticksTouched { backticks[n] = 0 }
    backticksTouched.removeAll()
    scannedForBackticks = false
    noCommentEnd = false
    noPIEnd = false
    noCDATAEnd = false
    noDeclEnd = false
    nodes.append(Node(kind: .root, start: 0, end: 0))
  }

  // MARK: - Main loop

  mutating func run() {
    while pos < end {
      steps += 1
      parseOne()
    }
    processEmphasis(stackBottom: 0)
  }

  /// Whether ``textRun(from:)`` stops at byte `c`: line ends and `` ` \ & < * _ [ ] ! ``, and
  /// with the GFM extensions on, `~`, `:` and `w` (strikethrough and autolinks).
  static func isSpecial(_ c: UInt8, gfm: Bool) -> Bool {
    switch c {
    case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "`"), UInt8(ascii: "\\"), UInt8(ascii: "&"),
      UInt8(ascii: "<"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
      UInt8(ascii: "!"):
      return true
    case UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "w"):
      return gfm
    default:
      return false
    }
  }

  mutating func parseOne() {
    let c = p[pos]
    switch c {
    case 10, 13:
      handleNewline()
    case 96:  // `
      handleBackticks()
    case 92:  // \
      handleBackslash()
    case 38:  // &
      handleEntity()
    case 60:  // <
      handlePointyBrace()
    case 42, 95:  // * _
      handleDelimiter(c)
    case 126:  // ~
      if gfm { handleDelimiter(c) } else { textRun(from: pos) }
    case 91:  // [
      let n = appendText(pos, pos + 1, frozen: true)
      pos += 1
      pushBracket(node: n, image: false)
    case 93:  // ]
      handleCloseBracket()
    case 33:  // !
      if pos + 1 < end, p[pos + 1] == ASCII.openBracket {
        let n = appendText(pos, pos + 2, frozen: true)
        pos += 2
        pushBracket(node: n, image: true)
      } else {
        _ = appendText(pos, pos + 1)
        pos += 1
      }
    case 119:  // w
      if !gfm || !tryWWWAutolink() { textRun(from: pos + 1) }
    case 58:  // :
      if !gfm || !tryURLAutolink() { textRun(from: pos + 1) }
    default:
      textRun(from: pos)
    }
  }

  /// Appends plain text from `pos` up to the next special character.
  mutating func textRun(from: Int) {
    var j = from
    while j < end {
      steps += 1
      let c = p[j]
      if Self.isSpecial(c, gfm: gfm) {
        if c == ASCII.w {
          if j > begin {
            let b = p[j - 1]
            if !(Scan.isSpace(b) || b == ASCII.asterisk || b == ASCII.underscore || b == ASCII.tilde
              || b == ASCII.openParen)
            {
              j += 1
              continue
            }
          }
        } else if c == ASCII.colon {
          if !(j + 2 < end && p[j + 1] == ASCII.slash && p[j + 2] == ASCII.slash) {
            j += 1
            continue
          }
        }
        break
      }
      j += 1
    }
    var e = j
    if j < end, Scan.isLineEnd(p[j]) {
      while e > pos, p[e - 1] == 32 { e -= 1 }
    }
    if e > pos { _ = appendText(pos, e) }
    pos = j
  }

  // MARK: - Nodes

  /// Appends input text; it extends the previous text node when that one ends at `s`
  /// (fewer nodes to link and walk).
  @discardableResult
  mutating func appendText(_ s: Int, _ e: Int, frozen: Bool = false) -> Int {
    let last = nodes[0].last
    if !frozen, last >= 0 {
      let node = nodes[last]
      if node.kind == .text && !node.frozen && !node.inExtra && node.end == s {
        nodes[last].end = e
        return last
      }
    }
    return append(Node(kind: .text, start: s, end: e, frozen: frozen), to: 0)
  }

  mutating func appendExtraText(_ bytes: some Sequence<UInt8>) {
    let s = extra.count
    extra.append(contentsOf: bytes)
    append(Node(kind: .text, start: s, end: extra.count, inExtra: true), to: 0)
  }

  @discardableResult
  mutating func append(_ node: Node, to parent: Int) -> Int {
    let index = nodes.count
    nodes.append(node)
    let prev = nodes[parent].last
    nodes[index].parent = parent
    nodes[index].prev = prev
    if prev >= 0 { nodes[prev].next = index } else { nodes[parent].first = index }
    nodes[parent].last = index
    return index
  }

  mutating func unlink(_ n: Int) {
    let prev = nodes[n].prev
    let next = nodes[n].next
    let parent = nodes[n].parent
    if prev >= 0 {
      nodes[prev].next = next
    } else if parent >= 0 {
      nodes[parent].first = next
    }
    if next >= 0 {
      nodes[next].prev = prev
    } else if parent >= 0 {
      nodes[parent].last = prev
    }
    nodes[n].prev = -1
    nodes[n].next = -1
    nodes[n].parent = -1
  }

  mutating func insertAfter(_ anchor: Int, _ node: Node) -> Int {
    let index = nodes.count
    nodes.append(node)
    let parent = nodes[anchor].parent
    let next = nodes[anchor].next
    nodes[index].parent = parent
    nodes[index].prev = anchor
    nodes[index].next = next
    if next >= 0 { nodes[next].prev = index } else if parent >= 0 { nodes[parent].last = index }
    nodes[anchor].next = index
    return index
  }

  /// Moves the siblings strictly between `from` and `to` (or to the end when `to` is -1)
  /// into `container`.
  mutating func adopt(after from: Int, before to: Int, into container: Int) {
    var n = nodes[from].next
    while n >= 0 && n != to {
      let next = nodes[n].next
      unlink(n)
      let last = nodes[container].last
      nodes[n].parent = container
      nodes[n].prev = last
      if last >= 0 { nodes[last].next = n } else { nodes[container].first = n }
      nodes[container].last = n
      n = next
    }
  }

  // MARK: - Simple inlines

  mutating func handleNewline() {
    let nl = pos
    if p[pos] == 13 { pos += 1 }
    if pos < end, p[pos] == 10 { pos += 1 }
    while pos < end, Scan.isSpaceOrTab(p[pos]) { pos += 1 }
    let hard = nl - 2 >= begin && p[nl - 1] == 32 && p[nl - 2] == 32
    append(Node(kind: hard ? .hardBreak : .softBreak, start: nl, end: nl), to: 0)
  }

  mutating func handleBackslash() {
    if pos + 1 < end {
      let c = p[pos + 1]
      if Scan.isASCIIPunct(c) {
        _ = appendText(pos + 1, pos + 2)
        pos += 2
        return
      }
      if Scan.isLineEnd(c) {
        pos += 1
        if p[pos] == 13 { pos += 1 }
        if pos < end, p[pos] == 10 { pos += 1 }
        while pos < end, Scan.isSpaceOrTab(p[pos]) { pos += 1 }
        append(Node(kind: .hardBreak, start: pos, end: pos), to: 0)
        return
      }
    }
    _ = appendText(pos, pos + 1)
    pos += 1
  }

  mutating func handleEntity() {
    let s = extra.count
    if let next = Scan.entity(p, pos, end, into: &extra) {
      append(Node(kind: .text, start: s, end: extra.count, inExtra: true), to: 0)
      pos = next
    } else {
      _ = appendText(pos, pos + 1)
      pos += 1
    }
  }

  mutating func handleBackticks() {
    let start = pos
    while pos < end, p[pos] == ASCII.backtick { pos += 1 }
    let length = pos - start
    guard let closeEnd = scanToClosingBackticks(length) else {
      _ = appendText(start, start + length)
      return
    }
    // Content between the runs: line endings become spaces; strip one space each side.
    let cs = start + length
    let ce = closeEnd - length
    let s = extra.count
    // Copied at once, then line feeds turned into spaces in place; a carriage return (which
    // a CR LF pair loses) takes the byte-by-byte way.
    extra.append(contentsOf: p[cs..<ce])
    var sawCR = false
    for k in s..<extra.count {
      if extra[k] == 10 {
        extra[k] = 32
      } else if extra[k] == 13 {
        sawCR = true
        break
      }
    }
    if sawCR {
      extra.removeSubrange(s...)
      for k in cs..<ce {
        let c = p[k]
        if c == 13 {
          if k + 1 < ce, p[k + 1] == 10 { continue }
          extra.append(32)
        } else {
          extra.append(c == 10 ? 32 : c)
        }
      }
    }
    var a = s
    var b = extra.count
    if b - a >= 2, extra[a] == 32, extra[b - 1] == 32 {
      var allSpace = true
      for k in a..<b where extra[k] != 32 {
        allSpace = false
        break
      }
      if !allSpace {
        a += 1
        b -= 1
      }
    }
    append(Node(kind: .code, start: a, end: b, inExtra: true), to: 0)
    pos = closeEnd
  }

  mutating func scanToClosingBackticks(_ length: Int) -> Int? {
    if length > 1000 { return nil }
    if backticks.isEmpty { backticks = [Int](repeating: 0, count: 1001) }

    if scannedForBackticks && backticks[length] <= pos { return nil }
    var j = pos
    defer { steps += j - pos }
    while true {
      while j < end, p[j] != ASCII.backtick { j += 1 }
      if j >= end { break }
      let s = j
      while j < end, p[j] == ASCII.backtick { j += 1 }
      let n = j - s
      if n <= 1000 {
        if backticks[n] == 0 { backticksTouched.append(n) }
        backticks[n] = s
      }
      if n == length { return j }
    }
    scannedForBackticks = true
    return nil
  }

  mutating func handlePointyBrace() {
    let start = pos
    // Autolinks.
    if let (e, isEmail) = scanAutolink(start) {
      let dest = String(decoding: UnsafeBufferPointer(rebasing: p[(start + 1)..<(e - 1)]), as: UTF8.self)
      links.append(LinkTarget(destination: isEmail ? "mailto:" + dest : dest, title: nil))
      let link = append(Node(kind: .link, start: start, end: e, payload: links.count - 1), to: 0)
      let text = Node(kind: .text, start: start + 1, end: e - 1)
      append(text, to: link)
      pos = e
      return
    }
    if let e = scanInlineHTML(start) {
      append(Node(kind: .html, start: start, end: e), to: 0)
      pos = e
      return
    }
    _ = appendText(start, start + 1)
    pos += 1
  }

  func scanAutolink(_ i: Int) -> (Int, Bool)? {
    // URI: scheme of 2-32 chars [A-Za-z][A-Za-z0-9+.-]*, ':', then no space, < or >.
    var j = i + 1
    if j < end, Scan.isAlpha(p[j]) {
      var k = j + 1
      while k < end,
        Scan.isAlnum(p[k]) || p[k] == ASCII.plus || p[k] == ASCII.period
          || p[k] == ASCII.hyphen
      {
        k += 1
      }
      let schemeLength = k - j
      if schemeLength >= 2, schemeLength <= 32, k < end, p[k] == ASCII.colon {
        var m = k + 1
        while m < end {
          let c = p[m]
          if c == ASCII.greaterThan { return (m + 1, false) }
          if c <= 32 || c == ASCII.lessThan || c == 127 { break }
          m += 1
        }
      }
    }
    // Email.
    j = i + 1
    let localStart = j
    while j < end {
      let c = p[j]
      if Scan.isAlnum(c) || (c < 128 && ".!#$%&'*+/=?^_`{|}~-".utf8.contains(c)) {
        j += 1
      } else {
        break
      }
    }
    guard j > localStart, j < end, p[j] == ASCII.at else { return nil }
    j += 1
    while true {
      // label: alnum, then up to 61 alnum or '-', ending alnum
      let ls = j
      guard j < end, Scan.isAlnum(p[j]) else { return nil }
      while j < end, Scan.isAlnum(p[j]) || p[j] == ASCII.hyphen { j += 1 }
      if j - ls > 63 || p[j - 1] == ASCII.hyphen { return nil }
      guard j < end else { return nil }
      if p[j] == ASCII.greaterThan { return (j + 1, true) }
      if p[j] == ASCII.period {
        j += 1
        continue
      }
      return nil
    }
  }

  mutating func scanInlineHTML(_ i: Int) -> Int? {
    guard i + 1 < end else { return nil }
    let c = p[i + 1]
    if Scan.isAlpha(c) { return Scan.openTag(p, i, end) }
    if c == ASCII.slash { return Scan.closingTag(p, i, end) }
    if c == ASCII.question {
      if noPIEnd { return nil }
      if let e = Scan.find(p, "?>", from: i + 2, end) { return e }
      noPIEnd = true
      return nil
    }
    guard c == ASCII.exclamation else { return nil }
    if Scan.hasPrefixIgnoringCase(p, i, end, "<!--") {
      if i + 4 < end, p[i + 4] == ASCII.greaterThan { return i + 5 }
      if i + 5 < end, p[i + 4] == ASCII.hyphen, p[i + 5] == ASCII.greaterThan { return i + 6 }
      if noCommentEnd { return nil }
      if let e = Scan.find(p, "-->", from: i + 4, end) { return e }
      noCommentEnd = true
      return nil
    }
    if i + 9 <= end, Scan.hasPrefixIgnoringCase(p, i, end, "<![cdata["), p[i + 3] == ASCII.C {
      if noCDATAEnd { return nil }
      if let e = Scan.find(p, "]]>", from: i + 9, end) { return e }
      noCDATAEnd = true
      return nil
    }
    if i + 2 < end, Scan.isAlpha(p[i + 2]) {
      if noDeclEnd { return nil }
      if let e = Scan.find(p, ">", from: i + 2, end) { return e }
      noDeclEnd = true
      return nil
    }
    return nil
  }

  // MARK: - Emphasis

  mutating func handleDelimiter(_ c: UInt8) {
    let start = pos
    while pos < end, p[pos] == c { pos += 1 }
    let run = DelimiterRun(
      c, length: pos - start,
      before: start > begin ? Scan.scalar(p, before: start, start: begin) : 10,
      after: pos < end ? Scan.scalar(p, at: pos, end: end) : 10)
    let node = appendText(start, pos, frozen: run.canOpen || run.canClose)
    if run.canOpen || run.canClose {
      let d = Delimiter(run: run, node: node, position: start, prev: lastDelimiter, next: -1)
      delimiters.append(d)
      let index = delimiters.count - 1
      if lastDelimiter >= 0 { delimiters[lastDelimiter].next = index }
      lastDelimiter = index
    }
  }

  mutating func removeDelimiter(_ d: Int) {
    let delim = delimiters[d]
    if delim.next >= 0 { delimiters[delim.next].prev = delim.prev } else { lastDelimiter = delim.prev }
    if delim.prev >= 0 { delimiters[delim.prev].next = delim.next }
  }

  mutating func processEmphasis(stackBottom: Int) {
    if lastDelimiter < 0 || delimiters[lastDelimiter].position < stackBottom { return }
    var openersBottom = [Int](repeating: stackBottom, count: 18)
    var closer = -1
    var candidate = lastDelimiter
    while candidate >= 0 && delimiters[candidate].position >= stackBottom {
      steps += 1
      closer = candidate
      candidate = delimiters[candidate].prev
    }
    while closer >= 0 {
      steps += 1
      let cd = delimiters[closer].run
      guard cd.canClose else {
        closer = delimiters[closer].next
        continue
      }
      let charIndex = cd.char == ASCII.asterisk ? 0 : cd.char == ASCII.underscore ? 1 : 2
      let bottomIndex = charIndex * 6 + (cd.canOpen ? 3 : 0) + cd.length % 3
      var opener = delimiters[closer].prev
      var found = false
      while opener >= 0 && delimiters[opener].position >= openersBottom[bottomIndex] {
        steps += 1
        let od = delimiters[opener].run
        if od.canOpen && od.char == cd.char {
          if cd.char == ASCII.tilde {
            if od.length == cd.length {
              found = true
              break
            }
          } else if !(cd.canOpen || od.canClose) || cd.length % 3 == 0 || (od.length + cd.length) % 3 != 0 {
            found = true
            break
          }
        }
        opener = delimiters[opener].prev
      }
      let oldCloser = closer
      if found {
        closer = insertEmphasis(opener: opener, closer: closer)
      } else {
        openersBottom[bottomIndex] = delimiters[closer].position
        closer = delimiters[closer].next
        if !cd.canOpen { removeDelimiter(oldCloser) }
      }
    }
    while lastDelimiter >= 0 && delimiters[lastDelimiter].position >= stackBottom {
      removeDelimiter(lastDelimiter)
    }
  }

  mutating func insertEmphasis(opener: Int, closer: Int) -> Int {
    let openerNode = delimiters[opener].node
    let closerNode = delimiters[closer].node
    var openerChars = nodes[openerNode].end - nodes[openerNode].start
    var closerChars = nodes[closerNode].end - nodes[closerNode].start
    let char = delimiters[closer].run.char
    let use = (closerChars >= 2 && openerChars >= 2) ? 2 : 1
    openerChars -= use
    closerChars -= use
    nodes[openerNode].end -= use
    nodes[closerNode].end -= use
    // Remove the delimiters between opener and closer.
    var d = delimiters[closer].prev
    while d >= 0 && d != opener {
      steps += 1
      let prev = delimiters[d].prev
      removeDelimiter(d)
      d = prev
    }
    let kind: Kind = char == ASCII.tilde ? .strikethrough : (use == 1 ? .emphasis : .strong)
    let emph = insertAfter(openerNode, Node(kind: kind, start: 0, end: 0))
    adopt(after: emph, before: closerNode, into: emph)
    if openerChars == 0 {
      unlink(openerNode)
      removeDelimiter(opener)
    }
    if closerChars == 0 {
      unlink(closerNode)
      let next = delimiters[closer].next
      removeDelimiter(closer)
      return next
    }
    return closer
  }

  // MARK: - Links

  mutating func pushBracket(node: Int, image: Bool) {
    if !brackets.isEmpty { brackets[brackets.count - 1].bracketAfter = true }
    brackets.append(Bracket(node: node, image: image, position: pos))
  }

  mutating func handleCloseBracket() {
    pos += 1
    let initialPos = pos
    guard let opener = brackets.last else {
      _ = appendText(pos - 1, pos)
      return
    }
    if !opener.active {
      brackets.removeLast()
      _ = appendText(pos - 1, pos)
      return
    }
    var destination: String?
    var title: String?
    // Inline link.
    if pos < end, p[pos] == ASCII.openParen {
      let ds = Scan.spaceChars(p, pos + 1, end)
      if let (destEnd, destRange) = Scan.linkDestination(p, ds, end) {
        let ts = Scan.spaceChars(p, destEnd, end)
        var titleEnd = ts
        var titleRange: Range<Int>?
        if ts != destEnd, let te = Scan.linkTitle(p, ts, end) {
          titleEnd = te
          titleRange = (ts + 1)..<(te - 1)
        }
        let close = Scan.spaceChars(p, titleEnd, end)
        if close < end, p[close] == ASCII.closeParen {
          pos = close + 1
          destination = Scan.unescape(p, destRange)
          title = titleRange.map { Scan.unescape(p, $0) }
        }
      }
    }
    if destination == nil {
      // Reference link: full, collapsed or shortcut.
      var labelRange: Range<Int>?
      var explicit = false
      if let (labelEnd, inner) = Scan.linkLabel(p, pos, end) {
        labelRange = inner
        explicit = true
        pos = labelEnd
      } else if pos + 1 < end, p[pos] == ASCII.openBracket, p[pos + 1] == ASCII.closeBracket {
        pos += 2
        if !opener.bracketAfter { labelRange = opener.position..<(initialPos - 1) }
        explicit = true
      } else if !opener.bracketAfter {
        labelRange = opener.position..<(initialPos - 1)
      }
      var found = false
      if let range = labelRange, range.count <= 1000 {
        if !definitions.isEmpty {
          let label = Scan.normalizeLabel(p, range)
          if let def = definitions.definition(for: label) {
            destination = def.destination
            title = def.title
            found = true
          }
        }
        if !found && explicit && !range.isEmpty {
          let label = String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
          unresolved.append(UnresolvedReference(label: label, line: lineOf.line(at: opener.position)))
        }
      }
      if !found {
        if gfm && !opener.image && footnoteReference(opener, closing: initialPos - 1) { return }
        brackets.removeLast()
        pos = initialPos
        _ = appendText(pos - 1, pos)
        return
      }
    }
    // A match: the nodes after the opener become the link's content.
    let isImage = opener.image
    links.append(LinkTarget(destination: destination ?? "", title: title))
    let link = insertAfter(
      opener.node, Node(kind: isImage ? .image : .link, start: 0, end: 0, payload: links.count - 1))
    adopt(after: link, before: -1, into: link)
    unlink(opener.node)
    processEmphasis(stackBottom: opener.position)
    brackets.removeLast()
    if !isImage {
      var k = brackets.count - 1
      while k >= 0 {
        steps += 1
        if !brackets[k].image {
          if !brackets[k].active { break }
          brackets[k].active = false
        }
        k -= 1
      }
    }
  }

  // MARK: - Footnote references (GFM)

  /// As cmark-gfm: brackets that made no link, whose content starts with a text node `^` and
  /// holds more than the `^`, become a footnote reference to the label after the `^` (the
  /// content's nodes are dropped). Whether the label is defined is settled when the tree is
  /// built: an undefined one goes back to text.
  mutating func footnoteReference(_ opener: Bracket, closing: Int) -> Bool {
    let first = nodes[opener.node].next
    guard first >= 0 else { return false }
    let node = nodes[first]
    guard node.kind == .text, !node.inExtra, node.end > node.start, p[node.start] == ASCII.caret,
      node.end - node.start > 1 || node.next >= 0, opener.position + 1 < closing
    else { return false }
    pos = closing + 1
    processEmphasis(stackBottom: opener.position)
    var n = first
    while n >= 0 {
      let next = nodes[n].next
      unlink(n)
      n = next
    }
    _ = insertAfter(opener.node, Node(kind: .footnoteReference, start: opener.position + 1, end: closing))
    unlink(opener.node)
    brackets.removeLast()
    return true
  }

  // MARK: - Extended autolinks (GFM)

  func inBracket() -> Bool { !brackets.isEmpty }

  /// `www.` at a word boundary.
  mutating func tryWWWAutolink() -> Bool {
    if inBracket() { return false }
    if pos > begin {
      let b = p[pos - 1]
      if !(Scan.isSpace(b) || b == ASCII.asterisk || b == ASCII.underscore || b == ASCII.tilde
        || b == ASCII.openParen)
      {
        return false
      }
    }
    guard pos + 4 <= end, p[pos + 1] == ASCII.w, p[pos + 2] == ASCII.w,
      p[pos + 3] == ASCII.period
    else { return false }
    guard let domainEnd = Self.checkDomain(p, pos, end, allowShort: false) else { return false }
    var e = domainEnd
    while e < end, !Scan.isSpace(p[e]), p[e] != ASCII.lessThan { e += 1 }
    e = Self.autolinkDelimiter(p, pos, e)
    guard e > pos else { return false }
    let text = String(decoding: UnsafeBufferPointer(rebasing: p[pos..<e]), as: UTF8.self)
    links.append(LinkTarget(destination: "http://" + text, title: nil))
    let link = append(Node(kind: .link, start: pos, end: e, payload: links.count - 1), to: 0)
    append(Node(kind: .text, start: pos, end: e), to: link)
    pos = e
    return true
  }

  /// `http://`, `https://` or `ftp://` at `:`; the scheme is taken back from the text before.
  mutating func tryURLAutolink() -> Bool {
    if inBracket() { return false }
    guard pos + 2 < end, p[pos + 1] == ASCII.slash, p[pos + 2] == ASCII.slash else {
      return false
    }
    let last = nodes[0].last
    guard last >= 0, nodes[last].kind == .text, !nodes[last].inExtra, nodes[last].end == pos else {
      return false
    }
    var s = pos
    while s > nodes[last].start, Scan.isAlpha(p[s - 1]) { s -= 1 }
    let n = pos - s
    let ok =
      (n == 4 && Scan.hasPrefixIgnoringCase(p, s, end, "http"))
      || (n == 5 && Scan.hasPrefixIgnoringCase(p, s, end, "https"))
      || (n == 3 && Scan.hasPrefixIgnoringCase(p, s, end, "ftp"))
    guard ok else { return false }
    let domainStart = pos + 3
    guard domainStart < end, Self.isHostChar(p, domainStart, end),
      let domainEnd = Self.checkDomain(p, domainStart - 1, end, allowShort: true)
    else { return false }
    var e = domainEnd
    while e < end, !Scan.isSpace(p[e]), p[e] != ASCII.lessThan { e += 1 }
    e = Self.autolinkDelimiter(p, s, e)
    guard e > domainStart else { return false }
    nodes[last].end = s
    if nodes[last].end == nodes[last].start { unlink(last) }
    let text = String(decoding: UnsafeBufferPointer(rebasing: p[s..<e]), as: UTF8.self)
    links.append(LinkTarget(destination: text, title: nil))
    let link = append(Node(kind: .link, start: s, end: e, payload: links.count - 1), to: 0)
    append(Node(kind: .text, start: s, end: e), to: link)
    pos = e
    return true
  }

  /// A domain character as cmark-gfm counts it: not whitespace and not punctuation, where
  /// punctuation is ASCII punctuation or Unicode category P (symbols such as emoji are fine).
  static func isHostChar(_ p: Bytes, _ i: Int, _ end: Int) -> Bool {
    let c = Scan.scalar(p, at: i, end: end)
    if c < 0x80 { return !Scan.isSpace(UInt8(c)) && !Scan.isASCIIPunct(UInt8(c)) }
    guard let s = Unicode.Scalar(c), !Scan.isUnicodeWhitespace(c) else { return false }
    switch s.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return false
    default:
      return true
    }
  }

  /// cmark-gfm's `check_domain`: segments of host characters, `-` and `_` separated by
  /// dots, no `_` in the last two segments. `i` is one before the first character checked.
  static func checkDomain(_ p: Bytes, _ i: Int, _ end: Int, allowShort: Bool) -> Int? {
    var periods = 0
    var underscoreLast = 0
    var underscorePrev = 0
    var j = i + 1
    while j < end - 1 || (j < end && allowShort) {
      let c = p[j]
      if c == ASCII.backslash, j < end - 2 { j += 1 }
      let d = p[j]
      if d == ASCII.underscore {
        underscoreLast += 1
      } else if d == ASCII.period {
        underscorePrev = underscoreLast
        underscoreLast = 0
        periods += 1
      } else if d != ASCII.hyphen && !isHostChar(p, j, end) {
        break
      }
      j += d >= 0xC0 ? (d >= 0xF0 ? 4 : d >= 0xE0 ? 3 : 2) : 1
    }
    if underscorePrev > 0 || underscoreLast > 0 { return nil }
    if allowShort { return j }
    return periods > 0 ? j : nil
  }

  /// cmark-gfm's `autolink_delim`: trims trailing punctuation and unbalanced `)`.
  static func autolinkDelimiter(_ p: Bytes, _ start: Int, _ linkEnd: Int) -> Int {
    var e = linkEnd
    var opening = 0
    var closing = 0
    for k in start..<e {
      let c = p[k]
      if c == ASCII.lessThan {
        e = k
        break
      }
      if c == ASCII.openParen { opening += 1 } else if c == ASCII.closeParen { closing += 1 }
    }
    while e > start {
      switch p[e - 1] {
      case 41:  // )
        if closing <= opening { return e }
        closing -= 1
        e -= 1
      case 63, 33, 46, 44, 58, 42, 95, 126, 39, 34:  // ? ! . , : * _ ~ ' "
        e -= 1
      case 59:  // ;
        var k = e - 2
        while k > start, Scan.isAlpha(p[k]) { k -= 1 }
        if k < e - 2, p[k] == ASCII.ampersand { e = k } else { e -= 1 }
      default:
        return e
      }
    }
    return e
  }
}

/// Where the inline parser finds the source line of an offset (for unresolved references):
/// in a block's content, or on the one line a table cell is on.
enum LineLocator {
  /// Offsets in `node`'s content, in the arena.
  case node(BlockNode, Bytes)
  /// Every offset is on this line (a table cell).
  case fixed(Int)

  func line(at offset: Int) -> Int {
    switch self {
    case .node(let node, let arena): return node.line(atContentOffset: offset, in: arena)
    case .fixed(let line): return line
    }
  }
}
