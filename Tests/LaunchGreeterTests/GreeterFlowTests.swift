import Foundation
import LaunchScreens
import LaunchTracking
import Synchronization
import TerminalRendering
import TestSupport
import Testing

@testable import LaunchGreeter

/// A terminal that plays scripted keys into the screens and remembers what it showed.
final class ScriptedTerminal: GreetingTerminal {
  let palette = Palette.monochrome
  let theme = Theme.monochrome
  var keys: [Key]
  private(set) var shown: [String] = []
  private(set) var progressShown = 0
  private(set) var closed = false

  init(keys: [Key]) { self.keys = keys }

  func show(_ screen: some Screen) {
    progressShown += 1
    shown.append(Self.dump(screen))
  }

  func run(_ stack: inout ScreenStack, perform: (ScreenEffect, inout ScreenStack) -> Void)
    -> GreeterTerminal.RunEnd
  {
    _ = stack.update(.resize(width: 80, height: 24))
    while !keys.isEmpty {
      shown.append(Self.dump(stack))
      for effect in stack.update(.key(keys.removeFirst())) {
        perform(effect, &stack)
        if effect == .quit || effect == .interrupt { return .finished }
      }
      if stack.isEmpty { return .finished }
    }
    return .finished
  }

  func close() { closed = true }

  /// Set: Ctrl-C is reported once a step's progress is on screen (a user pressing it while a
  /// step runs).
  var pressesCtrlCDuringSteps = false

  func pollInterrupt() -> UpdateInterrupt? {
    pressesCtrlCDuringSteps && progressShown > 0 ? .ctrlC : nil
  }

  static func dump(_ screen: some Screen) -> String {
    var canvas = Canvas(width: 80, height: 24)
    screen.draw(into: &canvas)
    return canvas.textDump()
  }
}

@Suite struct GreeterFlowTests {
  static let notes: [String: String] = [
    "1.0.0.md": "---\ntitle: First\n---\n\nThe first release.\n",
    "1.1.0.md": "## Added\n\n- Sums by month\n",
    "2.0.0.md": "---\ntitle: Tally 2\n---\n\nEverything is faster.\n",
    "onboarding.md": "# Welcome\n\nTally counts things.\n\n# Keys\n\nPress n.\n",
    "welcome-back.md": "You were away {{days}} days.\n",
  ]

  let clock = FixedClock()
  let store = InMemoryLaunchStore()

  private func greeter(_ version: String, env: [String: String] = [:]) -> LaunchGreeter {
    LaunchGreeter.tally(version, notes: Self.notes, store: store, clock: clock, environment: env)
  }

  private func greet(_ greeter: LaunchGreeter, keys: [Key], ctrlCDuringSteps: Bool = false) -> (
    GreetOutcome, ScriptedTerminal?
  ) {
    var terminal: ScriptedTerminal?
    let outcome = greeter.greet { _, _ in
      let made = ScriptedTerminal(keys: keys)
      made.pressesCtrlCDuringSteps = ctrlCDuringSteps
      terminal = made
      return made
    }
    return (outcome, terminal)
  }

  @Test func walkthroughThenSheetThenNothing() throws {
    let (first, t1) = greet(greeter("1.0.0"), keys: [.char("s")])
    #expect(first.launch?.kind == .first && first.presented && first.exit == .done)
    #expect(first.pending == [])
    let screen = try #require(t1?.shown.first)
    #expect(screen.contains("Tally") && screen.contains("Welcome"))
    #expect(!screen.contains("Jot") && !screen.lowercased().contains("whatsnew"))
    #expect(t1?.closed == true)

    clock.advance(days: 2)
    let (second, t2) = greet(greeter("2.0.0"), keys: [.char("q")])
    guard case .whatsNew(let from, let to, let versions, nil) = second.decision else {
      Issue.record("expected the sheet, got \(second.decision)")
      return
    }
    #expect(from == AppVersion("1.0.0") && to == AppVersion("2.0.0"))
    #expect(versions == [AppVersion("2.0.0")!, AppVersion("1.1.0")!])  // the skipped 1.1.0 too
    #expect(second.exit == .done && second.pending == [])
    #expect(t2?.shown.first?.contains("Tally 2") == true)

    clock.advance(days: 1)
    let (third, t3) = greet(greeter("2.0.0"), keys: [])
    #expect(!third.presented && third.exit == .nothingShown && third.launch?.kind == .regular)
    #expect(t3 == nil, "no terminal is opened when nothing is due")
  }

  @Test func laterThenNeverThenTheLibrarySwitch() throws {
    _ = greet(greeter("1.0.0"), keys: [.char("s")])
    clock.advance(days: 1)
    let (later, _) = greet(greeter("1.1.0"), keys: [.char("l")])
    #expect(later.exit == .later && later.pending == [.whatsNew(since: version("1.0.0"))])
    #expect(later.whatsNew.hiddenUntil == clock.closure().addingTimeInterval(86_400))
    let (hidden, t1) = greet(greeter("1.1.0"), keys: [])
    #expect(!hidden.presented && t1 == nil && hidden.reason?.contains("put off until") == true)
    clock.advance(days: 1)
    let (never, _) = greet(greeter("1.1.0"), keys: [.char("x")])
    #expect(never.exit == .done && never.pending == [] && never.whatsNew.isOff)
    clock.advance(days: 1)
    let (off, t2) = greet(greeter("2.0.0"), keys: [])
    #expect(!off.presented && t2 == nil && off.reason == "what's new is off for this app")
    #expect(try greeter("2.0.0").setWhatsNew(enabled: true))
    let (on, _) = greet(greeter("2.0.0"), keys: [.char("q")])
    #expect(on.decision.isPresentation && on.exit == .done)
    #expect(
      on.decision
        == .whatsNew(
          from: version("1.1.0"), to: version("2.0.0"), versions: [version("2.0.0")], welcomeBackDays: nil))
  }

  @Test func aMinimumImportanceCountsAPatchRangeAsSeen() {
    let notes = Self.notes.merging(["1.0.1.md": "Fixes.\n", "1.1.1.md": "More fixes.\n"]) { a, _ in a }
    func make(_ v: String) -> LaunchGreeter {
      var g = greeter(v)
      g.notes = .compiledIn(notes)
      g.minimumImportance = .minor
      return g
    }
    _ = greet(make("1.0.0"), keys: [.char("s")])
    let (patch, terminal) = greet(make("1.0.1"), keys: [])
    #expect(!patch.presented && terminal == nil && patch.pending == [])
    #expect(patch.reason?.contains("counted as seen") == true)
    let (minor, t2) = greet(make("1.1.1"), keys: [.char("q")])
    #expect(minor.presented && minor.exit == .done)
    let screen = try? #require(t2?.shown.first)
    #expect(screen?.contains("· 1.1.1 (patch)") == true, "\(screen ?? "")")
    #expect(screen?.contains("▍1.1.0") == true)
  }

  @Test func anUnattendedLaunchReportsTheImportanceAnInteractiveOneWouldApply() {
    _ = greet(greeter("1.0.0"), keys: [.char("s")])
    var quiet = greeter("1.1.0", env: ["CI": "true"])
    quiet.invocationOverride = nil
    quiet.minimumImportance = .major
    let (outcome, terminal) = greet(quiet, keys: [])
    #expect(terminal == nil && outcome.pending == [.whatsNew(since: version("1.0.0"))])
    #expect(outcome.whatsNew.importance.map(\.version) == [version("1.1.0")])
    let wouldBe = PresentationDecision.decide(
      launch: outcome.launch
        ?? .init(
          kind: .first, from: nil, to: version("1.1.0"), daysAway: nil, date: Date(), stateWasReset: false),
      pending: outcome.pending, availableNotes: ["1.0.0", "1.1.0", "2.0.0"].map(version),
      invocation: Invocation(nonInteractiveReason: nil), whatsNew: outcome.whatsNew)
    #expect(wouldBe.reason?.contains("reaches major") == true, "\(wouldBe)")
  }

  @Test func anExistingInstallGetsTheCurrentNotesInsteadOfTheWalkthrough() throws {
    var g = greeter("1.1.0")
    g.isExistingInstall = { true }
    let (outcome, terminal) = greet(g, keys: [.char("q")])
    #expect(outcome.launch?.kind == .upgrade && outcome.launch?.from == nil)
    #expect(
      outcome.decision
        == .whatsNew(
          from: version("1.1.0-0"), to: version("1.1.0"), versions: [version("1.1.0")], welcomeBackDays: nil))
    let screen = try #require(terminal?.shown.first)
    #expect(
      screen.contains("What's new in Tally 1.1.0") && !screen.contains("since") && !screen.contains("Welcome")
    )
    #expect(outcome.pending == [])
  }

  @Test func ctrlCLeavesTheSheetPending() {
    _ = greet(greeter("1.0.0"), keys: [.char("s")])
    let (outcome, _) = greet(greeter("2.0.0"), keys: [.ctrlC])
    #expect(outcome.exit == .interrupted(signal: nil))
    #expect(outcome.pending == [.whatsNew(since: AppVersion("1.0.0")!)])
  }

  /// Ctrl-C is delivered to the app again as SIGINT (a termination signal as itself) once
  /// the terminal is closed, unless the app asks for the outcome only; a greeting left by a
  /// key delivers nothing.
  @Test func anInterruptionIsDeliveredAgainUnlessTheAppReportsIt() {
    _ = greet(greeter("1.0.0"), keys: [.char("s")])
    var greeter = greeter("2.0.0")
    let (outcome, terminal) = greet(greeter, keys: [.ctrlC])
    #expect(outcome.exit == .interrupted(signal: nil) && terminal?.closed == true)
    var delivered: [Int32] = []
    #expect(greeter.deliverInterruption(of: outcome) { delivered.append($0) } == outcome)
    #expect(delivered == [SIGINT])

    var terminated = outcome
    terminated.exit = .interrupted(signal: SIGTERM)
    _ = greeter.deliverInterruption(of: terminated) { delivered.append($0) }
    #expect(delivered == [SIGINT, SIGTERM])

    var finished = outcome
    finished.exit = .done
    _ = greeter.deliverInterruption(of: finished) { delivered.append($0) }
    greeter.interruptAction = .report
    _ = greeter.deliverInterruption(of: outcome) { delivered.append($0) }
    #expect(delivered == [SIGINT, SIGTERM])
  }

  @Test func aWalkthroughClosedEarlyResumesWhereItWasLeft() {
    let (first, _) = greet(greeter("1.0.0"), keys: [.char("n"), .char("q")])
    #expect(first.exit == .later)
    #expect(first.pending == [.onboarding(page: 1)])
    let (again, terminal) = greet(greeter("1.0.0"), keys: [.char("q")])
    #expect(again.decision == .onboarding(resumeAtPage: 1))
    #expect(terminal?.shown.first?.contains("Keys") == true)
  }

  @Test func anUnattendedLaunchShowsNothingAndKeepsItPending() {
    var quiet = greeter("1.0.0", env: ["CI": "true"])
    quiet.invocationOverride = nil
    let (outcome, terminal) = greet(quiet, keys: [])
    #expect(terminal == nil)
    #expect(!outcome.presented && outcome.exit == .nothingShown)
    #expect(outcome.pending == [.onboarding(page: 0)])
    #expect(outcome.reason?.contains("CI is set") == true)
  }

  @Test func theAppsOwnOptOutAndThePackageWideOne() {
    for env in [["TALLY_NO_GREETING": "1"], ["WHATSNEW_DISABLE": "1"]] {
      var quiet = greeter("1.0.0", env: env)
      quiet.invocationOverride = nil
      let (outcome, terminal) = greet(quiet, keys: [])
      #expect(terminal == nil && !outcome.presented, "\(env)")
      #expect(outcome.reason?.contains(env.keys.first ?? "?") == true, "\(env)")
    }
  }

  @Test func updateStepsRunWithProgressAndAFailureIsReported() {
    var greeter = greeter("1.0.0")
    greeter.updateSteps = [
      UpdateStep(
        id: "make-db", version: "1.0.0", summary: "Making the database", runsOnFreshInstall: true
      ) {},
      UpdateStep(id: "fail", version: "1.0.0", summary: "Failing", runsOnFreshInstall: true) {
        throw StepFailure()
      },
    ]
    let (outcome, terminal) = greet(greeter, keys: [.enter, .char("s")])
    #expect(outcome.updates.completed == ["make-db"])
    #expect(outcome.updates.failed?.id == "fail")
    #expect((terminal?.progressShown ?? 0) >= 2)
    #expect(terminal?.shown.first?.contains("Updating Tally") == true)
  }

  @Test func ctrlCWhileAStepRunsEndsTheGreetingAsInterruptedAndTheStepIsRetried() throws {
    var greeter = greeter("1.0.0")
    let runs = WarningSink()
    greeter.updateSteps = [
      UpdateStep(id: "wait", version: "1.0.0", summary: "Waiting", runsOnFreshInstall: true) {
        context in
        runs.sink("wait")
        // Until asked to stop (10 s at most: without Ctrl-C it completes).
        for _ in 0..<1000 {
          try context.checkCancellation()
          usleep(10_000)
        }
      }
    ]
    let (outcome, terminal) = greet(greeter, keys: [.char("s")], ctrlCDuringSteps: true)
    #expect(outcome.exit == .interrupted(signal: nil))
    #expect(!outcome.presented && outcome.pending == [.onboarding(page: 0)])
    #expect(outcome.updates.interrupted == .ctrlC)
    #expect(outcome.updates.failed?.id == "wait" && outcome.updates.failed?.message == "interrupted (Ctrl-C)")
    #expect(terminal?.closed == true)
    #expect(terminal?.shown.allSatisfy { $0.contains("Updating Tally") } == true, "nothing shown after")

    // The next launch runs it again (quickly this time) and goes on to the walkthrough.
    greeter.updateSteps = [
      UpdateStep(id: "wait", version: "1.0.0", summary: "Waiting", runsOnFreshInstall: true) {}
    ]
    let (again, _) = greet(greeter, keys: [.char("s")])
    #expect(again.updates.completed == ["wait"] && again.presented && again.exit == .done)
  }

  @Test func aLaunchThatFindsTheStateLockHeldNeitherRecordsNorPresents() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("greeter-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    var greeter = greeter("1.0.0")
    greeter.store = nil
    greeter.stateDirectory = base.path
    let log = WarningSink()
    greeter.warn = log.sink
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    // Another launch holds the lock (its own open file) for 10 s at most.
    let holder = try HeldLock(base.path + "/launch-state.json.lock")
    defer { holder.release() }
    let (outcome, terminal) = greet(greeter, keys: [.char("s")])
    holder.release()
    #expect(outcome.lockWasBusy && !outcome.isRecorded && !outcome.presented && terminal == nil)
    #expect(outcome.reason?.contains("holds the state lock") == true)
    #expect(outcome.decision.reason?.contains("holds the state lock") == true)
    #expect(
      outcome.problems.count == 1
        && outcome.problems.first?.description.contains("another launch has held") == true)
    #expect(log.all == outcome.problems.map(\.description))

    let (after, _) = greet(greeter, keys: [.char("s")])
    #expect(after.isRecorded && after.presented && !after.lockWasBusy)
  }

  @Test func anUnwritableStateShowsNothing() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("greeter-\(UUID().uuidString)")
    try Data().write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    var greeter = greeter("1.0.0")
    greeter.store = nil
    greeter.stateDirectory = file.path + "/state"  // under a file: cannot be made
    var warnings: [String] = []
    let log = WarningSink()
    greeter.warn = log.sink
    let (outcome, terminal) = greet(greeter, keys: [])
    warnings = log.all
    #expect(!outcome.isRecorded && !outcome.presented && terminal == nil)
    #expect(outcome.reason?.contains("cannot be recorded") == true)
    #expect(warnings.count == 1 && warnings[0].hasPrefix("warning: cannot record launches"))
  }

  @Test func stateDirectoryComesFromTheAppsOwnVariable() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("greeter-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    var greeter = greeter(
      "1.0.0", env: ["TALLY_STATE_DIR": base.path + "/tally", "WHATSNEW_STATE_DIR": base.path + "/tool"])
    greeter.store = nil
    _ = greet(greeter, keys: [.char("s")])
    #expect(FileManager.default.fileExists(atPath: base.path + "/tally/launch-state.json"))
    #expect(!FileManager.default.fileExists(atPath: base.path + "/tool"))
  }

  @Test func aLaunchThatPresentsReportsItsProblemsInTheOutcome() throws {
    let directory = try TemporaryDirectory("greeter-problems")
    try Data("{not json".utf8).write(to: directory.url.appendingPathComponent("launch-state.json"))
    let log = WarningSink()
    var greeter = greeter("1.0.0")
    greeter.store = nil
    greeter.stateDirectory = directory.path
    greeter.warn = log.sink
    let (outcome, terminal) = greet(greeter, keys: [.char("s")])
    #expect(outcome.presented && outcome.decision == .onboarding(resumeAtPage: 0))
    #expect(terminal?.shown.first?.contains("Welcome") == true)
    #expect(log.all.count == 1 && log.all.first?.contains("moved it to") == true, "\(log.all)")
    #expect(
      outcome.problems.map(\.description) == log.all, "the outcome keeps every line the app was warned of")
  }

  @Test func withoutOnboardingTheFirstLaunchesShowNothingAndFailNothing() {
    let log = WarningSink()
    func make() -> LaunchGreeter {
      var g = greeter("1.0.0")
      g.notes = .compiledIn(Self.notes.filter { $0.key != "onboarding.md" })
      g.warn = log.sink
      return g
    }
    let (first, t1) = greet(make(), keys: [])
    #expect(!first.presented && t1 == nil && first.pending == [])
    #expect(first.notesProblem == nil && first.problems == [] && log.all == [])
    #expect(first.reason?.contains("onboarding.md does not exist: the walkthrough is skipped") == true)
    let (second, t2) = greet(make(), keys: [])
    #expect(!second.presented && t2 == nil && second.pending == [] && log.all == [])
  }

  @Test func anUnusableWalkthroughIsSkippedWithOneProblemLine() {
    let log = WarningSink()
    var g = greeter("1.0.0")
    g.notes = .compiledIn(Self.notes.merging(["onboarding.md": "---\ntitle: Tour\n---\n\n"]) { _, b in b })
    g.warn = log.sink
    let (outcome, terminal) = greet(g, keys: [])
    #expect(!outcome.presented && terminal == nil && outcome.pending == [])
    #expect(log.all.count == 1 && outcome.problems.map(\.description) == log.all)
    #expect(
      log.all.first?.hasSuffix("onboarding.md:4: empty onboarding file; the walkthrough is skipped") == true)
  }

  @Test func aReleaseThatLintFailsIsLeftOffTheSheetAndTheRestIsShown() throws {
    let log = WarningSink()
    func make(_ v: String) -> LaunchGreeter {
      var g = greeter(v)
      g.notes = .compiledIn(
        Self.notes.merging(["1.1.0.md": "---\ndate: 2026-13-01\n---\n\n## Added\n\n- Sums by month\n"]) {
          _, b in b
        })
      g.warn = log.sink
      return g
    }
    _ = greet(make("1.0.0"), keys: [.char("s")])
    let (outcome, terminal) = greet(make("2.0.0"), keys: [.char("q")])
    #expect(outcome.presented && outcome.exit == .done && outcome.pending == [])
    #expect(
      outcome.decision
        == .whatsNew(
          from: version("1.0.0"), to: version("2.0.0"), versions: [version("2.0.0")], welcomeBackDays: nil))
    let screen = try #require(terminal?.shown.first)
    #expect(screen.contains("Tally 2") && !screen.contains("2026-13-01") && !screen.contains("Sums by month"))
    #expect(log.all.count == 1 && outcome.problems.map(\.description) == log.all)
    #expect(
      log.all.first?.hasSuffix(
        #"1.1.0.md:2: bad date "2026-13-01": expected a real day as YYYY-MM-DD; left off the what's-new sheet"#
      )
        == true, "\(log.all)")
    // The problem is typed: what it concerns, the file and its line.
    let problem = try #require(outcome.problems.first)
    #expect(problem.kind == .notes && problem.file?.hasSuffix("1.1.0.md") == true && problem.line == 2)
    #expect(outcome.shown == .whatsNew(versions: [version("2.0.0")]))
  }

  @Test func aSheetWithNothingLeftIsSkippedAndTheWelcomeBackBehindItIsShown() throws {
    let log = WarningSink()
    func make(_ v: String) -> LaunchGreeter {
      var g = greeter(v)
      g.notes = .compiledIn(
        Self.notes.merging(["2.0.0.md": "---\nimportance: huge\n---\nText.\n"]) { _, b in b })
      g.warn = log.sink
      return g
    }
    _ = greet(make("1.1.0"), keys: [.char("s")])
    clock.advance(days: 40)
    let (outcome, terminal) = greet(make("2.0.0"), keys: [.enter])
    #expect(outcome.decision == .welcomeBack(days: 40), "\(outcome.decision)")
    #expect(outcome.presented && outcome.exit == .done && outcome.pending == [])
    #expect(terminal?.shown.first?.contains("You were away 40 days.") == true)
    #expect(
      log.all.count == 1 && log.all.first?.hasSuffix("; the what's-new sheet is skipped") == true,
      "\(log.all)")
  }

  @Test func aWalkthroughNeverSeenSupersedesASheetRecordedWhileNotInteractive() {
    for v in ["1.0.0", "2.0.0"] {
      var quiet = greeter(v, env: ["CI": "true"])
      quiet.invocationOverride = nil
      _ = greet(quiet, keys: [])
    }
    #expect(store.state?.pending == [.onboarding(page: 0), .whatsNew(since: version("1.0.0"))])
    let (outcome, _) = greet(greeter("2.0.0"), keys: [.char("s")])
    #expect(outcome.decision == .onboarding(resumeAtPage: 0) && outcome.exit == .done)
    #expect(outcome.pending == [], "the tour of 2.0.0 replaces the notes of 1.1.0 and 2.0.0")
  }

  @Test func anInvalidVersionRecordsNothingAndSaysSo() {
    let log = WarningSink()
    var greeter = greeter("two")
    greeter.warn = log.sink
    let (outcome, terminal) = greet(greeter, keys: [])
    #expect(outcome.launch == nil && terminal == nil && store.state == nil)
    #expect(log.all == [#"invalid app version "two"; nothing recorded"#])
  }
}

struct StepFailure: Error, CustomStringConvertible {
  var description: String { "disk full" }
}

final class WarningSink: Sendable {
  private let lines = Mutex<[String]>([])
  var sink: @Sendable (String) -> Void { { line in self.lines.withLock { $0.append(line) } } }
  var all: [String] { lines.withLock { $0 } }
}
