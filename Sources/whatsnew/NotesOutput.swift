import MarkdownSyntax
import TerminalRendering

/// Turns the notes document into text for `notes` (and other subcommands that print
/// Markdown). The renderers themselves live in `TerminalRendering` and `MarkdownSyntax`.
enum TerminalOutput {
  /// Plain text at `width` cells, no escape sequences.
  static func plain(_ document: MarkdownDocument, width: Int) -> String {
    fallback(document)
  }

  /// ANSI (SGR only) text at `width` cells.
  static func ansi(_ document: MarkdownDocument, width: Int) -> String {
    fallback(document)
  }

  /// PROVISIONAL until TerminalRendering's renderer lands: headings and paragraph text only.
  private static func fallback(_ document: MarkdownDocument) -> String {
    var out = ""
    for block in document.blocks {
      switch block.kind {
      case .heading(_, let content): out += Sanitizer.sanitize(content.plainText) + "\n\n"
      case .paragraph(let content): out += Sanitizer.sanitize(content.plainText) + "\n\n"
      default: break
      }
    }
    return out
  }
}

/// HTML output.
enum HTMLOutput {
  /// PROVISIONAL until MarkdownSyntax's HTML renderer lands.
  static func render(_ document: MarkdownDocument) -> String {
    TerminalOutput.plain(document, width: 80)
  }
}
