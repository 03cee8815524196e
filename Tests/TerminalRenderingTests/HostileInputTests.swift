import MarkdownSyntax
import NotesTools
import TestSupport
import Testing

@testable import TerminalRendering

/// Must-show 3 on hand-built trees (the text as the parser hands it over, entities already
/// decoded), and pathological nesting.
@Suite struct HostileInputTests {
  /// Control sequences a hostile release note could carry, already decoded.
  static let payloads = [
    "\u{1B}[2J\u{1B}[H", "bell\u{07}", "\u{1B}]0;pwned title\u{07}", "\u{1B}]52;c;ZWNobyBoaQ==\u{07}",
    "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\", "c1 csi \u{9B}31m and \u{9D}0;t\u{9C}",
    "nul \u{0} del \u{7F}", "bidi \u{202E}txt.exe\u{202C} \u{2066}x\u{2069} \u{200E}\u{200F}",
    "cr\roverwrite", "\u{1B}P+q\u{1B}\\",
  ]

  static var document: MarkdownDocument {
    typealias F = Fixtures
    let all = payloads.joined(separator: " ")
    return MarkdownDocument(blocks: [
      F.block(.heading(level: 1, content: [.text(all)])),
      F.paragraph(
        .text(all), .code(all), .emphasis([.text(all)]),
        .link(destination: "https://x.example/\u{1B}]52;c;AAAA\u{07}", title: nil, content: [.text(all)]),
        .image(source: "\u{9B}2J", title: nil, alt: [.text(all)]), .html("<b>\u{1B}[5m</b>")),
      F.block(.codeBlock(info: "\u{1B}[31m", literal: all + "\n\t\u{1B}[0m\n", fenced: true)),
      F.block(.htmlBlock("<div>\u{1B}]0;t\u{07}</div>\n")),
      F.bullets(F.item(F.paragraph(all), task: true)),
      F.block(.blockQuote([F.paragraph(all)])),
      F.block(
        .table(
          Table(
            alignments: [.none, .none], header: [[.text(all)], [.text("h")]],
            rows: [[[.code(all)], [.text(all)]]]))),
    ])
  }

  @Test(arguments: [80, 40, 20])
  func plainOutputHasNoControlCharacters(width: Int) {
    let lines = TerminalMarkdown.render(Self.document, options: RenderOptions(width: width))
    let plain = PlainSerializer.serialize(lines)
    for s in plain.unicodeScalars {
      let v = s.value
      #expect(
        v == 0x0A || (v >= 0x20 && v != 0x7F && !(0x80...0x9F).contains(v)), "U+\(String(v, radix: 16))")
      #expect(
        ![0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains(v))
    }
    for line in plain.split(separator: "\n") { #expect(IndependentWidth.of(line) <= width) }
    #expect(plain.contains("␛]52;c;ZWNobyBoaQ==␇"), "the payload is shown, defused")
  }

  @Test(arguments: [Theme.dark, Theme.light, Theme.monochrome])
  func ansiOutputHasOnlySGR(theme: Theme) {
    let lines = TerminalMarkdown.render(Self.document, options: RenderOptions(width: 60, theme: theme))
    let ansi = ANSISerializer.serialize(lines)
    #expect(ansi.contains("\u{1B}["), "styles are emitted")
    #expect(Self.onlySGR(ansi))
  }

  /// True when `text` holds no terminal control but SGR sequences (``HostileContent/firstNonSGR(in:)``).
  static func onlySGR(_ text: String) -> Bool { HostileContent.firstNonSGR(in: text) == nil }

  @Test func sgrCheckerRejectsOtherSequences() {
    #expect(Self.onlySGR("a\u{1B}[1;31mb\u{1B}[0m\n"))
    #expect(!Self.onlySGR("\u{1B}]0;x\u{07}"))
    #expect(!Self.onlySGR("\u{1B}[2J"))
    #expect(!Self.onlySGR("\u{9B}1m"))
  }

  @Test func canvasPutSanitises() {
    var canvas = Canvas(width: 20, height: 1)
    canvas.put("a\u{1B}]0;t\u{07}b", row: 0, column: 0)
    #expect(canvas.textDump() == "a␛]0;t␇b")
  }

  @Test func handBuiltStyledLinesAreSanitisedOnOutput() {
    let line = StyledLine([StyledRun("x\u{1B}[2Jy", style: Style(attributes: .bold))])
    #expect(PlainSerializer.serialize([line]) == "x␛[2Jy\n")
    #expect(Self.onlySGR(ANSISerializer.serialize([line])))
  }

  @Test func deeplyNestedQuotesAndListsDoNotOverflow() {
    let depth = 10_000
    var quote = Fixtures.paragraph("deepquote")
    var list = Fixtures.paragraph("deepitem")
    var emphasis: [Inline] = [.text("deepemphasis")]
    for _ in 0..<depth {
      quote = Fixtures.block(.blockQuote([quote]))
      list = Fixtures.bullets(Fixtures.item(list))
      emphasis = [.emphasis(emphasis)]
    }
    let document = MarkdownDocument(blocks: [quote, list, Fixtures.block(.paragraph(emphasis))])
    for width in [20, 80] {
      let plain = PlainSerializer.serialize(
        TerminalMarkdown.render(document, options: RenderOptions(width: width)))
      #expect(plain.contains("deepquote"))
      #expect(plain.contains("deepitem"))
      #expect(plain.contains("deepemphasis"))
      for line in plain.split(separator: "\n") { #expect(IndependentWidth.of(line) <= width) }
    }
    let json = SyntaxTreeJSON.encode(document)
    #expect(json.hasSuffix("}"))
  }
}
