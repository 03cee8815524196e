import CursesTerminal
import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TerminalRendering

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The stages of `greet()`, in the order a launch goes through them. Each takes what the
// stages before it produced and returns what the next ones need; problems go to the launch's
// `ProblemLog`, never out as errors.

/// Who is launching and how: what every stage after ``LaunchGreeter/identify(_:_:)`` starts
/// from.
struct LaunchContext {
  /// The environment the launch reads.
  let environment: [String: String]
  /// The version the launch runs as (`<PREFIX>_PRETEND_VERSION` or the app's).
  let version: AppVersion
  /// The launch's clock.
  let now: @Sendable () -> Date
  /// Where the launch is recorded.
  let store: any LaunchStore
  /// The tracker over ``store``.
  let tracker: LaunchTracker
  /// Whether a person is at the terminal, and the app's deep link.
  let invocation: Invocation
  /// Where every stage puts its problem lines.
  let problems: ProblemLog
  /// The administrator's policy for the app (read only for an interactive launch).
  var policy = GreeterPolicy()
  /// Whether keys were waiting on the terminal when the launch began (typed ahead for the
  /// shell): then no terminal is opened and nothing reads them (``LaunchGreeter/leaveForTheShell(_:_:)``).
  var keysTypedAhead = false
}

/// The terminal a launch opens on first need (an update step's progress, or a presentation),
/// at most once, and never when nobody would see it.
final class TerminalOnDemand {
  /// Whether a terminal may be opened at all.
  let allowed: Bool
  private let open: () -> (any GreetingTerminal)?
  private var tried = false
  /// The terminal, once one was opened.
  private(set) var opened: (any GreetingTerminal)?

  /// A terminal `open` makes when first asked for, if `allowed`.
  init(allowed: Bool, open: @escaping () -> (any GreetingTerminal)?) {
    self.allowed = allowed
    self.open = open
  }

  /// The terminal, opened on the first call; nil when not allowed or it cannot be opened.
  func get() -> (any GreetingTerminal)? {
    guard allowed else { return nil }
    if !tried {
      tried = true
      opened = open()
    }
    return opened
  }

  /// Gives the terminal back, if one was opened.
  func close() { opened?.close() }
}

/// How recording the launch and running its update steps ended.
enum StepsEnd {
  /// The launch is recorded (or only read, when it cannot be written) and its steps ran.
  case recorded(LaunchRecord)
  /// Ctrl-C or a termination signal stopped the steps; the running one is retried next launch.
  case interrupted(LaunchRecord, UpdateInterrupt)
  /// The state could not be read; a problem line says why.
  case failed
}

/// What a launch decided to show, with the notes and rules the decision used.
struct LaunchDecision {
  /// The app's notes; nil when they cannot be read (``notesProblem`` says why).
  var catalog: ReleaseNotesCatalog?
  /// What the launch shows.
  var decision: PresentationDecision
  /// What stays pending once the decision is taken (a range counted as seen, a skip).
  var pending: [PendingPresentation]
  /// The what's-new rules the decision applied.
  var rules: WhatsNewRules
  /// The versions with notes, as the decision saw them (empty on a launch that shows nothing).
  var versions: [AppVersion]
  /// The problem with the notes that kept something from being shown.
  var notesProblem: String?
}

/// What the update feed says on this launch.
struct FeedLook: Equatable {
  /// One line for `--explain`; nil without a feed or on a launch that does not look at it.
  var explanation: String?
  /// The newer version the feed names.
  var available: AppVersion?
  /// The critical release the feed names that the running version lacks.
  var critical: AppVersion?
  /// The release to announce on this launch (recorded as announced already).
  var announce: FeedRelease?
  /// A card that was due but waits (a screen shown, the cooldown), and why.
  var heldBack: HeldBack?
  /// The command the card shows: the one for how the app was installed, else the feed's.
  var upgradeCommand: String?
}

/// What a launch shows besides its text, under the one-interruption budget: the update
/// feed's card, a tip or the "Get started" checklist (at most one of them), and what waits.
struct Interruption: Equatable {
  /// What the update feed says, with the card to show, if any.
  var feed = FeedLook()
  /// The tip to show, or why none is.
  var tip = TipChoice()
  /// The checklist to show, or where it stands.
  var checklist = ChecklistChoice()
}

/// How the user left the screens.
struct ScreensRun {
  /// What ended the terminal's loop.
  var end: GreeterTerminal.RunEnd
  /// The dismissal rules, as the user left them.
  var reducer: GreetingReducer
  /// Whether a screen reported Ctrl-C.
  var ctrlC: Bool
}

extension LaunchGreeter {
  // MARK: Identify

  /// The launch's identity: its version, clock, store and invocation; nil, with a problem
  /// line, when the app cannot be named (an invalid version, an app id that is no file name).
  func identify(_ env: [String: String], _ problems: ProblemLog) -> LaunchContext? {
    guard let version = launchedVersion(env, problems) else { return nil }
    if store == nil, let problem = StateLocation.problem(withAppID: app.id) {
      problems.add("\(problem); nothing recorded", kind: .settings)
      return nil
    }
    let now = clock ?? systemClock(env, problems)
    let store = resolvedStore(env, now: now, warn: { problems.add($0, kind: .state) })
    let tracker = LaunchTracker(
      appID: app.id, version: version, store: store, returningThresholdDays: returningAfterDays,
      isExistingInstall: isExistingInstall, now: now)
    let deepLink = openedNotes(problems).map { DeepLink(version: $0, scheme: app.id) }
    var invocation =
      invocationOverride.map { Invocation(nonInteractiveReason: $0.nonInteractiveReason, deepLink: deepLink) }
      ?? Invocation.current(environment: env, optOut: app.variable("NO_GREETING"), deepLink: deepLink)
    let policy = invocation.isInteractive ? readPolicy(env, problems) : GreeterPolicy()
    if let source = policy.greetingsOff { invocation.nonInteractiveReason = "greetings off: \(source)" }
    return LaunchContext(
      environment: env, version: version, now: now, store: store, tracker: tracker, invocation: invocation,
      problems: problems, policy: policy, keysTypedAhead: keysTypedAhead(invocation))
  }

  /// The administrator's policy for the app (``GreeterPolicy``), each file that is ignored one
  /// problem line. Read only on an interactive launch: one `open` per file when none is there.
  func readPolicy(_ env: [String: String], _ problems: ProblemLog) -> GreeterPolicy {
    let paths = GreeterPolicy.paths(
      environment: env, system: seams.systemPolicyPath ?? GreeterPolicy.systemPath)
    let read = GreeterPolicy.load(appID: app.id, paths: paths)
    for problem in read.problems { problems.add(problem, kind: .settings) }
    return read.policy
  }

  /// Whether keys are waiting on the terminal as the launch begins, looked at before anything
  /// reads it (``TypedAhead``): only on an interactive launch that is not a deep link (the app
  /// asked for those notes), and on the real terminal only when the invocation is the real one.
  func keysTypedAhead(_ invocation: Invocation) -> Bool {
    guard invocation.isInteractive, invocation.deepLink == nil else { return false }
    if let typed = seams.keysTypedAhead { return typed }
    return invocationOverride == nil && TypedAhead.isWaiting()
  }

  /// The version ``openNotes`` names; nil, with a problem line, when it is not one.
  func openedNotes(_ problems: ProblemLog) -> AppVersion? {
    guard let openNotes else { return nil }
    guard let version = AppVersion(openNotes) else {
      problems.add(
        "notes to open: \"\(openNotes)\" is not a version; the launch goes on without them", kind: .settings)
      return nil
    }
    return version
  }

  /// The terminal the launch may open on first need (an update step's progress, or a
  /// presentation): allowed only when a person is at the terminal or the app opens notes
  /// itself; opened with the greeter's colours and `NO_COLOR`, its problems (a theme query
  /// unanswered) going to the launch's log.
  func terminalOnDemand(
    _ context: LaunchContext, open: @escaping (GreeterColorMode, String?) -> (any GreetingTerminal)?
  ) -> TerminalOnDemand {
    let allowed =
      (context.invocation.isInteractive || context.invocation.deepLink != nil) && !context.keysTypedAhead
    return TerminalOnDemand(allowed: allowed) { [color] in
      let opened = open(color, context.environment["NO_COLOR"])
      for line in opened?.problems ?? [] { context.problems.add(line, kind: .terminal) }
      return opened
    }
  }

  // MARK: Record and run steps

  /// Records the launch and runs the app's update steps, their progress on `terminal`. Ctrl-C
  /// and termination signals stop a running step: the open terminal reports them; without one
  /// (no terminal will be opened: not interactive, or keys typed ahead), handlers watch for
  /// them while steps may run and the host's are put back after.
  func recordAndRunSteps(_ context: LaunchContext, terminal: TerminalOnDemand) -> StepsEnd {
    let steps = runnableSteps(context.problems)
    let watchesSignals = !steps.isEmpty && !terminal.allowed
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
      record = try context.tracker.recordLaunch(
        updateSteps: steps,
        progress: { progress in
          guard let screen = terminal.get() else { return }
          let running = progress.phase == .started || progress.phase == .stopping
          var shown = UpdateProgressScreen(
            appName: app.name, version: context.version, step: progress.index, total: progress.total,
            summary: progress.summary, completed: Double(running ? progress.index - 1 : progress.index),
            palette: screen.palette)
          shown.isStopping = progress.phase == .stopping
          screen.show(shown)
        },
        interrupt: {
          if let screen = terminal.opened { return screen.pollInterrupt() }
          guard watchesSignals, let signal = Signals.takePending() else { return nil }
          return UpdateInterrupt(signal: signal)
        })
    } catch {
      context.problems.add("cannot record the launch: \(error)", kind: .state)
      return .failed
    }
    if let interrupted = record.updates.interrupted ?? unseenSignal.map({ UpdateInterrupt(signal: $0) }) {
      return .interrupted(record, interrupted)
    }
    return .recorded(record)
  }

  /// The update steps that can run: one whose version is not one is left out, with a problem
  /// line.
  func runnableSteps(_ problems: ProblemLog) -> [UpdateStep] {
    updateSteps.filter { step in
      guard let text = step.unparsedVersion else { return true }
      problems.add("update step \"\(step.id)\": \"\(text)\" is not a version; not run", kind: .updateStep)
      return false
    }
  }

  // MARK: Decide

  /// What the launch calls for, from its record and the notes there are. A range of releases
  /// below the app's minimum importance is counted as seen here, on a recorded launch.
  func decide(_ record: LaunchRecord, _ context: LaunchContext) -> LaunchDecision {
    var decided = LaunchDecision(
      catalog: nil, decision: .nothing(reason: "the notes cannot be read"), pending: record.state.pending,
      rules: WhatsNewRules(
        state: record.state, now: record.launch.date, minimumImportance: minimumImportance),
      versions: [], notesProblem: nil)
    do {
      decided.catalog = try catalog(context.environment)
    } catch {
      decided.notesProblem = "\(error)"
      context.problems.add(GreeterProblem(error))
    }
    if let catalog = decided.catalog {
      decide(&decided, from: catalog, record, context)
    }
    decided.decision = vetoed(decided.decision, record: record, invocation: context.invocation)
    return decided
  }

  /// The app's notes for this user's languages and the app's channel.
  func catalog(_ env: [String: String]) throws(ReleaseNotesError) -> ReleaseNotesCatalog {
    try notes.catalog(
      origin: "\(app.name) notes", languages: languages ?? NotesLanguage.preferred(environment: env)
    ).with(audience: NotesAudience(channel: channel))
  }

  private func decide(
    _ decided: inout LaunchDecision, from catalog: ReleaseNotesCatalog, _ record: LaunchRecord,
    _ context: LaunchContext
  ) {
    let invocation = context.invocation
    // Only a what's-new sheet needs the list of versions (and its importance, when the app
    // asks for a minimum). A list that cannot be read is a problem, not an empty list.
    var index: VersionIndex?
    if record.state.pending(.whatsNew) != nil && (invocation.isInteractive || minimumImportance > .patch) {
      do {
        index = try catalog.index()
      } catch {
        context.problems.add(GreeterProblem(error, "the what's-new sheet stays pending"))
      }
    }
    decided.versions = invocation.isInteractive ? (index?.versions ?? []) : []
    decided.rules = whatsNewRules(
      record: record, now: record.launch.date, catalog: catalog, index: index, context.problems)
    decided.decision = PresentationDecision.decide(
      launch: record.launch, pending: record.state.pending, availableNotes: decided.versions,
      invocation: invocation, whatsNew: decided.rules)
    if record.isRecorded,
      let seen = PresentationDecision.rangeCountedAsSeen(
        launch: record.launch, pending: record.state.pending, availableNotes: decided.versions,
        invocation: invocation, whatsNew: decided.rules)
    {
      for problem in GreetingReducer.apply([.markDismissed(.whatsNew, upTo: seen)], to: context.tracker) {
        context.problems.add(problem, kind: .state)
      }
      if case .state(let state) = try? context.store.read() { decided.pending = state.pending }
    }
  }

  /// `decision`, unless the launch cannot remember what it shows: another launch holds the
  /// state lock (its update steps running, say: this one neither waits for it nor shows what
  /// it may be about to record as seen), or the state cannot be written. A deep link is
  /// shown either way.
  func vetoed(_ decision: PresentationDecision, record: LaunchRecord, invocation: Invocation)
    -> PresentationDecision
  {
    guard invocation.deepLink == nil else { return decision }
    if record.lockWasBusy {
      return .nothing(
        reason: "another launch of \(app.name) holds the state lock (its update steps may be running), "
          + "so this launch was neither recorded nor shown anything")
    }
    if !record.isRecorded, decision.isPresentation {
      return .nothing(
        reason: "the launch cannot be recorded (\(record.notRecordedReason ?? "read-only")), "
          + "so a presentation would return on every launch")
    }
    return decision
  }

  /// The what's-new rules of this launch: the user's switches from the state and, when the
  /// app asks for a minimum importance and a sheet is pending, the importance of the versions
  /// in the sheet's range (also on a launch that shows nothing, so the outcome can say what an
  /// interactive one would do).
  func whatsNewRules(
    record: LaunchRecord, now: Date, catalog: ReleaseNotesCatalog, index: VersionIndex?,
    _ problems: ProblemLog
  ) -> WhatsNewRules {
    var importance: [(version: AppVersion, importance: ReleaseImportance)] = []
    if minimumImportance > .patch, case .whatsNew(let since)? = record.state.pending(.whatsNew), let index {
      for v in PresentationDecision.notes(after: since, upTo: record.launch.to, in: index.versions) {
        do {
          importance.append((v, try catalog.effectiveImportance(of: v)))
        } catch {
          problems.add(GreeterProblem(error, "\(v) counts as a patch release"))
          importance.append((v, .patch))
        }
      }
    }
    return WhatsNewRules(
      state: record.state, now: now, minimumImportance: minimumImportance, importance: importance)
  }

  // MARK: Read text

  /// Reads the text the decision shows, before any terminal is opened; `decided` is updated
  /// when something is skipped (see ``readShown(_:catalog:record:versions:rules:_:)``). Nil
  /// when nothing will be shown.
  func readText(_ decided: inout LaunchDecision, record: LaunchRecord, _ context: LaunchContext)
    -> GreetingText?
  {
    guard let catalog = decided.catalog, decided.decision.isPresentation else { return nil }
    let read = readShown(
      decided.decision, catalog: catalog, record: record, versions: decided.versions, rules: decided.rules,
      context)
    decided.decision = read.decision
    if let pending = read.pending { decided.pending = pending }
    if read.text == nil, case .openNotes = read.decision, let problem = read.problem {
      decided.notesProblem = problem
    }
    return read.text
  }

  /// Reads the text `first` shows. A walkthrough, sheet or welcome-back card whose text is
  /// missing or cannot be used (what lint calls an error) is skipped and counted as seen, so it
  /// does not come back on every launch, and the next thing due is decided and read; a release
  /// or greeting left off a sheet is one problem line each. A missing `onboarding.md` or
  /// `welcome-back.md` is no problem (lint only warns: an app may do without those screens),
  /// only the reason nothing was shown; anything else skipped is one problem line. A deep
  /// link's notes that cannot be read are `problem`, and nothing is shown.
  func readShown(
    _ first: PresentationDecision, catalog: ReleaseNotesCatalog, record: LaunchRecord, versions: [AppVersion],
    rules: WhatsNewRules, _ context: LaunchContext
  ) -> (
    decision: PresentationDecision, text: GreetingText?, pending: [PendingPresentation]?, problem: String?
  ) {
    let problems = context.problems
    var decision = first
    var pending: [PendingPresentation]?
    var reasons: [String] = []
    func report(_ error: ReleaseNotesError, _ consequence: String) {
      switch error {
      case .missingFile, .onlyForOtherChannels:
        reasons.append("\(error): \(consequence)")
      default:
        problems.add(GreeterProblem(error, consequence))
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
        guard let skip = Self.skip(decision) else {
          problems.add(GreeterProblem(error))
          return (decision, nil, pending, "\(error)")
        }
        skipped = skip
        report(error, skipped.consequence)
      }
      let failed = GreetingReducer.apply(skipped.commands, to: context.tracker)
      for problem in failed { problems.add(problem, kind: .state) }
      guard failed.isEmpty, case .state(let state) = try? context.store.read() else { break }
      pending = state.pending
      decision = PresentationDecision.decide(
        launch: record.launch, pending: state.pending, availableNotes: versions,
        invocation: context.invocation,
        whatsNew: rules)
    }
    let reason = (reasons + [decision.reason ?? "nothing could be shown"]).joined(separator: "; ")
    return (.nothing(reason: reason), nil, pending, nil)
  }

  /// How a presentation whose text cannot be used is skipped: what the problem line says and
  /// what is recorded so it does not come back; nil for a deep link (or nothing), which is
  /// not skipped but not shown.
  static func skip(_ decision: PresentationDecision) -> (
    consequence: String, commands: [GreetingReducer.TrackerCommand]
  )? {
    switch decision {
    case .onboarding: ("the walkthrough is skipped", [.completeOnboarding])
    case .whatsNew: ("the what's-new sheet is skipped", [.markDismissed(.whatsNew, upTo: nil)])
    case .welcomeBack: ("the welcome-back card is skipped", [.markDismissed(.welcomeBack, upTo: nil)])
    case .openNotes, .nothing: nil
    }
  }

  // MARK: Feed

  /// Looks at the update feed: only on an interactive launch that is not a deep link; its
  /// card only when nothing else is shown and no tip or card was shown within the cooldown
  /// (``InterruptionBudget``), once per version (recorded before it is shown). A card for a
  /// critical release newer than the running version is exempt from the cooldown and comes
  /// back on every launch until the user runs that version.
  func lookAtFeed(_ record: LaunchRecord, _ context: LaunchContext, nothingElseShown: Bool) -> FeedLook {
    let invocation = context.invocation
    guard let feed, invocation.isInteractive, invocation.deepLink == nil, record.isRecorded else {
      return FeedLook()
    }
    let env = context.environment
    var looked = feed
    let source: String?
    switch feedSwitch(feed, context) {
    case .off(let why): return FeedLook(explanation: why)
    case .on(let url, let from):
      looked.url = url
      source = from
    }
    var check = FeedCheck(
      feed: looked,
      directory: StateLocation.directory(
        appID: app.id, stateDirectory: stateDirectory, variable: app.variable("STATE_DIR"), environment: env),
      running: context.version, now: record.launch.date)
    if let feedSpawn { check.spawn = feedSpawn }
    let result = GreeterFeed.isLocalFeedURL(looked.url) ? check.readLocalFeed() : check.run()
    for problem in result.problems { context.problems.add(problem, kind: .feed) }
    let (choice, detection) = chooseRelease(in: result, record, context)
    var look = FeedLook(
      explanation: ([FeedCheck.headline(choice, running: context.version)] + result.details
        + [source].compactMap { $0 })
        .joined(separator: "; "))
    if let detection {
      look.explanation =
        (look.explanation ?? "")
        + "; installed by \(detection.method?.rawValue ?? "unknown"): \(detection.reason)"
    }
    guard let available = choice.announce, let v = AppVersion(available.version) else { return look }
    look.available = v
    // A critical release the user lacks brings its card back on every launch until they run it.
    let critical = available.criticalVersion(above: context.version)
    look.critical = critical
    guard critical != nil || record.state.updateAnnounced.map({ $0 < v }) ?? true else { return look }
    look.upgradeCommand = feed.upgradeCommand
    if let installed = detection?.method, feed.managedBy.contains(installed) {
      look.explanation =
        (look.explanation ?? "") + "; \(installed.rawValue) updates \(app.name) (managed by), so no card"
      return look
    }
    if let installed = detection?.method, let command = feed.upgradeCommands[installed] {
      look.upgradeCommand = command
    }
    guard nothingElseShown else {
      look.heldBack = .item(.updateCard(version: v), .screenShown)
      return look
    }
    let budget = InterruptionBudget(cooldown: cooldown, lastTipOrCard: record.state.lastTipOrCardDate)
    if let until = budget.cooldownUntil(now: record.launch.date, exempt: critical != nil) {
      look.heldBack = .item(.updateCard(version: v), .cooldown(until: until))
      return look
    }
    if recordAnnouncement(of: v, context) { look.announce = available }
    return look
  }

  /// The release to announce of those the feed's cache holds, chosen for this install at
  /// this launch's time (``FeedSelection``) and its place in a phased rollout (drawn when a
  /// due release is phased), and how the app was installed. That is read only
  /// when a card may be due and it matters: for the upgrade command, a manager that updates
  /// the app, or the channel's version or delay.
  func chooseRelease(
    in result: FeedCheck.Outcome, _ record: LaunchRecord, _ context: LaunchContext
  ) -> (FeedSelection.Choice, InstallMethodDetector.Detection?) {
    var selection = FeedSelection(
      releases: result.cache?.releases ?? [], channels: result.cache?.channels ?? [:],
      running: context.version,
      now: record.launch.date)
    let announced = record.state.updateAnnounced
    let due = selection.candidates.contains { release in
      guard let version = AppVersion(release.version) else { return false }
      return release.critical != nil || announced.map { $0 < version } ?? true
    }
    selection.rolloutPlace = record.state.rolloutPlace
    guard due, let feed else { return (selection.choose(), nil) }
    if selection.needsRolloutPlace, selection.rolloutPlace == nil {
      // Drawn on the first need and kept with the state; none when it cannot be written.
      selection.rolloutPlace = try? LaunchTracker.rolloutPlace(in: context.store)
    }
    let detection = installMethod(of: feed, context.environment, needed: selection.needsInstall)
    selection.install = detection?.method
    return (selection.choose(), detection)
  }

  /// How the app was installed, when the app gave commands or managers to tell apart or the
  /// feed's channels or delay make it `needed` (nil otherwise: nothing is read).
  func installMethod(
    of feed: GreeterFeed, _ env: [String: String], needed: Bool = false
  ) -> InstallMethodDetector.Detection? {
    guard needed || !feed.upgradeCommands.isEmpty || !feed.managedBy.isEmpty else { return nil }
    let detector =
      seams.installDetector ?? InstallMethodDetector(fileSystem: SystemInstallFileSystem(), environment: env)
    return detector.detect(executable: feed.executablePath ?? Self.runningExecutable)
  }

  /// This process's executable (where `/proc/self/exe` leads, on Linux).
  static var runningExecutable: String {
    #if os(Linux)
      return SystemInstallFileSystem().resolved("/proc/self/exe") ?? "/proc/self/exe"
    #else
      return CommandLine.arguments.first ?? ""
    #endif
  }

  /// Records that `version` was announced, before its card is shown; false, with a problem
  /// line, when that cannot be written, also when the state turned read-only after the launch
  /// was recorded (another launch took the lock): the card is then not shown, as a tip or the
  /// checklist is not, since a card whose showing is not remembered would come back on every
  /// launch. The next launch that can record it shows it.
  func recordAnnouncement(of version: AppVersion, _ context: LaunchContext) -> Bool {
    do {
      try LaunchTracker.recordUpdateAnnounced(version, now: context.tracker.now(), in: context.store)
      return true
    } catch {
      context.problems.add(
        "cannot record the update card for \(version): \(error); it is not shown", kind: .state,
        version: version)
      return false
    }
  }

  // MARK: Present

  /// The one interruption a launch makes besides its text, in order of precedence: the update
  /// feed's card when no presentation was decided and no text is shown; else a tip when
  /// neither a screen (the text, a failed update step's) nor the card is shown; else the
  /// "Get started" checklist when nothing else is. Each is recorded as shown before it is
  /// shown, and not shown when that cannot be written (a problem line says why); one that is
  /// due but waits (something else shown, the cooldown) says why.
  func chooseInterruption(
    _ record: LaunchRecord, _ context: LaunchContext, decided: LaunchDecision, textShown: Bool,
    stepFailed: Bool
  ) -> Interruption {
    // Keys typed ahead: the launch interrupts with its one-line reminder at most.
    if context.keysTypedAhead {
      return Interruption(
        feed: FeedLook(explanation: feed.map { _ in "not looked at: keys were typed ahead" }))
    }
    let feed = lookAtFeed(
      record, context, nothingElseShown: !textShown && !decided.decision.isPresentation)
    let screenShown = textShown || stepFailed
    let cardShown = feed.announce != nil
    let tip = chooseTip(
      record, context, catalog: decided.catalog, screenShown: screenShown, cardShown: cardShown)
    let shown: HeldBack.Reason? =
      screenShown ? .screenShown : cardShown ? .updateCardShown : tip.tip != nil ? .tipShown : nil
    let checklist = chooseChecklist(record, context, catalog: decided.catalog, shown: shown)
    return Interruption(feed: feed, tip: tip, checklist: checklist)
  }

  /// Says why the text decided is not shown when no terminal was opened for it: keys typed
  /// ahead (the reason, and the one-line ``GreetOutcome/reminder`` printed where the app's
  /// output will not be garbled), else a terminal that could not be opened. Nothing is
  /// recorded either way, so the text stays pending and the next launch shows it.
  func leaveForTheShell(_ outcome: inout GreetOutcome, _ context: LaunchContext) {
    guard context.keysTypedAhead, let what = Self.reminded(outcome.decision) else {
      outcome.reason = "no terminal could be opened"
      return
    }
    outcome.reason =
      "keys were typed ahead (input was waiting), so \(what) did not open: "
      + "the keys are left for the shell, and it shows on the next launch"
    outcome.reminder = Sanitizer.sanitize(
      "\(app.name) \(context.version): \(what) shows on the next launch (keys were typed ahead)")
  }

  /// What the reminder calls the text `decision` shows; nil for nothing.
  static func reminded(_ decision: PresentationDecision) -> String? {
    switch decision {
    case .onboarding: "the walkthrough"
    case .whatsNew(let from, _, _, _): "what's new since \(from)"
    case .welcomeBack: "the welcome-back card"
    case .openNotes(let version): "the notes of \(version)"
    case .nothing: nil
    }
  }

  /// The screens a launch shows on `terminal`: the text read (or the feed's card, or the
  /// checklist) when the notes could be read, and a failed update step's screen above it (alone when nothing else
  /// is shown: the progress screen ends on it). Sets what the outcome says was shown.
  func screenStack(
    text: GreetingText?, announce: FeedRelease?, upgradeCommand: String? = nil,
    checklist: [OnboardingPage]? = nil,
    catalog: ReleaseNotesCatalog?, record: LaunchRecord,
    on terminal: any GreetingTerminal, _ context: LaunchContext, outcome: inout GreetOutcome
  ) -> ScreenStack {
    var stack = ScreenStack([], palette: terminal.palette)
    if let catalog {
      var screens = greetingScreens(
        catalog: catalog, on: terminal, versionsRun: record.state.versionHistory.map(\.version),
        context.environment)
      screens.events = record.state.events
      if let text {
        stack.push(screens.screen(for: text))
        outcome.presented = true
        outcome.reason = nil
      } else if let announce, let available = AppVersion(announce.version) {
        let critical = announce.criticalVersion(above: context.version)
        stack.push(
          UpdateAvailableScreen(
            appName: app.name, current: context.version, available: available, date: announce.date,
            upgradeCommand: upgradeCommand ?? feed?.upgradeCommand,
            critical: critical.map {
              UpdateAvailableScreen.Critical(version: $0, summary: announce.criticalSummary)
            },
            notes: announce.notes.isEmpty ? nil : screens.source(parsingLazily: announce.notes),
            criticalNotes: announce.criticalVersion(above: context.version) == nil
              ? nil : announce.criticalNotes.map { screens.source(parsingLazily: $0) },
            palette: terminal.palette))
        outcome.interruptionShown = .updateCard(version: available, critical: critical != nil)
        outcome.reason = nil
      } else if let checklist {
        stack.push(screens.checklist(pages: checklist))
        outcome.interruptionShown = .checklist
        outcome.reason = nil
      }
    }
    if let failure = record.updates.failed, context.invocation.isInteractive {
      stack.push(
        UpdateFailureScreen(
          appName: app.name, stepSummary: "\(failure.id) (\(failure.version))", message: failure.message,
          palette: terminal.palette))
    }
    return stack
  }

  /// The screen builder for `terminal`'s colours and this greeter's settings.
  func greetingScreens(
    catalog: ReleaseNotesCatalog, on terminal: any GreetingTerminal, versionsRun: [AppVersion],
    _ env: [String: String]
  ) -> GreetingScreens {
    var screens = GreetingScreens(
      catalog: catalog, appName: app.name, palette: terminal.palette, theme: terminal.theme)
    screens.minimumImportance = minimumImportance
    screens.hyperlinks = hyperlinks.decision(environment: env, isTerminal: true).on
    screens.versionsRun = versionsRun
    return screens
  }

  // MARK: Record dismissals

  /// Runs `stack` on `terminal` and records each dismissal as the user makes it: every
  /// effect goes through `reducer`, and the commands it returns (those `keep` lets through)
  /// to the tracker.
  func runScreens(
    _ stack: inout ScreenStack, on terminal: any GreetingTerminal, reducer: GreetingReducer,
    _ context: LaunchContext, keep: (GreetingReducer.TrackerCommand) -> Bool = { _ in true }
  ) -> ScreensRun {
    var reducer = reducer
    var ctrlC = false
    let end = terminal.run(&stack) { effect, _ in
      if effect == .interrupt { ctrlC = true }
      let commands = reducer.reduce(effect).filter(keep)
      for problem in GreetingReducer.apply(commands, to: context.tracker) {
        context.problems.add(problem, kind: .state)
      }
    }
    if case .signal(let signal) = end { reducer.interrupt(signal: signal) }
    return ScreensRun(end: end, reducer: reducer, ctrlC: ctrlC)
  }

  /// Sets how the user left, and what stays pending after what they dismissed.
  func finish(_ outcome: inout GreetOutcome, after run: ScreensRun, _ context: LaunchContext) {
    if outcome.announcedUpdate { outcome.exit = .done }
    // The checklist continued is `later` (it comes back while a step is not done); `x` is done.
    if outcome.showedChecklist { outcome.exit = run.reducer.exit ?? .later }
    if outcome.presented {
      outcome.exit = run.reducer.exit ?? .later
      if case .state(let state) = try? context.store.read() {
        outcome.pending = state.pending
        outcome.whatsNew.isOff = state.whatsNewOff
        outcome.whatsNew.hiddenUntil = state.whatsNewHiddenUntil
      }
    }
    // The user stopped the program: the exit says so, for ``interruptAction``.
    if case .signal(let signal) = run.end {
      outcome.exit = .interrupted(signal: signal)
    } else if run.ctrlC {
      outcome.exit = .interrupted(signal: nil)
    }
  }
}

extension GreetOutcome {
  /// The outcome of a launch that decided, before anything is shown.
  init(record: LaunchRecord, decided: LaunchDecision, shows: Bool) {
    self.init(
      launch: record.launch, launchCount: record.state.launchCount, decision: decided.decision,
      presented: false, exit: .nothingShown, pending: decided.pending, reason: decided.decision.reason,
      updates: record.updates, isRecorded: record.isRecorded, problems: [])
    notesProblem = decided.notesProblem
    lockWasBusy = record.lockWasBusy
    whatsNew = decided.rules
    if !shows, case .openNotes = decided.decision { reason = "the notes cannot be shown" }
  }

  /// Says what `interruption` chose: the feed's versions and `--explain` line, the tip, where
  /// the checklist stands, and what waits (the card's, the tip's, then the checklist's).
  mutating func note(_ interruption: Interruption) {
    feedExplanation = interruption.feed.explanation
    availableVersion = interruption.feed.available
    criticalVersion = interruption.feed.critical
    tipsOff = interruption.tip.off
    tip = interruption.tip.tip.map { Tip($0, isFirstShowing: interruption.tip.isFirstShowing) }
    checklist = interruption.checklist.status
    heldBack += [interruption.feed.heldBack, interruption.tip.heldBack, interruption.checklist.heldBack]
      .compactMap { $0 }
    heldBack += interruption.tip.muted.map { .item(.tip(id: $0), .muted) }
  }

  /// The outcome of a launch whose update steps were interrupted: nothing is shown.
  static func interruptedDuringSteps(_ record: LaunchRecord, signal: Int32?, problems: [GreeterProblem])
    -> GreetOutcome
  {
    GreetOutcome(
      launch: record.launch, launchCount: record.state.launchCount,
      decision: .nothing(reason: "the update steps were interrupted"), presented: false,
      exit: .interrupted(signal: signal), pending: record.state.pending,
      reason: "the update steps were interrupted", updates: record.updates, isRecorded: record.isRecorded,
      problems: problems)
  }
}
