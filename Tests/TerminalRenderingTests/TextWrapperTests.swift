import TestSupport
import Testing

@testable import TerminalRendering

@Suite struct TextWrapperTests {
  private func wrap(_ text: String, _ width: Int, first: String = "", rest: String = "") -> [String] {
    TextWrapper.wrap(
      StyledLine(text), width: width, firstIndent: StyledLine(first), restIndent: StyledLine(rest)
    ).map(\.text)
  }

  @Test func wrapsAtSpaces() {
    #expect(wrap("the quick brown fox jumps", 10) == ["the quick", "brown fox", "jumps"])
  }

  @Test func hangingIndent() {
    #expect(wrap("one two three four", 10, first: "• ", rest: "  ") == ["• one two", "  three", "  four"])
  }

  @Test func breaksLongWords() {
    #expect(wrap("ab abcdefghijkl", 5) == ["ab", "abcde", "fghij", "kl"])
  }

  @Test func breaksBetweenWideGraphemesButNotBeforeClosingPunctuation() {
    #expect(wrap("日本語のテキスト", 6) == ["日本語", "のテキ", "スト"])
    #expect(wrap("中文测试，好", 8) == ["中文测", "试，好"])
  }

  @Test func neverSplitsAWideGraphemeAcrossTheEdge() {
    for line in wrap("a日本語", 4) { #expect(IndependentWidth.of(line) <= 4) }
    #expect(wrap("a日本語", 4) == ["a日", "本語"])
  }

  @Test func keepsStylesAcrossWords() {
    var line = StyledLine("plain ")
    line.append("bold words here", style: Style(attributes: .bold))
    let lines = TextWrapper.wrap(line, width: 11)
    #expect(lines.map(\.text) == ["plain bold", "words here"])
    #expect(lines[1].runs == [StyledRun("words here", style: Style(attributes: .bold))])
  }

  @Test func emptyInputGivesOneLine() {
    #expect(wrap("", 10, first: "• ") == ["•"])
  }
}
