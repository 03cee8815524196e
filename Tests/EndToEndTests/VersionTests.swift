import Foundation
import TestSupport
import Testing

/// One version, said once: `whatsnew --version` and `-V` print it, and it is the newest release
/// in CHANGELOG.md, whose notes import and lint clean in the format whatsnew teaches.
@Suite struct VersionTests {
  @Test func versionFlagsAgreeWithTheChangelog() throws {
    let long = try Run.whatsnew(["--version"])
    let short = try Run.whatsnew(["-V"])
    #expect(long.status == 0 && short.status == 0)
    let version = long.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(short.stdout == long.stdout)
    #expect(version.split(separator: ".").count == 3)
    let changelog = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let firstRelease = changelog.split(separator: "\n").first {
      $0.hasPrefix("## [") && !$0.contains("Unreleased")
    }
    #expect(firstRelease?.hasPrefix("## [\(version)] - ") == true, "\(String(describing: firstRelease))")
  }

  @Test func theChangelogImportsAndLintsClean() throws {
    let dir = try TestPaths.makeTemporaryDirectory("changelog-import")
    defer { try? FileManager.default.removeItem(at: dir) }
    let notes = dir.appendingPathComponent("notes").path
    let imported = try Run.whatsnew(
      [
        "import-changelog", TestPaths.packageRoot.appendingPathComponent("CHANGELOG.md").path, "--into",
        notes,
      ])
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(FileManager.default.fileExists(atPath: notes + "/0.2.0.md"))
    let lint = try Run.whatsnew(["lint", "--content", notes])
    #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    #expect(!lint.stdout.contains(": error:"), "\(lint.stdout)")
  }
}
