import MarkdownSyntax
import Testing

/// The one front-matter reader, as the parser and the notes catalog use it.
@Suite struct FrontMatterParserTests {
  @Test func malformedLinesQuotesAndCRLF() {
    let result = FrontMatterParser.split(
      "---\r\ntitle: \"Quoted: yes\"\r\nno colon here\r\ndate: 2025-01-02\r\n---\r\nBody\r\n")
    let fm = result.frontMatter
    #expect(fm?["title"] == "Quoted: yes")
    #expect(fm?["date"] == "2025-01-02")
    #expect(fm?.malformedLines == [3])
    #expect(fm?.endLine == 5)
    #expect(result.bodyFirstLine == 6)
    #expect(!result.unclosed)
  }

  @Test func indentedKeysQuotesCommentsAndIndentedFences() {
    let result = FrontMatterParser.split(
      "---\n\ttitle:  'Grüße — Tags'  \ndate:\t\"2025-01-02\"\n# note\n#́ not a comment\nkey with space: x\n"
        + "émoji: 😀\n  ---  \nBody\n")
    let fm = result.frontMatter
    #expect(fm?["title"] == "Grüße — Tags")
    #expect(fm?["date"] == "2025-01-02")
    #expect(fm?["émoji"] == "😀")
    // `#` starts a comment whatever follows it; a key with a space is malformed.
    #expect(fm?.malformedLines == [6])
    #expect(fm?.endLine == 8)
  }

  @Test func theScanStopsAtTheEndOfTheFrontMatter() {
    let body = String(repeating: "Body line\r\n", count: 1000)
    let result = FrontMatterParser.split("---\ntitle: Long\n---\n" + body)
    #expect(result.frontMatter?["title"] == "Long")
    #expect(result.bodyOffset == 20)
    #expect(result.bodyFirstLine == 4)
    let none = FrontMatterParser.split("# Notes\n" + body)
    #expect(none.frontMatter == nil && !none.unclosed && none.bodyOffset == 0)
    let lastLine = FrontMatterParser.split("---\ntitle: x\n---")
    #expect(lastLine.frontMatter?["title"] == "x")
    #expect(lastLine.bodyOffset == 16)
  }

  @Test func unclosedFrontMatterIsNotFrontMatter() {
    let result = FrontMatterParser.split("---\ntitle: x\n\nBody\n")
    #expect(result.frontMatter == nil)
    #expect(result.unclosed)
    #expect(result.bodyOffset == 0)
  }

  @Test func theParserReadsTheSameFrontMatterAndStartsTheBodyAfterIt() {
    let text = "---\ntitle: 'Quoted'\n  # comment\nbad line\n---\n# Heading\n"
    let split = FrontMatterParser.split(text)
    let document = MarkdownParser.parse(text)
    #expect(document.frontMatter == split.frontMatter)
    #expect(document.frontMatter?["title"] == "Quoted")
    #expect(document.blocks.first?.startLine == split.bodyFirstLine)
    #expect(split.bodyFirstLine == 6)
    // With a byte order mark, and turned off.
    #expect(FrontMatterParser.split("\u{FEFF}" + text).frontMatter == split.frontMatter)
    #expect(MarkdownParser.parse(text, frontMatter: false).frontMatter == nil)
  }
}
