import LaunchTracking

/// What may interrupt the user besides the greeting a launch calls for, and how often: tips,
/// the "Get started" checklist, which releases earn the what's-new sheet, the cooldown between
/// two interruptions and the absence that earns a welcome-back.
///
/// A launch shows at most one of the walkthrough, the what's-new sheet, the welcome-back card,
/// the update card, a tip and the checklist, in that order, and nothing when no person is at
/// the terminal (no terminal, `CI`, an agent, an opt-out).
///
/// ```swift
/// greeter.interruptions.checklist = true
/// greeter.interruptions.cooldown = .seconds(3 * 86_400)  // a tip or card at most every three days
/// greeter.interruptions.minimumImportance = .minor      // patch releases get one line, not a sheet
/// ```
public struct GreeterInterruptions: Sendable {
  /// Where a due tip (`Notes/tips/*.md`) is shown: by default on standard error when the
  /// process exits, after the app's own output, and only when standard error is a terminal
  /// (see ``GreeterTips``). Tips are off when the user turned them off
  /// (``LaunchGreeter/setTips(enabled:)``) and with `<PREFIX>_NO_TIPS=1`.
  public var tips: GreeterTips
  /// Offers the "Get started" checklist (off by default): a card listing the walkthrough's
  /// pages that have a `done-when:` event in `onboarding.md`, each ticked once the user did it
  /// (``LaunchGreeter/record(_:)``, ``GreeterEvents``). It comes after the walkthrough was
  /// completed or skipped, while a step is not done and until the user presses `x` ("don't
  /// show this again"); `t` on it opens the walkthrough again. It is the last of the one
  /// interruption a launch shows, at most once per ``cooldown``. ``LaunchGreeter/present(_:)-6ru61``
  /// with ``GreeterScreen/checklist`` shows it whenever the app asks.
  public var checklist: Bool
  /// Releases below this importance (front matter `importance:`, else the version bump) are
  /// listed by one line on the what's-new sheet, not shown in full; an upgrade with none at
  /// or above it shows nothing, and its releases count as seen. `.patch` (the default) shows
  /// every release in full.
  public var minimumImportance: ReleaseImportance
  /// The least time between two tips, update cards or checklists (one day by default): after
  /// one is shown, the next waits.
  public var cooldown: Duration
  /// Days of absence after which a launch earns a welcome-back (30 by default).
  public var returningAfterDays: Int

  /// The interruptions a greeter makes; the defaults are the greeter's.
  package init(
    tips: GreeterTips = .atExit, checklist: Bool = false, minimumImportance: ReleaseImportance = .patch,
    cooldown: Duration = .seconds(86_400), returningAfterDays: Int = 30
  ) {
    self.tips = tips
    self.checklist = checklist
    self.minimumImportance = minimumImportance
    self.cooldown = cooldown
    self.returningAfterDays = returningAfterDays
  }
}

/// How the greeting looks: its colours and theme, clickable links, and the accessible mode.
///
/// ```swift
/// greeter.appearance.theme = .light
/// greeter.appearance.hyperlinks = .never
/// ```
public struct GreeterAppearance: Sendable, Equatable {
  /// The colours for the terminal's background: `auto` asks the terminal, else reads
  /// `COLORFGBG`, else dark (see ``GreeterTheme/auto``); any other theme asks nothing. Colours
  /// off draw in attributes only, whatever this says.
  public var theme: GreeterTheme
  /// Colours: `auto` honours `NO_COLOR`.
  public var color: GreeterColorMode
  /// Whether the notes' links are clickable (OSC 8 hyperlinks): `auto` where the terminal is
  /// known to support them, never in tmux, screen or Apple's Terminal (see
  /// ``GreeterHyperlinks``). The numbered references stay either way.
  public var hyperlinks: GreeterHyperlinks
  /// Full screen, or plain lines for screen readers and terminal history: `auto` honours
  /// `ACCESSIBLE` (see ``GreeterAccessibleMode``).
  public var accessible: GreeterAccessibleMode

  /// An appearance; every setting is `auto` by default.
  package init(
    theme: GreeterTheme = .auto, color: GreeterColorMode = .auto, hyperlinks: GreeterHyperlinks = .auto,
    accessible: GreeterAccessibleMode = .auto
  ) {
    self.theme = theme
    self.color = color
    self.hyperlinks = hyperlinks
    self.accessible = accessible
  }
}

/// What Ctrl-C, a termination signal or a crash while the greeting is on screen does once the
/// terminal is given back.
///
/// ```swift
/// greeter.signals.interrupt = .report
/// if case .interrupted = greeter.greet().exit { return }  // the app handles Ctrl-C itself
/// ```
public struct GreeterSignals: Sendable, Equatable {
  /// Ctrl-C or a termination signal: deliver it again to the app (the default), or only report
  /// it in the outcome (see ``GreeterInterruptAction``).
  public var interrupt: GreeterInterruptAction
  /// A crash: go on to the previous handler (the default) or die of the signal.
  public var crash: GreeterCrashAction

  /// The greeter's handling of signals; the defaults act as if the greeter were not there.
  package init(interrupt: GreeterInterruptAction = .redeliver, crash: GreeterCrashAction = .previousHandler) {
    self.interrupt = interrupt
    self.crash = crash
  }
}

/// Whose notes a launch shows: the user's languages and the app's release channel.
///
/// ```swift
/// greeter.audience.languages = ["fr"]  // the app's own language setting
/// greeter.audience.channel = "beta"
/// ```
public struct GreeterAudience: Sendable, Equatable {
  /// The user's languages for translated notes, most preferred first (`fr`, `pt-BR`); nil:
  /// from the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`). An app with its own
  /// language setting passes it.
  public var languages: [String]?
  /// The app's release channel (`beta`, `nightly`), any case; nil or empty: none. Notes show
  /// their `<!-- only: beta -->` … `<!-- end only -->` blocks only on that channel (and their
  /// `<!-- only: linux -->` blocks only on that platform), and a release whose front matter
  /// says `channels: [beta]` is on the sheet only for an app on one of those channels.
  public var channel: String?

  /// An audience; nil reads the languages from the environment, and no channel.
  package init(languages: [String]? = nil, channel: String? = nil) {
    self.languages = languages
    self.channel = channel
  }
}

// MARK: - The greeter's own shorthands

/// The grouped settings by their own names, for the greeter's stages and its tests.
extension LaunchGreeter {
  var tips: GreeterTips {
    get { interruptions.tips }
    set { interruptions.tips = newValue }
  }
  var checklist: Bool {
    get { interruptions.checklist }
    set { interruptions.checklist = newValue }
  }
  var minimumImportance: ReleaseImportance {
    get { interruptions.minimumImportance }
    set { interruptions.minimumImportance = newValue }
  }
  var cooldown: Duration {
    get { interruptions.cooldown }
    set { interruptions.cooldown = newValue }
  }
  var returningAfterDays: Int {
    get { interruptions.returningAfterDays }
    set { interruptions.returningAfterDays = newValue }
  }
  var theme: GreeterTheme {
    get { appearance.theme }
    set { appearance.theme = newValue }
  }
  var color: GreeterColorMode {
    get { appearance.color }
    set { appearance.color = newValue }
  }
  var hyperlinks: GreeterHyperlinks {
    get { appearance.hyperlinks }
    set { appearance.hyperlinks = newValue }
  }
  var accessible: GreeterAccessibleMode {
    get { appearance.accessible }
    set { appearance.accessible = newValue }
  }
  var interruptAction: GreeterInterruptAction {
    get { signals.interrupt }
    set { signals.interrupt = newValue }
  }
  var crashAction: GreeterCrashAction {
    get { signals.crash }
    set { signals.crash = newValue }
  }
  var languages: [String]? {
    get { audience.languages }
    set { audience.languages = newValue }
  }
  var channel: String? {
    get { audience.channel }
    set { audience.channel = newValue }
  }
}
