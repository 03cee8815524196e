import Foundation
import NotesTools
import TestSupport
import Testing

@testable import MarkdownSyntax

/// `render --format html`'s one path, ``MarkdownParser`` then ``HTMLRenderer/render(_:tagFilter:)``,
/// on inputs the spec examples (``ConformanceTests``) and the corpus (``DifferentialTests``) do
/// not reach: the fuzz seeds and the corners below, in each flavour, held to a golden file.
@Suite struct HTMLRendererTests {
  /// The flavours and options `render` uses: GFM with and without front matter and the tag
  /// filter, and plain CommonMark.
  static let configurations: [(frontMatter: Bool, flavor: MarkdownFlavor, tagFilter: Bool)] = [
    (false, .gfm, false), (true, .gfm, true), (true, .commonMark, false),
  ]

  /// Inputs where the parser's phases meet: footnotes, email autolinks in merged text,
  /// nesting past the inline limit, tables, task items, info strings, the tag filter, front
  /// matter, entities, breaks.
  static let corners: [String] = [
    // Footnotes: numbered in reference order, definitions with and without a last paragraph,
    // nested definitions, a definition given twice, references inside definitions and images.
    "a[^2] b[^1] c[^2] d[^x]\n\n[^1]: one\n\n    > quote\n\n[^2]: two *em*\n    [^1]\n\n[^2]: again[^1]\n",
    "x[^a]\n\n[^a]: - item\n\n  ```\n  code\n  ```\n",
    "![alt *[^n]* `c` <b>h</b>  \nbreak](/i \"t\") [^n]\n\n[^n]: note\n[^m]: unused\n",
    "> [^q]\n>\n> [^q]: in a quote\n",
    // Email autolinks in merged text, not inside links or images.
    "mail a.b+c@example.com, [x@y.org](/l) ![me@there.net](/i) <u@v.io> foo@bar.baz.\n",
    "a&amp;b@c.de & x_y@z.com\\* \"q\" <>\n",
    // Nesting deeper than the inline limit is flattened.
    String(repeating: "*a ", count: 60) + "b" + String(repeating: " a*", count: 60) + "\n",
    String(repeating: "[", count: 60) + "a@b.cd" + String(repeating: "](/u)", count: 60) + "\n",
    String(repeating: "![", count: 60) + "`x`" + String(repeating: "](/u)", count: 60) + "\n",
    // Tables, task items, code info strings, HTML blocks with the tag filter, headings.
    "| a | b |\n|:-|-:|\n| 1 \\| 2 | `x` |\n| only |\n\n- [ ] no\n- [x] yes\n  - [X] nested\n",
    "```info \u{301}x\nk < 1\n```\n\n```language-swift\nlet\n```\n\n<script>\n<title>x</title>\n\n# h *1*\nh2\n--\n",
    "1. a\n2. b\n\n\n3) c\n\n7. d\n- e\n\n  f\n",
    "\u{FEFF}---\ntitle: x\n---\n# after front matter\n",
    "tab\there &lt; &#x41; &#0; \\<\n\nhard\\\nbreak\n",
  ]

  /// The project's fuzz seeds (`fuzz/corpus/markdown`), by name.
  static func fuzzSeeds() throws -> [(name: String, bytes: [UInt8])] {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/markdown")
    let files = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    return try files.map { ($0.lastPathComponent, Array(try Data(contentsOf: $0))) }
  }

  /// `text` with the controls and bidi controls a golden file should not hold spelled out
  /// (`\u{1B}`).
  static func visible(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      let v = scalar.value
      if (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
        || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
      {
        out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  @Test func fuzzSeedsAndCornersMatchTheirGoldenHTML() throws {
    let seeds = try Self.fuzzSeeds()
    #expect(seeds.count >= 10)
    var inputs = seeds
    for (index, corner) in Self.corners.enumerated() {
      inputs.append(("corner \(index + 1)", Array(corner.utf8)))
    }
    var dump = ""
    for (name, bytes) in inputs {
      for (frontMatter, flavor, tagFilter) in Self.configurations {
        let document = MarkdownParser.parse(bytes: bytes, frontMatter: frontMatter, flavor: flavor)
        let html = HTMLRenderer.render(document, tagFilter: tagFilter, unsafe: true)
        dump += "=== \(name) (\(flavor), front matter \(frontMatter), tag filter \(tagFilter))\n"
        dump += Self.visible(html)
      }
    }
    if let failure = Golden.check(dump, named: "html-fuzz-seeds-and-corners.txt") {
      Issue.record("\(failure)")
    }
  }

  /// By default, as cmark without `--unsafe`: raw HTML is a comment, and a link or image to
  /// `javascript:`, `vbscript:`, `file:` or `data:` (but for PNG, GIF, JPEG and WebP images)
  /// has an empty address; `unsafe` keeps both. (Expected output from cmark-gfm 0.29.)
  @Test func rawHTMLAndDangerousLinksAreOmittedUnlessUnsafe() {
    let markdown = """
      [a](javascript:alert(1)) [b](VBScript:x) [c](data:text/html,x) ![d](data:image/png;base64,AA) \
      ![e](data:image/svg+xml,x) [f](file:///etc/passwd) [g](https://x.org) <javascript:y>

      <img src=x onerror=alert(1)> and <b>bold</b>

      <div onclick="x()">
      block
      </div>

      > [!NOTE]
      > <i>hi</i>

      """
    let safe = HTMLRenderer.render(MarkdownParser.parse(markdown), tagFilter: true)
    #expect(
      safe == """
        <p><a href="">a</a> <a href="">b</a> <a href="">c</a> <img src="data:image/png;base64,AA" alt="d" /> \
        <img src="" alt="e" /> <a href="">f</a> <a href="https://x.org">g</a> <a href="">javascript:y</a></p>
        <p><!-- raw HTML omitted --> and <!-- raw HTML omitted -->bold<!-- raw HTML omitted --></p>
        <!-- raw HTML omitted -->
        <div class="markdown-alert markdown-alert-note">
        <p class="markdown-alert-title">Note</p>
        <p><!-- raw HTML omitted -->hi<!-- raw HTML omitted --></p>
        </div>

        """)
    let unsafe = HTMLRenderer.render(MarkdownParser.parse(markdown), tagFilter: true, unsafe: true)
    for kept in [
      "href=\"javascript:alert(1)\"", "href=\"VBScript:x\"", "href=\"data:text/html,x\"",
      "src=\"data:image/svg+xml,x\"", "href=\"file:///etc/passwd\"", "<img src=x onerror=alert(1)>",
      "<div onclick=\"x()\">", "<i>hi</i>",
    ] {
      #expect(unsafe.contains(kept), "\(kept)")
    }
  }

  /// Invalid UTF-8 becomes U+FFFD, and so does a NUL.
  @Test func invalidUTF8AndNUL() {
    let document = MarkdownParser.parse(bytes: [
      0x61, 0xFF, 0x00, 0x62, 0xC3, 0x28, 0x0A, 0x2A, 0x78, 0x2A, 0x0A,
    ])
    #expect(HTMLRenderer.render(document) == "<p>a\u{FFFD}\u{FFFD}b\u{FFFD}(\n<em>x</em></p>\n")
  }

  /// The block tree links siblings; freeing 300,000 of them must not recurse once per sibling.
  @Test func longSiblingChainsAreFreed() {
    let paragraphs = Array(String(repeating: "a\n\n", count: 300_000).utf8)
    #expect(MarkdownParser.parse(bytes: paragraphs).blocks.count == 300_000)
    let items = Array(String(repeating: "- a\n", count: 300_000).utf8)
    let html = HTMLRenderer.render(MarkdownParser.parse(bytes: items))
    #expect(
      html.utf8.count == "<ul>\n".utf8.count + 300_000 * "<li>a</li>\n".utf8.count + "</ul>\n".utf8.count)
  }

  /// A NUL becomes U+FFFD wherever it is: in an all-ASCII word, after a multi-byte character,
  /// in input that is not UTF-8 as well.
  @Test func everyNULIsReplaced() {
    for prefix in [[UInt8](), [0xC3, 0xA9], [0xFF]] {
      for position in 0..<20 {
        var bytes = prefix + [UInt8](repeating: 0x61, count: 20)
        bytes[prefix.count + position] = 0
        let document = MarkdownParser.parse(bytes: bytes)
        guard case .paragraph(let content) = document.blocks.first?.kind else {
          Issue.record("no paragraph")
          continue
        }
        #expect(
          content.plainText.unicodeScalars.filter { $0 == "\u{FFFD}" }.count == (prefix == [0xFF] ? 2 : 1))
        #expect(!content.plainText.unicodeScalars.contains("\u{0}"))
      }
    }
  }

  /// Line endings inside a code span become one space each (CR LF included).
  @Test(arguments: [
    ("`a\nb`", "a b"), ("`a\r\nb`", "a b"), ("`a\rb`", "a b"), ("`` a\r\nb\rc ``", "a b c"),
    ("` \r\n `", "  "), ("`plain`", "plain"),
  ])
  func codeSpanLineEndings(_ markdown: String, _ code: String) {
    let document = MarkdownParser.parse(markdown)
    guard case .paragraph(let content) = document.blocks.first?.kind, case .code(let text) = content.first
    else {
      Issue.record("no code span in \(markdown.debugDescription)")
      return
    }
    #expect(text == code, "\(markdown.debugDescription)")
  }
}
