import Foundation
import MarkdownSyntax
import NotesTools
import TestSupport
import Testing

/// Behaviours where the newest references (current cmark and commonmark.js) changed after the
/// cmark-gfm this platform ships; where they disagree, cmark's is followed. Each example is
/// written here, and compared with a installed tool's output where that tool already has the
/// behaviour.
@Suite struct NewestReferenceTests {
  static func html(_ markdown: String, flavor: MarkdownFlavor = .commonMark) -> String {
    HTMLRenderer.render(MarkdownParser.parse(markdown, flavor: flavor), unsafe: true)
  }

  // MARK: A line closing an HTML tag continues a paragraph lazily

  static let lazyClosingTags = [
    "> Sync is on by default\n</span>\n",
    "- Pinned notes stay on top\n</em> until unpinned\n",
    "> > Nested quote, lazy line\n</b>\n",
  ]

  @Test func closingTagLineContinuesAQuotedParagraph() {
    #expect(
      Self.html("> Sync is on by default\n</span>\n")
        == "<blockquote>\n<p>Sync is on by default\n</span></p>\n</blockquote>\n")
    #expect(
      Self.html("- Pinned notes stay on top\n</em> until unpinned\n")
        == "<ul>\n<li>Pinned notes stay on top\n</em> until unpinned</li>\n</ul>\n")
  }

  @Test func closingTagLineAfterABlankLineStillStartsAnHTMLBlock() {
    #expect(
      Self.html("> Sync is on by default\n\n</span>\n")
        == "<blockquote>\n<p>Sync is on by default</p>\n</blockquote>\n</span>\n")
  }

  /// `cmark` (0.30 and later) already reads these lines lazily; cmark-gfm 0.29 does not.
  @Test(
    .requires(TestPaths.hasTool("cmark"), "cmark is not installed (scripts/setup --tests installs it)"))
  func lazyClosingTagsMatchCmark() throws {
    for markdown in Self.lazyClosingTags {
      let cmark = try Run.process(
        URL(fileURLWithPath: "/usr/bin/env"), ["cmark", "--unsafe"], stdin: Data(markdown.utf8))
      #expect(cmark.status == 0)
      #expect(Self.html(markdown) == cmark.stdout, "\(markdown.debugDescription)")
      #expect(Self.html(markdown, flavor: .gfm) == cmark.stdout, "\(markdown.debugDescription) (gfm)")
    }
  }

  // MARK: Looseness

  @Test func itemStartingWithAThematicBreakThenABlankLineIsLoose() {
    #expect(
      Self.html("- ***\n\n  Export to PDF\n")
        == "<ul>\n<li>\n<hr />\n<p>Export to PDF</p>\n</li>\n</ul>\n")
    #expect(
      Self.html("-\n  ___\n\n  Export to PDF\n")
        == "<ul>\n<li>\n<hr />\n<p>Export to PDF</p>\n</li>\n</ul>\n")
    // Without the blank line the list stays tight.
    #expect(
      Self.html("- ***\n  Export to PDF\n")
        == "<ul>\n<li>\n<hr />\nExport to PDF</li>\n</ul>\n")
  }

  @Test func itemStartingWithALinkReferenceDefinitionThenABlankLineIsLoose() {
    #expect(
      Self.html("- [guide]: https://jot.example.com/guide\n\n  Read the [guide].\n")
        == "<ul>\n<li>\n<p>Read the <a href=\"https://jot.example.com/guide\">guide</a>.</p>\n</li>\n</ul>\n")
    #expect(
      Self.html("- [a]: /one\n\n  [b]: /two\n- Tags\n")
        == "<ul>\n<li></li>\n<li>\n<p>Tags</p>\n</li>\n</ul>\n")
    // Without the blank line the list stays tight.
    #expect(
      Self.html("- [a]: /one\n- Tags\n") == "<ul>\n<li></li>\n<li>Tags</li>\n</ul>\n")
  }

  // MARK: Fence info strings

  @Test func infoStringAlreadyNamingItsClassIsNotPrefixedAgain() {
    #expect(
      Self.html("```language-swift\nlet jot = 2\n```\n")
        == "<pre><code class=\"language-swift\">let jot = 2\n</code></pre>\n")
    #expect(
      Self.html("```swift\nlet jot = 2\n```\n")
        == "<pre><code class=\"language-swift\">let jot = 2\n</code></pre>\n")
    #expect(
      Self.html("```languages\nx\n```\n") == "<pre><code class=\"language-languages\">x\n</code></pre>\n")
  }
}
