import Foundation
import TestSupport
import Testing

@Suite struct NotesCommandTests {
  let content = TestPaths.content.path

  /// The version headings of the demo content, as the sheet shows them.
  static let headings = [
    "2.1.0 — Daily notes", "2.0.0 — Jot 2", "2.0.0-beta.1 — Jot 2 beta", "1.4.0 — Pinned notes and export",
    "1.3.0 — Sync with git", "1.2.1 — Template fixes", "1.2.0 — Templates", "1.1.0 — Tags and search",
    "1.0.0 — First release",
  ]

  @Test func listShowsEveryVersionWithDateAndTitleNewestFirst() throws {
    let result = try Run.whatsnew(["notes", "--list", "--content", content])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 9)
    #expect(lines.first == "2.1.0         2026-05-05  Daily notes")
    #expect(lines.last == "1.0.0         2025-03-03  First release")
    #expect(lines.contains("2.0.0-beta.1  2026-01-12  Jot 2 beta"))
  }

  @Test func oneVersionShowsOnlyThatVersion() throws {
    let result = try Run.whatsnew(["notes", "1.2.1", "--content", content])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.stdout.contains("1.2.1 — Template fixes"))
    #expect(result.stdout.contains("Released 2025-06-09"))
    for other in Self.headings where !other.hasPrefix("1.2.1 ") {
      #expect(!result.stdout.contains(other))
    }
    // Piped output is plain: no escape sequences.
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func withoutAVersionTheNewestReleaseIsShown() throws {
    let result = try Run.whatsnew(["notes", "--content", content])
    #expect(result.status == 0)
    #expect(result.stdout.contains("2.1.0 — Daily notes"))
    #expect(!result.stdout.contains("2.0.0 — Jot 2"))
  }

  @Test func aRangeShowsEveryVersionAnUpgraderSkippedNewestFirst() throws {
    let result = try Run.whatsnew(["notes", "--from", "1.0.0", "--format", "plain", "--content", content])
    #expect(result.status == 0)
    let shown = Self.headings.filter { result.stdout.contains($0) }
    // Everything after 1.0.0 but the beta (the target, 2.1.0, is a release).
    #expect(shown == Self.headings.filter { !$0.hasPrefix("1.0.0 ") && !$0.contains("beta") })
    let positions = shown.compactMap { result.stdout.range(of: $0)?.lowerBound }
    #expect(positions == positions.sorted())
  }

  @Test func aRangeUpToAPreReleaseIncludesIt() throws {
    let result = try Run.whatsnew(["notes", "--from", "1.4", "--to", "2.0.0-beta.1", "--content", content])
    #expect(result.status == 0)
    #expect(result.stdout.contains("2.0.0-beta.1 — Jot 2 beta"))
    #expect(!result.stdout.contains("1.4.0 — Pinned"))
  }

  @Test func jsonHoldsTheCatalogAndTheNotesAskedFor() throws {
    let result = try Run.whatsnew(["notes", "--from", "1.3.0", "--format", "json", "--content", content])
    #expect(result.status == 0)
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let versions = json?["versions"] as? [[String: Any]]
    #expect(versions?.count == 9)
    #expect(versions?.first?["version"] as? String == "2.1.0")
    #expect(versions?.first?["title"] as? String == "Daily notes")
    #expect(versions?.first?["date"] as? String == "2026-05-05")
    #expect(
      versions?.first(where: { $0["version"] as? String == "2.0.0-beta.1" })?["prerelease"] as? Bool == true)
    let notes = json?["notes"] as? [[String: Any]]
    #expect(notes?.map { $0["version"] as? String } == ["2.1.0", "2.0.0", "1.4.0"])
    #expect((notes?.first?["markdown"] as? String)?.contains("**Daily notes.**") == true)

    let list = try Run.whatsnew(["notes", "--list", "--format", "json", "--content", content])
    let listed = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any]
    #expect((listed?["versions"] as? [Any])?.count == 9)
    #expect(listed?["notes"] == nil)
  }

  @Test func htmlIsTheSameDocumentAsHTML() throws {
    let result = try Run.whatsnew(["notes", "1.2.0", "--format", "html", "--content", content])
    #expect(result.status == 0)
    #expect(
      result.stdout.hasPrefix(
        "<h1>1.2.0 — Templates</h1>\n<p><em>Released 2025-06-02</em></p>\n<h2>Added</h2>"))
    #expect(result.stdout.contains("<td><code>{date}</code></td>"))
  }

  @Test func contentIsFoundFromTheEnvironmentAndTheWorkingDirectory() throws {
    let fromEnv = try Run.whatsnew(["notes", "--list"], environment: ["WHATSNEW_CONTENT_DIR": content])
    #expect(fromEnv.status == 0)
    #expect(fromEnv.stdout.hasPrefix("2.1.0 "))
    let fromCwd = try Run.whatsnew(
      ["notes", "--list"], environment: ["WHATSNEW_CONTENT_DIR": ""], currentDirectory: TestPaths.packageRoot)
    #expect(fromCwd.status == 0)
    #expect(fromCwd.stdout.hasPrefix("2.1.0 "))
  }

  @Test(arguments: [
    (["notes", "9.9.9"], "no release notes for version 9.9.9"),
    (["notes", "--from", "2.1.0", "--to", "1.0.0"], "the range start 2.1.0 is newer than its end 1.0.0"),
    (["notes", "1.x"], "invalid version \"1.x\""),
    (["notes", "--from", "nope"], "invalid version \"nope\""),
  ])
  func badInputIsOneLineAndExitOne(arguments: [String], message: String) throws {
    let result = try Run.whatsnew(arguments + ["--content", content])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test func aMissingOrFileContentDirectoryIsNamed() throws {
    let missing = try Run.whatsnew(["notes", "--content", "/nonexistent/Content"])
    #expect(missing.status == 1)
    #expect(
      missing.stderr == "whatsnew: content directory /nonexistent/Content does not exist (from --content)\n")
    let file = content + "/1.0.0.md"
    let notADirectory = try Run.whatsnew(["notes", "--list", "--content", file])
    #expect(notADirectory.status == 1)
    #expect(notADirectory.stderr == "whatsnew: content path \(file) is not a directory (from --content)\n")
  }

  @Test func usageErrorsAreNotReportedFailures() throws {
    for arguments in [
      ["notes", "--width", "5"], ["notes", "1.0.0", "--from", "1.0.0"], ["notes", "--format", "pdf"],
    ] {
      let result = try Run.whatsnew(arguments + ["--content", content])
      #expect(result.status == 2, "\(arguments)")
      #expect(!result.stderr.isEmpty)
    }
  }

  @Test func escapeSequencesInNotesAndTitlesAreNeutralised() throws {
    let dir = try TestPaths.makeTemporaryDirectory("notes-hostile")
    defer { try? FileManager.default.removeItem(at: dir) }
    let note =
      "---\ntitle: Evil \u{1B}]0;pwned\u{07}\ndate: 2025-01-01\n---\n\nText \u{1B}[31mred &#27;[2J \u{9B}2J.\n"
    try Data(note.utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    for arguments in [
      ["notes"], ["notes", "--list"], ["notes", "--format", "ansi"], ["notes", "--format", "json"],
    ] {
      let result = try Run.whatsnew(arguments + ["--content", dir.path])
      #expect(result.status == 0)
      let payload =
        arguments.contains("ansi") ? result.stdout.replacing(/\x1B\[[0-9;]*m/, with: "") : result.stdout
      #expect(
        !payload.contains("\u{1B}") && !payload.contains("\u{07}") && !payload.contains("\u{9B}"),
        "\(arguments)")
    }
  }

  @Test func anEmptyRangeSaysSoOnStderr() throws {
    let result = try Run.whatsnew(["notes", "--from", "2.1.0", "--content", content])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("no release notes after 2.1.0 up to 2.1.0"))
  }
}
