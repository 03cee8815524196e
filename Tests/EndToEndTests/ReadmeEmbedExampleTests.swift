import Foundation
import TestSupport
import Testing

/// The example app of docs/embedding.md is the example host's code, word for word, and the
/// release README's Swift quick start names is the newest in CHANGELOG.md
/// (`scripts/check-readme-embed` builds the two together).
@Suite struct ReadmeEmbedExampleTests {
  @Test func theEmbeddingPageShowsTheExampleHostsCode() throws {
    let root = TestPaths.packageRoot
    let page = try String(contentsOf: root.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
    let begin = try #require(page.range(of: "<!-- embed-example:begin -->\n```swift\n"))
    let end = try #require(page.range(of: "```\n<!-- embed-example:end -->"))
    let example = try String(
      contentsOf: root.appendingPathComponent("Examples/SwiftHost/Sources/tally/main.swift"), encoding: .utf8)
    #expect(String(page[begin.upperBound..<end.lowerBound]) == example)
  }

  /// The example is what an adopter writes: nothing in it is there for the benchmarks.
  @Test func theExampleHasNoBenchmarkScaffolding() throws {
    let example = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/main.swift"),
      encoding: .utf8)
    #expect(!example.contains("TALLY_USES_FOUNDATION"))
    #expect(!example.contains("#if TALLY"))
  }

  /// README names the release in one line, `.package(url: …, from: "X")`, and X is the newest
  /// release CHANGELOG.md dates: at a release, that line changes with it.
  @Test func theReadmeNamesTheNewestRelease() throws {
    let root = TestPaths.packageRoot
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let named = readme.matches(of: /\.package\(url: "[^"]+", from: "([^"]+)"\)/).map { String($0.output.1) }
    #expect(named.count == 1, "README names the release \(named.count) times: \(named)")
    let newest = try #require(changelog.firstMatch(of: /\n## \[([^\]]+)\] - \d{4}-\d{2}-\d{2}/)).output.1
    #expect(named.first == String(newest))
  }
}
