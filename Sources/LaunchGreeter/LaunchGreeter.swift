import CursesTerminal
import Dispatch
import LaunchScreens
import LaunchTracking
import ReleaseNotes
import Synchronization
import TerminalRendering

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Greets an app's users at start-up: the walkthrough on a first launch, the what's-new sheet
/// after an upgrade (every release the user skipped), a welcome-back card after a long
/// absence, in one call.
///
/// ```swift
/// import LaunchGreeter
///
/// let greeter = LaunchGreeter(
///   app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
///   notes: .compiledIn(CompiledNotes.all))
/// let outcome = greeter.greet()
/// // ... the app's own work
/// ```
///
/// ``greet()-82lm6`` records the launch in the app's state file, runs the app's
/// ``updateSteps`` (showing their progress), decides what the launch calls for, presents it
/// when a person is at the terminal, records each dismissal, gives the terminal back as it
/// found it and returns a ``GreetOutcome``. It never exits or throws: every problem is one
/// line passed to ``warn`` (and kept in ``GreetOutcome/problems``), and the app goes on. Ctrl-C
/// does what it would have done without the greeter: once the terminal is given back, the
/// interrupt is delivered again (``signals``), so an app with the default action ends
/// as interrupted and one with its own SIGINT handler gets it. A failed update step is in
/// ``GreetOutcome/updates`` (and shown on screen); it is retried on the next launch.
///
/// Nothing is shown, and everything stays pending for the next interactive launch, when
/// standard input or output is not a terminal, `CI` or a coding agent's variable
/// (`AI_AGENT`, `CLAUDECODE`, `CODEX_SANDBOX`, `CODEX_THREAD_ID`, `GEMINI_CLI`,
/// `CURSOR_AGENT`) is set (not `0`/`false`), `TERM` is `dumb`, `WHATSNEW_DISABLE=1` (every app built on this package) or
/// `<PREFIX>_NO_GREETING=1` (this app, see ``GreeterApp/environmentPrefix``).
///
/// Keys typed ahead are the shell's: when input is already waiting on the terminal as the
/// launch begins (the user typed `q` or Enter for their next command), nothing reads it and no
/// screen opens; the screen stays pending, ``GreetOutcome/reason`` says why, and one line on
/// standard error, printed when the process exits (after the app's output), says it shows on
/// the next launch. A screen that does open drops the keys of its first 150 ms.
///
/// Notes never break a launch. What is shown is read before the terminal is opened, and a
/// walkthrough, what's-new sheet or welcome-back card whose text is missing or breaks a rule
/// `whatsnew lint` calls an error (`NotesFile.errors`: a bad
/// `date:`, an empty file, ...) is skipped and counted as seen, so it does not come back on
/// every launch; the next thing due is shown instead. A release that cannot be used is left off
/// its sheet, and the rest shown. Each is one problem line, except a missing `onboarding.md` or
/// `welcome-back.md`: lint only warns about those (an app may do without the screen), so the
/// launch skips it quietly and ``GreetOutcome/reason`` says so.
///
/// An onboarding shown to a user who never saw one supersedes a what's-new recorded before it:
/// when the first launches were not interactive (a script, `CI`) and the app was upgraded
/// meanwhile, the first interactive launch shows the walkthrough of the current version, and
/// finishing or skipping it drops the pending sheet and welcome-back (a new user gets the tour,
/// not release notes).
public struct LaunchGreeter: Sendable {
  /// The app: id, name, version, variable prefix.
  public var app: GreeterApp
  /// Where its notes come from.
  public var notes: GreeterNotes
  /// One-time steps run on launch, in version order, each once (see ``UpdateStep``); a step
  /// whose version is not one is not run, with a problem line.
  public var updateSteps: [UpdateStep] = []
  /// The state directory; nil: `<PREFIX>_STATE_DIR`, else `$XDG_STATE_HOME/<id>`.
  public var stateDirectory: String?
  /// Asked on the first launch the greeter records: true when this user already used the
  /// app before it adopted the greeter (its config file exists, say). That launch is then an
  /// upgrade from an unknown version and shows the current version's notes instead of the
  /// walkthrough. Nil: every first launch is a new user.
  public var isExistingInstall: (@Sendable () -> Bool)?
  /// Show this version's notes instead of what the launch calls for (the app's own deep
  /// link), written as the app writes versions (`"2.0.0"`, `"v2.0"`); what is pending stays
  /// pending. Text that is not a version is a problem line, and the launch goes on as without.
  public var openNotes: String?
  /// Whose notes: the user's languages and the app's release channel.
  public var audience = GreeterAudience()
  /// The app's update feed, for the "a newer version is available" card, and how its users
  /// upgrade (see ``GreeterFeed``); nil: no card, nothing fetched.
  public var feed: GreeterFeed?
  /// Tips, the checklist, the minimum importance of a sheet, the cooldown between two
  /// interruptions and the absence that earns a welcome-back (see ``GreeterInterruptions``).
  ///
  /// ```swift
  /// greeter.interruptions.checklist = true
  /// if greeter.greet().shown == .checklist { /* the user saw how far they got */ }
  /// ```
  public var interruptions = GreeterInterruptions()
  /// Theme, colours, clickable links and the accessible mode (see ``GreeterAppearance``).
  public var appearance = GreeterAppearance()
  /// What Ctrl-C, a termination signal or a crash during the greeting does after the terminal
  /// is restored: deliver the signal again to the app (the default), or only report it in the
  /// outcome (see ``GreeterSignals``).
  ///
  /// ```swift
  /// greeter.signals.interrupt = .report
  /// if case .interrupted = greeter.greet().exit { return }  // the app handles Ctrl-C itself
  /// ```
  public var signals = GreeterSignals()
  /// Receives each problem as one line, after the terminal is given back; nil: standard
  /// error, prefixed with the app's name (`tally: warning: ...`).
  public var warn: (@Sendable (String) -> Void)?

  /// The command a tip's first showing names for hiding that tip, `{tip}` standing for its id
  /// (`whatsnew greet`'s and the wrappers' request sets it); nil: the line names
  /// `<PREFIX>_NO_TIPS=1`.
  package var tipOffCommand: String?

  /// What tests replace: see ``store``, ``clock`` and ``environment``.
  var seams = TestSeams()

  /// A greeter for `app` with its notes from `notes`.
  public init(app: GreeterApp, notes: GreeterNotes) {
    self.app = app
    self.notes = notes
  }

  /// Records this launch, presents what it calls for, and returns what happened.
  @discardableResult
  public func greet() -> GreetOutcome {
    deliverInterruption(of: greet(terminal: openTerminal))
  }

  /// Records this launch, presents what it calls for, and returns what happened, without
  /// blocking the caller's executor: for an `async` main or an `AsyncParsableCommand`.
  ///
  /// ```swift
  /// @main struct Tally: AsyncParsableCommand {
  ///   mutating func run() async throws {
  ///     let outcome = await greeter.greet()
  ///     // ... the app's own work
  ///   }
  /// }
  /// ```
  ///
  /// The greeting is the synchronous ``greet()-82lm6``'s, run on a thread of its own while the
  /// calling task waits for it: it waits for the user's keys and for the ``updateSteps``, whose
  /// `async` work runs in tasks of their own (Ctrl-C cancels them). Cancelling the calling
  /// task does not end the greeting: the user does.
  @discardableResult
  public func greet() async -> GreetOutcome {
    await Self.onAThreadOfItsOwn { [self] in deliverInterruption(of: greet(terminal: openTerminal)) }
  }

  /// Turns this app's what's-new sheets on or off for the user, the switch `x` on the sheet
  /// turns off: an app's own settings screen calls it to undo that. Returns false when no
  /// launch was recorded yet (there is nothing to change); throws when the state cannot be
  /// read or written.
  ///
  /// ```swift
  /// try greeter.setWhatsNew(enabled: true)  // "Show release notes after updates": on
  /// ```
  @discardableResult
  public func setWhatsNew(enabled: Bool) throws(GreeterProblem) -> Bool {
    try changeSetting { try LaunchTracker.setWhatsNew(enabled: enabled, in: $0) }
  }

  /// Turns tips on or off for the user, the switch `whatsnew settings tips off` and an app's
  /// "no more tips" key turn: returns false when no launch was recorded yet; throws when the
  /// state cannot be read or written.
  ///
  /// ```swift
  /// try greeter.setTips(enabled: false)  // the user pressed "no more tips"
  /// ```
  @discardableResult
  public func setTips(enabled: Bool) throws(GreeterProblem) -> Bool {
    try changeSetting { try LaunchTracker.setTips(enabled: enabled, in: $0) }
  }

  /// Brings the "Get started" checklist (``GreeterInterruptions/checklist``) back for the user, or dismisses it for
  /// good as `x` on it does: an app's own settings screen calls it. Returns false when no
  /// launch was recorded yet; throws when the state cannot be read or written.
  ///
  /// ```swift
  /// try greeter.setChecklist(enabled: true)  // "Show the Get started checklist": on
  /// ```
  @discardableResult
  public func setChecklist(enabled: Bool) throws(GreeterProblem) -> Bool {
    try changeSetting { try LaunchTracker.setChecklist(enabled: enabled, in: $0) }
  }

  /// Records that the user did `event` (`search`, `export.pdf`): a count and the last date
  /// per event name, in the app's state directory, for the tips and the walkthrough's steps
  /// done by doing. Nothing is sent anywhere. A subcommand that does not greet records with
  /// ``GreeterEvents`` instead, which this calls. Throws when `event` is not an event name or
  /// the state directory cannot be used; an app that does not mind ignores it.
  ///
  /// ```swift
  /// try? greeter.record("search")  // the user ran a search
  /// ```
  public func record(_ event: String) throws(GreeterProblem) {
    try GreeterEvents(self).record(event)
  }

  /// Changes one of the user's switches in the recorded state: false when no launch was
  /// recorded yet; a ``GreeterProblem`` of kind ``GreeterProblem/Kind/state`` when the state
  /// cannot be read or written.
  func changeSetting(_ change: (any LaunchStore) throws -> Bool) throws(GreeterProblem) -> Bool {
    do {
      return try change(resolvedStore(environment ?? ProcessEnvironment.current()))
    } catch {
      throw GreeterProblem("\(error)", kind: .state)
    }
  }

  // MARK: - Helpers

  /// What `body` returns, computed on a thread of its own while the calling task is suspended:
  /// a greeting blocks (the terminal's keys, the update steps), which an executor's thread
  /// must not.
  static func onAThreadOfItsOwn(_ body: @escaping @Sendable () -> GreetOutcome) async -> GreetOutcome {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { continuation.resume(returning: body()) }
    }
  }

  /// The greeter's test seams: what it reads from the system, for a test to replace.
  struct TestSeams {
    var store: (any LaunchStore)?
    var clock: (@Sendable () -> Date)?
    var environment: [String: String]?
    /// Starts a feed fetch; nil: `curl` in the background.
    var feedSpawn: (@Sendable (_ url: String, _ destination: String) -> String?)?
    /// The invocation to assume instead of asking the system.
    var invocation: Invocation?
    /// Whether standard error is a terminal, instead of asking the system.
    var stderrIsTerminal: Bool?
    /// Finds how the app was installed; nil: over the system's file system.
    var installDetector: InstallMethodDetector?
    /// Whether keys were typed ahead, instead of looking at the terminal.
    var keysTypedAhead: Bool?
    /// Where the reminder of a screen keys typed ahead kept from opening goes; nil: standard
    /// error, when the process exits.
    var remind: (@Sendable (String) -> Void)?
    /// The administrator's policy file; nil: `/etc/whatsnew/policy.json` (tests name another,
    /// which no variable can: a user cannot skip the administrator's file).
    var systemPolicyPath: String?
  }

  /// Starts a feed fetch; nil: `curl` in the background (tests replace it).
  var feedSpawn: (@Sendable (_ url: String, _ destination: String) -> String?)? {
    get { seams.feedSpawn }
    set { seams.feedSpawn = newValue }
  }

  /// The invocation to assume instead of asking the system (tests).
  var invocationOverride: Invocation? {
    get { seams.invocation }
    set { seams.invocation = newValue }
  }

  /// Carries out ``signals``' interrupt action for an interrupted greeting, once its terminal is closed
  /// and its problems are passed on: delivers the signal again (SIGINT for Ctrl-C) with
  /// `deliver`. Every public way in returns through here.
  func deliverInterruption(
    of outcome: GreetOutcome, deliver: (Int32) -> Void = { Signals.redeliver($0) }
  ) -> GreetOutcome {
    if interruptAction == .redeliver, case .interrupted(let signal) = outcome.exit {
      deliver(signal ?? SIGINT)
    }
    return outcome
  }

  /// The store the greeter records in: ``store``, else the app's state file.
  func resolvedStore(
    _ env: [String: String], now: @escaping @Sendable () -> Date = { Date() },
    warn: @escaping @Sendable (String) -> Void = { _ in }
  ) -> any LaunchStore {
    GreeterEvents(self).store(env, now: now, warn: warn)
  }

  /// Opens the terminal the greeting needs: the line-by-line one in the accessible mode, else
  /// ncurses.
  var openTerminal: (GreeterColorMode, String?) -> (any GreetingTerminal)? {
    let lines = accessible.isOn(environment: environment)
    let crashAction = crashAction
    let theme = theme
    let app = app
    let stateDirectory = stateDirectory
    let ownsState = store == nil
    let environment = environment
    return { color, noColor in
      if lines { return LineTerminal.open() }
      // Read when a screen is about to be shown, not on a launch that shows nothing.
      let env = environment ?? ProcessEnvironment.current()
      // Remembered where the greeter keeps the app's state (an app that passes its own store
      // and no directory remembers nothing).
      let memory =
        ownsState ? GreeterEvents(app: app, stateDirectory: stateDirectory).directory(env) : stateDirectory
      return GreeterTerminal.open(
        color: color, noColor: noColor, theme: theme, colorFGBG: env["COLORFGBG"],
        asking: BackgroundAsking(environment: env, memory: UnansweringTerminals(directory: memory)),
        crashAction: crashAction)
    }
  }

  func greet(terminal open: @escaping (GreeterColorMode, String?) -> (any GreetingTerminal)?) -> GreetOutcome
  {
    let problems = ProblemLog()
    var outcome = greet(terminal: open, problems: problems)
    // One place for every way out: the outcome holds each line `warn` is given, and `warn` is
    // given them after the terminal is back.
    outcome.problems = problems.all
    problems.flush(to: warn ?? defaultWarn)
    if let line = outcome.reminder { (seams.remind ?? { TipBlock.printAtExit(reminder: $0) })(line) }
    return outcome
  }

  /// Where the reminder of a screen keys typed ahead kept from opening (``GreetOutcome/reminder``)
  /// goes: nil, standard error when the process exits, after the app's output.
  package var remind: (@Sendable (String) -> Void)? {
    get { seams.remind }
    set { seams.remind = newValue }
  }

  /// One launch's greeting, stage by stage (each stage is a function of its own, in
  /// `LaunchGreeter+Stages.swift`, tested on its own): identify the launch, record it and run
  /// the update steps, decide what it calls for, read the text that shows, choose the one
  /// interruption besides it (the update card, a tip or the checklist), present, and record
  /// each dismissal as it happens.
  private func greet(
    terminal open: @escaping (GreeterColorMode, String?) -> (any GreetingTerminal)?, problems: ProblemLog
  ) -> GreetOutcome {
    // Identity and clock first: nothing is recorded for an app that cannot be named.
    guard let context = identify(environment ?? ProcessEnvironment.current(), problems) else {
      return .failed(problems.all)
    }
    // The terminal opens on first need: step progress, or a presentation.
    let terminal = terminalOnDemand(context, open: open)
    defer { terminal.close() }

    let record: LaunchRecord
    switch recordAndRunSteps(context, terminal: terminal) {
    case .failed: return .failed(problems.all)
    case .interrupted(let stopped, let interrupt):
      // The running step is recorded as failed and retried next launch; nothing is shown.
      terminal.close()
      return .interruptedDuringSteps(stopped, signal: interrupt.signal, problems: problems.all)
    case .recorded(let recorded): record = recorded
    }

    var decided = decide(record, context)
    // What is shown is read before the terminal is opened, so a presentation whose text
    // cannot be used is skipped while the terminal is still the app's.
    let text = readText(&decided, record: record, context)
    var outcome = GreetOutcome(record: record, decided: decided, shows: text != nil)
    // A step that failed ends the progress screen on the failure, whatever else is shown.
    let stepFailed = context.invocation.isInteractive && record.updates.failed != nil
    let interruption = chooseInterruption(
      record, context, decided: decided, textShown: text != nil, stepFailed: stepFailed)
    outcome.note(interruption)
    outcome.tip.map { deliver($0, context) }

    let shows = decided.catalog != nil && (text != nil || interruption.feed.announce != nil)
    guard shows || stepFailed || interruption.checklist.pages != nil, let screen = terminal.get()
    else {
      if text != nil { leaveForTheShell(&outcome, context) }
      return outcome
    }
    outcome.themeChoice = screen.themeChoice
    var stack = screenStack(
      text: text, announce: interruption.feed.announce, upgradeCommand: interruption.feed.upgradeCommand,
      checklist: interruption.checklist.pages,
      catalog: decided.catalog, record: record, on: screen, context,
      outcome: &outcome)
    let run = runScreens(
      &stack, on: screen,
      reducer: GreetingReducer(
        decision: outcome.presented ? decided.decision : .nothing(reason: ""), isRecorded: record.isRecorded),
      context)
    screen.close()
    finish(&outcome, after: run, context)
    return outcome
  }

  /// The version this launch runs as: `<PREFIX>_PRETEND_VERSION` when it is set to a version
  /// (QA: run as another version without rebuilding), else ``GreeterApp/version``; nil, with a
  /// problem line, when that is not a version.
  func launchedVersion(_ env: [String: String], _ problems: ProblemLog) -> AppVersion? {
    let variable = app.variable("PRETEND_VERSION")
    if let text = env[variable], !text.isEmpty {
      if let pretend = AppVersion(text) { return pretend }
      problems.add("\(variable)=\"\(text)\" is not a version; running as \(app.version)", kind: .settings)
    }
    guard let version = AppVersion(app.version) else {
      problems.add("invalid app version \"\(app.version)\"; nothing recorded", kind: .settings)
      return nil
    }
    return version
  }

  func systemClock(_ env: [String: String], _ problems: ProblemLog) -> @Sendable () -> Date {
    app.clock(env, problems)
  }

  var defaultWarn: @Sendable (String) -> Void {
    let name = app.name
    return { message in
      Platform.writeAll(STDERR_FILENO, Sanitizer.sanitize("\(name): \(message)") + "\n")
    }
  }
}

// MARK: - Test seams

/// Test seams: what the greeter otherwise reads from the system (the state file, the clock,
/// the environment), for a test to replace. An app leaves them nil; a test gives the greeter
/// an ``InMemoryLaunchStore``, a fixed clock and an environment, so it touches nothing on disk
/// and decides the same way on every run.
///
/// ```swift
/// greeter.store = InMemoryLaunchStore()
/// greeter.clock = { Date(timeIntervalSince1970: 1_780_000_000) }
/// greeter.environment = ["CI": "true"]  // nothing is shown
/// ```
extension LaunchGreeter {
  /// Test seam: the store the launch is recorded in; nil (an app): the app's state file.
  package var store: (any LaunchStore)? {
    get { seams.store }
    set { seams.store = newValue }
  }

  /// Test seam: the clock; nil (an app): `<PREFIX>_NOW` when set, else the system clock.
  package var clock: (@Sendable () -> Date)? {
    get { seams.clock }
    set { seams.clock = newValue }
  }

  /// Test seam: the environment to read; nil (an app): the process's.
  package var environment: [String: String]? {
    get { seams.environment }
    set { seams.environment = newValue }
  }
}

extension PresentationDecision {
  /// True for every decision but `nothing(reason:)`.
  package var isPresentation: Bool {
    if case .nothing = self { return false }
    return true
  }

  /// Why nothing is presented, for ``nothing(reason:)``.
  var reason: String? {
    if case .nothing(let reason) = self { return reason }
    return nil
  }
}

extension GreetOutcome {
  /// The outcome when the greeter could not start.
  static func failed(_ problems: [GreeterProblem], notesProblem: String? = nil) -> GreetOutcome {
    var outcome = GreetOutcome(
      launch: nil, launchCount: 0, decision: .nothing(reason: problems.first?.description ?? "failed"),
      presented: false,
      exit: .nothingShown, pending: [], reason: problems.first?.description, updates: UpdateRunReport(),
      isRecorded: false,
      problems: problems)
    outcome.notesProblem = notesProblem
    return outcome
  }
}

/// Problems met during a greeting, kept until the terminal is given back.
final class ProblemLog: Sendable {
  private let problems = Mutex<[GreeterProblem]>([])

  func add(_ problem: GreeterProblem) { problems.withLock { $0.append(problem) } }

  /// Adds the problem worded as `line`, about `kind` (and `version`, when one).
  func add(_ line: String, kind: GreeterProblem.Kind, version: AppVersion? = nil) {
    add(GreeterProblem(line, kind: kind, version: version))
  }

  var all: [GreeterProblem] { problems.withLock { $0 } }

  /// Each problem's line.
  var lines: [String] { all.map(\GreeterProblem.description) }

  func flush(to sink: @Sendable (String) -> Void) {
    for problem in all { sink(problem.description) }
  }
}
