import LaunchGreeter
import LaunchScreens
import LaunchTracking
import ReleaseNotes

/// `whatsnew notes` in a terminal: the notes in the what's-new sheet instead of printed text.
///
/// The command reads the notes the sheet shows (each release's text, or the error in its
/// place), then builds the sheet with them: the sheet reads nothing itself. Each release's
/// Markdown is parsed only when the sheet lays it out: the first frame needs the newest release
/// or two, and the sheet lays out the rest after painting it.
enum NotesSheet {
  /// Shows `notes` (newest first, already read) in the sheet and returns true, or returns false
  /// when there is no terminal to show it in (the caller then prints plain text). `query` is
  /// the background query the command sent before reading the notes (``willShow(format:list:)``),
  /// read or drained here; nil asks now.
  static func present(
    _ notes: [ReleaseNoteText], since: AppVersion?, color: String = "auto", theme: GreeterTheme = .auto,
    hyperlinks: Bool = false, query: inout GreeterBackgroundQuery?
  ) -> Bool {
    present(
      sections: notes.map { ($0.version, .success($0)) }, since: since, color: color, theme: theme,
      hyperlinks: hyperlinks, query: &query)
  }

  /// Shows `loaded` (newest first: each release's text, or why its file could not be read, as
  /// the command read them) in the sheet and returns true, or returns false when there is no
  /// terminal to show it in. A file that could not be read shows its error in place of its
  /// notes and is thrown once the terminal is given back (the newest such file, as reading them
  /// with `noteTexts` would), so the command still fails with its message.
  static func present(
    _ loaded: [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)],
    since: AppVersion?, color: String = "auto", theme: GreeterTheme = .auto, hyperlinks: Bool = false,
    query: inout GreeterBackgroundQuery?
  ) throws(ReleaseNotesError) -> Bool {
    guard
      present(
        sections: loaded, since: since, color: color, theme: theme, hyperlinks: hyperlinks, query: &query)
    else {
      return false
    }
    for (_, text) in loaded {
      if case .failure(let error) = text { throw error }
    }
    return true
  }

  /// Whether `notes` will show the sheet (a terminal on both ends, the format left to choose,
  /// not `--list`, `TERM` not `dumb`), known before any note is read: the command then sends the
  /// background query at once (``TerminalUI/sendQuery(color:theme:)``) and the terminal answers
  /// while the notes are read; the sheet reads the reply just before its first frame.
  static func willShow(format: NotesCommand.Format, list: Bool) -> Bool {
    format == .auto && !list && ReleaseNotesCLI.stdoutIsTerminal && ReleaseNotesCLI.stdinIsTerminal
      && ReleaseNotesCLI.environment("TERM") != "dumb"
  }

  // MARK: - Helpers

  /// Shows `loaded` (newest first: each release's text, or why it could not be read) in the
  /// sheet, or returns false when there is no terminal.
  private static func present(
    sections loaded: [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)],
    since: AppVersion?, color: String, theme: GreeterTheme, hyperlinks: Bool,
    query: inout GreeterBackgroundQuery?
  ) -> Bool {
    guard let newest = loaded.first?.version, let terminal = open(color: color, theme: theme, query: &query)
    else {
      return false
    }
    var screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: [:]), appName: DemoPresentation.appName, palette: terminal.palette,
      theme: terminal.theme)
    screens.hyperlinks = hyperlinks
    show(loaded.map { screens.section($0, loaded: $1) }, newest: newest, since: since, on: terminal)
    return true
  }

  private static func open(color: String, theme: GreeterTheme, query: inout GreeterBackgroundQuery?)
    -> GreeterTerminal?
  {
    guard ReleaseNotesCLI.environment("TERM") != "dumb" else { return nil }
    return TerminalUI.open(color: color, theme: theme, query: &query)
  }

  private static func show(
    _ releases: [ReleaseSection], newest: AppVersion, since: AppVersion?, on terminal: GreeterTerminal
  ) {
    var sheet = WhatsNewSheet(
      appName: DemoPresentation.appName, version: newest, since: since, releases: releases,
      palette: terminal.palette)
    if let since {
      sheet.customTitle = "Release notes after \(since) up to \(newest)"
    } else if releases.count == 1 {
      sheet.customTitle = "Release notes for \(newest)"
    } else {
      sheet.customTitle = "Release notes up to \(newest)"
    }
    var stack = ScreenStack([sheet], palette: terminal.palette)
    TerminalUI.run(&stack, on: terminal)
  }
}
