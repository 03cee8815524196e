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
  enum Format: String, EnumArgument {
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

  @Option(help: "auto (a terminal gets ansi, a pipe plain), plain, ansi, html or json.")
  var format = NotesOptions.defaults.format

  @Option(help: "The width in terminal cells (default: the terminal's, or 80).")
  var width: Int?

  var content = SharedOptions.content

  var channel = SharedOptions.channel

  var theme = SharedOptions.theme

  var hyperlinks = SharedOptions.hyperlinks

  func validate() throws {
    try options.validate()
  }

  func run() throws {
    try options.run()
  }

  /// The parsed command line as a plain value, which does the work.
  var options: NotesOptions {
    NotesOptions(
      version: version, from: from, to: to, list: list, format: format, width: width,
      content: content.wrappedValue,
      channel: channel.wrappedValue, theme: theme.wrappedValue, hyperlinks: hyperlinks.wrappedValue)
  }
}
