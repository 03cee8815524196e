import MarkdownSyntax
import Testing

@testable import TerminalRendering

/// GitHub alerts in the terminal: the bar in the alert's colour and its label on the first
/// line; the label as text in plain output; the `[!KIND]` marker never shown.
@Suite struct AlertRenderingTests {
  private let warning = MarkdownParser.parse("> [!WARNING]\n> Back up first.\n")

  @Test func plainOutputShowsTheLabelNotTheMarker() {
    let output = PlainSerializer.serialize(
      TerminalMarkdown.render(warning, options: RenderOptions(width: 40)))
    #expect(output == "│ Warning\n│ Back up first.\n")
  }

  @Test func ansiOutputColoursTheBarAndLabel() throws {
    let lines = TerminalMarkdown.render(warning, options: RenderOptions(width: 40, theme: .dark))
    let output = ANSISerializer.serialize(lines)
    #expect(!output.contains("[!WARNING]"))
    let style = try #require(Theme.dark.alerts[.warning])
    #expect(style != Theme.dark.quoteBar)
    let label = try #require(lines.first?.runs.first { $0.text == "Warning" })
    #expect(label.style == style.adding(.bold))
    #expect(lines.allSatisfy { $0.runs.first?.style == style })
    #expect(output.contains(ANSISerializer.sgr(style.adding(.bold)) + "Warning"))
  }

  @Test func eachKindHasItsOwnColourInTheColourThemes() {
    for theme in [Theme.dark, Theme.light] {
      let styles = AlertKind.allCases.map { theme.alert($0) }
      #expect(Set(styles.map { "\($0)" }).count == AlertKind.allCases.count)
    }
  }
}
