import Foundation
import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

/// Snapshots through the real parser: every element from Markdown source and a changelog of our
/// own; the corpus changelogs are checked against our other output paths, not golden files.
@Suite struct ParsedSnapshotTests {
  static let everyElementSource = """
    # Release 2.0

    Text with *emphasis*, **strong**, ~~strikethrough~~, `inline code`, a [link](https://example.com/a "title"),
    an autolink <https://example.com>, www.example.org, a [reference link][ref] and an
    image ![the screenshot](shot.png). Entities: &copy; &amp; &#x4E2D;.\\
    After a hard break.

    [ref]: https://example.com/ref

    ## Lists

    - bullet one
    - bullet two, long enough that it has to wrap onto the next line at forty cells
      - nested bullet
        - third level
    - [ ] open task
    - [x] done task

    9. nine
    10. ten
    11. eleven

    A loose list:

    1. loose item

       with a second paragraph

    2. second loose item

    ### Quotes and code

    > A quote with **bold** text.
    >
    > > Nested quote.

    ```swift
    let answer = 42
    print("a line that is rather too long to fit into forty cells of width")
    ```

        indented code block

    ---

    | Left | Centre | Right |
    |:-----|:------:|------:|
    | a | b | c |
    | a longer cell that wraps | 中文 | 1.0 |

    <!-- an HTML comment -->

    <div>
    raw <b>HTML</b> block
    </div>

    Inline <span>html</span> and a line<br>break.

    #### Level four
    ##### Level five
    ###### Level six
    """

  private func plain(_ source: String, width: Int) -> String {
    let document = MarkdownParser.parse(source)
    return PlainSerializer.serialize(TerminalMarkdown.render(document, options: RenderOptions(width: width)))
  }

  @Test(arguments: [80, 40])
  func everyElementFromMarkdown(width: Int) {
    let output = plain(Self.everyElementSource, width: width)
    #expect(Golden.check(output, named: "parsed-every-element-\(width).txt") == nil)
    for line in output.split(separator: "\n") { #expect(IndependentWidth.of(line) <= width, "\(line)") }
  }

  /// A changelog of our own (``ChangelogShapes``), in the shapes of real ones, as golden files.
  @Test(arguments: [80, 40])
  func changelogShapes(width: Int) {
    let document = MarkdownParser.parse(ChangelogShapes.source)
    let lines = TerminalMarkdown.render(document, options: RenderOptions(width: width))
    let output = PlainSerializer.serialize(lines)
    #expect(Golden.check(output, named: "changelog-shapes-\(width).txt") == nil)
    for line in output.split(separator: "\n") { #expect(IndependentWidth.of(line) <= width, "\(line)") }
    #expect(HostileInputTests.onlySGR(ANSISerializer.serialize(lines)))
  }

  /// The corpus changelogs (read from ../shared, never copied here): no golden, but two of our
  /// output paths agree, every line fits, and the ANSI output holds nothing but SGR.
  @Test(
    .requiresCorpus("changelogs/swift-argument-parser.md", "changelogs/Yams.md", "changelogs/Rainbow.md"),
    arguments: ["swift-argument-parser.md", "Yams.md", "Rainbow.md"])
  func corpusChangelog(name: String) throws {
    let bytes = try Data(contentsOf: TestPaths.corpusFile("changelogs/\(name)"))
    let document = MarkdownParser.parse(bytes: bytes)
    let lines = TerminalMarkdown.render(document, options: RenderOptions(width: 80))
    let output = PlainSerializer.serialize(lines)
    #expect(output.split(separator: "\n").count > 50, "\(name): too little output")
    // The same document parsed from a String renders the same.
    let fromString = MarkdownParser.parse(String(decoding: bytes, as: UTF8.self))
    #expect(fromString == document, "\(name): parse(bytes:) and parse(_:) disagree")
    // The ANSI serialisation, its SGR sequences removed, is the plain one.
    let ansi = ANSISerializer.serialize(lines)
    #expect(HostileInputTests.onlySGR(ansi))
    #expect(Self.removingSGR(ansi) == output, "\(name): ANSI without colour differs from plain")
    for line in output.split(separator: "\n") { #expect(IndependentWidth.of(line) <= 80, "\(line)") }
  }

  /// `text` without its `ESC [ ... m` sequences.
  static func removingSGR(_ text: String) -> String {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
        var j = i + 2
        while j < bytes.count, bytes[j] != UInt8(ascii: "m") { j += 1 }
        i = j + 1
        continue
      }
      out.append(bytes[i])
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The mixed-script document written as Markdown, through the parser.
  @Test(arguments: [20, 40, 80])
  func mixedScriptMarkdown(width: Int) {
    let p = MixedScriptTests.paragraphs
    let source =
      p.joined(separator: "\n\n")
      + "\n\n- \(p[1])\n  - \(p[2])\n    - \(p[3])\n- \(p[5])\n- \(p[4])\n  - \(p[6])\n\n> \(p[0])\n>\n> \(p[1])\n"
    let output = plain(source, width: width)
    for line in output.split(separator: "\n") { #expect(IndependentWidth.of(line) <= width, "\(line)") }
    let out = output.unicodeScalars.filter {
      $0 != " " && $0 != "\n" && !MixedScriptTests.decoration.contains($0)
    }
    #expect(Array(out) == MixedScriptTests.inputScalars)
  }
}
