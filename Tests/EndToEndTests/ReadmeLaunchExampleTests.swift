import Foundation
import TestSupport
import Testing

/// Runs the launch-tracking example of docs/launch-tracking.md (the README links to it) and
/// compares `state --json` with the JSON shown there, so the page never rots.
@Suite struct ReadmeLaunchExampleTests {
  @Test func stateJSONMatchesTheReadme() throws {
    let page = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/launch-tracking.md"), encoding: .utf8)
    let marker = try #require(page.range(of: "<!-- state-json-example -->\n```json\n"))
    let end = try #require(page.range(of: "\n```", range: marker.upperBound..<page.endIndex))
    let documented = String(page[marker.upperBound..<end.lowerBound])

    let scratch = try TemporaryDirectory("readme-launch")
    let dir = scratch.path
    let env = ["WHATSNEW_STATE_DIR": dir]
    var first = env
    first["WHATSNEW_NOW"] = "2026-01-15T09:00:00Z"
    #expect(try Run.whatsnew(["demo", "--app-version", "1.0.0"], environment: first).status == 0)
    var second = env
    second["WHATSNEW_NOW"] = "2026-03-01T09:00:00Z"
    #expect(
      try Run.whatsnew(["demo", "--app-version", "1.1.0", "--explain"], environment: second).status == 0)
    let result = try Run.whatsnew(["state", "--json"], environment: env)
    #expect(result.status == 0)
    let actual = result.stdout.replacingOccurrences(of: dir, with: "/tmp/whatsnew-readme")
    #expect(actual == documented + "\n")
  }
}
