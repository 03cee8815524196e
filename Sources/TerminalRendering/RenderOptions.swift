/// What ``TerminalMarkdown`` needs to know about the output: its width in cells and the theme.
package struct RenderOptions: Sendable, Hashable {
  /// The width in terminal cells. Widths below 2 are treated as 2 (nothing useful fits in one
  /// cell, and a wide grapheme needs two).
  package var width: Int
  package var theme: Theme

  package init(width: Int = 80, theme: Theme = .dark) {
    self.width = width
    self.theme = theme
  }

  /// The width actually used: at least 2.
  var effectiveWidth: Int { max(2, width) }
}
