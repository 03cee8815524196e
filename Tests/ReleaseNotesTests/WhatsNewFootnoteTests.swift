import LaunchTracking
import MarkdownSyntax
import ReleaseNotes
import Testing

/// Several releases in one sheet: each numbers its footnotes from 1, and the sheet keeps them
/// apart.
@Suite struct WhatsNewFootnoteTests {
  static func note(_ version: String, _ markdown: String) throws -> ReleaseNote {
    ReleaseNote(
      version: try AppVersion(parsing: version), fileName: version + ".md", title: nil, date: nil,
      markdown: markdown, document: MarkdownParser.parse(markdown))
  }

  @Test func eachReleasesFootnotesKeepTheirOwnNumbers() throws {
    let document = WhatsNewDocument.make([
      try Self.note("2.0.0", "Sync[^n] is new.\n\n[^n]: Over git.\n"),
      try Self.note("1.0.0", "Tags[^n] arrive.\n\n[^n]: One per note.\n"),
    ])
    #expect(document.footnotes.map(\.number) == [1, 2])
    #expect(
      document.footnotes.map { $0.blocks.first?.kind } == [
        .paragraph([.text("Over git.")]), .paragraph([.text("One per note.")]),
      ])
    let numbers = document.blocks.flatMap { block -> [Int] in
      guard case .paragraph(let inlines) = block.kind else { return [] }
      return inlines.compactMap {
        if case .footnoteReference(let reference) = $0 { return reference.number }
        return nil
      }
    }
    #expect(numbers == [1, 2])
  }
}
