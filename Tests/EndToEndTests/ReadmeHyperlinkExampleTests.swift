import Foundation
import TestSupport
import Testing

/// The "Clickable links" example of docs/features.md (README links to it) is the real output of
/// the command it names.
@Suite struct ReadmeHyperlinkExampleTests {
  @Test func readmeShowsWhatRenderPrints() throws {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/features.md"), encoding: .utf8)
    let begin = try #require(readme.range(of: "<!-- hyperlink-example:begin -->\n```text\n$ "))
    let end = try #require(readme.range(of: "```\n<!-- hyperlink-example:end -->"))
    let block = readme[begin.upperBound..<end.lowerBound]
    let command = try #require(block.split(separator: "\n").first)
    let shown = block.dropFirst(command.count + 1)
    #expect(command.hasPrefix("printf 'Read [the guide](https://example.com/guide).\\n' | whatsnew "))
    #expect(command.hasSuffix(" | cat -v"))
    let arguments = command.split(separator: " | ")[1].split(separator: " ").dropFirst().map(String.init)
    let result = try Run.whatsnew(
      arguments, stdin: Data("Read [the guide](https://example.com/guide).\n".utf8))
    #expect(result.status == 0)
    #expect(Self.catV(result.stdout) == String(shown))
  }

  /// `cat -v` of `text`: ESC as `^[` (the output holds no other control but newlines).
  static func catV(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}", with: "^[")
  }
}
