import Foundation
import TestSupport
import Testing

@Suite struct ImportChangelogCommandTests {
  @Test(
    .enabled(if: TestPaths.corpusAvailable, TestPaths.corpusMissing),
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

  @Test(.enabled(if: TestPaths.corpusAvailable, TestPaths.corpusMissing))
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

  @Test(.enabled(if: TestPaths.corpusAvailable, TestPaths.corpusMissing)) func badInputIsOneLine() throws {
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
}
