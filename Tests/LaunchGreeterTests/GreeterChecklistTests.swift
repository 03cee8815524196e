import Foundation
import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

@testable import LaunchGreeter

/// The "Get started" checklist through `greet()` and `present(_:)`: offered only when the app
/// asks, after the walkthrough, while a step is not done, the last of the one-interruption
/// budget, once per cooldown, dismissed for good with `x`.
@Suite struct GreeterChecklistTests {
  static let notes = GreeterFlowTests.notes.merging([
    "onboarding.md": """
    ---
    done-when: [-, create, search]
    ---
    # Welcome

    Tally counts things.

    # Make a counter

    Run tally new.

    # Find one

    Run tally search.

    """,
    "tips/find.md": "---\nid: find\nafter-launches: 4\nmax-shows: 1\n---\nFind with `tally find`.\n",
  ]) { _, new in new }

  let clock = FixedClock()
  let store = InMemoryLaunchStore()

  private func greeter(
    _ version: String = "1.0.0", checklist: Bool = true, notes: [String: String] = notes,
    tips: GreeterTips = .off
  ) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(version, notes: notes, store: store, clock: clock)
    greeter.seams.stderrIsTerminal = true
    greeter.tips = tips
    greeter.checklist = checklist
    return greeter
  }

  /// Greets, pressing `keys`; returns the outcome and the last screen drawn.
  private func greet(_ greeter: LaunchGreeter, keys: [Key] = [.char("q")]) -> (GreetOutcome, String) {
    let terminal = ScriptedTerminal(keys: keys)
    let outcome = greeter.greet { _, _ in terminal }
    return (outcome, terminal.shown.last ?? "")
  }

  /// The first launch: the walkthrough, skipped; then a day later.
  private func walkthroughSkipped(checklist: Bool = true) -> GreetOutcome {
    let (first, _) = greet(greeter(checklist: checklist), keys: [.char("s")])
    clock.advance(days: 1)
    return first
  }

  @Test func offUnlessTheAppOffersIt() {
    #expect(walkthroughSkipped(checklist: false).checklist == nil)
    let (outcome, _) = greet(greeter(checklist: false))
    #expect(!outcome.showedChecklist && outcome.checklist == nil && outcome.exit == .nothingShown)
  }

  /// After the walkthrough, each launch past the cooldown shows the steps, ticked as the user
  /// does them, until every one is done.
  @Test func afterTheWalkthroughUntilEveryStepIsDone() throws {
    let first = walkthroughSkipped()
    #expect(first.shown == .onboarding && first.checklist == .walkthroughPending)
    #expect(!first.showedChecklist && first.heldBack.isEmpty)

    var (outcome, screen) = greet(greeter())
    #expect(outcome.shown == .checklist && outcome.exit == .later)
    #expect(outcome.checklist == .due(done: 0, steps: 2))
    #expect(screen.contains("○ Make a counter") && screen.contains("○ Find one"), "\(screen)")
    #expect(screen.contains("0 of 2 done") && !screen.contains("Welcome"))
    #expect(store.state?.lastTipOrCardDate == clock.closure(), "the cooldown starts")

    try store.record("create", at: clock.closure())
    clock.advance(days: 1)
    (outcome, screen) = greet(greeter())
    #expect(outcome.showedChecklist && screen.contains("✓ Make a counter") && screen.contains("○ Find one"))
    #expect(outcome.checklist == .due(done: 1, steps: 2))

    try store.record("search", at: clock.closure())
    clock.advance(days: 1)
    (outcome, _) = greet(greeter())
    #expect(!outcome.showedChecklist && outcome.checklist == .allDone(steps: 2))
    #expect(outcome.exit == .nothingShown)
  }

  /// A page heading written in Markdown (issue 43): the checklist and the walkthrough show it
  /// rendered (code, emphasis, an entity, a link's text), not its marks.
  @Test func markdownHeadingsAreShownRendered() throws {
    let notes = Self.notes.merging([
      "onboarding.md": """
      ---
      done-when: [-, search]
      ---
      # Welcome

      Tally counts things.

      # Run `tally search` **now** &amp; [more](https://example.com/more)

      Run tally search.

      """
    ]) { _, new in new }
    let (_, walkthrough) = greet(greeter(notes: notes), keys: [.char("l"), .char("s")])
    #expect(walkthrough.contains("Run tally search now & more"), "\(walkthrough)")
    clock.advance(days: 1)
    let (outcome, screen) = greet(greeter(notes: notes))
    #expect(outcome.shown == .checklist)
    #expect(screen.contains("○ Run tally search now & more"), "\(screen)")
    for mark in ["`", "**", "&amp;", "](", "https://"] {
      #expect(!screen.contains(mark), "\(mark): \(screen)")
    }
  }

  @Test func atMostOncePerCooldown() throws {
    _ = walkthroughSkipped()
    #expect(greet(greeter()).0.showedChecklist)
    let (again, _) = greet(greeter())
    #expect(!again.showedChecklist)
    guard case .item(.checklist, .cooldown(let until))? = again.heldBack.first else {
      Issue.record("expected the cooldown, got \(again.heldBack)")
      return
    }
    #expect(until == clock.closure().addingTimeInterval(86_400))
  }

  @Test func xDismissesItUntilTheAppBringsItBack() throws {
    _ = walkthroughSkipped()
    let (dismissed, _) = greet(greeter(), keys: [.char("x")])
    #expect(dismissed.showedChecklist && dismissed.exit == .done)
    #expect(store.state?.checklistDismissed == true)
    clock.advance(days: 3)
    let (later, _) = greet(greeter())
    #expect(!later.showedChecklist && later.checklist == .dismissed && later.heldBack.isEmpty)
    // An app's settings screen brings it back.
    #expect(try greeter().setChecklist(enabled: true))
    clock.advance(days: 1)
    #expect(greet(greeter()).0.showedChecklist)
  }

  /// The lowest priority: a screen, the update card (GreeterFeed's tests) or a tip wins.
  @Test func aScreenOrATipComesFirst() throws {
    _ = walkthroughSkipped()
    // Launch 2: the sheet of an upgrade.
    let (upgrade, _) = greet(greeter("1.1.0"))
    #expect(upgrade.shown != nil && !upgrade.showedChecklist)
    #expect(upgrade.heldBack == [.item(.checklist, .screenShown)])
    clock.advance(days: 1)
    // Launch 3: the checklist; launch 4, a day later: the tip due from launch 4.
    #expect(greet(greeter("1.1.0", tips: .manual)).0.showedChecklist)
    clock.advance(days: 1)
    let (tipped, _) = greet(greeter("1.1.0", tips: .manual))
    #expect(tipped.tip?.id == "find" && !tipped.showedChecklist)
    #expect(tipped.heldBack == [.item(.checklist, .tipShown)])
  }

  @Test func neverWhenTheLaunchIsNotInteractive() {
    _ = walkthroughSkipped()
    var quiet = greeter()
    quiet.invocationOverride = Invocation(nonInteractiveReason: "CI is set")
    let (outcome, _) = greet(quiet)
    #expect(!outcome.showedChecklist && outcome.checklist == nil)
    #expect(store.state?.lastTipOrCardDate == nil)
  }

  @Test func aWalkthroughWithoutDoneWhenHasNoChecklist() {
    let plain = GreeterFlowTests.notes
    _ = greet(greeter(notes: plain), keys: [.char("s")])
    clock.advance(days: 1)
    let (outcome, _) = greet(greeter(notes: plain))
    #expect(!outcome.showedChecklist && outcome.checklist == .noSteps && outcome.problems.isEmpty)
  }

  /// `present(.checklist)` shows it whenever the app asks: within the cooldown, after `x`,
  /// before the walkthrough is done; `x` there dismisses it for launches.
  @Test func presentShowsItOnDemand() {
    _ = greet(greeter())  // the walkthrough left for later: still pending
    let terminal = ScriptedTerminal(keys: [.char("x")])
    let outcome = greeter(checklist: false).present(.checklist) { _, _ in terminal }
    #expect(outcome.shown == .checklist && outcome.exit == .done)
    #expect(terminal.shown.last?.contains("Get started with Tally") == true)
    #expect(store.state?.checklistDismissed == true)
    let again = ScriptedTerminal(keys: [.char("t"), .char("q"), .char("q")])
    let shown = greeter().present(.checklist) { _, _ in again }
    #expect(shown.showedChecklist && shown.exit == .later)
    #expect(again.shown.contains { $0.contains("Tally counts things.") }, "t opened the walkthrough")
    #expect(store.state?.pending(.onboarding) != nil, "reading it again completes nothing")
  }

  @Test func presentWithoutStepsIsAProblemLine() {
    _ = greet(greeter(notes: GreeterFlowTests.notes), keys: [.char("s")])
    let outcome = greeter(notes: GreeterFlowTests.notes).present(.checklist) { _, _ in
      ScriptedTerminal(keys: [.char("q")])
    }
    #expect(!outcome.showedChecklist)
    #expect(
      outcome.problems.map(\.description) == [
        "no walkthrough page has a done-when: event, so the checklist is empty; nothing shown"
      ])
  }

  /// The accessible mode reads the card line by line and takes `x` typed.
  @Test func theAccessibleModeReadsItAndTakesX() {
    _ = walkthroughSkipped()
    let terminal = ScriptedLineTerminal([.line("x")])
    let outcome = greeter().greet { _, _ in terminal }
    #expect(outcome.showedChecklist && outcome.exit == .done && store.state?.checklistDismissed == true)
    #expect(
      terminal.printed.contains("Get started with Tally: 0 of 2 done\n\nMake a counter: not done yet\n"))
    #expect(
      terminal.printed.contains("[Enter: continue, t: tour, x: don't show this again]"), "\(terminal.printed)"
    )
  }
}
