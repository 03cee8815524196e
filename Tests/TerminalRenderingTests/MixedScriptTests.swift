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

/// A width function for tests, independent of ``CellWidth`` and its generated table: a
/// hand-written list of the wide blocks the test documents use, plus the standard library's
/// Unicode properties for marks, format characters and emoji presentation. Like `wcswidth`
/// (`WcswidthAgreementTests` holds it to Python's), a cluster that is not an emoji sequence or
/// a flag is as wide as its scalars together: an Indic conjunct is laid out by code point.
enum IndependentWidth {
  static let wideBlocks: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2E80...0x303E,  // CJK radicals, punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFF01...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,
  ]

  static func scalarWidth(_ s: Unicode.Scalar) -> Int {
    switch s.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if wideBlocks.contains(where: { $0.contains(s.value) }) { return 2 }
    // Emoji presentation (a lone skin-tone modifier too), but not a lone regional indicator.
    if s.properties.isEmojiPresentation, !(0x1F1E6...0x1F1FF).contains(s.value) { return 2 }
    return 1
  }

  static func of(_ ch: Character) -> Int {
    let scalars = Array(ch.unicodeScalars)
    guard let base = scalars.first else { return 0 }
    if scalars.count == 2, scalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0.value) }) { return 2 }
    if base.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) {
      return 2
    }
    if base.properties.isEmojiPresentation, !(0x1F1E6...0x1F1FF).contains(base.value) { return 2 }
    return scalars.reduce(0) { $0 + scalarWidth($1) }
  }

  static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// True when `ch` is made only of scalars this function knows: ASCII, Latin-1 letters,
  /// combining marks, format characters, the Indic scripts (U+0900–U+0DFF), the wide blocks
  /// above, emoji and box drawing.
  static func covers(_ ch: Character) -> Bool {
    ch.unicodeScalars.allSatisfy { s in
      s.value < 0x250 || s.properties.generalCategory == .nonspacingMark
        || s.properties.generalCategory == .spacingMark || (0x0900...0x0DFF).contains(s.value)
        || s.properties.generalCategory == .format || wideBlocks.contains(where: { $0.contains(s.value) })
        || s.properties.isEmoji || (0x2500...0x257F).contains(s.value)
    }
  }
}
