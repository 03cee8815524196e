import LaunchTracking
import MarkdownSyntax
import NotesTools
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

/// The HTML of several releases (`notes --from … --format html`) links each reference to its
/// own footnote: ids stay unique when two releases use the same label.
@Suite struct WhatsNewFootnoteHTMLTests {
  @Test func twoReleasesWithTheSameLabelGetDistinctIds() throws {
    let html = HTMLRenderer.render(
      WhatsNewDocument.make([
        try WhatsNewFootnoteTests.note("2.0.0", "Sync[^1] is new.\n\n[^1]: Over git.\n"),
        try WhatsNewFootnoteTests.note("1.0.0", "Tags[^1] arrive.\n\n[^1]: One per note.\n"),
      ]))
    let ids = html.split(separator: "id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(ids.count == 4)
    #expect(Set(ids).count == ids.count, "duplicate ids in \(html)")
    // Each reference points at the footnote holding its release's text, and back.
    #expect(html.contains("href=\"#fn-2.0.0-1\" id=\"fnref-2.0.0-1\""))
    #expect(html.contains("<li id=\"fn-2.0.0-1\">\n<p>Over git. <a href=\"#fnref-2.0.0-1\""))
    #expect(html.contains("<li id=\"fn-1.0.0-1\">\n<p>One per note. <a href=\"#fnref-1.0.0-1\""))
  }

  @Test func oneReleaseKeepsCmarkGFMsIds() throws {
    let markdown = "Sync[^note] is new.\n\n[^note]: Over git.\n"
    let html = HTMLRenderer.render(WhatsNewDocument.make([try WhatsNewFootnoteTests.note("2.0.0", markdown)]))
    #expect(html.contains("href=\"#fn-note\" id=\"fnref-note\""))
  }
}
