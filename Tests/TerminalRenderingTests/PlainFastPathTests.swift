import Foundation
import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

/// `TerminalMarkdown.renderPlainUTF8` (what `render --format plain` prints) wraps paragraphs
/// straight into bytes; it must give exactly the bytes of the styled lines serialised.
@Suite struct PlainFastPathTests {
  private func expectSameBytes(_ document: MarkdownDocument, _ label: String) {
    for width in [2, 7, 20, 39, 40, 41, 80, 133] {
      for theme in [Theme.dark, .monochrome] {
        let options = RenderOptions(width: width, theme: theme)
        let direct = TerminalMarkdown.renderPlainUTF8(document, options: options)
        let viaLines = PlainSerializer.serializeUTF8(TerminalMarkdown.render(document, options: options))
        #expect(direct == viaLines, "\(label) at width \(width)")
        // Written in pieces (what `render --format plain` does): the same bytes, each piece
        // whole lines, at every piece size.
        for chunk in [1, 100, 4096] {
          var pieces: [[UInt8]] = []
          TerminalMarkdown.writePlainUTF8(document, options: options, chunk: chunk) {
            pieces.append(Array($0))
          }
          #expect(pieces.joined().elementsEqual(direct), "\(label) at width \(width) in \(chunk)-byte pieces")
          #expect(pieces.allSatisfy { $0.last == 0x0A }, "\(label): a piece ends inside a line")
        }
      }
    }
  }

  @Test(
    .requires(TestPaths.corpusAvailable, TestPaths.corpusMissing),
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
