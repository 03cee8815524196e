import Foundation
import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

/// `render --format plain` renders the top-level blocks in batches of lines
/// (``TerminalMarkdown/render(_:options:linesAtATime:_:)``) and serialises and sanitises each
/// batch on its own; the bytes must be those of the whole document's lines serialised at once.
@Suite struct PlainStreamingTests {
  private func expectSameBytes(_ document: MarkdownDocument, _ label: String) {
    for width in [2, 7, 20, 40, 80, 133] {
      for theme in [Theme.dark, .monochrome] {
        let options = RenderOptions(width: width, theme: theme)
        let lines = TerminalMarkdown.render(document, options: options)
        let whole = PlainSerializer.serializeUTF8(lines)
        for batch in [1, 7, 256] {
          var batches: [[StyledLine]] = []
          TerminalMarkdown.render(document, options: options, linesAtATime: batch) { batches.append($0) }
          #expect(Array(batches.joined()) == lines, "\(label) at width \(width) in batches of \(batch)")
          #expect(batches.dropLast().allSatisfy { $0.count >= batch }, "\(label): a batch is short")
          let bytes = batches.map(PlainSerializer.serializeUTF8).joined()
          #expect(bytes.elementsEqual(whole), "\(label) at width \(width) serialised in batches of \(batch)")
        }
      }
    }
  }

  @Test(
    .requiresCorpus("changelogs/swift-argument-parser.md", "changelogs/Yams.md", "changelogs/Rainbow.md"),
    arguments: ["swift-argument-parser.md", "Yams.md", "Rainbow.md"])
  func corpusChangelogs(name: String) throws {
    let bytes = try Data(contentsOf: TestPaths.corpusFile("changelogs/\(name)"))
    expectSameBytes(MarkdownParser.parse(bytes: bytes), name)
  }

  @Test func everyElementAndMixedScripts() {
    expectSameBytes(Fixtures.everyElement, "every element")
    expectSameBytes(MarkdownParser.parse(ParsedSnapshotTests.everyElementSource), "every element, parsed")
    let p = MixedScriptTests.paragraphs
    let source =
      p.joined(separator: "\n\n")
      + "\n\n- \(p[1])\n  - \(p[2])\n    - \(p[3])\n- \(p[5])\n- \(p[4])\n  - \(p[6])\n\n> \(p[0])\n>\n> \(p[1])\n"
    expectSameBytes(MarkdownParser.parse(source), "mixed scripts")
  }

  @Test func hostileDocuments() {
    for document in HostileContent.documents {
      expectSameBytes(MarkdownParser.parse(bytes: document.bytes), document.name)
    }
  }

  /// Spaces and breaks in awkward places: leading and trailing spaces, lines of spaces, a hard
  /// break at the end, empty list items, a paragraph that is one over-long word.
  @Test func awkwardSpacing() {
    let source = """
      Leading spaces&#32;&#32;and trailing&#32;&#32;
      line after\\
      \\
      end

      -
      - &#32;&#32;&#32;
      - \(String(repeating: "x", count: 300))

      > quoted \(String(repeating: "word ", count: 40))
      >
      > `code   with   spaces   \(String(repeating: "y", count: 90))`
      """
    expectSameBytes(MarkdownParser.parse(source), "awkward spacing")
  }
}
