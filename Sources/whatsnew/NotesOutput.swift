import LaunchGreeter
import LaunchTracking
import MarkdownSyntax
import NotesTools
import TerminalRendering

/// Turns the notes document into text for `notes`. The renderers themselves live in
/// `TerminalRendering` (plain, ANSI) and `MarkdownSyntax` (HTML); this only picks options.
enum NotesOutput {
  /// Plain text at `width` cells, no escape sequences.
  static func plain(_ document: MarkdownDocument, width: Int) -> String {
    PlainSerializer.serialize(
      TerminalMarkdown.render(document, options: RenderOptions(width: width, theme: .monochrome)))
  }

  /// ANSI (SGR, and OSC 8 links when `hyperlinks`) text at `width` cells in `theme`
  /// (resolved); `NO_COLOR` gives the monochrome theme, whatever `theme` says.
  static func ansi(
    _ document: MarkdownDocument, width: Int, noColor: Bool, theme: GreeterTheme = .dark,
    hyperlinks: Bool = false
  ) -> String {
    let theme: Theme = noColor ? .monochrome : theme.markdown
    return ANSISerializer.serialize(
      TerminalMarkdown.render(
        document, options: RenderOptions(width: width, theme: theme, hyperlinks: hyperlinks)))
  }

  /// HTML (raw HTML in the notes is filtered as GFM's tagfilter does), with terminal
  /// controls neutralised as `render --format html` does: the HTML may be read in a terminal.
  static func html(_ document: MarkdownDocument) -> String {
    Sanitizer.sanitize(HTMLRenderer.render(document, tagFilter: true), expandingTabs: false)
  }
}
