import Foundation
import TestSupport
import Testing

@testable import MarkdownSyntax

/// `render --format html` writes HTML straight from the parser
/// (``HTMLRenderer/render(markdown:frontMatter:flavor:tagFilter:keepingWorkingTree:output:)``);
/// these tests hold it to ``HTMLRenderer/render(_:tagFilter:)`` of the parsed document, byte
/// for byte, on every spec example, the corpus, the fuzz seeds, the pathological inputs and
/// the cases where the two paths differ most in how they get there.
@Suite struct DirectHTMLTests {
  /// The direct path's output, and how many pieces it came in.
  static func direct(
    _ bytes: [UInt8], frontMatter: Bool, flavor: MarkdownFlavor, tagFilter: Bool
  ) -> (html: [UInt8], pieces: Int) {
    var html: [UInt8] = []
    var pieces = 0
    var tree: AnyObject?
    HTMLRenderer.render(
      markdown: bytes, frontMatter: frontMatter, flavor: flavor, tagFilter: tagFilter,
      keepingWorkingTree: &tree
    ) {
      html.append(contentsOf: $0)
      pieces += 1
    }
    #expect(tree != nil)
    return (html, pieces)
  }

  /// Fails with the first difference when the two paths disagree on `markdown`.
  static func expectSame(
    _ markdown: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (frontMatter, flavor, tagFilter) in [
      (false, MarkdownFlavor.gfm, false), (true, .gfm, true), (true, .commonMark, false),
    ] {
      let document = MarkdownParser.parse(bytes: markdown, frontMatter: frontMatter, flavor: flavor)
      let expected = Array(HTMLRenderer.render(document, tagFilter: tagFilter).utf8)
      let actual = direct(markdown, frontMatter: frontMatter, flavor: flavor, tagFilter: tagFilter).html
      if actual != expected {
        var i = 0
        while i < actual.count, i < expected.count, actual[i] == expected[i] { i += 1 }
        let from = max(0, i - 60)
        Issue.record(
          """
          \(name) (\(flavor), front matter \(frontMatter), tag filter \(tagFilter)) differs at byte \(i):
          direct: \(String(decoding: actual[from..<min(actual.count, i + 60)], as: UTF8.self))
          document: \(String(decoding: expected[from..<min(expected.count, i + 60)], as: UTF8.self))
          """, sourceLocation: sourceLocation)
        return
      }
    }
  }

  @Test(.requires(TestPaths.corpusAvailable, TestPaths.corpusMissing))
  func specExamples() throws {
    for file in ["commonmark-spec-0.31.2.txt", "gfm-spec.txt", "gfm-extensions.txt"] {
      let examples = try SpecExample.load(file)
      #expect(examples.count > 20)
      for example in examples {
        Self.expectSame(Array(example.markdown.utf8), name: "\(file) example \(example.number)")
      }
    }
  }

  @Test(.requires(TestPaths.corpusAvailable, TestPaths.corpusMissing))
  func changelogsAndTheirConcatenation() throws {
    let files = try DifferentialTests.changelogs()
    var all: [UInt8] = []
    for file in files {
      let bytes = Array(try Data(contentsOf: file))
      Self.expectSame(bytes, name: file.lastPathComponent)
      all += bytes + [10]
    }
    // Big enough to come in several pieces, which must add up to the same HTML.
    while all.count < 3 * DirectHTMLBuilder.chunk { all += all }
    Self.expectSame(all, name: "the changelogs repeated")
    #expect(Self.direct(all, frontMatter: true, flavor: .gfm, tagFilter: true).pieces > 2)
  }

  @Test func fuzzSeeds() throws {
    let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("fuzz/corpus/markdown")
    let files = try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
    #expect(files.count >= 10)
    for file in files {
      Self.expectSame(Array(try Data(contentsOf: file)), name: file.lastPathComponent)
    }
  }

  @Test func pathologicalInputs() {
    for (name, input) in PathologicalInputTests.cases {
      Self.expectSame(Array(input(2_000).utf8), name: name)
    }
  }

  @Test(arguments: [
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
  ])
  func corners(_ markdown: String) {
    Self.expectSame(Array(markdown.utf8), name: markdown)
  }

  /// The block tree links siblings; freeing 300,000 of them must not recurse once per sibling
  /// (the parse frees its tree, and so does the direct path's caller here).
  @Test func longSiblingChainsAreFreed() {
    let paragraphs = Array(String(repeating: "a\n\n", count: 300_000).utf8)
    #expect(MarkdownParser.parse(bytes: paragraphs).blocks.count == 300_000)
    let items = Array(String(repeating: "- a\n", count: 300_000).utf8)
    var bytes = 0
    do {
      var tree: AnyObject?
      HTMLRenderer.render(markdown: items, keepingWorkingTree: &tree) { bytes += $0.count }
      #expect(tree != nil)
    }
    #expect(bytes == "<ul>\n".utf8.count + 300_000 * "<li>a</li>\n".utf8.count + "</ul>\n".utf8.count)
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

  @Test func invalidUTF8AndNUL() {
    Self.expectSame([0x61, 0xFF, 0x00, 0x62, 0xC3, 0x28, 0x0A, 0x2A, 0x78, 0x2A, 0x0A], name: "bytes")
  }
}

/// The eight-bytes-at-a-time tests against their byte-by-byte definitions, for every byte
/// value at every position of a word (among bytes that do not match, and after one that does).
@Suite struct WordScanTests {
  static func words(_ body: (UInt64, _ position: Int, _ byte: UInt8, _ filler: UInt8) -> Void) {
    for filler: UInt8 in [0x61, 0xC3, 0x2F, 0x80] {
      for position in 0..<8 {
        for value in 0...255 {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[position] = UInt8(value)
          let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
          body(word, position, UInt8(value), filler)
        }
      }
    }
  }

  @Test func destinationStops() {
    func stops(_ c: UInt8) -> Bool { (c < 0x2A) || c == 0x5C || c == 0x7F }
    Self.words { word, position, byte, filler in
      let flagged = Scan.destinationStops(word)
      let expected = (0..<8).first { stops($0 == position ? byte : filler) }
      #expect((flagged == 0 ? nil : flagged.trailingZeroBitCount >> 3) == expected)
    }
  }

  @Test func escapingAndAt() {
    Self.words { word, position, byte, filler in
      let bytes = (0..<8).map { $0 == position ? byte : filler }
      #expect(
        HTMLWriter.mayNeedEscaping(word) == bytes.contains { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 })
      let found = bytes.withUnsafeBufferPointer { InlineParser.containsAt($0) }
      #expect(found == bytes.contains(64))
    }
  }

  @Test func lineEnds() {
    for length in 0..<24 {
      for at in 0...length {
        for ending: UInt8 in [10, 13] {
          var bytes = [UInt8](repeating: 0x0B, count: length)
          if at < length { bytes[at] = ending }
          if at + 3 < length { bytes[at + 3] = 10 }
          let end = bytes.withUnsafeBufferPointer { BlockParser.lineEnd($0, from: 0, length) }
          #expect(end == at)
        }
      }
    }
  }
}

/// The byte tables written out as 256-byte constants, against the sets they stand for.
@Suite struct ByteTableTests {
  static func members(_ table: StaticString) -> Set<UInt8> {
    #expect(table.utf8CodeUnitCount == 256)
    var set = Set<UInt8>()
    for i in 0..<256 where table.utf8Start[i] != 48 {
      #expect(table.utf8Start[i] == 49)
      set.insert(UInt8(i))
    }
    return set
  }

  @Test func tables() {
    #expect(Self.members(InlineParser.specialBytes) == Set("\n\r`\\&<*_[]!~:w".utf8))
    #expect(Self.members(InlineParser.specialBytesCommonMark) == Set("\n\r`\\&<*_[]!".utf8))
    let href = Set("-_.+!*(),%#@?=;:/$~0123456789".utf8)
      .union(UInt8(ascii: "a")...UInt8(ascii: "z")).union(UInt8(ascii: "A")...UInt8(ascii: "Z"))
    #expect(Self.members(HTMLWriter.hrefSafeBytes) == href)
  }
}

@Suite struct RawBytesTests {
  @Test(arguments: [0, 7, 10, 99, 100, -1, -10, 1_000_000_007, Int.max, Int.min])
  func decimalsAsStringWritesThem(_ value: Int) {
    var bytes = RawBytes(capacity: 4)
    defer { bytes.release() }
    bytes.append(decimal: value)
    #expect(Array(bytes.bytes) == Array(String(value).utf8))
  }
}
