import Foundation
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

@Suite struct LintTests {
  static let onboarding = "# Welcome\n\nHello.\n\n# Next\n\nMore.\n"
  static let welcomeBack = "# Welcome back\n\n{{days}} days away.\n"

  /// A clean directory plus `extra` files.
  func seeded(_ extra: [String: String]) throws -> SeededDirectory {
    var files = ["onboarding.md": Self.onboarding, "welcome-back.md": Self.welcomeBack]
    files["1.0.0.md"] = notesFile(title: "First", date: "2025-01-01")
    for (k, v) in extra { files[k] = v }
    return try SeededDirectory(files)
  }

  func lines(_ dir: SeededDirectory) throws -> [String] {
    try ContentLinter.lint(directory: dir.path).diagnostics.map(\.description)
  }

  @Test func aCleanDirectoryHasNoProblems() throws {
    let dir = try seeded([:])
    defer { dir.remove() }
    let report = try ContentLinter.lint(directory: dir.path)
    #expect(report.diagnostics.isEmpty)
    #expect(report.filesChecked == 3)
    #expect(report.summary == "no problems in 3 files")
  }

  @Test func theDemoContentIsClean() throws {
    let report = try ContentLinter.lint(directory: TestPaths.content.path)
    #expect(report.diagnostics.map(\.description) == [])
  }

  @Test func aNameThatIsNotAVersion() throws {
    let dir = try seeded(["notes-1.2.md": "Text.\n"])
    defer { dir.remove() }
    let found = try lines(dir)
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("\(dir.path)/notes-1.2.md:1: error: file name is not a version (") == true)
  }

  @Test func twoFilesForOneVersion() throws {
    let dir = try seeded(["1.2.md": "A.\n", "1.2.0.md": "B.\n"])
    defer { dir.remove() }
    #expect(
      try lines(dir) == [
        "\(dir.path)/1.2.md:1: error: second file for version 1.2.0: 1.2.0.md is the one used; remove or merge this one"
      ])
  }

  @Test func nonUTF8NamesTheLine() throws {
    let dir = try seeded([:])
    defer { dir.remove() }
    try dir.write("1.1.0.md", bytes: Array("line one\nline two\nbad \u{00}".utf8).dropLast() + [0xFF, 0x0A])
    #expect(try lines(dir) == ["\(dir.path)/1.1.0.md:3: error: not valid UTF-8"])
  }

  @Test func anUnreadableFile() throws {
    let dir = try seeded([:])
    defer { dir.remove() }
    try FileManager.default.createDirectory(
      at: dir.url.appendingPathComponent("1.1.0.md"), withIntermediateDirectories: true)
    #expect(try lines(dir) == ["\(dir.path)/1.1.0.md:1: error: cannot read: is a directory"])
  }

  @Test func badFrontMatter() throws {
    let dir = try seeded([
      "1.1.0.md":
        "---\ntitle: Ok\nthis is not a key value line\nauthor: me\ndate: 2025-02-30\ntitle: Again\n---\n\nNotes.\n",
      "1.2.0.md": "---\ntitle: Never closed\n\nNotes.\n",
    ])
    defer { dir.remove() }
    let p = dir.path
    #expect(
      try lines(dir) == [
        "\(p)/1.1.0.md:3: error: malformed front matter line: expected key: value",
        "\(p)/1.1.0.md:4: warning: unknown front matter key \"author\" (known keys: title, date, importance, summary, critical-label, channels, actions, id, after-launches, after-days, when-used, unless-used, max-shows, done-when)",
        "\(p)/1.1.0.md:5: error: bad date \"2025-02-30\": expected a real day as YYYY-MM-DD",
        "\(p)/1.1.0.md:6: warning: front matter key \"title\" repeated; the first one is used",
        "\(p)/1.2.0.md:1: error: front matter is never closed: add a line --- after its last key",
      ])
  }

  @Test func missingOnboardingAndWelcomeBackAreWarnings() throws {
    let dir = try SeededDirectory(["1.0.0.md": "Notes.\n"])
    defer { dir.remove() }
    let report = try ContentLinter.lint(directory: dir.path)
    #expect(
      report.diagnostics.map(\.description) == [
        "\(dir.path)/onboarding.md: warning: missing: first launches get no onboarding",
        "\(dir.path)/welcome-back.md: warning: missing: returning users get no welcome-back screen",
      ])
    #expect(report.errorCount == 0)
  }

  @Test func aDirectoryWithoutNotes() throws {
    let dir = try SeededDirectory(["onboarding.md": Self.onboarding, "welcome-back.md": Self.welcomeBack])
    defer { dir.remove() }
    #expect(try lines(dir) == ["\(dir.path): warning: no release notes: name them by version, like 1.2.0.md"])
  }

  @Test func anEmptyNotesFile() throws {
    let dir = try seeded(["1.1.0.md": "---\ntitle: Nothing\n---\n\n  \n", "1.2.0.md": ""])
    defer { dir.remove() }
    #expect(
      try lines(dir) == [
        "\(dir.path)/1.1.0.md:4: error: empty notes file: the sheet would show nothing for this version",
        "\(dir.path)/1.2.0.md:1: error: empty notes file: the sheet would show nothing for this version",
      ])
  }

  @Test func emptyScreens() throws {
    let dir = try seeded(["onboarding.md": "\n", "welcome-back.md": "---\ntitle: Hi\n---\n"])
    defer { dir.remove() }
    #expect(
      try lines(dir) == [
        "\(dir.path)/onboarding.md:1: error: empty onboarding file",
        "\(dir.path)/welcome-back.md:4: error: empty welcome-back file",
      ])
  }

  @Test func aHeadingLevelThatJumps() throws {
    let dir = try seeded([
      "1.1.0.md": "---\ndate: 2025-01-01\n---\n# Title\n\n### Too deep\n\n## Fine\n\n#### Deep again\n"
    ])
    defer { dir.remove() }
    #expect(
      try lines(dir) == [
        "\(dir.path)/1.1.0.md:6: warning: heading level jumps from 1 to 3: use ## here",
        "\(dir.path)/1.1.0.md:10: warning: heading level jumps from 2 to 4: use ### here",
      ])
  }

  @Test func aLinkReferenceThatIsNeverDefined() throws {
    let dir = try seeded([
      "1.1.0.md":
        "---\ntitle: Refs\n---\n\nSee [the guide][guide] and [this][ok].\n\n[ok]: https://example.com\n"
    ])
    defer { dir.remove() }
    #expect(try lines(dir) == ["\(dir.path)/1.1.0.md:5: warning: link reference [guide] is never defined"])
  }

  @Test func anUndefinedAndAnUnusedFootnote() throws {
    let dir = try seeded([
      "1.1.0.md":
        "---\ntitle: Notes\n---\n\nSync[^sync] and export[^pdf].\n\n[^sync]: Over git.\n\n[^old]: Never cited.\n"
    ])
    defer { dir.remove() }
    #expect(
      try lines(dir) == [
        "\(dir.path)/1.1.0.md:5: warning: footnote [^pdf] is never defined",
        "\(dir.path)/1.1.0.md:9: warning: footnote [^old] is never used",
      ])
  }

  @Test func specialFileChecks() throws {
    let dir = try SeededDirectory([
      "onboarding.md": "Just text, no heading.\n",
      "welcome-back.md": "Hello {{name}}.\n",
      "1.0.0.md": "Notes.\n",
      "logo.png": "PNG",
    ])
    defer { dir.remove() }
    let p = dir.path
    #expect(
      try lines(dir) == [
        "\(p)/logo.png:1: warning: not a notes file: only .md files are read",
        "\(p)/onboarding.md:1: warning: no level-1 heading: the walkthrough is one untitled page",
        "\(p)/welcome-back.md:1: warning: {{days}} is not used: the screen will not say how long",
        "\(p)/welcome-back.md:1: warning: unknown placeholder {{name}}: only {{days}} is filled in",
      ])
  }

  @Test func summaryCountsErrorsAndWarnings() throws {
    let dir = try seeded(["x.md": "A.\n", "1.1.0.md": "---\nfoo: bar\n---\nB.\n"])
    defer { dir.remove() }
    let report = try ContentLinter.lint(directory: dir.path)
    #expect(report.errorCount == 1)
    #expect(report.warningCount == 1)
    #expect(report.summary == "1 error and 1 warning in 5 files")
  }

  @Test func aMissingDirectoryIsAnError() {
    #expect(throws: ReleaseNotesError.self) {
      try ContentLinter.lint(directory: "/nonexistent/whatsnew-content")
    }
  }
}

/// Lint and the catalog agree on what is an error: a file lint fails is refused by the catalog
/// with lint's first error (so a launch never shows it), and a file with only warnings is read.
@Suite struct LintAndCatalogAgreementTests {
  static let files: [String: String] = [
    "1.0.0.md": "---\ndate: 2026-13-01\n---\nText.\n",
    "1.1.0.md": "---\ntitle: Big\nimportance: huge\n---\nText.\n",
    "1.2.0.md": "---\ntitle: Pairs\nnot a pair\n---\nText.\n",
    "1.3.0.md": "---\ntitle: Open\n\nText.\n",
    "1.4.0.md": "---\ntitle: Empty\n---\n\n",
    "1.5.0.md": "---\nflavour: odd\n---\nText with [a link][nowhere].\n",
    "1.6.0.md": "---\ndate: 2028-02-29\ntitle: Fine\nimportance: minor\n---\n# One\n\n### Three\n",
    "onboarding.md": "---\ndate: 2026-02-30\n---\n# Welcome\n",
    "welcome-back.md": "\n\n",
  ]

  @Test func whatLintFailsTheCatalogRefusesWithTheSameLine() throws {
    let dir = try SeededDirectory(Self.files)
    let report = try ContentLinter.lint(directory: dir.path)
    let catalog = try ReleaseNotesCatalog(directory: dir.path)
    func refusal(_ read: () throws(ReleaseNotesError) -> Void) -> ReleaseNotesError? {
      do {
        try read()
        return nil
      } catch {
        return error
      }
    }
    var reads: [(String, ReleaseNotesError?)] = []
    for entry in try catalog.index().entries {
      reads.append(
        (entry.fileName, refusal { () throws(ReleaseNotesError) in _ = try catalog.noteText(entry) }))
    }
    reads.append(
      ("onboarding.md", refusal { () throws(ReleaseNotesError) in _ = try catalog.onboardingPages() }))
    reads.append(
      (
        "welcome-back.md",
        refusal { () throws(ReleaseNotesError) in _ = try catalog.welcomeBack(daysAway: 3) }
      ))
    var refused = 0
    for (name, error) in reads {
      let errors = report.diagnostics.filter { $0.severity == .error && $0.file == catalog.path(of: name) }
      #expect(
        (error != nil) == !errors.isEmpty, "\(name): lint \(errors), catalog \(String(describing: error))")
      if let error {
        refused += 1
        #expect(
          error
            == .invalid(path: catalog.path(of: name), line: errors[0].line ?? 0, reason: errors[0].message))
      }
    }
    #expect(refused == 7)
  }
}
