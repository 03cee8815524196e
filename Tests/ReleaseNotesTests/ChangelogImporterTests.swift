import Foundation
import LaunchTracking
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

@Suite struct ChangelogImporterTests {
  @Test func everyCommonHeadingStyleStartsAVersion() {
    let changelog = """
      # Changelog

      ## [Unreleased]

      - Not yet.

      ## [1.4.0] - 2024-03-01

      ### Added
      - Four.

      ## v1.3.0

      - Three.

      ## Version 1.2.3 (2024-01-02)

      - Two three.

      1.2.0 - 2023-12-24
      ------------------

      - Setext.

      ## [1.1.0](https://example.com/1.1.0) – 2023-06-01 [YANKED]

      - Yanked.
      """
    let importer = ChangelogImporter(text: changelog)
    #expect(importer.sections.map(\.version.canonical) == ["1.4.0", "1.3.0", "1.2.3", "1.2.0", "1.1.0"])
    #expect(importer.sections.map(\.date) == ["2024-03-01", nil, "2024-01-02", "2023-12-24", "2023-06-01"])
    #expect(importer.sections.map(\.title) == [nil, nil, nil, nil, "YANKED"])
    #expect(importer.skipped.map(\.title) == ["Unreleased"])
    #expect(importer.skipped.map(\.line) == [3])
    #expect(importer.sections[0].markdown == "## Added\n- Four.")
    #expect(importer.sections[3].markdown == "- Setext.")
  }

  @Test func deeperVersionHeadingsAndSubsectionsAreRelevelled() {
    let changelog = """
      ### 2.0.0 (2024-05-05)

      ##### Breaking

      * Something.

      ```
      ### 9.9.9 inside code is not a version
      ```

      ### 1.0.0 (2024-01-01)

      Initial.
      """
    let importer = ChangelogImporter(text: changelog)
    #expect(importer.sections.map(\.version.canonical) == ["2.0.0", "1.0.0"])
    #expect(importer.sections[0].markdown.hasPrefix("## Breaking\n\n* Something."))
    #expect(importer.sections[0].markdown.contains("### 9.9.9 inside code"))
  }

  @Test func separatorsAreTrimmedAndEmptySectionsGetAPlaceholder() {
    let importer = ChangelogImporter(text: "## 1.1.0\n\n- A.\n\n---\n\n## 1.0.1\n\n## 1.0.0\n\n- B.\n")
    #expect(importer.sections.map(\.markdown) == ["- A.", ChangelogImporter.emptySectionText, "- B."])
    #expect(importer.sections.map(\.wasEmpty) == [false, true, false])
  }

  @Test func linkDefinitionsAreCarriedIntoTheFilesThatUseThem() {
    let changelog = """
      ## [1.1.0] - 2024-02-02

      - Fix ([#12]) by [alice].

      ## [1.0.0] - 2024-01-01

      - First by [Bob].

      [1.1.0]: https://example.com/compare/1.0.0...1.1.0
      [#12]: https://example.com/pull/12
      [alice]: https://example.com/alice
      [bob]: https://example.com/bob
      """
    let importer = ChangelogImporter(text: changelog)
    #expect(
      importer.sections[0].markdown
        == "- Fix ([#12]) by [alice].\n\n[#12]: https://example.com/pull/12\n[alice]: https://example.com/alice"
    )
    #expect(importer.sections[1].markdown == "- First by [Bob].\n\n[bob]: https://example.com/bob")
  }

  @Test func aVersionListedTwiceIsJoinedWithAWarning() {
    let importer = ChangelogImporter(text: "## 1.1.0\n\n- A.\n\n## 1.0.0\n\n- B.\n\n## 1.1.0\n\n- C.\n")
    #expect(importer.sections.map(\.version.canonical) == ["1.1.0", "1.0.0"])
    #expect(importer.sections[0].markdown == "- A.\n\n- C.")
    #expect(importer.sections[0].lines == [1, 9])
    #expect(
      importer.warnings == ["version 1.1.0 appears twice (lines 1 and 9); their notes are joined in 1.1.0.md"]
    )
  }

  @Test func fileTextHasFrontMatterOnlyWhenThereIsSomethingToSay() {
    let importer = ChangelogImporter(text: "## 1.1 - 2024-02-02\n\nA.\n\n## 1.0\n\nB.\n")
    #expect(importer.sections.map(\.fileName) == ["1.1.0.md", "1.0.0.md"])
    #expect(importer.sections[0].fileText == "---\ndate: 2024-02-02\n---\n\nA.\n")
    #expect(importer.sections[1].fileText == "B.\n")
  }

  @Test func aChangelogWithoutVersionsHasNoSections() {
    #expect(ChangelogImporter(text: "# Notes\n\n## Ideas\n\nNothing.\n").sections.isEmpty)
  }

  // MARK: - Writing

  @Test func neverOverwritesWithoutForce() throws {
    let dir = try SeededDirectory(["1.0.md": "Mine.\n"])
    defer { dir.remove() }
    let importer = ChangelogImporter(text: "## 1.1.0\n\nA.\n\n## 1.0.0\n\nB.\n")
    #expect(throws: ChangelogImportError.exists(path: dir.path + "/1.0.md", version: "1.0.0")) {
      try importer.write(into: dir.path, force: false)
    }
    // Nothing was written, not even the file that did not exist.
    #expect(try dir.names() == ["1.0.md"])
    let written = try importer.write(into: dir.path, force: true)
    #expect(written.map(\.replaced) == [false, true])
    // The existing spelling is kept, so there is still one file per version.
    #expect(try dir.names() == ["1.0.md", "1.1.0.md"])
    #expect(try dir.read("1.0.md") == "B.\n")
  }

  @Test func createsTheTargetDirectory() throws {
    let dir = try SeededDirectory([:])
    defer { dir.remove() }
    let target = dir.path + "/new/Content"
    let written = try ChangelogImporter(text: "## 1.0.0\n\nA.\n").write(into: target, force: false)
    #expect(written.map(\.path) == [target + "/1.0.0.md"])
  }

  // MARK: - The corpus

  @Test(
    .requiresCorpus("changelogs/swift-argument-parser.md", "changelogs/Yams.md", "changelogs/Rainbow.md"),
    arguments: [("swift-argument-parser.md", 45), ("Yams.md", 54), ("Rainbow.md", 12)])
  func corpusChangelogsImportCleanly(name: String, versions: Int) throws {
    let path = TestPaths.corpusFile("changelogs/" + name).path
    let importer = try ChangelogImporter(contentsOf: path)
    #expect(importer.sections.count == versions)
    let dir = try SeededDirectory([:])
    defer { dir.remove() }
    let written = try importer.write(into: dir.path, force: false)
    #expect(written.count == versions)
    #expect(try dir.names().count == versions)

    let report = try ContentLinter.lint(directory: dir.path)
    // Only the two "missing screen" warnings: an imported directory has no onboarding.
    #expect(report.errorCount == 0, "\(report.diagnostics.map(\.description))")
    #expect(report.warningCount == 2, "\(report.diagnostics.map(\.description))")

    // Every version is reachable as an upgrader sees it, and each has the notes it had.
    let catalog = try ReleaseNotesCatalog(directory: dir.path)
    let index = try catalog.index()
    let all = try catalog.notes(after: nil, upTo: try #require(index.newest))
    #expect(all.count == versions - index.versions.filter(\.isPrerelease).count)
    #expect(all.allSatisfy { !$0.markdown.isEmpty })
  }

  @Test(.requiresCorpus("changelogs/swift-argument-parser.md"))
  func swiftArgumentParserSectionsKeepTheirDatesAndLinks() throws {
    let importer = try ChangelogImporter(
      contentsOf: TestPaths.corpusFile("changelogs/swift-argument-parser.md").path)
    let first = try #require(importer.sections.first)
    #expect(first.version.canonical == "1.8.2")
    #expect(first.date == "2026-06-04")
    #expect(first.markdown.hasPrefix("## Fixes\n\n- Fixes `fish` completion"))
    #expect(
      first.markdown.hasSuffix(
        "[rgoldberg]: https://github.com/apple/swift-argument-parser/commits?author=rgoldberg"))
    #expect(!first.markdown.contains("\n---"))
    #expect(importer.sections.last?.version.canonical == "0.0.1")
    #expect(importer.skipped.map(\.title) == ["Unreleased"])
  }
}
