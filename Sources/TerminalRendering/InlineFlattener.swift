import MarkdownSyntax

/// Turns inline Markdown into styled text: one ``StyledLine`` per hard-broken segment.
///
/// Iterative (an explicit stack), so deeply nested emphasis cannot overflow the call stack.
/// Text is sanitised here (per run, once flattened), after the parser decoded entities. Links keep their text and get a
/// numbered reference (`[1]`) unless the text already is the URL; images show `[alt]` and a
/// reference to their source. Inline HTML is never interpreted: comments and tags are
/// dropped, and `<br>` becomes a line break.
struct InlineFlattener {
  let theme: Theme
  var references: LinkReferences

  init(theme: Theme, references: LinkReferences) {
    self.theme = theme
    self.references = references
  }

  private struct Frame {
    var items: [Inline]
    var index: Int
    var style: Style
    var suffix: StyledRun?
  }

  /// The segments of `inlines` (split at hard breaks), starting in style `base`.
  mutating func flatten(_ inlines: [Inline], base: Style) -> [StyledLine] {
    var segments: [StyledLine] = [StyledLine()]
    var stack = [Frame(items: inlines, index: 0, style: base, suffix: nil)]
    func append(_ text: String, _ style: Style) {
      segments[segments.count - 1].append(text, style: style)
    }
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].index >= stack[top].items.count {
        if let suffix = stack.removeLast().suffix { append(suffix.text, suffix.style) }
        continue
      }
      let item = stack[top].items[stack[top].index]
      stack[top].index += 1
      let style = stack[top].style
      switch item {
      case .text(let s):
        append(s, style)
      case .softBreak:
        append(" ", style)
      case .hardBreak:
        segments.append(StyledLine())
      case .code(let s):
        append(s, style.overlaid(with: theme.code))
      case .emphasis(let c):
        stack.append(Frame(items: c, index: 0, style: style.overlaid(with: theme.emphasis), suffix: nil))
      case .strong(let c):
        stack.append(Frame(items: c, index: 0, style: style.overlaid(with: theme.strong), suffix: nil))
      case .strikethrough(let c):
        stack.append(
          Frame(items: c, index: 0, style: style.overlaid(with: theme.strikethrough), suffix: nil))
      case .link(let destination, _, let content):
        var suffix: StyledRun?
        if Self.needsReference(destination: destination, text: content.plainText) {
          let n = references.number(for: destination)
          suffix = StyledRun("[\(n)]", style: theme.linkReference)
        }
        stack.append(
          Frame(items: content, index: 0, style: style.overlaid(with: theme.link), suffix: suffix))
      case .image(let source, _, let alt):
        let imageStyle = style.overlaid(with: theme.image)
        var suffixText = "]"
        if !source.isEmpty { suffixText += "[\(references.number(for: source))]" }
        if alt.isEmpty {
          append("[image", imageStyle)
        } else {
          append("[", imageStyle)
        }
        stack.append(
          Frame(items: alt, index: 0, style: imageStyle, suffix: StyledRun(suffixText, style: imageStyle)))
      case .html(let html):
        if Self.isLineBreakTag(html) { segments.append(StyledLine()) }
      }
    }
    // Sanitise per run rather than per text node: far fewer calls, same result.
    for i in segments.indices {
      for r in segments[i].runs.indices where Sanitizer.needsSanitizing(segments[i].runs[r].text) {
        segments[i].runs[r].text = Sanitizer.sanitize(segments[i].runs[r].text)
      }
    }
    return segments
  }

  /// All segments joined by spaces: one line (for table cells).
  mutating func flattenToOneLine(_ inlines: [Inline], base: Style) -> StyledLine {
    let segments = flatten(inlines, base: base)
    var line = StyledLine()
    for (i, segment) in segments.enumerated() {
      if i > 0 { line.append(" ", style: base) }
      for run in segment.runs { line.append(run.text, style: run.style) }
    }
    return line
  }

  // MARK: - Helpers

  /// A link whose text is its URL (an autolink) needs no reference.
  static func needsReference(destination: String, text: String) -> Bool {
    if destination.isEmpty || destination.utf8.first == UInt8(ascii: "#") { return false }
    // Only a destination that ends with the text can be the text itself (autolinks), so most
    // links are decided by one suffix comparison, without building strings.
    let d = destination.utf8
    let t = text.utf8
    guard d.count >= t.count else { return true }
    // Compared from the end, byte by byte: most links differ from their text in the last few
    // bytes. (Reversed views compare through a generic, much slower path.)
    var di = d.endIndex
    var ti = t.endIndex
    while ti > t.startIndex {
      d.formIndex(before: &di)
      t.formIndex(before: &ti)
      if d[di] != t[ti] { return true }
    }
    let prefix = d.count - t.count
    if prefix == 0 { return false }
    // `mailto:` autolinks, and GFM `www.` links that point to `http://www.…`.
    let head = destination.utf8.prefix(prefix)
    for scheme in ["mailto:", "http://", "https://"]
    where prefix == scheme.utf8.count && head.elementsEqual(scheme.utf8) {
      return false
    }
    return true
  }

  /// `<br>`, `<br/>`, `<br />` in any case.
  static func isLineBreakTag(_ html: String) -> Bool {
    var letters = ""
    for ch in html where ch != " " && ch != "/" { letters.append(ch) }
    return letters.lowercased() == "<br>"
  }
}
