import Foundation
import LaunchTracking
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

/// Tips (`tips/*.md`): how the catalog reads them and what lint says about them.
@Suite struct TipNotesTests {
  /// A clean notes directory with `tips` (and other files) added.
  func seeded(_ files: [String: String]) throws -> SeededDirectory {
    var all = ["onboarding.md": LintTests.onboarding, "welcome-back.md": LintTests.welcomeBack]
    all["1.0.0.md"] = notesFile(title: "First", date: "2025-01-01")
    let dir = try SeededDirectory(all)
    for folder in Set(files.keys.compactMap { $0.split(separator: "/").dropLast().joined(separator: "/") }) {
      try FileManager.default.createDirectory(
        at: dir.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for (name, text) in files { try dir.write(name, text) }
    return dir
  }

  func lint(_ dir: SeededDirectory, tipLines: (@Sendable (String) -> Int)? = nil) throws -> [String] {
    try ContentLinter.lint(directory: dir.path, tipLines: tipLines).diagnostics.map(\.description)
  }

  @Test func theCatalogReadsEachTipsRulesAndText() throws {
    let dir = try seeded([
      "tips/find.md":
        "---\nid: find\nafter-launches: 3\nunless-used: search\nmax-shows: 2\n---\nUse `find`.\n",
      "tips/sync.md": "---\nid: sync\nafter-days: 7\nwhen-used: new-note\nimportance: minor\n---\nSync it.\n",
    ])
    defer { dir.remove() }
    let read = try ReleaseNotesCatalog(directory: dir.path).tips()
    #expect(read.problems == [])
    #expect(
      read.tips.map(\.rule) == [
        TipRule(id: "find", afterLaunches: 3, unlessUsed: "search", maxShows: 2),
        TipRule(id: "sync", afterDays: 7, whenUsed: "new-note", importance: .minor),
      ])
    #expect(read.tips.map(\.fileName) == ["tips/find.md", "tips/sync.md"])
    #expect(read.tips.first?.markdown == "Use `find`.\n")
  }

  @Test func aTipIsReadInTheUsersLanguageWithTheDefaultFilesRules() throws {
    let dir = try seeded([
      "tips/find.md": "---\nid: find\nafter-launches: 3\n---\nUse find.\n",
      "fr/tips/find.md": "Utilisez find.\n",
    ])
    defer { dir.remove() }
    let catalog = try ReleaseNotesCatalog(directory: dir.path, languages: ["fr"])
    let tip = try #require(try catalog.tips().tips.first)
    #expect(tip.markdown == "Utilisez find.\n")
    #expect(tip.rule.afterLaunches == 3)
    #expect(try lint(dir) == [])
  }

  @Test func compiledInTipsAreRead() throws {
    let catalog = ReleaseNotesCatalog(files: [
      "1.0.0.md": "Notes.\n", "tips/find.md": "---\nid: find\n---\nUse find.\n",
    ])
    #expect(try catalog.tips().tips.map(\.rule.id) == ["find"])
    #expect(try catalog.index().versions.map(\.description) == ["1.0.0"])
  }

  @Test func aTipLintFailsIsNotShownAndASecondIdIsLeftOut() throws {
    let dir = try seeded([
      "tips/a.md": "---\nid: same\n---\nOne.\n",
      "tips/b.md": "---\nid: same\n---\nTwo.\n",
      "tips/c.md": "No id here.\n",
      "tips/d.md": "---\nid: d\nmax-shows: 0\n---\nZero.\n",
    ])
    defer { dir.remove() }
    let read = try ReleaseNotesCatalog(directory: dir.path).tips()
    #expect(read.tips.map(\.rule.id) == ["same"])
    #expect(
      read.problems == [
        "\(dir.path)/tips/b.md: the id same is \(dir.path)/tips/a.md's; the tip is not shown",
        "\(dir.path)/tips/c.md:1: a tip needs an id: add id: <letters a-z, digits and ->; the tip is not shown",
        "\(dir.path)/tips/d.md:3: bad max-shows \"0\": expected a whole number, 1 or more; the tip is not shown",
      ])
  }

  @Test func lintChecksIdsEventsNumbersAndKeys() throws {
    let dir = try seeded([
      "tips/a.md": "---\nid: Find It\n---\nOne.\n",
      "tips/b.md": "---\nid: b\nwhen-used: Lives\nunless-used: ok.event\n---\nTwo.\n",
      "tips/c.md": "---\nid: c\nafter-launches: -1\nafter-days: two\n---\nThree.\n",
      "tips/d.md": "---\nid: d\n---\nFour.\n",
      "tips/e.md": "---\nid: e\n---\n",
      "tips/f.md": "---\nid: d\n---\nFive.\n",
      "1.1.0.md": "---\nafter-launches: 3\n---\nNotes.\n",
    ])
    defer { dir.remove() }
    let p = dir.path
    #expect(
      try lint(dir) == [
        "\(p)/1.1.0.md:2: warning: after-launches: only a tip (tips/*.md) reads this key",
        "\(p)/tips/a.md:2: error: bad id \"Find It\": expected letters a-z, digits and -",
        "\(p)/tips/b.md:3: error: bad when-used: the event name \"Lives\" must be lowercase letters, digits, '.', '_' and '-', starting with a letter or digit",
        "\(p)/tips/c.md:3: error: bad after-launches \"-1\": expected a whole number, 0 or more",
        "\(p)/tips/c.md:4: error: bad after-days \"two\": expected a whole number, 0 or more",
        "\(p)/tips/e.md:4: error: empty tip: nothing to show",
        "\(p)/tips/f.md:2: error: id d is already \(p)/tips/d.md's: ids are unique",
      ])
  }

  @Test func aLongTipIsAWarningAndAnUntranslatedOneAnError() throws {
    let dir = try seeded([
      "tips/long.md": "---\nid: long\n---\nA long tip.\n",
      "fr/tips/other.md": "Autre.\n",
      "fr/onboarding.md": LintTests.onboarding,
    ])
    defer { dir.remove() }
    #expect(
      try lint(dir, tipLines: { _ in 4 }) == [
        "\(dir.path)/tips/long.md:4: warning: the tip renders as 4 lines at 80 columns: keep it to 3",
        "\(dir.path)/fr/tips/other.md:1: error: translates other.md, which \(dir.path)/tips does not provide",
      ])
    #expect(try lint(dir, tipLines: { _ in 3 }).count == 1)
  }

  @Test func theDemoHasTipsForJotsFeatures() throws {
    let tips = try ReleaseNotesCatalog(directory: TestPaths.content.path).tips()
    #expect(tips.problems == [])
    #expect(tips.tips.map(\.rule.id).sorted() == ["find", "sync", "today"])
    #expect(tips.tips.first { $0.rule.id == "find" }?.rule.afterLaunches == 3)
  }
}
