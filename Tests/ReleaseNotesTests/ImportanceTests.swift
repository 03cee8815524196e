import LaunchTracking
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

@Suite struct ImportanceTests {
  func v(_ s: String) throws -> AppVersion { try AppVersion(parsing: s) }

  /// 1.0.0, 1.1.0 (declared patch), 1.1.1, 2.0.0-rc.1, 2.0.0 (declared minor), 2.0.1, 3.0.0
  /// (declared with an invalid value).
  static let files: [String: String] = [
    "1.0.0.md": "Notes.\n",
    "1.1.0.md": "---\nimportance: patch\n---\n\nNotes.\n",
    "1.1.1.md": "Notes.\n",
    "2.0.0-rc.1.md": "Notes.\n",
    "2.0.0.md": "---\ntitle: Two\nimportance: ' Minor '\n---\n\nNotes.\n",
    "2.0.1.md": "Notes.\n",
    "3.0.0.md": "---\nimportance: huge\n---\n\nNotes.\n",
  ]

  @Test func summariesCarryTheDeclaredAndTheEffectiveImportance() throws {
    let dir = try SeededDirectory(Self.files)
    defer { dir.remove() }
    for catalog in [try ReleaseNotesCatalog(directory: dir.path), ReleaseNotesCatalog(files: Self.files)] {
      let summaries = try catalog.summaries()
      #expect(
        summaries.map(\.version.description) == [
          "1.0.0", "1.1.0", "1.1.1", "2.0.0-rc.1", "2.0.0", "2.0.1", "3.0.0",
        ])
      #expect(summaries.map(\.importance) == [nil, .patch, nil, nil, .minor, nil, nil])
      #expect(
        summaries.map(\.effectiveImportance) == [.major, .patch, .patch, .major, .minor, .patch, .major])
    }
  }

  @Test func notesCarryTheDeclaredImportance() throws {
    let catalog = ReleaseNotesCatalog(files: Self.files)
    #expect(try catalog.note(for: v("2.0.0")).importance == .minor)
    #expect(try catalog.noteText(for: v("1.1.0")).importance == .patch)
    #expect(try catalog.note(for: v("1.1.1")).importance == nil)
    // An invalid value is a lint error, so the catalog refuses the file.
    #expect(
      throws: ReleaseNotesError.invalid(
        path: "notes/3.0.0.md", line: 2,
        reason: #"bad importance "huge": expected critical, major, minor or patch"#)
    ) {
      try catalog.note(for: v("3.0.0"))
    }
  }

  @Test func effectiveImportanceIsTheFrontMatterElseTheBumpFromThePreviousRelease() throws {
    let catalog = ReleaseNotesCatalog(files: Self.files)
    #expect(try catalog.effectiveImportance(of: v("1.0.0")) == .major)  // first release
    #expect(try catalog.effectiveImportance(of: v("1.1.0")) == .patch)  // declared, smaller than the bump
    #expect(try catalog.effectiveImportance(of: v("1.1.1")) == .patch)
    #expect(try catalog.effectiveImportance(of: v("2.0.0")) == .minor)  // declared
    #expect(try catalog.effectiveImportance(of: v("2.0.1")) == .patch)  // from 2.0.0, not the rc
    #expect(try catalog.effectiveImportance(of: v("3.0.0")) == .major)  // invalid value: implied
    // A version without notes has the importance its bump implies.
    #expect(try catalog.effectiveImportance(of: v("2.1.0")) == .minor)
  }

  @Test func aPreReleaseIsNeverThePreviousRelease() throws {
    let index = try ReleaseNotesCatalog(files: Self.files).index()
    #expect(try index.previousRelease(before: v("2.0.0")) == v("1.1.1"))
    #expect(try index.previousRelease(before: v("2.0.0-rc.1")) == v("1.1.1"))
    #expect(try index.previousRelease(before: v("1.0.0")) == nil)
    #expect(
      try ReleaseNotesCatalog.effectiveImportance(of: v("2.0.0"), declared: nil, in: index) == .major)
    #expect(
      try ReleaseNotesCatalog.effectiveImportance(of: v("2.0.0"), declared: .patch, in: index) == .patch)
  }

  @Test func lintReportsAnInvalidImportanceWithFileAndLine() throws {
    let dir = try SeededDirectory([
      "onboarding.md": LintTests.onboarding, "welcome-back.md": LintTests.welcomeBack,
      "1.0.0.md": "---\ntitle: One\nimportance: major\n---\n\nNotes.\n",
      "1.1.0.md": "---\ntitle: Two\ndate: 2025-01-02\nimportance: urgent\n---\n\nNotes.\n",
    ])
    defer { dir.remove() }
    let report = try ContentLinter.lint(directory: dir.path)
    #expect(
      report.diagnostics.map(\.description) == [
        "\(dir.path)/1.1.0.md:4: error: bad importance \"urgent\": expected critical, major, minor or patch"
      ])
  }
}
