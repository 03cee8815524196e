import Foundation
import TestSupport
import Testing

/// Walkthrough steps done by doing, in a real terminal: a page whose `done-when:` event the
/// user did is marked done when the walkthrough shows again, and `greet --checklist` offers the
/// "Get started" card of those pages.
@Suite(.serialized, .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct WalkthroughDoneTmuxTests {
  static let onboarding = """
    ---
    done-when: [-, create, find]
    ---
    # Welcome to Jot

    Notes in the terminal.

    # Write a note

    Run jot new to start one.

    # Find a note

    Run jot find WORD.

    """

  /// Jot's notes (the walkthrough above and one release) in a scratch directory, and `greet`'s
  /// arguments for it with `options`; the caller removes `directory`.
  private struct App {
    let directory: URL
    let state: String
    let notes: String

    init() throws {
      directory = try TestPaths.makeTemporaryDirectory("walkthrough-done")
      let notes = directory.appendingPathComponent("notes")
      try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
      try Data(WalkthroughDoneTmuxTests.onboarding.utf8).write(
        to: notes.appendingPathComponent("onboarding.md"))
      try Data("Faster.\n".utf8).write(to: notes.appendingPathComponent("1.0.0.md"))
      self.notes = notes.path
      state = directory.appendingPathComponent("state").path
    }

    func greet(_ options: String = "") -> String {
      "greet --app-id jot --app-name Jot --app-version 1.0.0 --content '\(notes)' --state-dir '\(state)' \(options)"
    }

    /// `whatsnew event --app-id jot … NAME`, which must succeed.
    func record(_ event: String) throws {
      let run = try Run.whatsnew(["event", "--app-id", "jot", "--state-dir", state, event])
      #expect(run.status == 0, "\(run.stderr)")
    }
  }

  /// The page `done-when: create` names is not marked before `whatsnew event … create`, and is
  /// marked after it (the walkthrough resumes on that page, still pending).
  @Test func aPageIsMarkedDoneAfterItsEvent() throws {
    let app = try App()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    try tmux.start(app.greet())
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("n")
    let before = try tmux.waitFor("Run jot new")
    #expect(before.contains("Write a note") && !before.contains("✓ done"))
    try tmux.keys("q")  // later: the walkthrough stays pending on this page
    #expect(try tmux.waitForExit() == 0)

    try app.record("create")

    try tmux.start(app.greet())
    let after = try tmux.waitFor("Run jot new")
    #expect(after.contains("Write a note  ✓ done"), "\(after)")
    try tmux.keys("p")
    let first = try tmux.waitFor("Notes in the terminal")
    #expect(!first.contains("✓ done"), "the first page has no event")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
  }

  /// Launch `n` of Jot with `--checklist --explain`, `n` days after the first (so past the
  /// one-day cooldown); the screen once it has ended with status 0, or after `keys` on the
  /// card when `card` (a line of it) appears.
  private func launch(
    _ app: App, _ tmux: TmuxSession, day: Int, hour: Int = 9, card: String? = nil, keys: String = "q"
  ) throws -> (card: String?, end: String) {
    let now = "JOT_NOW=2026-01-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):00:00Z"
    try tmux.start(app.greet("--checklist --explain"), environment: now)
    var shown: String?
    if let card {
      shown = try tmux.waitFor(card)
      try tmux.keys(keys)
    }
    #expect(try tmux.waitForExit() == 0)
    return (shown, try tmux.waitFor("EXIT:0"))
  }

  /// `greet --checklist`: after the walkthrough (skipped), the next launch shows the card with
  /// no ticks; after `whatsnew event … create` that row is ticked; once every page is done it
  /// no longer shows.
  @Test func theChecklistTicksEachStepUntilAllAreDone() throws {
    let app = try App()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    let first = try launch(app, tmux, day: 1, card: "Welcome to Jot", keys: "s")
    #expect(first.card?.contains("Get started") == false)
    #expect(first.end.contains("checklist: waits until the walkthrough is completed or skipped"))

    let none = try launch(app, tmux, day: 2, card: "Get started with Jot")
    let card = try #require(none.card)
    #expect(
      card.contains("○ Write a note") && card.contains("○ Find a note") && !card.contains("✓"), "\(card)")
    #expect(
      card.contains("0 of 2 done") && card.contains("q continue") && card.contains("x don't show again"))
    #expect(
      none.end.contains("shown:    checklist") && none.end.contains("checklist: shown, 0 of 2 steps done"))

    try app.record("create")
    let one = try launch(app, tmux, day: 3, card: "Get started with Jot")
    let ticked = try #require(one.card)
    #expect(
      ticked.contains("✓ Write a note") && ticked.contains("○ Find a note") && ticked.contains("1 of 2 done"))

    try app.record("find")
    let all = try launch(app, tmux, day: 4)
    #expect(!all.end.contains("Get started") && all.end.contains("shown:    nothing"))
    #expect(all.end.contains("checklist: every step is done (2 of 2); not shown again"), "\(all.end)")
  }

  /// The card waits out the cooldown after it was shown, and `x` dismisses it for good, until
  /// `whatsnew settings checklist on`.
  @Test func xDismissesTheChecklistForGood() throws {
    let app = try App()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    _ = try launch(app, tmux, day: 1, card: "Welcome to Jot", keys: "s")
    _ = try launch(app, tmux, day: 2, card: "Get started with Jot")
    let held = try launch(app, tmux, day: 2, hour: 10)
    #expect(!held.end.contains("Get started with Jot"))
    // (The pane wraps the line at 80 columns.)
    #expect(held.end.contains("held:     the checklist: a tip, update card or checklist was shown"))
    _ = try launch(app, tmux, day: 3, card: "Get started with Jot", keys: "x")
    let gone = try launch(app, tmux, day: 5)
    #expect(!gone.end.contains("Get started with Jot") && gone.end.contains("checklist: dismissed for good"))

    let state = try Run.whatsnew(["state", "--app-id", "jot", "--state-dir", app.state])
    #expect(state.stdout.contains("Settings:         whats-new on, tips on, checklist dismissed\n"))
    let settings = try Run.whatsnew([
      "settings", "--app-id", "jot", "--state-dir", app.state, "checklist", "on",
    ])
    #expect(settings.status == 0, "\(settings.stderr)")
    _ = try launch(app, tmux, day: 6, card: "Get started with Jot")
  }
}
