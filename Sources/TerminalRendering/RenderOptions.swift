/// What ``TerminalMarkdown`` needs to know about the output: its width in cells, the theme,
/// and whether links carry their URLs.
package struct RenderOptions: Sendable, Hashable {
  /// The width in terminal cells. Widths below 2 are treated as 2 (nothing useful fits in one
  /// cell, and a wide grapheme needs two).
  package var width: Int
  package var theme: Theme
  /// Whether a link's text (and each URL the references list) carries its URL in
  /// ``StyledRun/link``, for OSC 8 hyperlinks (``Hyperlink``). The text is the same either
  /// way: the numbered references stay, so copying the text still gives the URLs.
  package var hyperlinks: Bool

  package init(width: Int = 80, theme: Theme = .dark, hyperlinks: Bool = false) {
    self.width = width
    self.theme = theme
    self.hyperlinks = hyperlinks
  }

  /// The width actually used: at least 2.
  var effectiveWidth: Int { max(2, width) }
}
