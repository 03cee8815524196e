import MarkdownSyntax

/// Renders blocks by passing down the prefixes every line gets (quote bars, list markers and
/// hanging indents): `first` for the first line of a block, `rest` for the others.
struct BlockRenderer: ~Copyable {
  let theme: Theme
  let width: Int
  /// Indentation never grows past this many cells.
  let maxPrefix: Int
  /// The finished lines (a caller may take them between top-level blocks).
  var lines: [StyledLine] = []
  /// How many lines are finished.
  private(set) var lineCount = 0
  var flattener: InlineFlattener
  /// The text of the paragraph or heading being rendered, and the wrapper for it: both keep
  /// their buffers from one block to the next.
  private var flat = FlatText()
  private var wrapper = Wrapper()
  /// The prefixes of a top-level heading of levels 3 to 6 (`### ` and its hanging indent), by
  /// level, made at the first one: a changelog has one per section.
  private var topHeadingFrames: [Frame?] = Array(repeating: nil, count: 7)
  /// The work stack of ``render(topLevel:)``, empty between blocks: kept so that each block
  /// does not allocate one afresh.
  private var work: [Work] = []
  /// The width of each of the theme's bullets and the space after it, by index (-1 until
  /// measured): measuring a glyph walks its grapheme, and a changelog has a list per release.
  private var bulletWidths: [Int] = []
  /// A blank separator line waiting to be emitted before the next content line.
  private var pendingBlank: StyledLine?
  /// The document's footnotes, listed (like link URLs) after the block that first refers
  /// to each.
  var footnotes: [Footnote] = []

  init(options: RenderOptions) {
    theme = options.theme
    width = options.effectiveWidth
    let minContent = min(width, max(10, width / 3))
    maxPrefix = width - minContent
    flattener = InlineFlattener(theme: theme, references: LinkReferences())
    flattener.hyperlinks = options.hyperlinks
  }

  /// The prefixes of a block's lines, with their widths (which every wrapped line needs, so
  /// they are kept rather than measured again).
  struct Frame {
    /// The prefix of a block's first line.
    private(set) var first: StyledLine
    /// The prefix of its other lines.
    private(set) var rest: StyledLine
    private(set) var firstWidth: Int
    private(set) var restWidth: Int
    /// How many lists enclose this block (picks the bullet).
    var listDepth: Int

    init(first: StyledLine, rest: StyledLine, listDepth: Int) {
      self.first = first
      self.rest = rest
      self.listDepth = listDepth
      firstWidth = first.width
      restWidth = rest.width
    }

    /// Sets the first line's prefix, `width` cells wide.
    mutating func setFirst(_ line: StyledLine, width: Int) {
      first = line
      firstWidth = width
    }

    /// Sets the other lines' prefix, `width` cells wide.
    mutating func setRest(_ line: StyledLine, width: Int) {
      rest = line
      restWidth = width
    }

    /// The first line starts like the others (for a container's later children).
    mutating func startLikeRest() {
      first = rest
      firstWidth = restWidth
    }
  }

  enum Work {
    case block(Block, Frame)
    case blank(StyledLine)
    case emptyItem(StyledLine)
  }

  mutating func render(_ blocks: [Block]) {
    for block in blocks { render(topLevel: block) }
  }

  /// Renders one block of the document's top level, then the link references and footnotes
  /// it was the first to mention. Every line it makes is finished when it returns (only the
  /// blank line before the next block waits).
  mutating func render(topLevel block: Block) {
    if lineCount > 0 { pendingBlank = StyledLine() }
    var stack: [Work] = []
    swap(&stack, &work)
    stack.append(.block(block, Frame(first: StyledLine(), rest: StyledLine(), listDepth: 0)))
    run(&stack)
    swap(&stack, &work)
    emitReferences()
  }

  private mutating func run(_ stack: inout [Work]) {
    while let work = stack.popLast() {
      switch work {
      case .blank(let prefix):
        if lineCount > 0 { pendingBlank = prefix }
      case .emptyItem(let marker):
        emit(marker)
      case .block(let block, let frame):
        render(block, frame, &stack)
      }
    }
  }

  /// Lists a footnote: its number like a link's, then its blocks with a hanging indent.
  private mutating func emitFootnote(_ number: Int, _ footnote: Footnote) {
    let text = "[\(number)] "
    let label = StyledLine(text, style: theme.linkReference)
    let labelWidth = text.utf8.count
    let indent = labelWidth <= maxPrefix ? String.repeated(" ", labelWidth) : ""
    var frame = Frame(first: StyledLine(), rest: StyledLine(indent), listDepth: 0)
    frame.setFirst(label, width: labelWidth)
    guard !footnote.blocks.isEmpty else {
      emit(label)
      return
    }
    var stack: [Work] = []
    pushChildren(footnote.blocks, frame, separated: true, &stack)
    run(&stack)
  }

  private mutating func render(_ block: Block, _ frame: Frame, _ stack: inout [Work]) {
    switch block.kind {
    case .paragraph(let inlines):
      flattener.flatten(inlines, base: theme.text, into: &flat)
      emitWrapped(frame)
    case .heading(let level, let content):
      renderHeading(level: level, content: content, frame)
    case .thematicBreak:
      // No rule at all when the prefix already fills the width (a list item at width 2).
      let rule = String.repeated("─", max(0, width - frame.firstWidth))
      emit(frame.first.appending(rule, style: theme.thematicBreak))
    case .codeBlock(_, let literal, _):
      renderPreformatted(literal, style: theme.codeBlock, frame)
    case .htmlBlock(let html):
      let visible = Self.removingComments(html)
      if visible.contains(where: { !$0.isWhitespace }) {
        renderPreformatted(visible, style: theme.html, frame)
      }
    case .blockQuote(let children, let alert):
      let barStyle = alert.map { theme.alert($0) } ?? theme.quoteBar
      let bar = StyledLine(theme.quoteBarGlyph + " ", style: barStyle)
      let barWidth = bar.width
      var inner = frame
      if frame.restWidth + barWidth <= maxPrefix {
        inner.setFirst(frame.first.appending(bar), width: frame.firstWidth + barWidth)
        inner.setRest(frame.rest.appending(bar), width: frame.restWidth + barWidth)
      }
      if let alert {
        // The label on the bar's first line, in the alert's colour; the content below it.
        emit(inner.first.appending(alert.title, style: barStyle.adding(.bold)))
        inner.startLikeRest()
      }
      pushChildren(children, inner, separated: true, &stack)
    case .list(let list):
      renderList(list, frame, &stack)
    case .table(let table):
      renderTable(table, frame)
    }
  }

  // MARK: Lists

  private mutating func renderList(_ list: ListBlock, _ frame: Frame, _ stack: inout [Work]) {
    let bulletIndex = theme.bullets.isEmpty ? 0 : frame.listDepth % theme.bullets.count
    let bullet = theme.bullets.isEmpty ? "•" : theme.bullets[bulletIndex]
    var numberWidth = 0
    if case .ordered(let start, _) = list.marker {
      let last = start.addingReportingOverflow(max(0, list.items.count - 1)).partialValue
      numberWidth = max(String(start).count, String(last).count)
    }
    // Marker widths, measured once per list (a bullet's once per render).
    if bulletWidths.isEmpty { bulletWidths = Array(repeating: -1, count: max(1, theme.bullets.count)) }
    if bulletWidths[bulletIndex] < 0 { bulletWidths[bulletIndex] = CellWidth.of(bullet) + 1 }
    let bulletWidth = bulletWidths[bulletIndex]
    var doneWidth: Int?
    var openWidth: Int?
    // Each item's work is pushed in reverse, last item first, so the first is handled first.
    var listBlank: StyledLine?
    // Plain bullets after the first item all get the same frame: made once.
    var bulletFrame: Frame?
    for index in list.items.indices.reversed() {
      let item = list.items[index]
      let isPlainBullet: Bool
      if case .bullet = list.marker, item.task == nil, index > 0 {
        isPlainBullet = true
      } else {
        isPlainBullet = false
      }
      if isPlainBullet, let itemFrame = bulletFrame {
        push(item, of: list, at: index, itemFrame, frame, &listBlank, &stack)
        continue
      }
      var marker = StyledLine()
      var markerWidth = 0
      switch list.marker {
      case .bullet:
        if item.task == nil {
          marker.append(bullet + " ", style: theme.listMarker)
          markerWidth = bulletWidth
        }
      case .ordered(let start, let delimiter):
        let number = String(start.addingReportingOverflow(index).partialValue)
        let padding = String.repeated(" ", max(0, numberWidth - number.count))
        let text = padding + number + String(delimiter) + " "
        marker.append(text, style: theme.listMarker)
        markerWidth = CellWidth.of(text)
      }
      if let done = item.task {
        if done {
          marker.append(theme.taskDoneGlyph + " ", style: theme.taskDone)
          if doneWidth == nil { doneWidth = CellWidth.of(theme.taskDoneGlyph) + 1 }
          markerWidth += doneWidth ?? 0
        } else {
          marker.append(theme.taskOpenGlyph + " ", style: theme.taskOpen)
          if openWidth == nil { openWidth = CellWidth.of(theme.taskOpenGlyph) + 1 }
          markerWidth += openWidth ?? 0
        }
      }
      // Past the indentation cap the first line starts like the others, so prefixes stay bounded.
      let startsFirst = index == 0 && frame.firstWidth + markerWidth <= maxPrefix
      var itemFrame = frame
      itemFrame.listDepth += 1
      itemFrame.setFirst(
        (startsFirst ? frame.first : frame.rest).appending(marker),
        width: (startsFirst ? frame.firstWidth : frame.restWidth) + markerWidth)
      if frame.restWidth + markerWidth <= maxPrefix {
        itemFrame.setRest(
          frame.rest.appending(StyledLine(String.repeated(" ", markerWidth))),
          width: frame.restWidth + markerWidth)
      }
      if isPlainBullet { bulletFrame = itemFrame }
      push(item, of: list, at: index, itemFrame, frame, &listBlank, &stack)
    }
  }

  /// Pushes an item's work, last first: its blocks (a blank line between them in a loose
  /// list), then the blank line that separates it from the item before.
  private func push(
    _ item: ListItem, of list: ListBlock, at index: Int, _ itemFrame: Frame, _ frame: Frame,
    _ listBlank: inout StyledLine?, _ stack: inout [Work]
  ) {
    if item.blocks.isEmpty {
      stack.append(.emptyItem(itemFrame.first))
    } else {
      pushChildren(item.blocks, itemFrame, separated: !list.isTight, &stack)
    }
    if index > 0, !list.isTight {
      if listBlank == nil { listBlank = TextWrapper.trimmingTrailingSpaces(frame.rest) }
      stack.append(.blank(listBlank ?? StyledLine()))
    }
  }

  /// Pushes `children` so the first is handled first, each after a blank line (in the
  /// prefix of the lines after the first) when `separated`.
  private func pushChildren(_ children: [Block], _ frame: Frame, separated: Bool, _ stack: inout [Work]) {
    var childFrame = frame
    childFrame.startLikeRest()
    let blank =
      separated && children.count > 1 ? TextWrapper.trimmingTrailingSpaces(frame.rest) : StyledLine()
    var k = children.count
    while k > 1 {
      k -= 1
      stack.append(.block(children[k], childFrame))
      if separated { stack.append(.blank(blank)) }
    }
    if let first = children.first { stack.append(.block(first, frame)) }
  }

  // MARK: Headings

  private mutating func renderHeading(level: Int, content: [Inline], _ frame: Frame) {
    let style = theme.text.overlaid(with: theme.heading(level: level))
    flattener.flatten(content, base: style, into: &flat)
    if level <= 2 {
      let widest = emitWrapped(frame, measuring: true)
      let rule = String.repeated(level == 1 ? "═" : "─", max(1, min(widest, width - frame.restWidth)))
      emit(frame.rest.appending(rule, style: theme.headingDecoration))
    } else {
      let atTop = frame.first.runs.isEmpty && frame.rest.runs.isEmpty
      let inner: Frame
      if atTop, let cached = topHeadingFrames[min(level, 6)] {
        inner = cached
      } else {
        let marks = StyledLine(
          String.repeated("#", min(level, 6)) + " ", style: theme.headingDecoration)
        let marksWidth = min(level, 6) + 1
        var made = frame
        made.setFirst(frame.first.appending(marks), width: frame.firstWidth + marksWidth)
        made.setRest(
          frame.rest.appending(StyledLine(String.repeated(" ", marksWidth))),
          width: frame.restWidth + marksWidth)
        if atTop { topHeadingFrames[min(level, 6)] = made }
        inner = made
      }
      emitWrapped(inner)
    }
  }

  // MARK: Code and HTML blocks

  /// Lines shown as they are, indented by two cells; a line too wide is continued on the
  /// next line with the theme's wrap marker at the right edge.
  private mutating func renderPreformatted(_ literal: String, style: Style, _ frame: Frame) {
    var text = Sanitizer.sanitize(literal)
    if text.utf8.last == 0x0A { text.removeLast() }
    let indent = StyledLine("  ")
    let firstPrefix = frame.first.appending(indent)
    let restPrefix = frame.rest.appending(indent)
    var isFirst = true
    // Split on newline bytes: splitting the `String` compares `Character`s.
    for bytes in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      let rawLine = Substring(bytes)
      let prefix = isFirst ? firstPrefix : restPrefix
      let available = width - (isFirst ? frame.firstWidth : frame.restWidth) - 2
      isFirst = false
      let lineWidth = CellWidth.of(rawLine)
      if lineWidth <= available {
        // It fits: nothing to clip.
        emit(prefix.appending(String(rawLine), style: style))
        continue
      }
      if available < 2 {
        emit(TextWrapper.clip(prefix.appending(String(rawLine), style: style), width: width))
        continue
      }
      var chunk = ""
      var used = 0
      var linePrefix = prefix
      for ch in rawLine {
        let w = CellWidth.of(ch)
        if used + w > available - 1 {
          var out = linePrefix.appending(chunk, style: style)
          out.append(String.repeated(" ", available - 1 - used))
          out.append(theme.wrapMarker, style: theme.wrapMarkerStyle)
          emit(out)
          linePrefix = frame.rest.appending(indent)
          chunk = ""
          used = 0
        }
        chunk.append(ch)
        used += w
      }
      emit(linePrefix.appending(chunk, style: style))
    }
  }

  /// True when `text` has a space (scans UTF-8 bytes).
  static func containsSpace(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { $0.contains(0x20) } ?? text.utf8.contains(0x20)
  }

  /// `html` without its `<!-- … -->` comments (an unclosed comment runs to the end).
  static func removingComments(_ html: String) -> String {
    let bytes = Array(html.utf8)
    let open: [UInt8] = Array("<!--".utf8)
    let close: [UInt8] = Array("-->".utf8)
    func find(_ needle: [UInt8], from start: Int) -> Int? {
      guard bytes.count >= needle.count else { return nil }
      var i = start
      while i + needle.count <= bytes.count {
        if bytes[i] == needle[0], bytes[i..<i + needle.count].elementsEqual(needle) { return i }
        i += 1
      }
      return nil
    }
    guard var start = find(open, from: 0) else { return html }
    var out: [UInt8] = Array(bytes[..<start])
    while true {
      guard let end = find(close, from: start + open.count) else { break }
      let resume = end + close.count
      guard let next = find(open, from: resume) else {
        out += bytes[resume...]
        break
      }
      out += bytes[resume..<next]
      start = next
    }
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: Output

  /// Wraps each segment of ``flat``: the first with (`first`, `rest`), the others with
  /// (`rest`, `rest`). With `measuring`, returns the width of the widest line past
  /// `frame.rest` (a level 1 or 2 heading's rule needs it), else 0: measuring every line of
  /// every paragraph would cost a width scan of its text for nothing.
  @discardableResult
  private mutating func emitWrapped(_ frame: Frame, measuring: Bool = false) -> Int {
    var widest = 0
    for i in flat.segmentEnds.indices {
      wrapper.wrap(
        flat, flat.segment(i), width: width, first: i == 0 ? frame.first : frame.rest,
        firstWidth: i == 0 ? frame.firstWidth : frame.restWidth, rest: frame.rest, restWidth: frame.restWidth)
      for line in wrapper.lines {
        let finished = emit(line)
        if measuring { widest = max(widest, finished.width - frame.restWidth) }
      }
    }
    return widest
  }

  /// Appends a finished line. No line is ever wider than the width: at narrow widths a prefix
  /// alone (a two-digit list marker at width 2, a nine-digit one at width 30) can exceed it,
  /// and the line is then clipped. From 40 cells on, the prefix cap (`maxPrefix`, at most
  /// width - 13) plus the widest marker (13 cells) always fits, so wide renders skip the check.
  /// Returns the line as finished.
  @discardableResult
  mutating func emit(_ line: StyledLine) -> StyledLine {
    flushBlank()
    var finished = TextWrapper.trimmingTrailingSpaces(line)
    if width < 40, finished.width > width { finished = TextWrapper.clip(finished, width: width) }
    append(finished)
    return finished
  }

  /// Emits the pending blank line, if any.
  private mutating func flushBlank() {
    if let blank = pendingBlank {
      append(blank)
      pendingBlank = nil
    }
  }

  /// Adds a finished line to ``lines``.
  private mutating func append(_ line: StyledLine) {
    lineCount += 1
    lines.append(line)
  }

  /// Lists the link references collected since the last call, after a blank line.
  private mutating func emitReferences() {
    // A footnote's own links and footnotes are listed after it, in the next round.
    while !flattener.references.pending.isEmpty {
      let pending = flattener.references.pending
      flattener.references.clearPending()
      pendingBlank = StyledLine()
      emitReferences(pending)
    }
  }

  private mutating func emitReferences(_ pending: [(number: Int, url: String, footnote: Int)]) {
    for (number, url, footnote) in pending {
      if footnote >= 0 {
        if footnote < footnotes.count { emitFootnote(number, footnotes[footnote]) }
        continue
      }
      let labelText = "[" + String(number) + "] "
      let labelWidth = labelText.utf8.count
      var url = url
      // Usually printable ASCII with no space: clean, one cell a byte, and whole on one line
      // when it fits.
      let plain = CellWidth.isPrintableASCIIWithoutSpaces(url.utf8)
      let label = StyledLine(labelText, style: theme.linkReference)
      // With hyperlinks on, the URL listed links to itself too.
      let target = flattener.hyperlinks ? Hyperlink.target(for: url) : nil
      if plain, labelWidth + url.utf8.count <= width {
        if url.isEmpty || theme.linkReference == theme.linkDestination {
          emit(label.appending(url, style: theme.linkDestination, link: target))
        } else {
          // The two runs made directly, rather than the label copied and appended to.
          emit(StyledLine([label.runs[0], StyledRun(url, style: theme.linkDestination, link: target)]))
        }
        continue
      }
      url = Sanitizer.sanitize(url)
      if !plain, labelWidth + CellWidth.of(url) <= width, !Self.containsSpace(url) {
        emit(label.appending(url, style: theme.linkDestination, link: target))
        continue
      }
      flat.removeAll()
      flat.append(url, theme.linkDestination, link: target.map { flat.link($0) } ?? -1)
      flat.finish()
      wrapper.wrap(
        flat, 0..<flat.runs.count, width: width, first: label, firstWidth: labelWidth,
        rest: StyledLine(String.repeated(" ", labelWidth)), restWidth: labelWidth)
      for line in wrapper.lines { emit(line) }
    }
  }

}

extension StyledLine {
  /// This line followed by `other`'s runs.
  func appending(_ other: StyledLine) -> StyledLine {
    var copy = self
    for run in other.runs { copy.append(run.text, style: run.style, link: run.link) }
    return copy
  }

  /// This line followed by `text` in `style`, linking to `link`.
  func appending(_ text: String, style: Style = .plain, link: String? = nil) -> StyledLine {
    var copy = self
    copy.append(text, style: style, link: link)
    return copy
  }
}
