import NotesTools
import Testing

@testable import MarkdownSyntax

/// GitHub alerts: a block quote whose first line is `[!KIND]` alone, with content after it, is
/// marked in the tree (GFM only) and rendered as GitHub's markup, without the octicon.
@Suite struct AlertTests {
  private func html(_ text: String, flavor: MarkdownFlavor = .gfm) -> String {
    HTMLRenderer.render(MarkdownParser.parse(text, flavor: flavor))
  }

  @Test(arguments: AlertKind.allCases)
  func eachKindRendersAsGitHubDoes(kind: AlertKind) {
    let output = html("> [!\(kind.rawValue.uppercased())]\n> Back up **first**.\n")
    #expect(
      output == """
        <div class="markdown-alert markdown-alert-\(kind.rawValue)">
        <p class="markdown-alert-title">\(kind.title)</p>
        <p>Back up <strong>first</strong>.</p>
        </div>

        """)
    #expect(!output.contains("[!"))
  }

  @Test func theMarkerIsCaseInsensitiveAndMayHaveTrailingSpaces() {
    let document = MarkdownParser.parse("> [!warning]  \n> Careful.\n>\n> - one\n")
    guard case .blockQuote(let children, let alert)? = document.blocks.first?.kind else {
      Issue.record("not a block quote: \(document.blocks)")
      return
    }
    #expect(alert == .warning)
    #expect(children.count == 2)
  }

  @Test func aMarkerAloneInItsParagraphIsDroppedAndTheRestKept() {
    #expect(html("> [!TIP]\n>\n> - item\n").contains("<p class=\"markdown-alert-title\">Tip</p>\n<ul>"))
  }

  @Test(arguments: [
    "> [!WARNING]\n",  // nothing after the marker
    "> [!WARNING] and more\n> text\n",  // not alone on its line
    "> text\n> [!WARNING]\n> more\n",  // not the first line
    "> [!DANGER]\n> text\n",  // not a kind GitHub knows
    "> [! WARNING]\n> text\n",
    "> *[!WARNING]*\n> text\n",
  ])
  func otherwiseItStaysABlockQuote(text: String) {
    let output = html(text)
    #expect(output.hasPrefix("<blockquote>"), "\(output)")
    #expect(!output.contains("markdown-alert"))
  }

  @Test func commonMarkLeavesItABlockQuote() {
    let text = "> [!WARNING]\n> Careful.\n"
    #expect(html(text, flavor: .commonMark) == "<blockquote>\n<p>[!WARNING]\nCareful.</p>\n</blockquote>\n")
    guard case .blockQuote(_, let alert)? = MarkdownParser.parse(text, flavor: .commonMark).blocks.first?.kind
    else {
      Issue.record("not a block quote")
      return
    }
    #expect(alert == nil)
  }

  @Test func anAlertInAListItem() {
    #expect(
      html("- one\n\n  > [!NOTE]\n  > Two.\n").contains("<li>\n<p>one</p>\n<div class=\"markdown-alert"))
  }
}
