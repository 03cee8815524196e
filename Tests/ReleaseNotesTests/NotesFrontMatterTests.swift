import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

/// The typed front matter: one reading of a notes file's keys that the catalog, lint, the
/// screens and the JSON take their values from.
@Suite struct NotesFrontMatterTests {
  @Test func readsEveryKnownKey() {
    let front = NotesFrontMatter(
      text: "---\ntitle: Tags\ndate: 2026-05-02\nimportance: Minor\n---\n\nText.\n")
    #expect(front.title == "Tags")
    #expect(front.date == "2026-05-02")
    #expect(front.importance == .minor)
    #expect(front.lines == ["title": 2, "date": 3, "importance": 4])
    #expect(front.issues.isEmpty)
  }

  @Test func noFrontMatterDeclaresNothing() {
    #expect(NotesFrontMatter(text: "Just notes.\n") == NotesFrontMatter())
  }

  /// A bad value is not a value: it is an error on its line, and the field stays empty (the
  /// catalog never shows `2026-13-01`).
  @Test func badValuesAreErrorsAndNotValues() {
    let front = NotesFrontMatter(text: "---\ndate: 2026-13-01\nimportance: huge\n---\nText.\n")
    #expect(front.date == nil && front.importance == nil)
    #expect(
      front.errors == [
        .init(.error, line: 2, "bad date \"2026-13-01\": expected a real day as YYYY-MM-DD"),
        .init(.error, line: 3, "bad importance \"huge\": expected critical, major, minor or patch"),
      ])
  }

  /// One warning line per unknown key, naming the key, on its line.
  @Test func anUnknownKeyIsOneWarningNamingItsLineAndKey() {
    let front = NotesFrontMatter(text: "---\ntitle: Tags\nauthor: Ada\n---\nText.\n")
    #expect(front.title == "Tags")
    #expect(
      front.issues == [
        .init(
          .warning, line: 3,
          "unknown front matter key \"author\" (known keys: title, date, importance, summary, critical-label, channels, actions, id, after-launches, after-days, when-used, unless-used, max-shows, done-when)"
        )
      ])
  }

  @Test func theFirstOfARepeatedKeyCounts() {
    let front = NotesFrontMatter(text: "---\ntitle: One\ntitle: Two\n---\nText.\n")
    #expect(front.title == "One")
    #expect(
      front.issues == [.init(.warning, line: 3, "front matter key \"title\" repeated; the first one is used")]
    )
  }

  @Test func malformedLinesAreErrors() {
    let front = NotesFrontMatter(text: "---\nnot a key value\n---\nText.\n")
    #expect(front.errors.map(\.line) == [2])
  }

  /// What the value writes, it reads back; the keys are the one table's.
  @Test func writesWhatItReads() {
    var front = NotesFrontMatter()
    front.title = "Tags: and search"
    front.date = "2026-05-02"
    front.importance = .patch
    #expect(front.text == "---\ntitle: Tags: and search\ndate: 2026-05-02\nimportance: patch\n---\n")
    let read = NotesFrontMatter(text: front.text + "\nText.\n")
    #expect(read.title == front.title && read.date == front.date && read.importance == front.importance)
    #expect(NotesFrontMatter().text == "")
    #expect(NotesFrontMatter.knownKeys == NotesFrontMatter.fields.map(\.key))
  }

  /// The catalog's values are the typed value's: a bad date is no date in the summaries and
  /// the JSON built from them, and the notes of a file with one are refused (lint fails it).
  @Test func theCatalogTakesItsValuesFromTheTypedFrontMatter() throws {
    let files = [
      "1.0.0.md": "---\ntitle: First\ndate: 2026-13-01\nimportance: patch\n---\n\nText.\n",
      "1.1.0.md": "---\ntitle: \"\"\ndate: 2026-02-01\n---\n\nText.\n",
    ]
    let catalog = ReleaseNotesCatalog(files: files)
    let summaries = try catalog.summaries()
    #expect(summaries.map(\.title) == ["First", nil])
    #expect(summaries.map(\.date) == [nil, "2026-02-01"])
    #expect(summaries.map(\.importance) == [.patch, nil])
    #expect(
      throws: ReleaseNotesError.invalid(
        path: "notes/1.0.0.md", line: 3, reason: #"bad date "2026-13-01": expected a real day as YYYY-MM-DD"#)
    ) { try catalog.noteText(for: AppVersion(parsing: "1.0.0")) }
    let note = try catalog.noteText(for: AppVersion(parsing: "1.1.0"))
    #expect(note.title == nil && note.date == "2026-02-01" && note.importance == nil)
  }

  /// A file is read once into what lint and the catalog both use: the errors that make it
  /// unusable (front matter never closed, its own errors, an empty body) in line order, and the
  /// front matter's warnings apart.
  @Test func aNotesFileCarriesItsErrorsAndWarnings() {
    let unclosed = NotesFile(text: "---\ntitle: T\n\nText.\n", fileName: "1.0.0.md")
    #expect(unclosed.errors.map(\.line) == [1] && unclosed.body == "---\ntitle: T\n\nText.\n")
    let file = NotesFile(text: "---\ndate: 2026-13-01\nauthor: Ada\n---\n\n", fileName: "onboarding.md")
    #expect(file.isEmpty)
    #expect(
      file.errors == [
        .init(.error, line: 2, "bad date \"2026-13-01\": expected a real day as YYYY-MM-DD"),
        .init(.error, line: 5, "empty onboarding file"),
      ])
    #expect(file.warnings.map(\.line) == [3])
    #expect(NotesFile(text: "---\ntitle: T\n---\nText.\n", fileName: "1.0.0.md").errors.isEmpty)
  }
}
