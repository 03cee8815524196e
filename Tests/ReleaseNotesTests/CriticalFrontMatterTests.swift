import LaunchTracking
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

/// `importance: critical` needs a `summary:`; `critical-label:` words the mark.
@Suite struct CriticalFrontMatterTests {
  @Test func aCriticalReleaseWithASummaryIsMarkedSecurityByDefault() {
    let front = NotesFrontMatter(
      text: "---\nimportance: critical\nsummary: Tokens leaked into the log.\n---\n\nText.\n")
    #expect(front.importance == .critical && front.summary == "Tokens leaked into the log.")
    #expect(front.criticalMark == "Security" && front.issues.isEmpty)
    let labelled = NotesFrontMatter(
      text: "---\nimportance: critical\ncritical-label: Data loss\nsummary: Why.\n---\n\nText.\n")
    #expect(labelled.criticalMark == "Data loss" && labelled.issues.isEmpty)
    #expect(
      NotesFrontMatter(text: "---\nimportance: major\nsummary: Big.\n---\n\nText.\n").criticalMark == nil)
  }

  @Test func aCriticalReleaseWithoutASummaryIsAnErrorOnItsImportanceLine() {
    let front = NotesFrontMatter(text: "---\ntitle: Fix\nimportance: critical\nsummary:\n---\n\nText.\n")
    #expect(
      front.errors == [
        .init(
          .error, line: 3, "importance: critical needs a one-line \"summary:\" saying why the release matters"
        )
      ])
  }

  @Test func aCriticalLabelOnAnotherReleaseIsAWarning() {
    let front = NotesFrontMatter(text: "---\nimportance: minor\ncritical-label: Security\n---\n\nText.\n")
    #expect(
      front.issues == [.init(.warning, line: 3, "\"critical-label:\" is used only with importance: critical")]
    )
    let bad = NotesFrontMatter(
      text: "---\nimportance: critical\nsummary: Why.\ncritical-label: [Security]\n---\n\nText.\n")
    #expect(bad.errors.map(\.line) == [4])
  }

  @Test func lintNamesTheFileAndLineOfACriticalReleaseWithoutASummary() throws {
    let dir = try SeededDirectory([
      "onboarding.md": LintTests.onboarding, "welcome-back.md": LintTests.welcomeBack,
      "1.0.0.md": "---\ntitle: One\n---\n\nNotes.\n",
      "1.0.1.md": "---\ntitle: Fix\ndate: 2025-01-02\nimportance: critical\n---\n\nNotes.\n",
      "1.0.2.md": "---\nimportance: critical\nsummary: Tokens leaked into the log.\n---\n\nNotes.\n",
    ])
    defer { dir.remove() }
    let report = try ContentLinter.lint(directory: dir.path)
    #expect(
      report.diagnostics.map(\.description) == [
        "\(dir.path)/1.0.1.md:4: error: importance: critical needs a one-line \"summary:\" saying why the release matters"
      ])
  }

  @Test func theCatalogCarriesTheSummaryAndTheMark() throws {
    let catalog = ReleaseNotesCatalog(files: [
      "1.0.2.md": "---\nimportance: critical\nsummary: Tokens leaked.\n---\n\nNotes.\n",
      "1.0.3.md": "---\nsummary: Quiet.\n---\n\nNotes.\n",
    ])
    let critical = try catalog.noteText(for: AppVersion(1, 0, 2))
    #expect(
      critical.isCritical && critical.criticalMark == "Security" && critical.summary == "Tokens leaked.")
    #expect(critical.displayMarkdown == "**Tokens leaked\\.**\n\n" + critical.markdown)
    let other = try catalog.noteText(for: AppVersion(1, 0, 3))
    #expect(!other.isCritical && other.criticalMark == nil && other.displayMarkdown == other.markdown)
  }
}
