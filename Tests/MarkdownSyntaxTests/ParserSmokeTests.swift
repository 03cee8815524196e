import Testing

@testable import MarkdownSyntax

@Suite struct ParserSmokeTests {
  @Test func blankLinesSeparateParagraphs() {
    let doc = MarkdownParser.parse("one\ntwo\n\nthree\n")
    #expect(doc.blocks.count == 2)
    #expect(doc.blocks[1].startLine == 4)
  }
}
