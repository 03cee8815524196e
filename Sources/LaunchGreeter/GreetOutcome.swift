import LaunchTracking

/// What ``LaunchGreeter/greet()-82lm6`` did, for the app to act on: how the launch was classified
/// (``kind``), what was shown (``shown``), how the user left (``exit``, ``actionID``,
/// ``wasInterrupted``), what stays pending, a newer version the update feed names
/// (``availableVersion``) and the problems met on the way.
///
/// ```swift
/// greeter.interruptAction = .report  // else Ctrl-C is delivered to the app as SIGINT
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
    /// dismissed is marked seen. Unless ``LaunchGreeter/interruptAction`` is
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

  /// The launch as recorded (kind, from, to, days away); nil when the greeter could not
  /// start (an invalid app version or a bad notes source, see ``problems``).
  public var launch: LaunchState.LastLaunch?
  /// How many launches of the app have been recorded, this one included.
  public var launchCount: Int
  /// What the launch called for.
  public var decision: PresentationDecision
  /// Whether it was put on screen.
  public var presented: Bool
  /// How the user left.
  public var exit: Exit
  /// What stays pending after this launch.
  public var pending: [PendingPresentation]
  /// Why nothing was shown, or nil when something was.
  public var reason: String?
  /// What the app's update steps did during this launch.
  public var updates: UpdateRunReport
  /// Whether the launch was written to the state file.
  public var isRecorded: Bool
  /// Problems the greeter met and went on past, one line each (they were also passed to the
  /// app's warning handler).
  public var problems: [String]
  /// The problem with the notes that kept something from being shown (a missing directory, a
  /// file that is not UTF-8), or nil.
  public var notesProblem: String?
  /// True when another launch of the app held the state lock for longer than about a second
  /// (its update steps running, say): this launch went on without being recorded, running
  /// steps or showing anything (``decision`` and ``problems`` say so).
  public var lockWasBusy = false
  /// The user's what's-new switches after this launch (off, put off until) and the app's
  /// minimum importance, as the launch applied them.
  public var whatsNew = WhatsNewRules()
  /// The newer version the app's update feed (``LaunchGreeter/feed``) names, from its cache;
  /// nil without a feed, on a launch that does not check it, or when nothing is newer.
  public package(set) var availableVersion: AppVersion?
  /// The release the update feed marks critical (`importance: critical`) that the running
  /// version lacks, or nil: its card comes back on every launch until the app runs it or a
  /// newer version, so an app may also say so in its own words.
  public package(set) var criticalVersion: AppVersion?
  /// True when this launch showed the "a newer version is available" card.
  public var announcedUpdate = false
  /// True when the "Get started" checklist was shown (``LaunchGreeter/checklist``, or
  /// ``LaunchGreeter/present(_:)-6ru61`` with ``GreeterScreen/checklist``); ``exit`` is then
  /// ``Exit/done`` when the user dismissed it for good, ``Exit/later`` when they went on.
  public var showedChecklist = false
  /// The tip this launch chose (`Notes/tips/*.md`), counted as shown: printed as
  /// ``LaunchGreeter/tips`` says, or for the app to show with ``GreeterTips/manual``; nil when
  /// none was due, tips are off, or something else was shown.
  public var tip: Tip?
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

  /// How the launch was classified (first, upgrade, regular, ...); nil when the greeter
  /// could not start (see ``problems``).
  public var kind: LaunchKind? { launch?.kind }

  /// What was put on screen: the walkthrough, a what's-new sheet, a welcome-back card or a
  /// deep link's notes; nil when nothing was (``reason`` says why; the update card is
  /// ``announcedUpdate``, the checklist ``showedChecklist``).
  public var shown: PresentationDecision? { presented ? decision : nil }

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

  /// Creates an outcome; the greeter makes these, tests compare them.
  public init(
    launch: LaunchState.LastLaunch?, launchCount: Int, decision: PresentationDecision, presented: Bool,
    exit: Exit, pending: [PendingPresentation], reason: String?, updates: UpdateRunReport, isRecorded: Bool,
    problems: [String]
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

extension GreetOutcome {
  /// A tip a launch shows: its id, its text and whether the user sees it for the first time.
  public struct Tip: Sendable, Equatable {
    /// The tip's `id:`.
    public var id: String
    /// Its Markdown, as written in the user's language.
    public var markdown: String
    /// Its text without Markdown marks, one line per paragraph, for an app that prints it
    /// itself.
    public var text: String
    /// True on the tip's first showing: the greeter's block then says how to turn tips off
    /// (`<PREFIX>_NO_TIPS=1`), and an app showing it should too.
    public var isFirstShowing: Bool

    /// A tip; the greeter makes these, tests compare them.
    public init(id: String, markdown: String, text: String, isFirstShowing: Bool) {
      self.id = id
      self.markdown = markdown
      self.text = text
      self.isFirstShowing = isFirstShowing
    }
  }
}
