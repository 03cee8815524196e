import ArgumentParser
import LaunchGreeter
import LaunchTracking

/// The options more than one subcommand takes, each declared once here (its name, its help)
/// and read once here (its value's check, with the one error line that names the option and
/// what it accepts). A command stores the declaration as it is, `var theme = SharedOptions.theme`:
/// ArgumentParser reads a stored `Option` as it reads an `@Option`, which is one.
///
/// Not option groups, nor options of an enum type: ArgumentParser casts every property of a
/// command, and of each group, to its own protocols on each launch, and the first cast of a type
/// the process has not cast yet scans the binary's conformance records. A group, or an `Option`
/// of an enum, is such a type; `Option<String?>` and `Flag<Bool>` are types every command has
/// already (docs/benchmarks.md has the counts). Each `Option` is optional, its default in its help
/// text, for the same reason: ArgumentParser describes a declared default with `"\(value)"` after
/// an `as? CaseIterable` cast.
enum SharedOptions {
  /// `--theme auto|dark|light|mono` (`greet`, `demo`, `notes`, `render`). Only a command that
  /// shows a screen asks the terminal; `render` and ansi `notes` go by `COLORFGBG`.
  static var theme: Option<String?> {
    Option(
      name: .customLong("theme"),
      help: ArgumentHelp(
        "Colours for the background: auto (a screen asks the terminal; else COLORFGBG, else dark), dark, light or mono. (default: auto)",
        valueName: "theme"))
  }

  /// `--hyperlinks auto|always|never` (`greet`, `demo`, `notes`, `render`), read into
  /// ``LaunchGreeter/GreeterHyperlinks`` (whose `auto` detection the library uses too).
  static var hyperlinks: Option<String?> {
    Option(
      name: .customLong("hyperlinks"),
      help: ArgumentHelp(
        "Clickable links (OSC 8): auto (where the terminal is known to show them; never in tmux or screen), always or never. (default: auto)",
        valueName: "when"))
  }

  /// `--color auto|always|never` (`greet`, `demo`).
  static var color: Option<String?> {
    Option(
      name: .customLong("color"),
      help: ArgumentHelp("Colour: auto, always or never. (default: auto)", valueName: "color"))
  }

  /// `--channel NAME` (`greet`, `notes`): the release channel the notes are read for
  /// (``ReleaseNotes/NotesAudience``).
  static var channel: Option<String?> {
    Option(
      name: .customLong("channel"),
      help: ArgumentHelp(
        "The app's release channel (beta, nightly): shows the notes' <!-- only: CHANNEL --> blocks and its channels: releases.",
        valueName: "name"))
  }

  /// `--min-importance major|minor|patch` (`greet`, `demo`).
  static var minImportance: Option<String?> {
    Option(
      name: .customLong("min-importance"),
      help: ArgumentHelp(
        "List releases below this importance (major, minor or patch) by one line; show nothing when none reaches it. (default: patch)",
        valueName: "level"))
  }

  /// `--returning-after DAYS` (`greet`, `demo`).
  static var returningAfter: Option<Int?> {
    Option(
      name: .customLong("returning-after"),
      help: ArgumentHelp(
        "Days of absence after which a launch is returning. (default: \(LaunchTracker.defaultReturningThresholdDays))",
        valueName: "days"))
  }

  /// `--content DIR` (`demo`, `notes`): the notes to read, else `WHATSNEW_CONTENT_DIR`,
  /// `./Content` or beside the executable, else the notes built in
  /// (``ReleaseNotesCLI/catalog(option:languages:)``). `greet`'s `--content` (required, the
  /// app's notes) and `lint`'s (no built-in notes) are other options.
  static var content: Option<String?> {
    Option(
      name: .customLong("content"),
      help: ArgumentHelp(
        "The content directory (default: the notes built into the binary).", valueName: "dir"))
  }

  /// `--explain` (`greet`, `demo`).
  static var explain: Flag<Bool> {
    Flag(
      wrappedValue: false, name: .customLong("explain"),
      help: "Print the launch, the decision and what stays pending (after the terminal is restored).")
  }

  /// `--accessible` (`greet`, `demo`).
  static var accessible: Flag<Bool> {
    Flag(
      wrappedValue: false, name: .customLong("accessible"),
      help: """
        Plain lines in the scrollback and answers typed line by line, for screen readers \
        (also when ACCESSIBLE is set, except to 0 or false).
        """)
  }

  // MARK: - The values

  /// `--theme`'s value (auto when not given).
  static func theme(_ text: String?) throws(ValidationError) -> GreeterTheme {
    try choice(text, of: "--theme", among: GreeterTheme.allCases, default: .auto)
  }

  /// `--hyperlinks`' value (auto when not given).
  static func hyperlinks(_ text: String?) throws(ValidationError) -> GreeterHyperlinks {
    try choice(text, of: "--hyperlinks", among: GreeterHyperlinks.allCases, default: .auto)
  }

  /// `--color`'s value (auto when not given).
  static func color(_ text: String?) throws(ValidationError) -> GreeterColorMode {
    try choice(text, of: "--color", among: GreeterColorMode.allCases, default: .auto)
  }

  /// `--min-importance`'s value (patch when not given).
  static func minImportance(_ text: String?) throws(ValidationError) -> ReleaseImportance {
    try choice(text, of: "--min-importance", among: [.major, .minor, .patch], default: .patch)
  }

  /// `--returning-after`'s value (``LaunchTracker/defaultReturningThresholdDays`` when not given).
  static func returningAfter(_ days: Int?) throws(ValidationError) -> Int {
    guard let days else { return LaunchTracker.defaultReturningThresholdDays }
    if days < 1 { throw ValidationError("--returning-after must be at least 1 day") }
    return days
  }

  /// The case of `values` whose raw value is `text`, `fallback` when there is no text; else the
  /// usage error `--theme must be auto, dark, light or mono, not "pink"`.
  static func choice<Value: RawRepresentable<String>>(
    _ text: String?, of option: String, among values: [Value], default fallback: Value
  ) throws(ValidationError) -> Value {
    guard let text else { return fallback }
    if let value = values.first(where: { $0.rawValue == text }) { return value }
    let names = values.map(\.rawValue)
    let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    throw ValidationError("\(option) must be \(list), not \"\(text)\"")
  }
}
