import ArgumentParser

/// `whatsnew notes`: previews release notes from Content/ — one version, a range as an
/// upgrader sees it, or the list of versions.
struct NotesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notes",
    _superCommandName: WhatsNew.commandName,
    abstract: "Shows release notes from Content/.",
    discussion: """
      With no VERSION and no --from, shows the newest release. --from V shows every version \
      after V up to --to (default: the newest release), newest first, as an upgrader sees \
      them; pre-releases are left out unless --to is one. Piped output is plain text.
      """
  )

  /// How the notes are printed.
  enum Format: String, CaseIterable {
    case auto, plain, ansi, html, json
  }

  @Argument(help: "The version to show (default: the newest release).")
  var version: String?

  @Option(help: ArgumentHelp("Show every version after this one.", valueName: "version"))
  var from: String?

  @Option(help: ArgumentHelp("The last version to show (default: the newest release).", valueName: "version"))
  var to: String?

  @Flag(help: "List the versions with their titles and dates, newest first.")
  var list = false

  // `--format` and `--width` are read as text, like every other option here, and their values
  // checked by NotesOptions with ArgumentParser's own wording: an `Option<Format>` or an
  // `Option<Int?>` is a property-wrapper type no other option of the command has, and
  // ArgumentParser's first cast of each such type scans the binary's conformance records
  // (scripts/budget's sheet-first-frame). The help states the values and the default, as
  // ArgumentParser wrote them for the enum.
  @Option(
    help:
      "auto (a terminal gets ansi, a pipe plain), plain, ansi, html or json. (values: auto, plain, ansi, html, json; default: auto)",
    completion: .list(Format.allCases.map(\.rawValue)))
  var format: String?

  @Option(help: "The width in terminal cells (default: the terminal's, or 80).")
  var width: String?

  var content = SharedOptions.content

  var channel = SharedOptions.channel

  var theme = SharedOptions.theme

  var hyperlinks = SharedOptions.hyperlinks

  func validate() throws {
    try options().validate()
  }

  func run() throws {
    try options().run()
  }

  /// The parsed command line as a plain value, which does the work; throws the usage error of a
  /// `--format` or `--width` ArgumentParser would have refused, in its words.
  func options() throws(ValidationError) -> NotesOptions {
    NotesOptions(
      version: version, from: from, to: to, list: list, format: try Self.format(format),
      width: try Self.width(width), content: content.wrappedValue,
      channel: channel.wrappedValue, theme: theme.wrappedValue, hyperlinks: hyperlinks.wrappedValue)
  }

  /// `--format`'s value (auto when not given).
  static func format(_ text: String?) throws(ValidationError) -> Format {
    guard let text else { return NotesOptions.defaults.format }
    if let format = Format(rawValue: text) { return format }
    let names = Format.allCases.map { "'\($0.rawValue)'" }
    let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    throw ValidationError(
      "The value '\(text)' is invalid for '--format <format>'. Please provide one of \(list).")
  }

  /// `--width`'s number, read as ArgumentParser reads an `Int` (range checked by NotesOptions).
  static func width(_ text: String?) throws(ValidationError) -> Int? {
    guard let text else { return nil }
    guard let width = Int(text) else {
      throw ValidationError("The value '\(text)' is invalid for '--width <width>'")
    }
    return width
  }
}
