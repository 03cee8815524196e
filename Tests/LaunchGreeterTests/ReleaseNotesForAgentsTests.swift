import Foundation
import LaunchGreeter
import LaunchTracking
import TestSupport
import Testing

/// `GreeterNotes.releaseNotesJSON` and `releaseNotesMarkdown`: the releases after a version
/// for a script or an AI agent, critical first, then newest first (issue 46).
@Suite struct ReleaseNotesForAgentsTests {
  /// Tally's notes: 1.0.0, the critical 1.0.2 and the minor 1.1.0.
  func criticalNotes() -> GreeterNotes {
    .compiledIn([
      "1.0.0.md": "---\ntitle: First\ndate: 2025-01-01\n---\n\nHello.\n",
      "1.0.2.md": CriticalReleaseNotes.tokenFix,
      "1.1.0.md": CriticalReleaseNotes.totals,
    ])
  }

  func releases(_ json: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return try #require(object?["releases"] as? [[String: Any]])
  }

  @Test func theDemoNotesSince100MatchTheGoldenFile() throws {
    let json = try GreeterNotes.directory(TestPaths.content.path).releaseNotesJSON(since: AppVersion(1, 0, 0))
    // The same file `whatsnew notes --since 1.0.0 --format json` is checked against.
    #expect(Golden.check(json, named: "notes-since-1.0.0.json") == nil)
  }

  @Test func aCriticalReleaseComesFirstWithItsSummary() throws {
    let list = try releases(criticalNotes().releaseNotesJSON(since: AppVersion(1, 0, 0)))
    #expect(list.map { $0["version"] as? String } == ["1.0.2", "1.1.0"])
    #expect(list.map { $0["critical"] as? Bool } == [true, false])
    #expect(list.first?["importance"] as? String == "critical")
    #expect(
      list.first?["summary"] as? String == "Saved tokens were written to the log; upgrade and rotate them.")
    #expect(list.last?["importance"] as? String == "minor")
    #expect(list.last?["markdown"] as? String == "\nA total line sums every count.\n")
  }

  @Test func aMinimumImportanceLeavesOutLesserReleasesButNeverACriticalOne() throws {
    let list = try releases(
      criticalNotes().releaseNotesJSON(since: AppVersion(1, 0, 0), minimumImportance: .major))
    #expect(list.map { $0["version"] as? String } == ["1.0.2"])
    let demo = try releases(
      GreeterNotes.directory(TestPaths.content.path).releaseNotesJSON(
        since: AppVersion(1, 0, 0), until: AppVersion(1, 3, 0), minimumImportance: .minor))
    #expect(demo.map { $0["version"] as? String } == ["1.3.0", "1.2.0", "1.1.0"])
  }

  @Test func theDigestIsOneLinePerReleaseWithCriticalAndBreakingFlagged() throws {
    let digest = try criticalNotes().releaseNotesMarkdown(since: AppVersion(1, 0, 0), digest: true)
    #expect(
      digest == """
        **Changes since 1.0.0** (2 releases, critical first, then newest first):

        - **1.0.2** **Critical (Security):** Saved tokens were written to the log; upgrade and rotate them.
        - **1.1.0** Totals

        """)
    let demo = try GreeterNotes.directory(TestPaths.content.path).releaseNotesMarkdown(
      since: AppVersion(1, 4, 0), digest: true)
    #expect(demo.contains("- **2.0.0** (2026-02-16) **Breaking:** Jot 2\n"))
    #expect(demo.contains("- **2.1.0** (2026-05-05) Daily notes\n"))
  }

  @Test func theMarkdownIsOneDocumentWithAHeadingPerRelease() throws {
    let markdown = try criticalNotes().releaseNotesMarkdown(since: AppVersion(1, 0, 0))
    #expect(
      markdown == """
        # 1.0.2 — Token fix

        _critical (Security)_

        **Saved tokens were written to the log; upgrade and rotate them.**

        The log no longer holds saved tokens.

        # 1.1.0 — Totals

        _minor_

        A total line sums every count.

        """)
  }

  @Test func aRangeThatRunsBackwardsIsAProblemNamingTheVersion() throws {
    #expect {
      try criticalNotes().releaseNotesJSON(since: AppVersion(1, 1, 0), until: AppVersion(1, 0, 0))
    } throws: { error in
      (error as? GreeterProblem)?.version == AppVersion(1, 1, 0)
    }
  }
}
