import MarkdownSyntax
import Testing

@testable import TerminalRendering

/// OSC 8 hyperlinks: which destinations are linked, and what `render --format ansi` writes
/// around them.
@Suite struct HyperlinkTests {
  private let open = "\u{1B}]8;;"
  private let end = "\u{1B}\\"

  @Test(arguments: [
    "http://example.com", "https://example.com/a?b=c;d#e", "HTTPS://EXAMPLE.COM", "Http://x",
    "mailto:someone@example.com", "MAILTO:a@b",
  ])
  func allowedSchemesAreLinked(url: String) {
    #expect(Hyperlink.target(for: url) == url)
  }

  @Test(arguments: [
    "javascript:alert(1)", "JavaScript:alert(1)", "file:///etc/passwd", "data:text/html,x", "ftp://x",
    "/relative", "#anchor", "example.com", "http:", "https://", "mailto:", "", "vbscript:x", " https://x",
  ])
  func otherDestinationsAreNotLinked(url: String) {
    #expect(Hyperlink.target(for: url) == nil)
  }

  @Test func controlBytesSpacesAndLengthRefuse() {
    var refused = [
      "https://x/\u{1B}]8;;evil\u{1B}\\", "https://x/\u{07}", "https://x/ y", "https://x/\u{7F}",
    ]
    for v in UInt32(0)...0x9F where v < 0x21 || v >= 0x7F {
      if let s = Unicode.Scalar(v) { refused.append("https://example.com/" + String(s)) }
    }
    refused += ["https://x/\u{202E}", "https://x/\u{200F}"]
    refused.append("https://example.com/" + String(repeating: "a", count: Hyperlink.maximumLength))
    for url in refused {
      #expect(Hyperlink.target(for: url) == nil, "\(url.unicodeScalars.map { $0.value })")
    }
    #expect(Hyperlink.target(for: "https://example.com/" + String(repeating: "a", count: 100)) != nil)
  }

  @Test func nonASCIIIsPercentEncoded() {
    #expect(Hyperlink.target(for: "https://example.com/café") == "https://example.com/caf%C3%A9")
  }

  @Test func ansiWithLinksHoldsTheSequenceAroundTheTextAndKeepsTheReference() {
    let out = ansi("See [the docs](https://example.com/docs).", hyperlinks: true)
    #expect(out.contains(open + "https://example.com/docs" + end))
    // The link's text sits inside the link, its number after it, and the reference list's URL
    // is a link too.
    let text = #/\x1B\]8;;https://example\.com/docs\x1B\\(?:\x1B\[[0-9;]*m)*the docs\x1B\]8;;\x1B\\/#
    #expect(out.contains(text))
    #expect(out.contains("[1]"))
    #expect(out.components(separatedBy: open + "https://example.com/docs" + end).count == 3)
    #expect(out.components(separatedBy: open + end).count == 3)
    // The text is the same as without links.
    #expect(strippingEscapes(out) == strippingEscapes(ansi("See [the docs](https://example.com/docs).")))
  }

  @Test func ansiWithoutLinksHoldsNoOSC() {
    let out = ansi("See [the docs](https://example.com/docs) and <https://example.com>.", hyperlinks: false)
    #expect(!out.contains("\u{1B}]"))
  }

  @Test func autolinksAndWrappedLinksAreLinked() {
    let out = ansi("Go to <https://example.com/a> now.", hyperlinks: true)
    #expect(out.contains(open + "https://example.com/a" + end))
    // A link wrapped over two lines is closed at the end of the first and opened again.
    let wrapped = ansi(
      "Some words first and then [a link whose text wraps](https://example.com/w).", width: 30,
      hyperlinks: true)
    for line in wrapped.split(separator: "\n") where line.contains(open) {
      #expect(
        line.components(separatedBy: open).count == line.components(separatedBy: open + end).count * 2 - 1)
    }
    #expect(wrapped.components(separatedBy: open + "https://example.com/w" + end).count >= 3)
  }

  @Test(arguments: [
    "[x](javascript:alert(1))", "[x](<https://e.com/\u{7}>)", "[x](https://e.com/&#27;]8;;x)",
    "[x](https://e.com/%1B)", "[x](file:///etc/passwd)", "<mailto:\u{1B}x@y>",
  ])
  func hostileURLsNeverMakeALink(markdown: String) {
    let out = ansi(markdown, hyperlinks: true)
    if markdown.contains("%1B") {
      // Percent-encoded bytes are data: linked as written, no control byte sent.
      #expect(out.contains(open + "https://e.com/%1B" + end))
    } else {
      #expect(!out.contains("\u{1B}]"), "\(out.debugDescription)")
    }
    #expect(!out.contains("\u{07}"))
  }

  @Test func oscInTheNotesTextIsNeutralised() {
    let out = ansi(
      "Text \u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\ here", hyperlinks: true)
    #expect(!out.contains("\u{1B}]"))
    // Shown as text (the GFM autolink it holds has an ESC in its URL, so it is no link).
    #expect(out.contains("␛]8;;"))
  }

  // MARK: - Helpers

  private func ansi(_ markdown: String, width: Int = 80, hyperlinks: Bool = false) -> String {
    let document = MarkdownParser.parse(markdown)
    return ANSISerializer.serialize(
      TerminalMarkdown.render(
        document, options: RenderOptions(width: width, theme: .dark, hyperlinks: hyperlinks)))
  }

  private func strippingEscapes(_ text: String) -> String {
    text.replacing(#/\x1B\[[0-9;]*m|\x1B\]8;;[^\x1B]*\x1B\\/#, with: "")
  }
}
