import ArgumentParser

/// `whatsnew notes`: previews release notes from Content/ — one version, a range as an
/// upgrader sees it, or the list of versions.
struct NotesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notes",
    abstract: "Shows release notes from Content/.",
    discussion: """
      With no VERSION and no --from, shows the newest release. --from V shows every version \
      after V up to --to (default: the newest release), newest first, as an upgrader sees \
      them; pre-releases are left out unless --to is one. Piped output is plain text. \
      --since V is for scripts and agents: the releases after V up to --until, critical \
      first, then newest first, as json, markdown (the default) or digest (one short \
      Markdown block of summary lines, breaking changes flagged).
      """
  )

  /// How the notes are printed.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case auto, plain, ansi, html, json, markdown, digest
  }

  @Argument(help: "The version to show (default: the newest release).")
  var version: String?

  @Option(help: ArgumentHelp("Show every version after this one.", valueName: "version"))
  var from: String?

  @Option(help: ArgumentHelp("The last version to show (default: the newest release).", valueName: "version"))
  var to: String?

  @Option(
    help: ArgumentHelp(
      "For scripts and agents: the releases after this version (formats json, markdown, digest).",
      valueName: "version"))
  var since: String?

  @Option(
    help: ArgumentHelp("With --since: the last version (default: the newest release).", valueName: "version"))
  var until: String?

  @Option(
    help: ArgumentHelp(
      "With --since: leave out releases below this importance (patch, minor, major, critical); critical ones always show.",
      valueName: "importance"))
  var minImportance: String?

  @Flag(help: "List the versions with their titles and dates, newest first.")
  var list = false

  @Option(
    help: "auto: ansi on a terminal, plain in a pipe; with --since: markdown. digest goes with --since.")
  var format: Format = .auto

  @Option(help: "The width in terminal cells, 20 to 1000 (default: the terminal's, or 80).")
  var width: Int?

  @OptionGroup var content: ContentOptions

  @OptionGroup var channel: ChannelOptions

  @OptionGroup var appearance: AppearanceOptions

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
      content: content.content, channel: channel.channel, theme: appearance.theme, color: appearance.color,
      hyperlinks: appearance.hyperlinks, since: since, until: until, minImportance: minImportance)
  }
}
