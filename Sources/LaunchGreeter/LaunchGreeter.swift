import CursesTerminal
import LaunchScreens
@_exported import LaunchTracking
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
/// ``greet()`` records the launch in the app's state file, runs the app's
/// ``updateSteps`` (showing their progress), decides what the launch calls for, presents it
/// when a person is at the terminal, records each dismissal, gives the terminal back as it
/// found it and returns a ``GreetOutcome``. It never exits or throws: every problem is one
/// line passed to ``warn`` (and kept in ``GreetOutcome/problems``), and the app goes on. Ctrl-C
/// does what it would have done without the greeter: once the terminal is given back, the
/// interrupt is delivered again (``interruptAction``), so an app with the default action ends
/// as interrupted and one with its own SIGINT handler gets it. A failed update step is in
/// ``GreetOutcome/updates`` (and shown on screen); it is retried on the next launch.
///
/// Nothing is shown, and everything stays pending for the next interactive launch, when
/// standard input or output is not a terminal, `CI` or a coding agent's variable
/// (`AI_AGENT`, `CLAUDECODE`, `CODEX_SANDBOX`, `CODEX_THREAD_ID`, `GEMINI_CLI`,
/// `CURSOR_AGENT`) is set (not `0`/`false`), `TERM` is `dumb`, `WHATSNEW_DISABLE=1` (every app built on this package) or
/// `<PREFIX>_NO_GREETING=1` (this app, see ``GreeterApp/variable(_:)``).
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
  /// Days of absence after which a launch earns a welcome-back.
  public var returningAfterDays = LaunchTracker.defaultReturningThresholdDays
  /// The state directory; nil: `<PREFIX>_STATE_DIR`, else `$XDG_STATE_HOME/<id>`.
  public var stateDirectory: String?
  /// Colours: `auto` honours `NO_COLOR`.
  public var color: GreeterColorMode = .auto
  /// The colours for the terminal's background: `auto` asks the terminal, else reads
  /// `COLORFGBG`, else dark (see ``GreeterTheme/auto``); any other theme asks nothing. Colours
  /// off draw in attributes only, whatever this says.
  public var theme: GreeterTheme = .auto
  /// Whether the notes' links are clickable (OSC 8 hyperlinks): `auto` where the terminal is
  /// known to support them, never in tmux, screen or Apple's Terminal (see
  /// ``GreeterHyperlinks``). The numbered references stay either way.
  ///
  /// ```swift
  /// greeter.hyperlinks = .never
  /// ```
  public var hyperlinks: GreeterHyperlinks = .auto
  /// Full screen, or plain lines for screen readers and terminal history: `auto` honours
  /// `ACCESSIBLE` (see ``GreeterAccessibleMode``).
  public var accessible: GreeterAccessibleMode = .auto
  /// What a crash while the greeting is on screen does after the terminal is restored.
  public var crashAction: GreeterCrashAction = .previousHandler
  /// What Ctrl-C or a termination signal during the greeting does after the terminal is
  /// restored: deliver it again to the app (the default), or only report it in the outcome.
  ///
  /// ```swift
  /// greeter.interruptAction = .report
  /// if case .interrupted = greeter.greet().exit { return }  // the app handles Ctrl-C itself
  /// ```
  public var interruptAction: GreeterInterruptAction = .redeliver
  /// Releases below this importance (front matter `importance:`, else the version bump) are
  /// listed by one line on the what's-new sheet, not shown in full; an upgrade with none at
  /// or above it shows nothing, and its releases count as seen. `.patch` (the default) shows
  /// every release in full.
  public var minimumImportance: ReleaseImportance = .patch
  /// Asked on the first launch the greeter records: true when this user already used the
  /// app before it adopted the greeter (its config file exists, say). That launch is then an
  /// upgrade from an unknown version and shows the current version's notes instead of the
  /// walkthrough. Nil: every first launch is a new user.
  public var isExistingInstall: (@Sendable () -> Bool)?
  /// Show this version's notes instead of what the launch calls for (the app's own deep
  /// link); what is pending stays pending.
  public var openNotes: AppVersion?
  /// The environment to read; nil: the process's.
  public var environment: [String: String]?
  /// The user's languages for translated notes, most preferred first (`fr`, `pt-BR`); nil:
  /// from ``environment`` (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`, see
  /// `NotesLanguage.preferred(environment:)`). An app with its own language setting passes it.
  public var languages: [String]?
  /// The app's release channel (`beta`, `nightly`), any case; nil or empty: none. Notes show
  /// their `<!-- only: beta -->` … `<!-- end only -->` blocks only on that channel (and their
  /// `<!-- only: linux -->` blocks only on that platform), and a release whose front matter
  /// says `channels: [beta]` is on the sheet only for an app on one of those channels.
  public var channel: String?
  /// The store; nil: the app's state file. Tests pass an ``InMemoryLaunchStore``.
  public var store: (any LaunchStore)?
  /// The clock; nil: `<PREFIX>_NOW` when set, else the system clock.
  public var clock: (@Sendable () -> Date)?
  /// Receives each problem as one line, after the terminal is given back; nil: standard
  /// error, prefixed with the app's name (`tally: warning: ...`).
  public var warn: (@Sendable (String) -> Void)?

  /// The app's update feed, for the "a newer version is available" card (see
  /// ``GreeterFeed``); nil: no card, nothing fetched.
  public var feed: GreeterFeed?

  /// Starts a feed fetch; nil: `curl` in the background (tests replace it).
  var feedSpawn: (@Sendable (_ url: String, _ destination: String) -> String?)?

  /// The invocation to assume instead of asking the system (tests).
  var invocationOverride: Invocation?

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

  /// Turns this app's what's-new sheets on or off for the user, the switch `x` on the sheet
  /// turns off: an app's own settings screen calls it to undo that. Returns false when no
  /// launch was recorded yet (there is nothing to change); throws when the state cannot be
  /// read or written.
  ///
  /// ```swift
  /// try greeter.setWhatsNew(enabled: true)  // "Show release notes after updates": on
  /// ```
  @discardableResult
  public func setWhatsNew(enabled: Bool) throws -> Bool {
    try LaunchTracker.setWhatsNew(
      enabled: enabled, in: resolvedStore(environment ?? ProcessEnvironment.current()))
  }

  // MARK: - Helpers

  /// Carries out ``interruptAction`` for an interrupted greeting, once its terminal is closed
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
    store
      ?? FileLaunchStore(
        directory: StateLocation.directory(
          appID: app.id, stateDirectory: stateDirectory, variable: app.variable("STATE_DIR"), environment: env
        ),
        appID: app.id, now: now, warn: warn)
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
        ownsState
        ? StateLocation.directory(
          appID: app.id, stateDirectory: stateDirectory, variable: app.variable("STATE_DIR"), environment: env
        )
        : stateDirectory
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
    return outcome
  }

  private func greet(
    terminal open: @escaping (GreeterColorMode, String?) -> (any GreetingTerminal)?, problems: ProblemLog
  ) -> GreetOutcome {
    let env = environment ?? ProcessEnvironment.current()

    // Identity and clock first: nothing is recorded for an app that cannot be named.
    guard let version = launchedVersion(env, problems) else { return .failed(problems.all) }
    if store == nil, let problem = StateLocation.problem(withAppID: app.id) {
      problems.add("\(problem); nothing recorded")
      return .failed(problems.all)
    }
    let now = clock ?? systemClock(env, problems)
    let store = resolvedStore(env, now: now, warn: { problems.add($0) })
    let tracker = LaunchTracker(
      appID: app.id, version: version, store: store, returningThresholdDays: returningAfterDays,
      isExistingInstall: isExistingInstall, now: now)
    let deepLink = openNotes.map { DeepLink(version: $0, scheme: app.id) }
    let invocation =
      invocationOverride.map { Invocation(nonInteractiveReason: $0.nonInteractiveReason, deepLink: deepLink) }
      ?? Invocation.current(environment: env, optOut: app.variable("NO_GREETING"), deepLink: deepLink)

    // The terminal opens on first need: step progress, or a presentation.
    var terminal: (any GreetingTerminal)?
    var triedTerminal = false
    func interactiveTerminal() -> (any GreetingTerminal)? {
      guard invocation.isInteractive || invocation.deepLink != nil else { return nil }
      if !triedTerminal {
        triedTerminal = true
        terminal = open(color, env["NO_COLOR"])
      }
      return terminal
    }
    defer { terminal?.close() }

    // Ctrl-C and termination signals stop a running step: the open terminal reports them;
    // without one (no terminal will be opened), handlers watch for them while steps may run
    // and the host's are put back after.
    let steps = updateSteps.filter { step in
      guard let text = step.unparsedVersion else { return true }
      problems.add("update step \"\(step.id)\": \"\(text)\" is not a version; not run")
      return false
    }
    let watchesSignals = !steps.isEmpty && !invocation.isInteractive && invocation.deepLink == nil
    if watchesSignals { Signals.installTerminationHandlers() }
    var unseenSignal: Int32?  // one that came when no step was running
    let record: LaunchRecord
    do {
      defer {
        if watchesSignals {
          unseenSignal = Signals.takePending()
          Signals.removeTerminationHandlers()
        }
      }
      record = try tracker.recordLaunch(
        updateSteps: steps,
        progress: { progress in
          guard let terminal = interactiveTerminal() else { return }
          let done = progress.phase == .started ? progress.index - 1 : progress.index
          terminal.show(
            UpdateProgressScreen(
              appName: app.name, version: version, step: progress.index, total: progress.total,
              summary: progress.summary, completed: Double(done), palette: terminal.palette))
        },
        interrupt: {
          if let terminal { return terminal.pollInterrupt() }
          guard watchesSignals, let signal = Signals.takePending() else { return nil }
          return UpdateInterrupt(signal: signal)
        })
    } catch {
      problems.add("cannot record the launch: \(error)")
      return .failed(problems.all)
    }
    if let interrupted = record.updates.interrupted ?? unseenSignal.map({ UpdateInterrupt(signal: $0) }) {
      // The running step is recorded as failed and retried next launch; nothing is shown.
      terminal?.close()
      return GreetOutcome(
        launch: record.launch, launchCount: record.state.launchCount,
        decision: .nothing(reason: "the update steps were interrupted"), presented: false,
        exit: .interrupted(signal: interrupted.signal), pending: record.state.pending,
        reason: "the update steps were interrupted", updates: record.updates, isRecorded: record.isRecorded,
        problems: problems.all)
    }

    var catalog: ReleaseNotesCatalog?
    var notesProblem: String?
    do {
      catalog = try notes.catalog(
        origin: "\(app.name) notes", languages: languages ?? NotesLanguage.preferred(environment: env)
      ).with(audience: NotesAudience(channel: channel))
    } catch {
      notesProblem = "\(error)"
      problems.add("\(error)")
    }
    var decision: PresentationDecision
    var pendingAfterDecision = record.state.pending
    var rules = WhatsNewRules(
      state: record.state, now: record.launch.date, minimumImportance: minimumImportance)
    var versions: [AppVersion] = []
    if let catalog {
      // Only a what's-new sheet needs the list of versions (and its importance, when the app
      // asks for a minimum). A list that cannot be read is a problem, not an empty list.
      var index: VersionIndex?
      if record.state.pending(.whatsNew) != nil && (invocation.isInteractive || minimumImportance > .patch) {
        do {
          index = try catalog.index()
        } catch {
          problems.add("\(error); the what's-new sheet stays pending")
        }
      }
      versions = invocation.isInteractive ? (index?.versions ?? []) : []
      rules = whatsNewRules(record: record, now: record.launch.date, catalog: catalog, index: index, problems)
      decision = PresentationDecision.decide(
        launch: record.launch, pending: record.state.pending, availableNotes: versions,
        invocation: invocation,
        whatsNew: rules)
      if record.isRecorded,
        let seen = PresentationDecision.rangeCountedAsSeen(
          launch: record.launch, pending: record.state.pending, availableNotes: versions,
          invocation: invocation,
          whatsNew: rules)
      {
        for problem in GreetingReducer.apply([.markDismissed(.whatsNew, upTo: seen)], to: tracker) {
          problems.add(problem)
        }
        if case .state(let state) = try? store.read() { pendingAfterDecision = state.pending }
      }
    } else {
      decision = .nothing(reason: "the notes cannot be read")
    }
    if record.lockWasBusy, invocation.deepLink == nil {
      // Another launch is inside the state (its update steps running, say): this one neither
      // waits for it nor shows what it may be about to record as seen.
      decision = .nothing(
        reason: "another launch of \(app.name) holds the state lock (its update steps may be running), "
          + "so this launch was neither recorded nor shown anything")
    } else if !record.isRecorded, decision.isPresentation, invocation.deepLink == nil {
      decision = .nothing(
        reason: "the launch cannot be recorded (\(record.notRecordedReason ?? "read-only")), "
          + "so a presentation would return on every launch")
    }
    // What is shown is read before the terminal is opened, so a presentation whose text
    // cannot be used is skipped while the terminal is still the app's.
    var text: GreetingText?
    if let catalog, decision.isPresentation {
      let read = readShown(
        decision, catalog: catalog, record: record, tracker: tracker, store: store, versions: versions,
        invocation: invocation, rules: rules, problems: problems)
      decision = read.decision
      text = read.text
      if let pending = read.pending { pendingAfterDecision = pending }
      if text == nil, case .openNotes = decision, let problem = read.problem { notesProblem = problem }
    }

    var outcome = GreetOutcome(
      launch: record.launch, launchCount: record.state.launchCount, decision: decision, presented: false,
      exit: .nothingShown, pending: pendingAfterDecision, reason: decision.reason, updates: record.updates,
      isRecorded: record.isRecorded, problems: [])
    outcome.notesProblem = notesProblem
    outcome.lockWasBusy = record.lockWasBusy
    outcome.whatsNew = rules

    if text == nil, case .openNotes = decision { outcome.reason = "the notes cannot be shown" }
    // The update feed: only on an interactive launch that is not a deep link; its card only
    // when nothing else is shown, once per version (recorded before it is shown).
    var announce: FeedRelease?
    if let feed, invocation.isInteractive, invocation.deepLink == nil, record.isRecorded {
      if env[app.variable("NO_UPDATE_CHECK")] == "1" {
        outcome.feedExplanation = "\(app.variable("NO_UPDATE_CHECK"))=1; not checked"
      } else {
        var check = FeedCheck(
          feed: feed,
          directory: StateLocation.directory(
            appID: app.id, stateDirectory: stateDirectory, variable: app.variable("STATE_DIR"),
            environment: env),
          running: version, now: record.launch.date)
        if let feedSpawn { check.spawn = feedSpawn }
        let result = check.run()
        outcome.feedExplanation = result.explanation
        if let available = result.available, let v = AppVersion(available.version) {
          outcome.availableVersion = v
          if text == nil, !decision.isPresentation, record.state.updateAnnounced.map({ $0 < v }) ?? true {
            do {
              try store.transaction { tx in
                guard var state = tx.state else { return }
                state.updateAnnounced = v
                tx.state = state
              }
              announce = available
            } catch {
              problems.add("cannot record the update announcement: \(error)")
            }
          }
        }
      }
    }
    guard let catalog, text != nil || announce != nil, let terminal = interactiveTerminal()
    else {
      if text != nil { outcome.reason = "no terminal could be opened" }
      return outcome
    }
    outcome.themeChoice = terminal.themeChoice
    var screens = GreetingScreens(
      catalog: catalog, appName: app.name, palette: terminal.palette, theme: terminal.theme)
    screens.minimumImportance = minimumImportance
    screens.hyperlinks = hyperlinks.decision(environment: env, isTerminal: true).on
    screens.versionsRun = record.state.versionHistory.map(\.version)
    var stack = ScreenStack([], palette: terminal.palette)
    if let text {
      stack.push(screens.screen(for: text))
      outcome.presented = true
      outcome.reason = nil
    } else if let announce, let available = AppVersion(announce.version) {
      stack.push(
        UpdateAvailableScreen(
          appName: app.name, current: version, available: available, date: announce.date,
          upgradeCommand: feed?.upgradeCommand,
          notes: announce.notes.isEmpty ? nil : screens.source(parsingLazily: announce.notes),
          palette: terminal.palette))
      outcome.announcedUpdate = true
      outcome.reason = nil
    }
    if let failure = record.updates.failed, invocation.isInteractive {
      stack.push(
        UpdateFailureScreen(
          appName: app.name, stepSummary: "\(failure.id) (\(failure.version))", message: failure.message,
          palette: terminal.palette))
    }

    var reducer = GreetingReducer(
      decision: outcome.presented ? decision : .nothing(reason: ""), isRecorded: record.isRecorded)
    var ctrlC = false
    let end = terminal.run(&stack) { effect, _ in
      if effect == .interrupt { ctrlC = true }
      for problem in GreetingReducer.apply(reducer.reduce(effect), to: tracker) { problems.add(problem) }
    }
    terminal.close()
    if case .signal(let signal) = end { reducer.interrupt(signal: signal) }
    if outcome.announcedUpdate { outcome.exit = .done }
    if outcome.presented {
      outcome.exit = reducer.exit ?? .later
      if case .state(let state) = try? store.read() {
        outcome.pending = state.pending
        outcome.whatsNew.isOff = state.whatsNewOff
        outcome.whatsNew.hiddenUntil = state.whatsNewHiddenUntil
      }
    }
    // The user stopped the program: the exit says so, for ``interruptAction``.
    if case .signal(let signal) = end {
      outcome.exit = .interrupted(signal: signal)
    } else if ctrlC {
      outcome.exit = .interrupted(signal: nil)
    }
    return outcome
  }

  /// Reads the text `first` shows. A walkthrough, sheet or welcome-back card whose text is
  /// missing or cannot be used (what lint calls an error) is skipped and counted as seen, so it
  /// does not come back on every launch, and the next thing due is decided and read; a release
  /// or greeting left off a sheet is one problem line each. A missing `onboarding.md` or
  /// `welcome-back.md` is no problem (lint only warns: an app may do without those screens),
  /// only the reason nothing was shown; anything else skipped is one problem line. A deep
  /// link's notes that cannot be read are `problem`, and nothing is shown.
  private func readShown(
    _ first: PresentationDecision, catalog: ReleaseNotesCatalog, record: LaunchRecord, tracker: LaunchTracker,
    store: any LaunchStore, versions: [AppVersion], invocation: Invocation, rules: WhatsNewRules,
    problems: ProblemLog
  ) -> (
    decision: PresentationDecision, text: GreetingText?, pending: [PendingPresentation]?, problem: String?
  ) {
    var decision = first
    var pending: [PendingPresentation]?
    var reasons: [String] = []
    func report(_ error: ReleaseNotesError, _ consequence: String) {
      switch error {
      case .missingFile, .onlyForOtherChannels:
        reasons.append("\(error): \(consequence)")
      default:
        problems.add("\(error); \(consequence)")
      }
    }
    // Each skip clears one kind of pending presentation, so this ends.
    for _ in 0...PendingPresentation.Kind.allCases.count {
      let skipped: (consequence: String, commands: [GreetingReducer.TrackerCommand])
      do {
        guard let text = try GreetingText.read(decision, from: catalog, minimumImportance: minimumImportance)
        else { break }
        for error in text.skipped { report(error, "left off the what's-new sheet") }
        if let error = text.greetingSkipped {
          report(error, "the sheet is shown without its welcome-back greeting")
        }
        return (text.decision, text, pending, nil)
      } catch {
        switch decision {
        case .onboarding: skipped = ("the walkthrough is skipped", [.completeOnboarding])
        case .whatsNew: skipped = ("the what's-new sheet is skipped", [.markDismissed(.whatsNew, upTo: nil)])
        case .welcomeBack:
          skipped = ("the welcome-back card is skipped", [.markDismissed(.welcomeBack, upTo: nil)])
        case .openNotes, .nothing:
          problems.add("\(error)")
          return (decision, nil, pending, "\(error)")
        }
        report(error, skipped.consequence)
      }
      let failed = GreetingReducer.apply(skipped.commands, to: tracker)
      for problem in failed { problems.add(problem) }
      guard failed.isEmpty, case .state(let state) = try? store.read() else { break }
      pending = state.pending
      decision = PresentationDecision.decide(
        launch: record.launch, pending: state.pending, availableNotes: versions, invocation: invocation,
        whatsNew: rules)
    }
    let reason = (reasons + [decision.reason ?? "nothing could be shown"]).listed(separator: "; ")
    return (.nothing(reason: reason), nil, pending, nil)
  }

  /// The what's-new rules of this launch: the user's switches from the state and, when the
  /// app asks for a minimum importance and a sheet is pending, the importance of the versions
  /// in the sheet's range (also on a launch that shows nothing, so the outcome can say what an
  /// interactive one would do).
  private func whatsNewRules(
    record: LaunchRecord, now: Date, catalog: ReleaseNotesCatalog, index: VersionIndex?,
    _ problems: ProblemLog
  ) -> WhatsNewRules {
    var importance: [(version: AppVersion, importance: ReleaseImportance)] = []
    if minimumImportance > .patch, case .whatsNew(let since)? = record.state.pending(.whatsNew), let index {
      for v in PresentationDecision.notes(after: since, upTo: record.launch.to, in: index.versions) {
        do {
          importance.append((v, try catalog.effectiveImportance(of: v)))
        } catch {
          problems.add("\(error); \(v) counts as a patch release")
          importance.append((v, .patch))
        }
      }
    }
    return WhatsNewRules(
      state: record.state, now: now, minimumImportance: minimumImportance, importance: importance)
  }

  /// The version this launch runs as: `<PREFIX>_PRETEND_VERSION` when it is set to a version
  /// (QA: run as another version without rebuilding), else ``GreeterApp/version``; nil, with a
  /// problem line, when that is not a version.
  func launchedVersion(_ env: [String: String], _ problems: ProblemLog) -> AppVersion? {
    let variable = app.variable("PRETEND_VERSION")
    if let text = env[variable], !text.isEmpty {
      if let pretend = AppVersion(text) { return pretend }
      problems.add("\(variable)=\"\(text)\" is not a version; running as \(app.version)")
    }
    guard let version = AppVersion(app.version) else {
      problems.add("invalid app version \"\(app.version)\"; nothing recorded")
      return nil
    }
    return version
  }

  func systemClock(_ env: [String: String], _ problems: ProblemLog) -> @Sendable () -> Date {
    let variable = app.variable("NOW")
    guard let text = env[variable], !text.isEmpty else { return { Date() } }
    guard let date = ProcessEnvironment.parseDate(text) else {
      problems.add("\(variable)=\"\(text)\" is not an ISO 8601 date-time; using the system clock")
      return { Date() }
    }
    return { date }
  }

  var defaultWarn: @Sendable (String) -> Void {
    let name = app.name
    return { message in
      Platform.writeAll(STDERR_FILENO, Sanitizer.sanitize("\(name): \(message)") + "\n")
    }
  }
}

extension PresentationDecision {
  /// True for every decision but `nothing(reason:)`.
  public var isPresentation: Bool {
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
  static func failed(_ problems: [String]) -> GreetOutcome {
    GreetOutcome(
      launch: nil, launchCount: 0, decision: .nothing(reason: problems.first ?? "failed"), presented: false,
      exit: .nothingShown, pending: [], reason: problems.first, updates: UpdateRunReport(), isRecorded: false,
      problems: problems)
  }
}

/// Problems met during a greeting, kept until the terminal is given back.
final class ProblemLog: Sendable {
  private let lines = Mutex<[String]>([])

  func add(_ line: String) { lines.withLock { $0.append(line) } }

  var all: [String] { lines.withLock { $0 } }

  func flush(to sink: @Sendable (String) -> Void) {
    for line in all { sink(line) }
  }
}
