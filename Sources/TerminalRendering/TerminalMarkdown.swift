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

  /// The plain text of `document` at `options.width`: the same bytes as
  /// `PlainSerializer.serializeUTF8(render(document, options: options))`, made without the
  /// ``StyledLine``s in between (paragraphs are wrapped straight into the output), which
  /// `whatsnew render --format plain` uses. The output is checked by ``Sanitizer`` like the
  /// serialiser's. `capacity` is the output size to make room for at once (the source's size
  /// and a quarter is usually enough), rather than growing the buffer as it fills.
  package static func renderPlainUTF8(
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

  /// The bytes of ``renderPlainUTF8(_:options:capacity:)``, handed to `write` in pieces as
  /// they are made: each piece is the output of whole top-level blocks, at least `chunk`
  /// bytes of it (but the last), and ends with a newline. Each piece is checked by
  /// ``Sanitizer`` on its own, which gives the same bytes as checking the whole: its rules
  /// never reach past a newline (tab stops count from the last one) and a piece never splits
  /// a character. `whatsnew render --format plain` writes each piece out at once, so it never
  /// holds the whole text (82 KB for the 65 KB changelog).
  package static func writePlainUTF8(
    _ document: MarkdownDocument, options: RenderOptions, chunk: Int,
    to write: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var renderer = BlockRenderer(options: options, plainBytes: true)
    renderer.output.reserveCapacity(chunk + chunk / 2)
    renderer.footnotes = document.footnotes
    for block in document.blocks {
      renderer.render(topLevel: block)
      if renderer.output.count >= chunk { writeSanitized(&renderer.output, to: write) }
    }
    writeSanitized(&renderer.output, to: write)
  }

  /// Hands `buffer`'s bytes to `write`, sanitised when they need it, and empties it.
  private static func writeSanitized(
    _ buffer: inout ByteBuffer, to write: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBufferPointer { bytes in
      if !Sanitizer.needsSanitizing(utf8: bytes) { return write(bytes) }
      let clean = Array(Sanitizer.sanitize(String(decoding: bytes, as: UTF8.self)).utf8)
      clean.withUnsafeBufferPointer { write($0) }
    }
    buffer.removeAll()
  }

  /// Convenience: the lines of a single run of inline content (e.g. a title), wrapped.
  package static func render(inlines: [Inline], options: RenderOptions) -> [StyledLine] {
    var renderer = BlockRenderer(options: options)
    renderer.render([Block(.paragraph(inlines), startLine: 0, endLine: 0)])
    return renderer.lines
  }
}
