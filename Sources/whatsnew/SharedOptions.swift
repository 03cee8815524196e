import ArgumentParser
import GreetProtocol
import LaunchGreeter
import LaunchTracking
import MarkdownSyntax

/// The options more than one subcommand takes, each group declared once here and included
/// with `@OptionGroup`, so every command describes an option in the same words and refuses a
/// bad value with the same line.

/// `--color`, `--theme` and `--hyperlinks` (`greet`, `demo`, `notes`, `render`): how a screen
/// or rendered notes look; every command that draws in colour takes the same three (issue 47).
/// Only a command that shows a screen asks the terminal for its background; `render` and ansi
/// `notes` go by `COLORFGBG`.
struct AppearanceOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Whether to use colour: auto (none when NO_COLOR is set), always, or never (attributes only).",
      valueName: "color"))
  var color: GreeterColorMode = .auto

  @Option(
    help: ArgumentHelp(
      "Colours for the background: auto asks the terminal when a screen is shown (else reads COLORFGBG, else dark); mono has no colours.",
      valueName: "theme"))
  var theme: GreeterTheme = .auto

  @Option(
    help: ArgumentHelp(
      "Clickable links (OSC 8): auto where the terminal is known to show them (never in tmux or screen).",
      valueName: "when"))
  var hyperlinks: GreeterHyperlinks = .auto
}

/// The options of a launch that greets (`greet`, `demo`).
struct GreetingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "List releases below this importance by one line; show nothing when none reaches it.",
      valueName: "level"))
  var minImportance: ReleaseImportance = .patch

  @Option(help: ArgumentHelp("Days of absence after which a launch is returning.", valueName: "days"))
  var returningAfter = LaunchTracker.defaultReturningThresholdDays

  @Flag(help: "Print the launch, the decision and what stays pending (after the terminal is restored).")
  var explain = false

  @Option(
    help: ArgumentHelp(
      "The least time between two tips or update cards: 1d, 12h, 30m, 45s or 0.", valueName: "time"))
  var cooldown = Cooldown(duration: InterruptionBudget.defaultCooldown)

  @Flag(
    help: """
      Plain lines in the scrollback and answers typed line by line, for screen readers \
      (also when ACCESSIBLE is set, except to 0 or false).
      """)
  var accessible = false

  func validate() throws {
    if returningAfter < 1 { throw ValidationError("--returning-after must be at least 1 day") }
  }
}

/// `--channel NAME` (`greet`, `notes`): the release channel the notes are read for
/// (``ReleaseNotes/NotesAudience``).
struct ChannelOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The app's release channel (beta, nightly): shows the notes' <!-- only: CHANNEL --> blocks and its channels: releases.",
      valueName: "name"))
  var channel: String?
}

/// `--content DIR` (`demo`, `notes`): the notes to read, else `WHATSNEW_CONTENT_DIR`,
/// `./Content` or beside the executable, else the notes built in
/// (``ReleaseNotesCLI/catalog(option:languages:)``). `greet`'s `--content` (required, the
/// app's notes) and `lint`'s (no built-in notes) are other options.
struct ContentOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The content directory (default: $WHATSNEW_CONTENT_DIR, else ./Content, else the notes built into the binary).",
      valueName: "dir"))
  var content: String?
}

// MARK: - The closed sets of values

extension GreeterTheme: ExpressibleByArgument {}
extension GreeterHyperlinks: ExpressibleByArgument {}
extension GreeterColorMode: ExpressibleByArgument {}
extension ReleaseImportance: ExpressibleByArgument {}

extension InstallMethod: ExpressibleByArgument {}
extension MarkdownFlavor: ExpressibleByArgument {}

extension ExpressibleByArgument where Self: CaseIterable, Self: RawRepresentable, RawValue == String {
  /// The values help and shell completion list: each case's raw value, in declaration order.
  public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// `--cooldown`: a whole number with a unit (`1d`, `12h`, `30m`, `45s`), or `0`
/// (``GreetRequest/duration(_:)``).
struct Cooldown: ExpressibleByArgument {
  var duration: Duration
  /// As given, for a request; nil for the default.
  var text: String?

  init(duration: Duration) { self.duration = duration }

  init?(argument: String) {
    guard let duration = GreetRequest.duration(argument) else { return nil }
    self.duration = duration
    text = argument
  }

  var defaultValueDescription: String { "1d" }
}
