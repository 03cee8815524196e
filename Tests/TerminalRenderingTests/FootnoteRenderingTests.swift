import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

/// Footnotes in the terminal: numbered like links, listed after the block that first cites
/// them, with a hanging indent, and no line wider than the width.
@Suite struct FootnoteRenderingTests {
  static let source = """
    Jot 2.1 syncs notes over git[^sync] and keeps a daily note[^daily]. See the \
    [guide](https://jot.example.com/guide).

    同期は git で行います[^sync]。日本語の脚注もあります[^ja]。

    [^sync]: Sync needs git 2.30 or newer on every machine, and a remote you can push to.

    [^daily]: One note per day, named by date.

        It opens with `jot today`.

    [^ja]: 脚注の本文は折り返されても幅を超えません。👍🏽

    """

  static func plain(_ width: Int) -> String {
    PlainSerializer.serialize(
      TerminalMarkdown.render(MarkdownParser.parse(source), options: RenderOptions(width: width)))
  }

  @Test(arguments: [20, 40, 80])
  func noLineWiderThanTheWidth(width: Int) {
    for line in Self.plain(width).split(separator: "\n") {
      #expect(IndependentWidth.of(line) <= width, "\(IndependentWidth.of(line)) cells: \(line)")
    }
  }

  @Test func footnotesShareTheLinksNumbersAndFollowTheirBlock() {
    #expect(
      Self.plain(80) == """
        Jot 2.1 syncs notes over git[1] and keeps a daily note[2]. See the guide[3].

        [1] Sync needs git 2.30 or newer on every machine, and a remote you can push to.
        [2] One note per day, named by date.

            It opens with jot today.
        [3] https://jot.example.com/guide

        同期は git で行います[1]。日本語の脚注もあります[4]。

        [4] 脚注の本文は折り返されても幅を超えません。👍🏽

        """)
  }

  @Test func hangingIndentAtTwentyCells() {
    let lines = Self.plain(20).split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("[1] ") }) else {
      Issue.record("no footnote [1] in:\n\(Self.plain(20))")
      return
    }
    #expect(lines[start + 1].hasPrefix("    "), "continuation lines hang under the text")
  }

  /// Documents shown one after another (the what's-new sheet's releases) each number their
  /// footnotes from 1; offset, every footnote is listed with its own text.
  @Test func documentsShownTogetherKeepTheirFootnotesApart() {
    let first = MarkdownParser.parse("Sync[^n] is new.\n\n[^n]: Over git.\n")
    let second = MarkdownParser.parse("Tags[^n] arrive.\n\n[^n]: One per note.\n")
      .offsettingFootnotes(by: first.footnotes.count)
    var both = MarkdownDocument(blocks: first.blocks + second.blocks)
    both.footnotes = first.footnotes + second.footnotes
    #expect(
      PlainSerializer.serialize(TerminalMarkdown.render(both, options: RenderOptions(width: 40))) == """
        Sync[1] is new.

        [1] Over git.

        Tags[2] arrive.

        [2] One per note.

        """)
  }
}
