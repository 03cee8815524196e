import LaunchTracking

/// What ``LaunchGreeter/greet()-82lm6`` did, for the app to act on: how the launch was classified
/// (``kind``), what was shown (``shown``), how the user left (``exit``, ``actionID``,
/// ``wasInterrupted``), what stays pending, a newer version the update feed names
/// (``availableVersion``) and the problems met on the way.
///
/// ```swift
/// greeter.signals.interrupt = .report  // else Ctrl-C is delivered to the app as SIGINT
/// let outcome = greeter.greet()
/// if case .interrupted = outcome.exit { return }  // the user pressed Ctrl-C
/// ```
public struct GreetOutcome: Sendable, Equatable {
  /// How the user left the presentation.
  public enum Exit: Sendable, Equatable {
    /// Nothing was shown (see ``GreetOutcome/reason``).
    case nothingShown
    /// The user finished what was shown: it is marked seen.
    case done
    /// The user closed it without finishing (a walkthrough closed early, a sheet put off):
    /// it stays pending and comes back on a later launch.
    case later
    /// Ctrl-C (`signal` nil) or a termination signal ended the greeting, also on the app's
    /// own screens after the presentation (the `whatsnew` demo): nothing not yet
    /// dismissed is marked seen. Unless ``GreeterSignals/interrupt`` is
    /// ``GreeterInterruptAction/report``, the signal (SIGINT for Ctrl-C) was delivered to the
    /// app again before ``LaunchGreeter/greet()-82lm6`` returned (this is seen only when the app
    /// handles or ignores it).
    case interrupted(signal: Int32?)
    /// The user chose one of a release's "try it" actions on the what's-new sheet (a key its
    /// notes' front matter names under `actions:`): the sheet is dismissed as with
    /// ``done``, and `id` is the action's id, for the app to run its own code for. Nothing
    /// from a notes file is ever run.
    case action(id: String)
  }

  /// What a launch showed, with what it showed: read with one `switch`.
  ///
  /// ```swift
  /// switch greeter.greet().shown {
  /// case .whatsNew(let versions)?: log("showed the notes of \(versions.count) releases")
  /// case .updateCard(let version, critical: true)?: log("asked to upgrade to \(version) now")
  /// case nil: break  // nothing was shown (outcome.reason says why)
  /// default: break
  /// }
  /// ```
  public enum Shown: Sendable, Equatable {
    /// The onboarding walkthrough (a first launch, or one resumed).
    case onboarding
    /// The what's-new sheet after an upgrade, with the releases it covered, newest first.
    case whatsNew(versions: [AppVersion])
    /// The welcome-back card after `daysAway` days without a launch.
    case welcomeBack(daysAway: Int)
    /// Notes the app asked for: a deep link (``LaunchGreeter/openNotes``) or
    /// ``LaunchGreeter/present(_:)-6ru61`` with ``GreeterScreen/notes(_:)`` or
    /// ``GreeterScreen/notes(from:to:)``, with the versions shown, newest first.
    case notes(versions: [AppVersion])
    /// The "a newer version is available" card for `version`; `critical` when the feed marks
    /// a release the running version lacks as critical.
    case updateCard(version: AppVersion, critical: Bool)
    /// The "Get started" checklist (``GreeterInterruptions/checklist``); ``GreetOutcome/exit``
    /// is ``Exit/done`` when the user dismissed it for good, ``Exit/later`` when they went on.
    case checklist
    /// A tip (`Notes/tips/*.md`), counted as shown: printed as ``GreeterInterruptions/tips``
    /// says, or for the app to show itself with ``GreeterTips/manual``.
    case tip(Tip)
  }

  /// What this launch showed; nil when nothing was (``reason`` says why). A launch shows at
  /// most one of these.
  public var shown: Shown? {
    if presented, let shown = Shown(decision, onDemand: isOnDemand) { return shown }
    if let interruptionShown { return interruptionShown }
    return tip.map { .tip($0) }
  }
  /// How the user left.
  public package(set) var exit: Exit
  /// How many launches of the app have been recorded, this one included.
  package var launchCount: Int
  /// What stays pending after this launch, for a later interactive one.
  public package(set) var pending: [PendingPresentation]
  /// Why nothing was shown, or nil when something was.
  public package(set) var reason: String?
  /// What the app's update steps did during this launch.
  public package(set) var updates: UpdateRunReport
  /// Whether the launch was written to the state file.
  public package(set) var isRecorded: Bool
  /// Problems the greeter met and went on past, each with what it concerns; their
  /// descriptions are the lines passed to the app's warning handler (``LaunchGreeter/warn``).
  public package(set) var problems: [GreeterProblem]
  /// The newer version the app's update feed (``LaunchGreeter/feed``) names, from its cache;
  /// nil without a feed, on a launch that does not check it, or when nothing is newer.
  public package(set) var availableVersion: AppVersion?
  /// The release the update feed marks critical (`importance: critical`) that the running
  /// version lacks, or nil: its card comes back on every launch until the app runs it or a
  /// newer version, so an app may also say so in its own words.
  public package(set) var criticalVersion: AppVersion?

  /// The launch as recorded (kind, from, to, days away); nil when the greeter could not
  /// start (an invalid app version or a bad notes source, see ``problems``).
  package var launch: LaunchState.LastLaunch?
  /// What the launch called for.
  package var decision: PresentationDecision
  /// Whether ``decision`` was put on screen.
  package var presented: Bool
  /// True for ``LaunchGreeter/present(_:)-6ru61``: a range of notes is ``Shown/notes(versions:)``.
  package var isOnDemand = false
  /// The update card or the checklist, when one was shown instead of a presentation (or what
  /// a ``GreeterMock`` says was shown).
  package var interruptionShown: Shown?
  /// The problem with the notes that kept something from being shown (a missing directory, a
  /// file that is not UTF-8), or nil.
  package var notesProblem: String?
  /// True when another launch of the app held the state lock for longer than about a second
  /// (its update steps running, say): this launch went on without being recorded, running
  /// steps or showing anything (``decision`` and ``problems`` say so).
  package var lockWasBusy = false
  /// The user's what's-new switches after this launch (off, put off until) and the app's
  /// minimum importance, as the launch applied them.
  package var whatsNew = WhatsNewRules()
  /// The tip this launch chose, counted as shown (``Shown/tip(_:)``), whatever else was shown.
  package var tip: Tip?
  /// What was due but held back by the one-interruption budget, and why (for `--explain`).
  package var heldBack: [HeldBack] = []
  /// Why tips are off on this launch, when they are (for `--explain`).
  package var tipsOff: TipsOff?
  /// Where the checklist stands on this launch, for an app that offers it (for `--explain`).
  package var checklist: ChecklistStatus?
  /// One line about the update feed for `whatsnew greet --explain` (what the cache holds, a
  /// fetch started, a download ignored and why); nil without a feed.
  package var feedExplanation: String?
  /// The theme the screens were drawn in and where it came from; nil when no screen was
  /// shown in colour.
  package var themeChoice: GreeterThemeChoice?
  /// The one line that stands in for a screen keys typed ahead kept from opening (it stays
  /// pending): `Tally 1.0.0: the walkthrough shows on the next launch (keys were typed ahead)`.
  package var reminder: String?

  /// How the launch was classified (first, upgrade, regular, ...); nil when the greeter
  /// could not start (see ``problems``).
  public var kind: LaunchKind? { launch?.kind }

  /// True when this launch showed the "a newer version is available" card.
  package var announcedUpdate: Bool {
    if case .updateCard? = interruptionShown { return true }
    return false
  }

  /// True when the "Get started" checklist was shown.
  package var showedChecklist: Bool { interruptionShown == .checklist }

  /// The id of the release's "try it" action the user chose on the sheet, for the app to run
  /// its own code for; nil when none was chosen (see ``Exit/action(id:)``).
  public var actionID: String? {
    if case .action(let id) = exit { return id }
    return nil
  }

  /// True when Ctrl-C or a termination signal ended the greeting or its update steps (see
  /// ``Exit/interrupted(signal:)``).
  public var wasInterrupted: Bool {
    if case .interrupted = exit { return true }
    return false
  }

  /// An outcome; the greeter makes these.
  package init(
    launch: LaunchState.LastLaunch?, launchCount: Int, decision: PresentationDecision, presented: Bool,
    exit: Exit, pending: [PendingPresentation], reason: String?, updates: UpdateRunReport, isRecorded: Bool,
    problems: [GreeterProblem]
  ) {
    self.launch = launch
    self.launchCount = launchCount
    self.decision = decision
    self.presented = presented
    self.exit = exit
    self.pending = pending
    self.reason = reason
    self.updates = updates
    self.isRecorded = isRecorded
    self.problems = problems
    self.notesProblem = nil
  }
}

extension GreetOutcome.Shown {
  /// What putting `decision` on screen showed; nil for `nothing`. On demand
  /// (``LaunchGreeter/present(_:)-6ru61``), a sheet of releases is the notes the app asked for.
  init?(_ decision: PresentationDecision, onDemand: Bool) {
    switch decision {
    case .onboarding: self = .onboarding
    case .whatsNew(_, _, let versions, _):
      self = onDemand ? .notes(versions: versions) : .whatsNew(versions: versions)
    case .welcomeBack(let days): self = .welcomeBack(daysAway: days)
    case .openNotes(let version): self = .notes(versions: [version])
    case .nothing: return nil
    }
  }
}

extension GreetOutcome {
  /// A tip a launch shows: its id, its text and whether the user sees it for the first time.
  public struct Tip: Sendable, Equatable {
    /// The tip's `id:`.
    public package(set) var id: String
    /// Its Markdown, as written in the user's language.
    public package(set) var markdown: String
    /// Its text without Markdown marks, one line per paragraph, for an app that prints it
    /// itself.
    public package(set) var text: String
    /// True on the tip's first showing: the greeter's block then says how to turn tips off
    /// (`<PREFIX>_NO_TIPS=1`), and an app showing it should too.
    public package(set) var isFirstShowing: Bool

    /// A tip; the greeter makes these, tests compare them.
    package init(id: String, markdown: String, text: String, isFirstShowing: Bool) {
      self.id = id
      self.markdown = markdown
      self.text = text
      self.isFirstShowing = isFirstShowing
    }
  }
}
