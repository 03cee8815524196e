import Foundation
import NotesTools
import TestSupport
import Testing

@testable import MarkdownSyntax

/// GFM footnotes: the tree, and HTML equal to cmark-gfm's with its footnotes extension.
@Suite struct FootnoteTests {
  /// Documents that use footnotes, written for these tests.
  static let documents = [
    "Jot syncs over git[^sync] and keeps daily notes[^daily].\n\n[^sync]: Git 2.30 or newer.\n\n[^daily]: One per day.\n",
    "Sync[^s] works offline; sync[^S] again, and [^nothing] here.\n\n[^s]: Changes wait until the next push.\n",
    "[^early]: Defined first, cites[^late].\n\nText[^early] and[^late].\n\n[^late]: Defined last.\n",
    "Paragraphs[^long].\n\n[^long]: The first paragraph.\n\n    The second, indented by four.\n\n- a list after it\n",
    "Code[^code].\n\n[^code]: ```\n    jot sync --dry-run\n    ```\n",
    "Quoted[^q].\n\n> [^q]: Inside a quote,\n> continued.\n",
    "- Pinned notes[^pin]\n- Tags\n\n[^pin]: Pinned stay on top.\n",
    "| Feature | Note |\n| --- | --- |\n| Sync | [^t] |\n\n[^t]: In the table.\n",
    "[Export [^fmt]](https://jot.example.com/export) and ![logo [^fmt]](logo.png)\n\n[^fmt]: PDF or HTML.\n",
    "Labels[^Big Label] are[^é<x>] escaped[^*star*].\n\n[^é<x>]: Accented.\n\n[^*star*]: Starred.\n",
    "Lazy[^lazy].\n\n[^lazy]: A definition whose paragraph\ngoes on without indentation.\nThen an empty one[^empty].\n\n[^empty]:\n",
    "Twice[^dup].\n\n[^dup]: The first definition.\n\n[^dup]: The second is ignored.\n\n[^unused]: Nobody cites this.\n",
  ]

  @Test func referencesAreNumberedInTheOrderTheyAreMet() {
    let document = MarkdownParser.parse(Self.documents[2])
    #expect(document.footnotes.map(\.label) == ["late", "early"])
    #expect(document.footnotes.map(\.number) == [1, 2])
    #expect(document.footnotes.map(\.referenceCount) == [2, 1])
    #expect(document.unusedFootnotes.isEmpty)
  }

  @Test func repeatedReferencesCountTheirOccurrences() {
    let document = MarkdownParser.parse(Self.documents[1])
    guard case .paragraph(let inlines) = document.blocks.first?.kind else {
      Issue.record("expected a paragraph")
      return
    }
    let references = inlines.compactMap { inline -> FootnoteReference? in
      if case .footnoteReference(let reference) = inline { return reference }
      return nil
    }
    #expect(
      references == [
        FootnoteReference(label: "s", number: 1, occurrence: 1),
        FootnoteReference(label: "s", number: 1, occurrence: 2),
      ])
    #expect(document.undefinedFootnotes == [UnresolvedReference(label: "nothing", line: 1)])
    #expect(inlines.plainText.contains("[^nothing]"), "an undefined reference stays text")
  }

  @Test func unusedAndRepeatedDefinitions() {
    let document = MarkdownParser.parse(Self.documents[11])
    #expect(document.footnotes.count == 1)
    #expect(document.footnotes.first?.blocks.first?.kind == .paragraph([.text("The first definition.")]))
    #expect(document.unusedFootnotes == [UnresolvedReference(label: "unused", line: 7)])
  }

  @Test func commonMarkHasNoFootnotes() {
    let document = MarkdownParser.parse(Self.documents[0], flavor: .commonMark)
    #expect(document.footnotes.isEmpty)
    #expect(!HTMLRenderer.render(document).contains("footnote"))
  }

  @Test func htmlOfAFootnote() {
    #expect(
      HTMLRenderer.render(MarkdownParser.parse("Sync[^s].\n\n[^s]: Over git.\n"))
        == """
        <p>Sync<sup class="footnote-ref"><a href="#fn-s" id="fnref-s" data-footnote-ref>1</a></sup>.</p>
        <section class="footnotes" data-footnotes>
        <ol>
        <li id="fn-s">
        <p>Over git. <a href="#fnref-s" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a></p>
        </li>
        </ol>
        </section>

        """)
  }

  @Test(
    .requires(
      TestPaths.hasTool("cmark-gfm"), "cmark-gfm is not installed (scripts/setup --tests installs it)"))
  func htmlMatchesCmarkGFM() throws {
    for markdown in Self.documents {
      let expected = try Run.process(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "cmark-gfm", "--unsafe", "-e", "footnotes", "-e", "table", "-e", "strikethrough", "-e", "autolink",
          "-e", "tasklist",
        ], stdin: Data(markdown.utf8))
      #expect(expected.status == 0)
      #expect(
        HTMLRenderer.render(MarkdownParser.parse(markdown), unsafe: true) == expected.stdout,
        "\(markdown.debugDescription)")
    }
  }
}
