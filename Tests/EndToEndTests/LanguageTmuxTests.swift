import Foundation
import TestSupport
import Testing

/// Translated notes end to end: the demo's `Content/fr/` in a real terminal, chosen by the
/// locale variables alone. (The pane's shell sets `LC_ALL=C.UTF-8`, which would win over
/// `LANG`, so each run unsets it.)
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct LanguageTmuxTests {
  @Test func frenchLocaleShowsTheFrenchNotesAndMarksAnUntranslatedRelease() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "demo --simulate upgrade --from 1.4.0 --content \(tmux.content)",
      environment: "-u LC_ALL LANG=fr_FR.UTF-8")
    try tmux.waitFor("2.1.0 — Notes du jour")
    let screen = try tmux.waitFor("Nouveautés")
    #expect(!screen.contains("Daily notes"))
    // 2.0.0 has no French notes: the default text, marked.
    try Self.moveToTheRelease("2.0.0 — Jot 2", tmux)
    try tmux.waitFor("(not translated)")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func germanLocaleWithoutTranslationsShowsTheDefaultNotesUnmarked() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "demo --simulate upgrade --from 1.4.0 --content \(tmux.content)",
      environment: "-u LC_ALL LANG=de_DE.UTF-8")
    try tmux.waitFor("2.1.0 — Daily notes")
    let screen = try tmux.waitFor("Added")
    #expect(!screen.contains("Notes du jour"))
    let older = try Self.moveToTheRelease("2.0.0 — Jot 2", tmux)
    #expect(!older.contains("(not translated)"))
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func languageListWinsOverTheLocaleAndTheWelcomeBackIsTranslatedToo() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "demo --simulate returning --away 60 --content \(tmux.content)",
      environment: "-u LC_ALL LANGUAGE=pt_BR:fr LANG=de_DE.UTF-8")
    try tmux.waitFor("Bon retour")
    try tmux.waitFor("60 jours")
    try tmux.keys("Enter")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  /// Presses `]` (next heading) until `heading` is on screen, and returns the screen.
  @discardableResult
  static func moveToTheRelease(_ heading: String, _ tmux: TmuxSession) throws -> String {
    // The footer shows the sheet's length once every release is laid out.
    _ = try tmux.waitUntil("the sheet's full length") { !$0.contains("/…") }
    for _ in 0..<6 {
      try tmux.keys("]")
      if let screen = try? tmux.waitFor(heading, timeout: 1) { return screen }
    }
    return try tmux.waitFor(heading)
  }
}
