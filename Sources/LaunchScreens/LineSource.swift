import TerminalRendering

/// Text that becomes styled lines at a given width: rendered Markdown, a greeting, or lines
/// built by hand in tests.
///
/// Screens re-render their sources when the terminal is resized. The app decides how text is
/// rendered (normally `TerminalMarkdown` with the current theme), so screens stay free of
/// I/O and of any second Markdown path.
package struct LineSource: Sendable {
  private let renderer: @Sendable (Int) -> [StyledLine]

  /// A source that renders with `render(width)`.
  package init(render: @escaping @Sendable (_ width: Int) -> [StyledLine]) {
    self.renderer = render
  }

  /// Fixed lines, the same at every width (wider lines are clipped when drawn).
  package static func lines(_ lines: [StyledLine]) -> LineSource {
    LineSource { _ in lines }
  }

  /// Fixed plain text, one line per `\n`.
  package static func text(_ text: String, style: Style = .plain) -> LineSource {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      StyledLine(String($0), style: style)
    }
    return .lines(lines)
  }

  /// No lines at all.
  package static let empty = LineSource { _ in [] }

  /// The lines at `width` cells (at least 1).
  package func lines(width: Int) -> [StyledLine] {
    renderer(max(1, width))
  }
}
