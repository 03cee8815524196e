import Foundation
import TestSupport
import Testing

/// The rendering example of docs/rendering.md (README links to it) is the real output of the
/// command it names.
@Suite struct ReadmeRenderExampleTests {
  @Test func readmeShowsWhatRenderPrints() throws {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/rendering.md"), encoding: .utf8)
    let begin = try #require(readme.range(of: "<!-- render-example:begin -->\n```text\n"))
    let end = try #require(readme.range(of: "```\n<!-- render-example:end -->"))
    let shown = String(readme[begin.upperBound..<end.lowerBound])
    let result = try Run.whatsnew(
      ["render", "docs/render-example.md", "--width", "50"], currentDirectory: TestPaths.packageRoot)
    #expect(result.status == 0)
    #expect(result.stdout == shown)
  }
}
