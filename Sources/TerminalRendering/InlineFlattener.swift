import MarkdownSyntax

/// Turns inline Markdown into styled text: one ``StyledLine`` per hard-broken segment.
///
/// Iterative (an explicit stack), so deeply nested emphasis cannot overflow the call stack.
/// Text is sanitised here (per run, once flattened), after the parser decoded entities. Links keep their text and get a
/// numbered reference (`[1]`) unless the text already is the URL; images show `[alt]` and a
/// reference to their source; a footnote reference is a number like a link's. Inline HTML is never interpreted: comments and tags are
/// dropped, and `<br>` becomes a line break.
///
/// With ``hyperlinks`` on, a link's text (and an image's inside it) also links to its
/// destination when ``Hyperlink/target(for:)`` accepts it; the `[n]` stays either way.
struct InlineFlattener {
  let theme: Theme
  var references: LinkReferences
  /// Whether link text carries its URL (for OSC 8 output).
  var hyperlinks = false
  /// The stack of ``flatten(_:base:into:)``, empty between calls: kept so that each paragraph
  /// does not allocate one afresh.
  private var frames: [Frame] = []

  init(theme: Theme, references: LinkReferences) {
    self.theme = theme
    self.references = references
  }

  private struct Frame {
    var items: [Inline]
    var index: Int
    var style: Style
    var suffix: StyledRun?
    /// The index in the flat text's links of the link the items are inside (-1: none).
    var link: Int32 = -1
  }

  /// The segments of `inlines` (split at hard breaks), starting in style `base`.
  mutating func flatten(_ inlines: [Inline], base: Style) -> [StyledLine] {
    var flat = FlatText()
    flatten(inlines, base: base, into: &flat)
    var segments: [StyledLine] = []
    for s in flat.segmentEnds.indices { segments.append(flat.line(flat.segment(s))) }
    return segments
  }

  /// Writes the text of `inlines` into `flat` (emptied first), sanitised, one segment per
  /// hard-broken piece, starting in style `base`.
  mutating func flatten(_ inlines: [Inline], base: Style, into flat: inout FlatText) {
    flat.removeAll()
    var stack: [Frame] = []
    swap(&stack, &frames)
    defer { swap(&stack, &frames) }
    stack.append(Frame(items: inlines, index: 0, style: base, suffix: nil))
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].index >= stack[top].items.count {
        let frame = stack.removeLast()
        if let suffix = frame.suffix {
          // A link's `[n]` is outside the link; an image's `]` is inside the one around it.
          let inside = frame.link >= 0 && stack.last.map({ $0.link == frame.link }) == true
          flat.append(suffix.text, suffix.style, link: inside ? frame.link : -1)
        }
        continue
      }
      let item = stack[top].items[stack[top].index]
      stack[top].index += 1
      let style = stack[top].style
      let link = stack[top].link
      switch item {
      case .text(let s):
        flat.append(s, style, link: link)
      case .softBreak:
        flat.append(ascii: 0x20, style, link: link)
      case .hardBreak:
        flat.endSegment()
      case .code(let s):
        flat.append(s, style.overlaid(with: theme.code), link: link)
      case .emphasis(let c):
        stack.append(
          Frame(items: c, index: 0, style: style.overlaid(with: theme.emphasis), suffix: nil, link: link))
      case .strong(let c):
        stack.append(
          Frame(items: c, index: 0, style: style.overlaid(with: theme.strong), suffix: nil, link: link))
      case .strikethrough(let c):
        let struck = style.overlaid(with: theme.strikethrough)
        var suffix: StyledRun?
        if !theme.strikethroughMark.isEmpty {
          // Where the text cannot be struck through, `~~` around it says it is.
          flat.append(theme.strikethroughMark, struck, link: link)
          suffix = StyledRun(theme.strikethroughMark, style: struck)
        }
        stack.append(Frame(items: c, index: 0, style: struck, suffix: suffix, link: link))
      case .link(let destination, _, let content):
        let linkStyle = style.overlaid(with: theme.link)
        var target: Int32 = -1
        if hyperlinks, let url = Hyperlink.target(for: destination) { target = flat.link(url) }
        if Self.needsReference(destination: destination, content: content) {
          let n = references.number(for: destination)
          if content.count == 1, case .text(let s) = content[0] {
            // The usual link, `[#911]`: its text and its number, without a frame.
            flat.append(s, linkStyle, link: target)
            flat.appendReference(n, theme.linkReference)
            continue
          }
          stack.append(
            Frame(
              items: content, index: 0, style: linkStyle,
              suffix: StyledRun("[\(n)]", style: theme.linkReference), link: target))
        } else {
          stack.append(Frame(items: content, index: 0, style: linkStyle, suffix: nil, link: target))
        }
      case .image(let source, _, let alt):
        let imageStyle = style.overlaid(with: theme.image)
        var suffixText = "]"
        if !source.isEmpty { suffixText += "[\(references.number(for: source))]" }
        if alt.isEmpty {
          flat.append("[image", imageStyle, link: link)
        } else {
          flat.append("[", imageStyle, link: link)
        }
        stack.append(
          Frame(
            items: alt, index: 0, style: imageStyle, suffix: StyledRun(suffixText, style: imageStyle),
            link: link))
      case .html(let html):
        if Self.isLineBreakTag(html) { flat.endSegment() }
      case .footnoteReference(let reference):
        flat.appendReference(references.number(forFootnote: reference.number), theme.linkReference)
      }
    }
    flat.finish()
  }

  /// All segments joined by spaces: one line (for table cells).
  mutating func flattenToOneLine(_ inlines: [Inline], base: Style) -> StyledLine {
    let segments = flatten(inlines, base: base)
    var line = StyledLine()
    for (i, segment) in segments.enumerated() {
      if i > 0 { line.append(" ", style: base) }
      for run in segment.runs { line.append(run.text, style: run.style, link: run.link) }
    }
    return line
  }

  // MARK: - Helpers

  /// ``needsReference(destination:text:)`` for a link's content, without building its
  /// plain text for the usual single text node.
  static func needsReference(destination: String, content: [Inline]) -> Bool {
    if content.count == 1, case .text(let s) = content[0] {
      return needsReference(destination: destination, text: s)
    }
    return needsReference(destination: destination, text: content.plainText)
  }

  /// A link whose text is its URL (an autolink) needs no reference: the text is the
  /// destination itself, or it is after `mailto:` (an email autolink) or `http://` or
  /// `https://` (a GFM `www.` link). Compared byte for byte, as the URL was written.
  static func needsReference(destination: String, text: String) -> Bool {
    if destination.isEmpty || destination.utf8.first == UInt8(ascii: "#") { return false }
    let autolink = ["", "mailto:", "http://", "https://"].contains { scheme in
      destination.utf8.elementsEqual((scheme + text).utf8)
    }
    return !autolink
  }

  /// `<br>`, `<br/>`, `<br />` in any case.
  static func isLineBreakTag(_ html: String) -> Bool {
    var letters = ""
    for ch in html where ch != " " && ch != "/" { letters.append(ch) }
    return letters.lowercased() == "<br>"
  }
}
