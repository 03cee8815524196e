import Foundation
import LaunchTracking
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

/// `import-changelog`'s other inputs: GitHub Releases JSON and changie directories.
@Suite struct ImportSourcesTests {
  /// Four releases, newest first as the API lists them: a draft, a pre-release, a release
  /// whose name repeats its tag, and one with no name, no body and no `v`.
  static let releases = """
    [
      {"tag_name": "v1.3.0", "name": "v1.3.0", "body": "Not yet.", "draft": true,
       "prerelease": false, "published_at": null},
      {"tag_name": "v1.2.0-rc.1", "name": "Release candidate",
       "body": "### Added\\r\\n\\r\\n- The [export][x].\\r\\n\\r\\n[x]: https://example.com/x\\r\\n",
       "draft": false, "prerelease": true, "published_at": "2025-03-01T09:30:00Z"},
      {"tag_name": "v1.1.0", "name": "v1.1.0 - Quieter output", "body": "# Changes\\n\\n- Fewer messages.\\n\\n### Details\\n\\nFewer.\\n",
       "draft": false, "prerelease": false, "published_at": "2025-02-10T18:00:00Z"},
      {"tag_name": "1.0.0", "name": "", "body": "", "draft": false, "prerelease": false,
       "published_at": "2025-01-05T12:00:00Z"}
    ]
    """

  @Test func theInputKindIsDetectedFromTheFirstCharacters() {
    #expect(ChangelogImporter.inputKind(ofText: Array(Self.releases.utf8)) == .githubReleases)
    #expect(ChangelogImporter.inputKind(ofText: Array(" \n[]".utf8)) == .githubReleases)
    #expect(ChangelogImporter.inputKind(ofText: Array("# Changelog\n".utf8)) == .markdown)
    // A changelog that starts with a link or badge is Markdown.
    #expect(ChangelogImporter.inputKind(ofText: Array("[![build](x)](y)\n".utf8)) == .markdown)
    #expect(ChangelogImporter.inputKind(ofText: Array("[1.0.0] - 2024-01-01\n".utf8)) == .markdown)
  }

  @Test func githubReleasesSkipDraftsDropVAndKeepDatesAndNames() throws {
    let importer = try ChangelogImporter(githubReleasesJSON: Array(Self.releases.utf8), source: "r.json")
    #expect(importer.kind == .githubReleases)
    #expect(importer.sections.map(\.version.canonical) == ["1.2.0-rc.1", "1.1.0", "1.0.0"])
    #expect(importer.sections.map(\.fileName) == ["1.2.0-rc.1.md", "1.1.0.md", "1.0.0.md"])
    #expect(importer.sections.map(\.date) == ["2025-03-01", "2025-02-10", "2025-01-05"])
    #expect(importer.sections.map(\.title) == ["Release candidate", "Quieter output", nil])
    #expect(importer.sections.map(\.lines) == [[2], [3], [4]])
    #expect(importer.skippedDescriptions == ["draft v1.3.0 (release 1)"])
    #expect(importer.warnings.isEmpty)
    // Headings move up to ##, CRLF bodies become lines, definitions stay with their use.
    #expect(importer.sections[0].markdown == "## Added\n\n- The [export][x].\n\n[x]: https://example.com/x")
    #expect(importer.sections[1].markdown == "## Changes\n\n- Fewer messages.\n\n#### Details\n\nFewer.")
    #expect(importer.sections[2].wasEmpty)
  }

  @Test func aReleaseMarkedPreReleaseWithAReleaseVersionIsKeptWithAWarning() throws {
    let json = """
      [{"tag_name": "v2.0.0", "name": null, "body": "Big.", "draft": false, "prerelease": true,
        "published_at": "2025-05-05T00:00:00Z"},
       {"tag_name": "nightly", "body": "x", "draft": false, "prerelease": true, "published_at": null}]
      """
    let importer = try ChangelogImporter(githubReleasesJSON: Array(json.utf8), source: "r.json")
    #expect(importer.sections.map(\.version.canonical) == ["2.0.0"])
    #expect(
      importer.warnings == [
        "release v2.0.0 is marked pre-release on GitHub, but 2.0.0 is not a pre-release version; it is imported as a release",
        "release 2 has the tag \"nightly\", which is not a version; skipped",
      ])
    #expect(importer.skippedDescriptions == ["nightly (release 2)"])
  }

  /// A release's name is one line of title (issue 43): a newline or another control character
  /// in it becomes a space, so it cannot add keys to the front matter the import writes.
  @Test func aMultiLineReleaseNameIsImportedAsOneLine() throws {
    let json = #"""
      [{"tag_name": "v1.1.0", "name": "Title\nimportance: critical\r\nsummary: injected\u0007\u001b[2J", "body": "Fixes."}]
      """#
    let importer = try ChangelogImporter(githubReleasesJSON: Array(json.utf8), source: "r.json")
    let title = try #require(importer.sections.first?.title)
    #expect(!title.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(title)")
    #expect(title.hasPrefix("Title importance: critical"))
    let dir = try SeededDirectory([:])
    defer { dir.remove() }
    _ = try importer.write(into: dir.path, force: false)
    let text = try dir.read("1.1.0.md")
    #expect(
      text.split(separator: "\n").filter { !$0.hasPrefix("---") }.map { String($0.prefix(6)) } == [
        "title:", "Fixes.",
      ], "\(text)")
    let catalog = try ReleaseNotesCatalog(directory: dir.path)
    let note = try #require(try catalog.notes(after: nil, upTo: AppVersion("1.1.0")!).first)
    #expect(note.importance != .critical && note.summary == nil)
  }

  @Test func badReleasesJSONIsOneLineNamingTheReleaseAndField() {
    func error(_ json: String) -> String? {
      do {
        _ = try ChangelogImporter(githubReleasesJSON: Array(json.utf8), source: "r.json")
        return nil
      } catch {
        return error.description
      }
    }
    let tail = " (expected a JSON array of GitHub releases, as gh api repos/OWNER/REPO/releases prints)"
    #expect(error("[{\"name\": \"x\"}]") == "r.json: release 1 has no \"tag_name\"" + tail)
    #expect(
      error("[{\"tag_name\": \"1.0\"}, {\"tag_name\": 3}]")
        == "r.json: release 2 field \"tag_name\" has the wrong type" + tail)
    #expect(error("{\"message\": \"Not Found\"}") == "r.json: not a JSON array of releases" + tail)
    #expect(error("[{\"tag_name\": ") == "r.json: not valid JSON" + tail)
  }

  @Test func changieVersionFilesAreReleasesAndTheirHeadingGivesTheDate() throws {
    let dir = try SeededDirectory([:], label: "changie-test")
    defer { dir.remove() }
    let changes = dir.url.appendingPathComponent(".changes")
    try FileManager.default.createDirectory(
      at: changes.appendingPathComponent("unreleased"), withIntermediateDirectories: true)
    try dir.write(".changes/header.tpl.md", "# Changelog\n")
    try dir.write(".changes/unreleased/Added-1.yaml", "kind: Added\n")
    try dir.write(
      ".changes/v0.2.0.md", "## v0.2.0 - 2025-04-02\n### Added\n* Colours\n### Fixed\n* A crash\n")
    try dir.write(".changes/v0.1.0.md", "## v0.1.0 - 2025-03-20\n### Added\n* First version\n")
    try dir.write(".changes/0.0.1.md", "Just a file.\n")
    #expect(ChangelogImporter.inputKind(of: dir.path) == .changie)
    // The project directory or its .changes/ directory.
    for path in [dir.path, changes.path] {
      let importer = try ChangelogImporter(importing: path)
      #expect(importer.kind == .changie)
      #expect(importer.sections.map(\.version.canonical) == ["0.0.1", "0.1.0", "0.2.0"])
      #expect(importer.sections.map(\.date) == [nil, "2025-03-20", "2025-04-02"])
      #expect(importer.sections[2].markdown == "## Added\n* Colours\n## Fixed\n* A crash")
      #expect(importer.sections[0].markdown == "Just a file.")
      #expect(importer.skippedDescriptions == ["header.tpl.md"])
    }
  }
}
