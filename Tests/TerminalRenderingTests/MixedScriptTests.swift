import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

/// Must-show 2: a document mixing scripts, emoji and long words, at 20, 40 and 80 cells.
/// Widths are checked with ``IndependentWidth`` (written here, not the generated table), and
/// no non-space text may be lost or reordered.
@Suite struct MixedScriptTests {
  static let longWord = String(repeating: "abcdefghij", count: 20)  // 200 characters
  static let paragraphs = [
    "English text that wraps at spaces, like most release notes do.",
    "中文的发布说明没有空格，所以换行必须在任意两个汉字之间进行，而且不能丢字。",
    "日本語のリリースノートです。カタカナとひらがなと漢字が混ざっています。",
    "Emoji with skin tones 👍🏽 👋🏿 and ZWJ sequences 👨‍👩‍👧‍👦 👩🏽‍💻 🏳️‍🌈 and flags 🇯🇵🇫🇷 in a row.",
    "Combining accents: cafe\u{301} nai\u{308}ve re\u{301}sume\u{301} Ha\u{30A}kon, and precomposed café.",
    "A very long word: \(longWord) and after it more text.",
    "中文English混合テキストwith👍🏽emoji",
  ]

  static var document: MarkdownDocument {
    typealias F = Fixtures
    var blocks: [Block] = paragraphs.map { F.paragraph($0) }
    blocks.append(
      F.bullets(
        F.item(
          F.paragraph(paragraphs[1]),
          F.bullets(F.item(F.paragraph(paragraphs[2]), F.bullets(F.item(F.paragraph(paragraphs[3])))))),
        F.item(F.paragraph(paragraphs[5])),
        F.item(F.paragraph(paragraphs[4]), F.bullets(F.item(F.paragraph(paragraphs[6]))))))
    blocks.append(F.block(.blockQuote([F.paragraph(paragraphs[0]), F.paragraph(paragraphs[1])])))
    return MarkdownDocument(blocks: blocks)
  }

  /// The non-space scalars of the input, in order.
  static var inputScalars: [Unicode.Scalar] {
    var text = paragraphs.joined()
    text += paragraphs[1] + paragraphs[2] + paragraphs[3] + paragraphs[5] + paragraphs[4] + paragraphs[6]
    text += paragraphs[0] + paragraphs[1]
    return text.unicodeScalars.filter { $0 != " " }
  }

  /// Glyphs the renderer adds: bullets and the quote bar.
  static let decoration: Set<Unicode.Scalar> = ["•", "◦", "▪", "│"]

  @Test func testWidthFunctionCoversTheDocument() {
    for ch in Self.paragraphs.joined() {
      #expect(
        IndependentWidth.covers(ch), "the test's width table does not know \(ch.unicodeScalars.map(\.value))")
    }
  }

  @Test(arguments: [20, 40, 80])
  func noLineWiderThanTheWidth(width: Int) {
    let output = PlainSerializer.serialize(
      TerminalMarkdown.render(Self.document, options: RenderOptions(width: width)))
    for line in output.split(separator: "\n") {
      #expect(IndependentWidth.of(line) <= width, "\(IndependentWidth.of(line)) cells: \(line)")
    }
  }

  @Test(arguments: [20, 40, 80])
  func noTextLost(width: Int) {
    let output = PlainSerializer.serialize(
      TerminalMarkdown.render(Self.document, options: RenderOptions(width: width)))
    let out = output.unicodeScalars.filter { $0 != " " && $0 != "\n" && !Self.decoration.contains($0) }
    let expected = Self.inputScalars
    #expect(out.count == expected.count)
    #expect(Array(out) == expected)
  }

  @Test(arguments: [20, 40, 80])
  func snapshot(width: Int) {
    let output = PlainSerializer.serialize(
      TerminalMarkdown.render(Self.document, options: RenderOptions(width: width)))
    #expect(Golden.check(output, named: "mixed-script-\(width).txt") == nil)
  }
}
