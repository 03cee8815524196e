import MarkdownSyntax

/// Renders a Markdown syntax tree into styled terminal lines at a width.
///
/// The pipeline is tree → ``StyledLine``s (this type) → ``PlainSerializer``,
/// ``ANSISerializer`` or a ``Canvas``. No line is wider than ``RenderOptions/width`` cells.
/// Rendering is iterative (an explicit work stack), so pathological nesting cannot overflow
/// the call stack; past a depth where the indentation would leave less than a third of the
/// width for text, containers stop indenting further.
package enum TerminalMarkdown {
  /// The lines of `document` at `options.width` in `options.theme`.
  package static func render(_ document: MarkdownDocument, options: RenderOptions) -> [StyledLine] {
    var renderer = BlockRenderer(options: options)
    renderer.footnotes = document.footnotes
    renderer.render(document.blocks)
    return renderer.lines
  }

  /// The lines of ``render(_:options:)``, handed to `body` as they are made, at least
  /// `lines` at a time (but the last batch), each batch the lines of whole top-level blocks.
  /// `whatsnew render --format plain` serialises and writes each batch at once, so it never
  /// holds the whole text.
  package static func render(
    _ document: MarkdownDocument, options: RenderOptions, linesAtATime lines: Int,
    _ body: ([StyledLine]) -> Void
  ) {
    var renderer = BlockRenderer(options: options)
    renderer.footnotes = document.footnotes
    for block in document.blocks {
      renderer.render(topLevel: block)
      if renderer.lines.count >= lines {
        body(renderer.lines)
        renderer.lines.removeAll(keepingCapacity: true)
      }
    }
    if !renderer.lines.isEmpty { body(renderer.lines) }
  }

  /// A heading's Markdown (`Run \`x\` **now** &amp; [more](…)`) as the text it renders to, on
  /// one line (`Run x now & more`): its code spans, emphasis, entities and links' text, without
  /// their marks, terminal controls neutralised, for a place that shows a heading as plain
  /// text (a title bar, a checklist row).
  package static func headingText(_ markdown: String) -> String {
    let line = markdown.split(whereSeparator: \.isNewline).joined(separator: " ")
    let document = MarkdownParser.parse("# " + line, frontMatter: false)
    guard case .heading(_, let content)? = document.blocks.first?.kind else {
      return Sanitizer.sanitize(line)
    }
    return Sanitizer.sanitize(content.plainText)
  }

  /// Convenience: the lines of a single run of inline content (e.g. a title), wrapped.
  package static func render(inlines: [Inline], options: RenderOptions) -> [StyledLine] {
    var renderer = BlockRenderer(options: options)
    renderer.render([Block(.paragraph(inlines), startLine: 0, endLine: 0)])
    return renderer.lines
  }
}
