import Foundation
import LaunchScreens
import LaunchTracking
import Testing

@testable import LaunchGreeter

/// QA and on-demand screens from the library: `<PREFIX>_PRETEND_VERSION`, and
/// `LaunchGreeter.present(_:)` with the launch's keys and dismissal rules.
@Suite struct PresentTests {
  let clock = FixedClock()
  let store = InMemoryLaunchStore()
  let log = WarningSink()

  private func greeter(_ version: String, env: [String: String] = [:]) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(
      version, notes: GreeterFlowTests.notes, store: store, clock: clock, environment: env)
    greeter.warn = log.sink
    return greeter
  }

  private func greet(_ greeter: LaunchGreeter, keys: [Key]) -> (GreetOutcome, ScriptedTerminal?) {
    var terminal: ScriptedTerminal?
    let outcome = greeter.greet { _, _ in
      let made = ScriptedTerminal(keys: keys)
      terminal = made
      return made
    }
    return (outcome, terminal)
  }

  private func present(_ greeter: LaunchGreeter, _ screen: GreeterScreen, keys: [Key]) -> (
    GreetOutcome, ScriptedTerminal?
  ) {
    var terminal: ScriptedTerminal?
    let outcome = greeter.present(screen) { _, _ in
      let made = ScriptedTerminal(keys: keys)
      terminal = made
      return made
    }
    return (outcome, terminal)
  }

  /// Installs 1.0.0 and skips its walkthrough.
  private func install() {
    _ = greet(greeter("1.0.0"), keys: [.char("s")])
    clock.advance(days: 1)
  }

  @Test func thePretendVersionRunsTheAppAsAnotherVersion() {
    install()
    let (outcome, terminal) = greet(
      greeter("1.0.0", env: ["TALLY_PRETEND_VERSION": "2.0.0"]), keys: [.char("q")])
    #expect(outcome.launch?.kind == .upgrade && outcome.launch?.to == version("2.0.0"))
    #expect(terminal?.shown.first?.contains("Tally 2") == true)
    #expect(log.all == [])
  }

  @Test func aPretendVersionThatIsNoVersionIsOneProblemLine() {
    install()
    let (outcome, _) = greet(greeter("1.0.0", env: ["TALLY_PRETEND_VERSION": "two"]), keys: [])
    #expect(outcome.launch?.kind == .regular && outcome.launch?.to == version("1.0.0"))
    #expect(log.all == [#"TALLY_PRETEND_VERSION="two" is not a version; running as 1.0.0"#])
    #expect(outcome.problems.map(\.description) == log.all)
  }

  @Test func theWalkthroughAgainRecordsNoLaunchAndDropsNothingPending() {
    install()
    var quiet = greeter("2.0.0", env: ["CI": "true"])
    quiet.invocationOverride = nil
    _ = greet(quiet, keys: [])  // an upgrade recorded while not interactive: the sheet waits
    let before = store.state
    let (outcome, terminal) = present(greeter("2.0.0"), .walkthrough, keys: [.char("n"), .char("n")])
    #expect(outcome.presented && outcome.exit == .done, "\(outcome)")
    #expect(terminal?.shown.first?.contains("Welcome") == true)
    #expect(store.state?.launchCount == before?.launchCount)
    #expect(outcome.pending == [.whatsNew(since: version("1.0.0"))])
  }

  @Test func theWalkthroughOnDemandCompletesAPendingOne() {
    var quiet = greeter("1.0.0", env: ["CI": "true"])
    quiet.invocationOverride = nil
    _ = greet(quiet, keys: [])
    let (outcome, _) = present(greeter("1.0.0"), .walkthrough, keys: [.char("s")])
    #expect(outcome.presented && outcome.pending == [])
  }

  @Test func theNotesOfOneVersionAndOfARange() throws {
    install()
    let (one, t1) = present(greeter("2.0.0"), .notes("1.1.0"), keys: [.char("q")])
    #expect(one.presented && one.decision == .openNotes(version("1.1.0")))
    #expect(one.shown == .notes(versions: [version("1.1.0")]))
    #expect(t1?.shown.first?.contains("Sums by month") == true)

    var quiet = greeter("2.0.0", env: ["CI": "true"])
    quiet.invocationOverride = nil
    _ = greet(quiet, keys: [])
    let (range, t2) = present(greeter("2.0.0"), .notes(from: "1.0.0"), keys: [.char("q")])
    let screen = try #require(t2?.shown.first)
    #expect(screen.contains("Tally 2") && screen.contains("1.1.0"))
    #expect(range.exit == .done && range.pending == [], "q marks the pending sheet's releases seen")
    #expect(
      range.shown == .notes(versions: [version("2.0.0"), version("1.1.0")]), "on demand: the notes asked for")
    #expect(log.all == [])
  }

  @Test func aVersionThatIsNoVersionShowsNothingWithOneProblemLine() {
    install()
    let (outcome, terminal) = present(greeter("2.0.0"), .notes("one"), keys: [])
    #expect(!outcome.presented && terminal == nil)
    #expect(
      log.all == [#""one" is not a version; nothing shown"#] && outcome.problems.map(\.description) == log.all
    )
  }

  @Test func theWelcomeBackCard() {
    install()
    clock.advance(days: 9)
    _ = greet(greeter("1.0.0"), keys: [])
    let (outcome, terminal) = present(greeter("1.0.0"), .welcomeBack, keys: [.char("q")])
    #expect(outcome.presented && outcome.exit == .done)
    #expect(
      terminal?.shown.first?.contains("You were away 10 days.") == true, "\(terminal?.shown.first ?? "")")
  }

  @Test func nothingIsShownWhenNotInteractive() {
    var quiet = greeter("1.0.0", env: ["CI": "true"])
    quiet.invocationOverride = nil
    let (outcome, terminal) = present(quiet, .walkthrough, keys: [])
    #expect(!outcome.presented && terminal == nil && outcome.reason?.contains("CI") == true)
  }

  @Test func stepsTakeVersionsAsTextAndOneThatIsNoVersionIsNotRun() {
    var g = greeter("1.0.0")
    g.updateSteps = [
      UpdateStep(id: "typo", version: "1.O.0", summary: "Never run", runsOnFreshInstall: true) {
        Issue.record("a step whose version is not one ran")
      },
      UpdateStep(id: "make-db", version: "v1.0", summary: "Making the database", runsOnFreshInstall: true) {},
    ]
    let (outcome, _) = greet(g, keys: [.enter, .char("s")])
    #expect(outcome.updates.completed == ["make-db"])
    #expect(
      log.all == [#"update step "typo": "1.O.0" is not a version; not run"#]
        && outcome.problems.map(\.description) == log.all)
  }
}
