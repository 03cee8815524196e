import LaunchScreens
import LaunchTracking
import ReleaseNotes

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A screen an app shows on demand with ``LaunchGreeter/present(_:)-6ru61``: the walkthrough again,
/// the notes of one version or of a range, or the welcome-back card. Versions are written as
/// the app writes them (`"2.0.0"`, `"v2.0"`); one that is not a version is a problem line.
public struct GreeterScreen: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case walkthrough
    case notes(String)
    case range(from: String?, to: String?)
    case welcomeBack
    case checklist
  }

  let kind: Kind

  /// The walkthrough from its first page (`onboarding.md`).
  public static let walkthrough = GreeterScreen(kind: .walkthrough)

  /// The welcome-back card (`welcome-back.md`), for the days away of the last recorded launch.
  public static let welcomeBack = GreeterScreen(kind: .welcomeBack)

  /// The "Get started" checklist (see ``GreeterInterruptions/checklist``), whatever the launch's
  /// budget says and also once the user dismissed it: each walkthrough page with a
  /// `done-when:` event, ticked once done. `x` on it still dismisses it for launches. A
  /// walkthrough without such a page is a problem line, and nothing is shown.
  public static let checklist = GreeterScreen(kind: .checklist)

  /// The notes of one version.
  public static func notes(_ version: String) -> GreeterScreen { GreeterScreen(kind: .notes(version)) }

  /// The what's-new sheet for every release after `from` (nil: from the oldest) up to `to`
  /// (nil: the version running), newest first, as an upgrade from `from` shows it.
  public static func notes(from: String?, to: String? = nil) -> GreeterScreen {
    GreeterScreen(kind: .range(from: from, to: to))
  }
}

/// What ``LaunchGreeter/present(_:)-6ru61`` shows and what it stands on: the launch's context
/// (nothing is recorded), the app's notes, the state as recorded, and the screen's text.
struct PreparedScreen {
  let context: LaunchContext
  let catalog: ReleaseNotesCatalog
  /// The state before the presentation; nil when none is recorded or it cannot be read.
  let state: LaunchState?
  let text: GreetingText
}

/// Why a presentation shows nothing before it reaches a terminal; its problem line is in the
/// launch's `ProblemLog` already.
struct PresentationFailed: Error, Equatable {
  /// The problem with the notes, for the outcome's `notesProblem`.
  var notesProblem: String?
}

extension LaunchGreeter {
  /// Shows `screen` now, for an app's own `--tour` or "what's new" command, and returns what
  /// happened. Nothing is recorded as a launch. The keys are the launch's, and so are the
  /// dismissal rules where they apply: finishing the walkthrough completes a pending one, closing
  /// a sheet with `q` marks its releases seen, `l` puts a pending sheet off, `x` turns the
  /// sheets off, closing the welcome-back card dismisses a pending one, `x` on the checklist
  /// dismisses it for launches (``GreetOutcome/Shown/checklist``). As with ``greet()-82lm6``,
  /// nothing is shown when the launch is not interactive (see ``LaunchGreeter``), every
  /// problem is one line for ``warn`` and in ``GreetOutcome/problems``, and Ctrl-C is
  /// delivered to the app again once the terminal is given back (``signals``).
  ///
  /// ```swift
  /// let greeter = LaunchGreeter(
  ///   app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
  ///   notes: .compiledIn(CompiledNotes.all))
  /// if CommandLine.arguments.contains("--tour") {
  ///   greeter.present(.walkthrough)
  /// } else if CommandLine.arguments.contains("--whats-new") {
  ///   greeter.present(.notes(from: "1.0.0"))  // every release after 1.0.0 up to 2.0.0
  /// } else {
  ///   greeter.greet()
  /// }
  /// ```
  @discardableResult
  public func present(_ screen: GreeterScreen) -> GreetOutcome {
    deliverInterruption(of: present(screen, terminal: openTerminal))
  }

  /// Shows `screen` now, as ``present(_:)-6ru61`` does, without blocking the caller's executor: for
  /// an `async` main or an `AsyncParsableCommand`'s subcommand (`await greeter.present(.walkthrough)`).
  /// The screen runs on a thread of its own while the calling task waits for the user to
  /// leave it.
  @discardableResult
  public func present(_ screen: GreeterScreen) async -> GreetOutcome {
    await Self.onAThreadOfItsOwn { [self] in
      deliverInterruption(of: present(screen, terminal: openTerminal))
    }
  }

  func present(
    _ screen: GreeterScreen, terminal open: @escaping (GreeterColorMode, String?) -> (any GreetingTerminal)?
  ) -> GreetOutcome {
    let problems = ProblemLog()
    var outcome = present(screen, terminal: open, problems: problems)
    outcome.problems = problems.all
    problems.flush(to: warn ?? defaultWarn)
    return outcome
  }

  /// A presentation, step by step: prepare it (the version, the notes, the recorded state and
  /// the text), stop where nothing may be shown (a launch that is not interactive, no
  /// terminal), run its screen with a launch's keys and dismissal rules, and say what that
  /// left.
  private func present(
    _ screen: GreeterScreen, terminal open: @escaping (GreeterColorMode, String?) -> (any GreetingTerminal)?,
    problems: ProblemLog
  ) -> GreetOutcome {
    let prepared: PreparedScreen
    do throws(PresentationFailed) {
      prepared = try prepare(screen, problems)
    } catch {
      return .failed(problems.all, notesProblem: error.notesProblem)
    }
    var outcome = GreetOutcome(presenting: prepared)
    if let why = prepared.context.invocation.nonInteractiveReason {
      outcome.reason = "not interactive (\(why))"
      return outcome
    }
    guard let terminal = open(color, prepared.context.environment["NO_COLOR"]) else {
      outcome.reason = "no terminal could be opened"
      return outcome
    }
    outcome.themeChoice = terminal.themeChoice
    for line in terminal.problems { problems.add(line, kind: .terminal) }
    let run = runPresentation(prepared, on: terminal)
    terminal.close()
    finishPresentation(&outcome, after: run, prepared)
    return outcome
  }

  /// What `screen` shows, read as a launch reads it: the version running, the app's notes,
  /// the state as recorded (a presentation records nothing) and the text, each section it
  /// leaves off a problem line. It fails, with one problem line, when the version, the notes
  /// or a version the screen names cannot be used.
  func prepare(_ screen: GreeterScreen, _ problems: ProblemLog) throws(PresentationFailed) -> PreparedScreen {
    let env = environment ?? ProcessEnvironment.current()
    guard let version = launchedVersion(env, problems) else { throw PresentationFailed() }
    let catalog: ReleaseNotesCatalog
    do throws(ReleaseNotesError) {
      catalog = try self.catalog(env)
    } catch {
      problems.add(GreeterProblem(error))
      throw PresentationFailed(notesProblem: "\(error)")
    }
    let context = presentationContext(env, version: version, problems)
    var state: LaunchState?
    if case .state(let read)? = try? context.store.read() { state = read }
    // What the screen stands for, so that its keys and dismissals are a launch's.
    let read: GreetingText?
    do throws(ReleaseNotesError) {
      read = try readText(of: screen, from: catalog, state: state, context)
    } catch {
      problems.add(GreeterProblem(error, "nothing shown"))
      throw PresentationFailed(notesProblem: "\(error)")
    }
    guard let text = read else { throw PresentationFailed() }
    for error in text.skipped { problems.add(GreeterProblem(error, "left off the what's-new sheet")) }
    return PreparedScreen(context: context, catalog: catalog, state: state, text: text)
  }

  /// The context a presentation runs in: a launch's clock, store, tracker and invocation, but
  /// no deep link (the app asked for this screen itself) and no check of the app's id.
  func presentationContext(_ env: [String: String], version: AppVersion, _ problems: ProblemLog)
    -> LaunchContext
  {
    let now = clock ?? systemClock(env, problems)
    let store = resolvedStore(env, now: now, warn: { problems.add($0, kind: .state) })
    return LaunchContext(
      environment: env, version: version, now: now, store: store,
      tracker: LaunchTracker(
        appID: app.id, version: version, store: store, returningThresholdDays: returningAfterDays, now: now),
      invocation: invocationOverride
        ?? Invocation.current(environment: env, optOut: app.variable("NO_GREETING")),
      problems: problems)
  }

  /// Runs the presentation's screen on `terminal` with a launch's keys and dismissal rules,
  /// recording each dismissal as it happens (those ``presentationKeeps(_:onboardingPending:)``
  /// lets through).
  func runPresentation(_ prepared: PreparedScreen, on terminal: any GreetingTerminal) -> ScreensRun {
    let state = prepared.state
    var screens = greetingScreens(
      catalog: prepared.catalog, on: terminal, versionsRun: state?.versionHistory.map(\.version) ?? [],
      prepared.context.environment)
    screens.events = state?.events ?? UsageEvents()
    var stack = ScreenStack([screens.screen(for: prepared.text)], palette: terminal.palette)
    let onboardingPending = state?.pending(.onboarding) != nil
    return runScreens(
      &stack, on: terminal,
      reducer: GreetingReducer(decision: prepared.text.decision, isRecorded: state != nil),
      prepared.context,
      keep: { Self.presentationKeeps($0, onboardingPending: onboardingPending) })
  }

  /// Whether a presentation carries out `command`: every dismissal a launch records, except
  /// that finishing the walkthrough completes it only when one is pending (completing drops
  /// what else is pending).
  static func presentationKeeps(_ command: GreetingReducer.TrackerCommand, onboardingPending: Bool) -> Bool {
    command != .completeOnboarding || onboardingPending
  }

  /// Says how the presentation ended and what it left: the checklist is a card, as on a
  /// launch (``GreetOutcome/Shown/checklist``), any other screen was presented; the exit is
  /// the reducer's (`later` when the user just left); what is pending and the what's-new
  /// rules are read back from the state the dismissals changed.
  func finishPresentation(_ outcome: inout GreetOutcome, after run: ScreensRun, _ prepared: PreparedScreen) {
    if case .checklist = prepared.text.content {
      outcome.interruptionShown = .checklist
    } else {
      outcome.presented = true
    }
    outcome.exit = run.reducer.exit ?? .later
    if case .state(let after)? = try? prepared.context.store.read() {
      outcome.pending = after.pending
      outcome.whatsNew = WhatsNewRules(
        state: after, now: prepared.context.now(), minimumImportance: minimumImportance)
    }
  }

  /// The text `screen` shows; nil, with a problem line, when a version it names is not one.
  func readText(
    of screen: GreeterScreen, from catalog: ReleaseNotesCatalog, state: LaunchState?, _ context: LaunchContext
  ) throws(ReleaseNotesError) -> GreetingText? {
    func parse(_ text: String) -> AppVersion? {
      guard let parsed = AppVersion(text) else {
        context.problems.add("\"\(text)\" is not a version; nothing shown", kind: .settings)
        return nil
      }
      return parsed
    }
    switch screen.kind {
    case .walkthrough:
      return try GreetingText.read(.onboarding(resumeAtPage: 0), from: catalog).orNothing()
    case .notes(let written):
      guard let shown = parse(written) else { return nil }
      return try GreetingText.read(.openNotes(shown), from: catalog).orNothing()
    case .range(let from, let to):
      var since: AppVersion?
      if let from { guard let parsed = parse(from) else { return nil }; since = parsed }
      var upTo = context.version
      if let to { guard let parsed = parse(to) else { return nil }; upTo = parsed }
      if let since, since > upTo { throw .invalidRange(from: since, to: upTo) }
      return try GreetingText.sheet(
        since: since, upTo: upTo, welcomeBackDays: nil, catalog: catalog, minimum: minimumImportance)
    case .checklist:
      guard let pages = checklistPages(catalog, context.problems) else {
        context.problems.add(
          "no walkthrough page has a done-when: event, so the checklist is empty; nothing shown", kind: .notes
        )
        return nil
      }
      return GreetingText(decision: .nothing(reason: "the checklist"), content: .checklist(pages: pages))
    case .welcomeBack:
      var days = state?.lastLaunch.daysAway ?? 0
      if case .welcomeBack(let pending)? = state?.pending(.welcomeBack) { days = pending }
      return try GreetingText.read(.welcomeBack(days: days), from: catalog).orNothing()
    }
  }
}

extension GreetOutcome {
  /// The outcome of a presentation before its screen runs: the launch and what is pending as
  /// recorded, the decision its text stands for, nothing shown yet.
  init(presenting prepared: PreparedScreen) {
    let state = prepared.state
    self.init(
      launch: state?.lastLaunch, launchCount: state?.launchCount ?? 0, decision: prepared.text.decision,
      presented: false, exit: .nothingShown, pending: state?.pending ?? [], reason: nil,
      updates: UpdateRunReport(), isRecorded: state != nil, problems: [])
    isOnDemand = true
  }
}

extension Optional where Wrapped == GreetingText {
  /// The text read for a presentation, which is never nil for one that is not `.nothing`.
  fileprivate func orNothing() throws(ReleaseNotesError) -> GreetingText {
    guard let self else { throw .noReleaseNotes(directory: "") }
    return self
  }
}
