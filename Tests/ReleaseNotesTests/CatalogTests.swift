import Foundation
import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

@Suite struct RangeSelectionTests {
  /// 1.0.0 ... 2.1.0 with a beta and a patch release, as in the demo content.
  static let versions = [
    "1.0.0", "1.1.0", "1.2", "1.2.1", "1.3.0", "2.0.0-beta.1", "2.0.0-beta.2", "2.0.0", "2.1.0",
  ]

  func catalog() throws -> (SeededDirectory, ReleaseNotesCatalog) {
    var files: [String: String] = [:]
    for v in Self.versions { files["\(v).md"] = notesFile(title: "Release \(v)", "Notes of \(v).\n") }
    let dir = try SeededDirectory(files)
    return (dir, try ReleaseNotesCatalog(directory: dir.path))
  }

  func v(_ s: String) throws -> AppVersion { try AppVersion(parsing: s) }

  @Test func rangeCoversEverySkippedVersionNewestFirst() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    let notes = try catalog.notes(after: v("1.1.0"), upTo: v("2.1.0"))
    #expect(notes.map(\.version.description) == ["2.1.0", "2.0.0", "1.3.0", "1.2.1", "1.2"])
  }

  @Test func preReleasesAreLeftOutWhenTheTargetIsARelease() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    let notes = try catalog.notes(after: v("1.3.0"), upTo: v("2.0.0"))
    #expect(notes.map(\.version.description) == ["2.0.0"])
  }

  @Test func preReleasesAreShownWhenTheTargetIsOne() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    let notes = try catalog.notes(after: v("1.3.0"), upTo: v("2.0.0-beta.2"))
    #expect(notes.map(\.version.description) == ["2.0.0-beta.2", "2.0.0-beta.1"])
    let fromBeta = try catalog.notes(after: v("2.0.0-beta.1"), upTo: v("2.0.0-beta.2"))
    #expect(fromBeta.map(\.version.description) == ["2.0.0-beta.2"])
  }

  @Test func shortAndLongSpellingsAreTheSameVersion() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    // The file is 1.2.md; asking for 1.2.0 finds it, and 1.2.0 as a range start excludes it.
    #expect(try catalog.note(for: v("1.2.0")).fileName == "1.2.md")
    #expect(try catalog.note(for: v("v1.2")).fileName == "1.2.md")
    let after = try catalog.notes(after: v("1.2.0"), upTo: v("1.2.1"))
    #expect(after.map(\.version.description) == ["1.2.1"])
    let upTo = try catalog.notes(after: v("1.1"), upTo: v("1.2.0"))
    #expect(upTo.map(\.fileName) == ["1.2.md"])
  }

  @Test func anEmptyRangeIsEmptyNotAnError() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    #expect(try catalog.notes(after: v("2.1.0"), upTo: v("2.1.0")).isEmpty)
    // Between two releases with nothing in between.
    #expect(try catalog.notes(after: v("1.2.1"), upTo: v("1.2.9")).isEmpty)
  }

  @Test func aStartNewerThanTheEndIsAnError() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    #expect(throws: ReleaseNotesError.invalidRange(from: try v("2.0.0"), to: try v("1.0.0"))) {
      try catalog.notes(after: v("2.0.0"), upTo: v("1.0.0"))
    }
  }

  @Test func noStartMeansFromTheOldest() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    let notes = try catalog.notes(after: nil, upTo: v("1.2.1"))
    #expect(notes.map(\.version.description) == ["1.2.1", "1.2", "1.1.0", "1.0.0"])
  }

  @Test func anUnknownVersionNamesTheVersionAndTheDirectory() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    let missing = try v("1.9.0")
    do {
      _ = try catalog.note(for: missing)
      Issue.record("expected an error")
    } catch {
      #expect(error.description.contains("1.9.0"))
      #expect(error.description.contains(dir.path))
      #expect(error.description.contains("1.0.0 to 2.1.0"))
    }
  }

  @Test func textsAreTheNotesBeforeParsing() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    let texts = try catalog.noteTexts(after: v("1.1.0"), upTo: v("2.1.0"))
    #expect(texts.map(\.version.description) == ["2.1.0", "2.0.0", "1.3.0", "1.2.1", "1.2"])
    #expect(texts.map { $0.parsed() } == (try catalog.notes(after: v("1.1.0"), upTo: v("2.1.0"))))
    #expect(try catalog.noteText(for: v("1.2.0")).parsed() == (try catalog.note(for: v("1.2.0"))))
    #expect(texts[0].title == "Release 2.1.0")
  }

  @Test func aBadFileInTheRangeFailsTheReadNotALaterParse() throws {
    let (dir, catalog) = try catalog()
    defer { dir.remove() }
    try dir.write("1.3.0.md", bytes: Array("fine\n".utf8) + [0xFF, 0x0A])
    #expect(throws: ReleaseNotesError.notUTF8(path: catalog.path(of: "1.3.0.md"), line: 2)) {
      try catalog.noteTexts(after: v("1.1.0"), upTo: v("2.1.0"))
    }
  }

  @Test func theIndexKnowsTheNewestReleaseAndIgnoresOtherFiles() throws {
    let (dir, _) = try catalog()
    defer { dir.remove() }
    try dir.write("2.2.0-rc.1.md", "RC\n")
    try dir.write("README.md", "not notes\n")
    try dir.write("onboarding.md", "# Hi\n")
    let index = try ReleaseNotesCatalog(directory: dir.path).index()
    #expect(index.newestRelease?.description == "2.1.0")
    #expect(index.newest?.description == "2.2.0-rc.1")
    #expect(index.versions.count == Self.versions.count + 1)
    #expect(index.invalidNames.map(\.name) == ["README.md"])
  }
}

@Suite struct FrontMatterTests {
  @Test func titleAndDateAreReadAndTheBodyStartsAfterThem() throws {
    let dir = try SeededDirectory([
      "1.0.0.md": "---\ntitle: First\ndate: 2025-03-03\n---\n\nHello **there**.\n"
    ])
    defer { dir.remove() }
    let note = try ReleaseNotesCatalog(directory: dir.path).note(for: AppVersion(parsing: "1.0.0"))
    #expect(note.title == "First")
    #expect(note.date == "2025-03-03")
    #expect(note.markdown == "\nHello **there**.\n")
    #expect(note.firstBodyLine == 5)
    #expect(note.heading == "1.0.0 — First")
  }

  @Test func frontMatterIsOptional() throws {
    let dir = try SeededDirectory(["1.0.0.md": "Just notes.\n"])
    defer { dir.remove() }
    let note = try ReleaseNotesCatalog(directory: dir.path).note(for: AppVersion(parsing: "1.0.0"))
    #expect(note.title == nil)
    #expect(note.date == nil)
    #expect(note.markdown == "Just notes.\n")
    #expect(note.heading == "1.0.0")
  }

  @Test func datesMustBeRealDays() {
    #expect(NotesFrontMatter.isValidDate("2024-02-29"))
    #expect(!NotesFrontMatter.isValidDate("2023-02-29"))
    #expect(!NotesFrontMatter.isValidDate("2025-13-01"))
    #expect(!NotesFrontMatter.isValidDate("2025-1-01"))
    #expect(!NotesFrontMatter.isValidDate("March 3"))
    #expect(NotesFrontMatter.isValidDate("2000-02-29"))
    #expect(!NotesFrontMatter.isValidDate("1900-02-29"))
    #expect(!NotesFrontMatter.isValidDate("2024-04-31"))
    #expect(NotesFrontMatter.isValidDate("2024-12-31"))
    #expect(!NotesFrontMatter.isValidDate("2024-00-10"))
    #expect(!NotesFrontMatter.isValidDate("2024-01-00"))
    #expect(!NotesFrontMatter.isValidDate("２０２４-01-01"))  // digits, but not ASCII ones
    #expect(!NotesFrontMatter.isValidDate("2024/01/01"))
    #expect(!NotesFrontMatter.isValidDate("2024-01-1a"))
    #expect(!NotesFrontMatter.isValidDate(" 2024-01-01"))
    #expect(!NotesFrontMatter.isValidDate(""))
  }

  @Test func summariesListEveryVersionWithTitleAndDate() throws {
    let dir = try SeededDirectory([
      "1.0.0.md": notesFile(title: "One", date: "2025-01-01"),
      "1.1.md": notesFile(title: "Two"),
      "2.0.0.md": "No front matter.\n",
    ])
    defer { dir.remove() }
    let summaries = try ReleaseNotesCatalog(directory: dir.path).summaries()
    #expect(summaries.map(\.version.description) == ["1.0.0", "1.1", "2.0.0"])
    #expect(summaries.map(\.title) == ["One", "Two", nil])
    #expect(summaries.map(\.date) == ["2025-01-01", nil, nil])
  }
}

@Suite struct OnboardingAndWelcomeBackTests {
  @Test func welcomeBackFillsInTheDays() throws {
    let dir = try SeededDirectory([
      "welcome-back.md": "# Welcome back\n\nIt has been {{days}} days ({{ days }}). {{other}} stays.\n"
    ])
    defer { dir.remove() }
    let text = try ReleaseNotesCatalog(directory: dir.path).welcomeBack(daysAway: 45)
    #expect(text == "# Welcome back\n\nIt has been 45 days (45). {{other}} stays.\n")
  }

  @Test func placeholdersWithoutAClosingBraceAreLeftAlone() {
    #expect(ReleaseNotesCatalog.fillPlaceholders("a {{days", values: ["days": "3"]) == "a {{days")
  }

  @Test func onboardingIsSplitOnLevelOneHeadings() throws {
    let markdown = """
      # One

      First page.

      ## Not a new page

      ```sh
      # not a heading either
      ```

      Two
      ===

      Second page.

      # Three
      Third.
      """
    let pages = ReleaseNotesCatalog.pages(of: markdown)
    #expect(pages.map(\.title) == ["One", "Two", "Three"])
    #expect(pages[0].markdown.contains("## Not a new page"))
    #expect(pages[0].markdown.contains("# not a heading either"))
    #expect(pages[2].markdown == "Third.")
  }

  @Test func missingSpecialFilesAreNamedInTheError() throws {
    let dir = try SeededDirectory([:])
    defer { dir.remove() }
    let catalog = try ReleaseNotesCatalog(directory: dir.path)
    #expect(throws: ReleaseNotesError.missingFile(path: dir.path + "/onboarding.md")) {
      try catalog.onboardingPages()
    }
    #expect(throws: ReleaseNotesError.missingFile(path: dir.path + "/welcome-back.md")) {
      try catalog.welcomeBack(daysAway: 1)
    }
  }
}

@Suite struct ContentLocationTests {
  @Test func optionThenEnvironmentThenLocalThenBesideTheExecutable() throws {
    let a = try SeededDirectory([:])
    let b = try SeededDirectory([:])
    let cwd = try SeededDirectory([:])
    let exe = try SeededDirectory([:])
    defer { [a, b, cwd, exe].forEach { $0.remove() } }
    let env = [ContentLocation.environmentKey: b.path]
    #expect(
      try ContentLocation.resolve(option: a.path, environment: env, currentDirectory: cwd.path) == a.path)
    #expect(try ContentLocation.resolve(option: nil, environment: env, currentDirectory: cwd.path) == b.path)
    #expect(throws: ReleaseNotesError.self) {
      try ContentLocation.resolve(
        option: nil, environment: [:], currentDirectory: cwd.path, executableDirectory: .some(exe.path))
    }
    try FileManager.default.createDirectory(
      at: exe.url.appendingPathComponent("Content"), withIntermediateDirectories: true)
    #expect(
      try ContentLocation.resolve(
        option: nil, environment: [:], currentDirectory: cwd.path, executableDirectory: .some(exe.path))
        == exe.path + "/Content")
    try FileManager.default.createDirectory(
      at: cwd.url.appendingPathComponent("Content"), withIntermediateDirectories: true)
    #expect(
      try ContentLocation.resolve(
        option: nil, environment: [:], currentDirectory: cwd.path, executableDirectory: .some(exe.path))
        == cwd.path + "/Content")
  }

  @Test func anExplicitDirectoryMustExistAndBeADirectory() throws {
    let dir = try SeededDirectory(["file.md": "x"])
    defer { dir.remove() }
    #expect(throws: ReleaseNotesError.directoryMissing(path: dir.path + "/nope", origin: "--content")) {
      try ContentLocation.resolve(option: dir.path + "/nope", environment: [:])
    }
    #expect(throws: ReleaseNotesError.notADirectory(path: dir.path + "/file.md", origin: "--content")) {
      try ContentLocation.resolve(option: dir.path + "/file.md", environment: [:])
    }
  }
}
