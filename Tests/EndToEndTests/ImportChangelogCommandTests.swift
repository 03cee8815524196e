import Foundation
import TestSupport
import Testing

@Suite struct ImportChangelogCommandTests {
  @Test(
    .requiresCorpus("changelogs/swift-argument-parser.md", "changelogs/Yams.md", "changelogs/Rainbow.md"),
    arguments: [
      ("swift-argument-parser.md", 45, "0.0.1"), ("Yams.md", 54, "0.1.0"), ("Rainbow.md", 12, "1.1.0"),
    ])
  func importThenLintThenShowEveryVersion(name: String, count: Int, oldest: String) throws {
    let dir = try TestPaths.makeTemporaryDirectory("import-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let changelog = TestPaths.corpusFile("changelogs/" + name).path
    let imported = try Run.whatsnew(["import-changelog", changelog, "--into", dir.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let lines = imported.stdout.split(separator: "\n")
    #expect(lines.count == count + 1)
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("wrote \(dir.path)/") })
    #expect(lines.last?.hasPrefix("imported \(count) versions from \(changelog) into \(dir.path)") == true)
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(files.count == count)

    let lint = try Run.whatsnew(["lint", "--content", dir.path])
    #expect(lint.status == 0, "\(lint.stdout)")
    #expect(!lint.stdout.contains(": error:"))

    // Every version after the oldest, each under its own heading.
    let notes = try Run.whatsnew(["notes", "--from", oldest, "--format", "plain", "--content", dir.path])
    #expect(notes.status == 0)
    let versions = files.map { String($0.dropLast(3)) }.filter { $0 != oldest }
    for version in versions {
      #expect(
        notes.stdout.contains("\n\(version)\n") || notes.stdout.hasPrefix("\(version)\n")
          || notes.stdout.contains("\(version) — "), "missing \(version)")
    }
    // And with no start, the oldest too.
    let all = try Run.whatsnew(["notes", "--to", "999.0.0", "--content", dir.path])
    #expect(all.status == 0)
    #expect(all.stdout.contains(oldest))
  }

  @Test func existingFilesAreKeptUnlessForced() throws {
    let dir = try TestPaths.makeTemporaryDirectory("import-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let changelog = dir.appendingPathComponent("CHANGELOG.md")
    try Data("## [1.1.0] - 2024-02-02\n\n- New.\n\n## 1.0.0\n\n- Old.\n".utf8).write(to: changelog)
    let content = dir.appendingPathComponent("Content")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    try Data("Hand-written.\n".utf8).write(to: content.appendingPathComponent("1.0.0.md"))

    let refused = try Run.whatsnew(["import-changelog", changelog.path, "--into", content.path])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "whatsnew: \(content.path)/1.0.0.md already holds the notes for 1.0.0; nothing was written (pass --force to overwrite)\n"
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: content.path) == ["1.0.0.md"])

    let forced = try Run.whatsnew(["import-changelog", changelog.path, "--into", content.path, "--force"])
    #expect(forced.status == 0)
    #expect(
      forced.stdout == """
        wrote \(content.path)/1.1.0.md (1.1.0, 2024-02-02)
        replaced \(content.path)/1.0.0.md (1.0.0)
        imported 2 versions from \(changelog.path) into \(content.path)

        """)
    #expect(try String(contentsOf: content.appendingPathComponent("1.0.0.md"), encoding: .utf8) == "- Old.\n")
  }

  @Test(.requiresCorpus("changelogs/Rainbow.md"))
  func withoutIntoItWritesToTheContentDirectory() throws {
    let dir = try TestPaths.makeTemporaryDirectory("import-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let changelog = TestPaths.corpusFile("changelogs/Rainbow.md").path
    let local = try Run.whatsnew(
      ["import-changelog", changelog], environment: ["WHATSNEW_CONTENT_DIR": ""], currentDirectory: dir)
    #expect(local.status == 0)
    #expect(local.stdout.hasPrefix("wrote Content/4.2.2.md (4.2.2, 2026-09-22)\n"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("Content").path).count
        == 12)

    let elsewhere = dir.appendingPathComponent("elsewhere").path
    let fromEnvironment = try Run.whatsnew(
      ["import-changelog", changelog], environment: ["WHATSNEW_CONTENT_DIR": elsewhere], currentDirectory: dir
    )
    #expect(fromEnvironment.status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).count == 12)
  }

  @Test(.requiresCorpus("changelogs/Rainbow.md")) func badInputIsOneLine() throws {
    let missing = try Run.whatsnew(["import-changelog", "/nonexistent/CHANGELOG.md", "--into", "/tmp/x"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "whatsnew: cannot read /nonexistent/CHANGELOG.md: no such file\n")

    let dir = try TestPaths.makeTemporaryDirectory("import-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let plain = dir.appendingPathComponent("notes.md")
    try Data("# Ideas\n\nNo versions here.\n".utf8).write(to: plain)
    let none = try Run.whatsnew(["import-changelog", plain.path, "--into", dir.path])
    #expect(none.status == 1)
    #expect(none.stderr.contains("has no version headings"))

    let intoFile = try Run.whatsnew([
      "import-changelog", TestPaths.corpusFile("changelogs/Rainbow.md").path, "--into", plain.path,
    ])
    #expect(intoFile.status == 1)
    #expect(intoFile.stderr == "whatsnew: \(plain.path) is not a directory\n")
  }

  /// Four releases as `gh api repos/OWNER/REPO/releases` prints them (newest first): a draft,
  /// a pre-release and two releases.
  static let githubReleases = """
    [
      {"tag_name": "v2.1.0", "name": "v2.1.0", "body": "Still being written.", "draft": true,
       "prerelease": false, "published_at": null, "html_url": "https://example.com/r/4"},
      {"tag_name": "v2.1.0-beta.1", "name": "Beta of the sync rewrite",
       "body": "## What's Changed\\r\\n\\r\\n* Sync in the background by @dev in #40\\r\\n",
       "draft": false, "prerelease": true, "published_at": "2025-06-01T08:00:00Z"},
      {"tag_name": "v2.0.0", "name": "v2.0.0 - Two", "body": "### Breaking\\n\\n- New file format.\\n",
       "draft": false, "prerelease": false, "published_at": "2025-05-02T10:20:30Z"},
      {"tag_name": "v1.0.0", "name": "First", "body": "The first release.", "draft": false,
       "prerelease": false, "published_at": "2025-01-03T00:00:00Z"}
    ]
    """

  @Test func githubReleasesJSONWritesOneFilePerPublishedReleaseAndLintsClean() throws {
    let dir = try TestPaths.makeTemporaryDirectory("import-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let json = dir.appendingPathComponent("releases.json")
    try Data(Self.githubReleases.utf8).write(to: json)
    let content = dir.appendingPathComponent("Content").path

    let imported = try Run.whatsnew(["import-changelog", json.path, "--into", content])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stderr == "")
    #expect(
      imported.stdout == """
        wrote \(content)/2.1.0-beta.1.md (2.1.0-beta.1, 2025-06-01)
        wrote \(content)/2.0.0.md (2.0.0, 2025-05-02)
        wrote \(content)/1.0.0.md (1.0.0, 2025-01-03)
        imported 3 versions from \(json.path) into \(content); skipped draft v2.1.0 (release 1)

        """)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: content).sorted()
        == ["1.0.0.md", "2.0.0.md", "2.1.0-beta.1.md"])
    #expect(
      try String(contentsOfFile: content + "/2.0.0.md", encoding: .utf8)
        == "---\ntitle: Two\ndate: 2025-05-02\n---\n\n## Breaking\n\n- New file format.\n")

    let lint = try Run.whatsnew(["lint", "--content", content])
    #expect(lint.status == 0, "\(lint.stdout)")
    #expect(!lint.stdout.contains(": error:"))
    #expect(lint.stdout.hasSuffix("\(content): 0 errors and 2 warnings in 3 files\n"))

    // The versions list shows the dates and titles that came from GitHub.
    let list = try Run.whatsnew(["notes", "--list", "--content", content])
    #expect(
      list.stdout == """
        2.1.0-beta.1  2025-06-01  Beta of the sync rewrite
        2.0.0         2025-05-02  Two
        1.0.0         2025-01-03  First

        """)
  }

  @Test func aChangieDirectoryIsImportedFromItsVersionFiles() throws {
    let dir = try TestPaths.makeTemporaryDirectory("import-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let changes = dir.appendingPathComponent("project/.changes")
    try FileManager.default.createDirectory(
      at: changes.appendingPathComponent("unreleased"), withIntermediateDirectories: true)
    try Data("## v0.2.0 - 2025-04-02\n### Added\n* Colours\n".utf8).write(
      to: changes.appendingPathComponent("v0.2.0.md"))
    try Data("## v0.1.0 - 2025-03-20\n### Added\n* First\n".utf8).write(
      to: changes.appendingPathComponent("v0.1.0.md"))
    try Data("# Changelog\n".utf8).write(to: changes.appendingPathComponent("header.tpl.md"))
    let content = dir.appendingPathComponent("Content").path

    let project = dir.appendingPathComponent("project").path
    let imported = try Run.whatsnew(["import-changelog", project, "--into", content])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(
      imported.stdout.hasSuffix(
        "imported 2 versions from \(project) into \(content); skipped header.tpl.md\n"))
    #expect(
      try String(contentsOfFile: content + "/0.2.0.md", encoding: .utf8)
        == "---\ndate: 2025-04-02\n---\n\n## Added\n* Colours\n")
    let lint = try Run.whatsnew(["lint", "--content", content])
    #expect(lint.status == 0, "\(lint.stdout)")
  }

  @Test func badReleasesJSONIsOneLine() throws {
    let dir = try TestPaths.makeTemporaryDirectory("import-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    let json = dir.appendingPathComponent("releases.json")
    try Data("[{\"name\": \"no tag\"}]".utf8).write(to: json)
    let result = try Run.whatsnew(["import-changelog", json.path, "--into", dir.path + "/Content"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "whatsnew: \(json.path): release 1 has no \"tag_name\" (expected a JSON array of GitHub releases, as gh api repos/OWNER/REPO/releases prints)\n"
    )
    let drafts = dir.appendingPathComponent("drafts.json")
    try Data("[{\"tag_name\": \"v1.0.0\", \"draft\": true}]".utf8).write(to: drafts)
    let none = try Run.whatsnew(["import-changelog", drafts.path, "--into", dir.path + "/Content"])
    #expect(none.status == 1)
    #expect(none.stderr == "whatsnew: \(drafts.path) has no release to import (drafts are skipped)\n")
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/Content"))
  }
}
