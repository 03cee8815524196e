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
    done-when: [-, create, search]
    ---
    # Welcome to Tally

    Counts in the terminal.

    # Make a counter

    Run tally new to start one.

    # Find a counter

    Run tally search NAME.

    """

  /// Tally with the walkthrough above and one release, in a scratch directory.
  private func makeApp() throws -> TallyApp {
    try TallyApp("walkthrough-done", notes: ["onboarding.md": Self.onboarding, "1.0.0.md": "Faster.\n"])
  }

  /// `whatsnew event --app-id tally … NAME`, which must succeed.
  private func record(_ event: String, _ app: TallyApp) throws {
    let run = try Run.whatsnew(["event", "--app-id", "tally", "--state-dir", app.state, event])
    #expect(run.status == 0, "\(run.stderr)")
  }

  /// The page `done-when: create` names is not marked before `whatsnew event … create`, and is
  /// marked after it (the walkthrough resumes on that page, still pending).
  @Test func aPageIsMarkedDoneAfterItsEvent() throws {
    let app = try makeApp()
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    try tmux.start(app.greet("1.0.0"))
    try tmux.waitFor("Welcome to Tally")
    try tmux.keys("n")
    let before = try tmux.waitFor("Run tally new")
    #expect(before.contains("Make a counter") && !before.contains("✓ done"))
    try tmux.keys("q")  // later: the walkthrough stays pending on this page
    #expect(try tmux.waitForExit() == 0)

    try record("create", app)

    try tmux.start(app.greet("1.0.0"))
    let after = try tmux.waitFor("Run tally new")
    #expect(after.contains("Make a counter  ✓ done"), "\(after)")
    try tmux.keys("p")
    let first = try tmux.waitFor("Counts in the terminal")
    #expect(!first.contains("✓ done"), "the first page has no event")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
  }

  /// Tally with `--checklist --explain` on January `day`, 2026 at `hour` (`TALLY_NOW`: a day
  /// apart is past the one-day cooldown): the screen shown when `card` (a line of it) appears,
  /// where `keys` are pressed, and the screen once it has ended with status 0.
  private func launch(
    _ app: TallyApp, _ tmux: TmuxSession, day: Int, hour: Int = 9, card: String? = nil, keys: String = "q"
  ) throws -> (card: String?, end: String) {
    let now = "TALLY_NOW=2026-01-\(day < 10 ? "0" : "")\(day)T\(hour < 10 ? "0" : "")\(hour):00:00Z"
    try tmux.start(app.greet("1.0.0", "--checklist --explain"), environment: now)
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
    let app = try makeApp()
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    let first = try launch(app, tmux, day: 1, card: "Welcome to Tally", keys: "s")
    #expect(first.card?.contains("Get started") == false)
    #expect(first.end.contains("checklist: waits until the walkthrough is completed or skipped"))

    let none = try launch(app, tmux, day: 2, card: "Get started with Tally")
    let card = try #require(none.card)
    #expect(
      card.contains("○ Make a counter") && card.contains("○ Find a counter") && !card.contains("✓"), "\(card)"
    )
    #expect(
      card.contains("0 of 2 done") && card.contains("q continue") && card.contains("x don't show again"))
    #expect(
      none.end.contains("shown:     checklist") && none.end.contains("checklist: shown, 0 of 2 steps done"))

    try record("create", app)
    let one = try launch(app, tmux, day: 3, card: "Get started with Tally")
    let ticked = try #require(one.card)
    #expect(
      ticked.contains("✓ Make a counter") && ticked.contains("○ Find a counter")
        && ticked.contains("1 of 2 done"))

    try record("search", app)
    let all = try launch(app, tmux, day: 4)
    #expect(!all.end.contains("Get started") && all.end.contains("shown:     nothing"))
    #expect(all.end.contains("checklist: every step is done (2 of 2); not shown again"), "\(all.end)")
  }

  /// The card waits out the cooldown after it was shown, and `x` dismisses it for good, until
  /// `whatsnew settings checklist on`.
  @Test func xDismissesTheChecklistForGood() throws {
    let app = try makeApp()
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    _ = try launch(app, tmux, day: 1, card: "Welcome to Tally", keys: "s")
    _ = try launch(app, tmux, day: 2, card: "Get started with Tally")
    let held = try launch(app, tmux, day: 2, hour: 10)
    #expect(!held.end.contains("Get started with Tally"))
    // (The pane wraps the line at 80 columns.)
    #expect(held.end.contains("held:      the checklist: a tip, update card or checklist was shown"))
    _ = try launch(app, tmux, day: 3, card: "Get started with Tally", keys: "x")
    let gone = try launch(app, tmux, day: 5)
    #expect(
      !gone.end.contains("Get started with Tally") && gone.end.contains("checklist: dismissed for good"))

    let state = try Run.whatsnew(["state", "--app-id", "tally", "--state-dir", app.state])
    #expect(state.stdout.contains("Settings:         whats-new on, tips on, checklist dismissed\n"))
    let settings = try Run.whatsnew([
      "settings", "--app-id", "tally", "--state-dir", app.state, "checklist", "on",
    ])
    #expect(settings.status == 0, "\(settings.stderr)")
    _ = try launch(app, tmux, day: 6, card: "Get started with Tally")
  }
}
