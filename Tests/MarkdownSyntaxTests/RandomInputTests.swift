import MarkdownSyntax
import NotesTools
import TestSupport
import Testing

/// Random soup of Markdown punctuation (seeded, so a failure reproduces): parsing never
/// crashes, and the HTML it renders opens and closes its own tags in pairs.
@Suite struct RandomInputTests {
  static let alphabet: [String] = [
    "*", "_", "~", "`", "[", "]", "(", ")", "<", ">", "!", "\\", "&", "#", "-", "+", "=", "|", ":", "\n",
    "\n\n", " ", "  ", "\t", "b", "1.", "2)", "www.", "http://", "@", "x.com", "&amp;", "&#", ";", "\"", "'",
    "---", "```", "~~~", "    ", "> ", "- ", "* ", "<div>", "</div>", "<!--", "-->", "[ ]", "[x]", "é",
    "\u{0}",
    "\r", "🍄",
  ]

  static func count(_ needle: String, in haystack: String) -> Int {
    haystack.split(separator: needle, omittingEmptySubsequences: false).count - 1
  }

  @Test func randomInputsRenderBalancedHTML() {
    var rng = SeededRandom(seed: 0x9E37_79B9_7F4A_7C15)
    for _ in 0..<3_000 {
      var input = ""
      for _ in 0..<Int.random(in: 1...60, using: &rng) {
        input += Self.alphabet.randomElement(using: &rng) ?? ""
      }
      let html = HTMLRenderer.render(MarkdownParser.parse(input))
      for tag in ["em", "strong", "del", "li", "ul", "ol", "blockquote", "h1", "h2", "table", "code"] {
        let opened = Self.count("<\(tag)>", in: html) + Self.count("<\(tag) ", in: html)
        let closed = Self.count("</\(tag)>", in: html)
        #expect(opened == closed, "<\(tag)> unbalanced for input \(input.debugDescription)")
      }
    }
  }
}
