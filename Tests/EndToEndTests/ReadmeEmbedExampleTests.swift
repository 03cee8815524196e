import Foundation
import TestSupport
import Testing

/// The README's "Embed it" code is the example host's, word for word.
@Suite struct ReadmeEmbedExampleTests {
  @Test func readmeShowsTheExampleHostsCode() throws {
    let root = TestPaths.packageRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let begin = try #require(readme.range(of: "<!-- embed-example:begin -->\n```swift\n"))
    let end = try #require(readme.range(of: "```\n<!-- embed-example:end -->"))
    let example = try String(
      contentsOf: root.appendingPathComponent("Examples/SwiftHost/Sources/tally/main.swift"), encoding: .utf8)
    #expect(String(readme[begin.upperBound..<end.lowerBound]) == example)
  }
}
