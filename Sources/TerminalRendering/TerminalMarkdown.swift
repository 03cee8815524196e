import MarkdownSyntax

/// Renders a Markdown syntax tree into styled terminal lines at a width.
///
/// The pipeline is tree → ``StyledLine``s (this type) → ``PlainSerializer``,
/// ``ANSISerializer`` or a ``Canvas``. No line is wider than ``RenderOptions/width`` cells.
/// Rendering is iterative (an explicit work stack), so pathological nesting cannot overflow
/// the call stack; past a depth where the indentation would leave less than a third of the
/// width for text, containers stop indenting further.
public enum TerminalMarkdown {
  /// The lines of `document` at `options.width` in `options.theme`.
  public static func render(_ document: MarkdownDocument, options: RenderOptions) -> [StyledLine] {
    var renderer = BlockRenderer(options: options)
    renderer.footnotes = document.footnotes
    renderer.render(document.blocks)
    return renderer.lines
  }

  /// The plain text of `document` at `options.width`: the same bytes as
  /// `PlainSerializer.serializeUTF8(render(document, options: options))`, made without the
  /// ``StyledLine``s in between (paragraphs are wrapped straight into the output), which
  /// `whatsnew render --format plain` uses. The output is checked by ``Sanitizer`` like the
  /// serialiser's. `capacity` is the output size to make room for at once (the source's size
  /// and a quarter is usually enough), rather than growing the buffer as it fills.
  public static func renderPlainUTF8(
    _ document: MarkdownDocument, options: RenderOptions, capacity: Int = 0
  ) -> [UInt8] {
    var renderer = BlockRenderer(options: options, plainBytes: true)
    renderer.output.reserveCapacity(capacity)
    renderer.footnotes = document.footnotes
    renderer.render(document.blocks)
    let output = renderer.output.takeArray()
    let clean = output.withUnsafeBufferPointer { !Sanitizer.needsSanitizing(utf8: $0) }
    if clean { return output }
    return Array(Sanitizer.sanitize(String(decoding: output, as: UTF8.self)).utf8)
  }

  /// Convenience: the lines of a single run of inline content (e.g. a title), wrapped.
  public static func render(inlines: [Inline], options: RenderOptions) -> [StyledLine] {
    var renderer = BlockRenderer(options: options)
    renderer.render([Block(.paragraph(inlines), startLine: 0, endLine: 0)])
    return renderer.lines
  }
}
