import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

@Suite struct RendererTests {
  private func plain(_ document: MarkdownDocument, width: Int) -> String {
    PlainSerializer.serialize(TerminalMarkdown.render(document, options: RenderOptions(width: width)))
  }

  @Test(arguments: [80, 40])
  func everyElementSnapshot(width: Int) {
    let output = plain(Fixtures.everyElement, width: width)
    #expect(Golden.check(output, named: "every-element-\(width).txt") == nil)
    for line in output.split(separator: "\n") { #expect(CellWidth.of(line) <= width, "too wide: \(line)") }
  }
}
