import Foundation
import TestSupport
import Testing

/// `whatsnew notes --since VERSION`: the releases after a version for scripts and AI agents,
/// as json, markdown or digest (issue 46, docs/release-notes.md).
@Suite struct NotesSinceCommandTests {
  let content = TestPaths.content.path

  /// The golden file the library's `releaseNotesJSON` is checked against too.
  static let golden = TestPaths.packageRoot.appendingPathComponent(
    "Tests/LaunchGreeterTests/ReleaseNotesForAgentsTests.swift"
  ).path

  /// The binary's compiled-in notes: run from `/` with no content directory named.
  func runCompiledIn(_ arguments: [String]) throws -> ProcessResult {
    try Run.whatsnew(
      arguments, environment: ["WHATSNEW_CONTENT_DIR": ""], currentDirectory: URL(fileURLWithPath: "/"))
  }

  @Test func jsonSince100OnTheCompiledInNotesMatchesTheGoldenFile() throws {
    let result = try runCompiledIn(["notes", "--since", "1.0.0", "--format", "json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(Golden.check(result.stdout, named: "notes-since-1.0.0.json", testFile: Self.golden) == nil)
  }

  /// Notes with a critical patch release between 1.0.0 and a minor 1.1.0.
  func criticalDirectory() throws -> URL {
    let dir = try TestPaths.makeTemporaryDirectory("notes-since-critical")
    try Data("---\ntitle: First\n---\n\nHello.\n".utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    try Data(CriticalReleaseNotes.tokenFix.utf8).write(to: dir.appendingPathComponent("1.0.2.md"))
    try Data(CriticalReleaseNotes.totals.utf8).write(to: dir.appendingPathComponent("1.1.0.md"))
    return dir
  }

  @Test func aCriticalReleaseComesFirstInEveryFormat() throws {
    let dir = try criticalDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let json = try Run.whatsnew(["notes", "--since", "1.0.0", "--format", "json", "--content", dir.path])
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let releases = object?["releases"] as? [[String: Any]]
    #expect(releases?.map { $0["version"] as? String } == ["1.0.2", "1.1.0"])
    #expect(releases?.first?["critical"] as? Bool == true)
    #expect(object?["since"] as? String == "1.0.0")

    let digest = try Run.whatsnew(["notes", "--since", "1.0.0", "--format", "digest", "--content", dir.path])
    #expect(digest.status == 0)
    #expect(
      digest.stdout.split(separator: "\n").dropFirst().first
        == "- **1.0.2** **Critical (Security):** Saved tokens were written to the log; upgrade and rotate them."
    )
    let markdown = try Run.whatsnew(["notes", "--since", "1.0.0", "--content", dir.path])
    #expect(markdown.stdout.hasPrefix("# 1.0.2 — Token fix\n"))
    #expect(markdown.stdout.contains("\n# 1.1.0 — Totals\n"))
  }

  @Test func untilAndMinImportanceNarrowTheReleases() throws {
    let result = try Run.whatsnew([
      "notes", "--since", "1.0.0", "--until", "1.3.0", "--min-importance", "minor", "--format", "json",
      "--content", content,
    ])
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let releases = object?["releases"] as? [[String: Any]]
    #expect(releases?.map { $0["version"] as? String } == ["1.3.0", "1.2.0", "1.1.0"])
  }

  /// The digest docs/release-notes.md shows is this command's real output.
  @Test func theDigestInTheDocsIsTheRealOutput() throws {
    let result = try runCompiledIn(["notes", "--since", "1.2.0", "--format", "digest"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("**Breaking:** Jot 2"))
    let docs = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/release-notes.md"), encoding: .utf8)
    #expect(docs.contains("```markdown\n" + result.stdout + "```\n"))
  }

  @Test(arguments: [
    (["--since", "nope"], "--since: invalid version \"nope\""),
    (["--since", "1.0.0", "--until", "2.x"], "--until: invalid version \"2.x\""),
    (["--since", "1.0.0", "--min-importance", "huge"], "not \"huge\""),
    (["--since", "1.0.0", "--format", "html"], "--since prints json, markdown or digest, not html"),
    (["--since", "1.0.0", "--from", "1.0.0"], "--since takes no VERSION, --from, --to or --list"),
    (["--format", "digest"], "--format digest goes with --since VERSION"),
    (["--until", "1.0.0"], "--until and --min-importance go with --since"),
  ])
  func badInputIsOneLineAndExitTwo(arguments: [String], message: String) throws {
    let result = try Run.whatsnew(["notes"] + arguments + ["--content", content])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func aSinceNewerThanUntilIsOneLineAndExitOne() throws {
    let result = try Run.whatsnew(["notes", "--since", "2.1.0", "--until", "1.0.0", "--content", content])
    #expect(result.status == 1)
    #expect(result.stderr.contains("the range start 2.1.0 is newer than its end 1.0.0"))
  }
}
