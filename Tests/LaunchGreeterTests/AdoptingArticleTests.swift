import Foundation
import TestSupport
import Testing

/// The "Adopting LaunchGreeter" article shows the example host's `Adopting.swift`, which CI
/// compiles against the public face alone (`.ci/run` builds Examples/SwiftHost).
@Suite struct AdoptingArticleTests {
  @Test func theArticleShowsTheExampleHostsCodeWordForWord() throws {
    let root = TestPaths.packageRoot
    let article = try String(
      contentsOf: root.appendingPathComponent(
        "Sources/LaunchGreeter/LaunchGreeter.docc/AdoptingLaunchGreeter.md"),
      encoding: .utf8)
    let code = try String(
      contentsOf: root.appendingPathComponent("Examples/SwiftHost/Sources/tally/Adopting.swift"),
      encoding: .utf8)
    let begin = try #require(article.range(of: "<!-- adopting-example:begin -->\n```swift\n"))
    let end = try #require(article.range(of: "```\n<!-- adopting-example:end -->"))
    let shown = String(article[begin.upperBound..<end.lowerBound])
    let start = try #require(code.range(of: "/// What Tally does at start-up"))
    #expect(shown == String(code[start.lowerBound...]))
  }
}
