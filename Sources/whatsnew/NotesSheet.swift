import LaunchGreeter
import LaunchScreens
import ReleaseNotes

/// `whatsnew notes` in a terminal: the notes in the what's-new sheet instead of printed text.
///
/// The command reads every file before the sheet is built and hands it the text (or the error)
/// as values: the sheet reads nothing while it runs. Each release's Markdown is still parsed
/// only when the sheet lays it out: the first frame needs the newest release or two, and the
/// sheet lays out the rest after painting it.
enum NotesSheet {
  /// Shows `notes` (newest first, already read) in the sheet and returns true, or returns false
  /// when there is no terminal to show it in (the caller then prints plain text).
  static func present(
    _ notes: [ReleaseNoteText], since: AppVersion?, color: String = "auto", theme: GreeterTheme = .auto,
    hyperlinks: Bool = false
  ) -> Bool {
    present(
      sections: notes.map { ($0.version, .success($0)) }, since: since, color: color, theme: theme,
      hyperlinks: hyperlinks)
  }

  /// Shows `loaded` (newest first: each release's text, or why its file could not be read, as
  /// the command read them) in the sheet and returns true, or returns false when there is no
  /// terminal to show it in. A file that could not be read shows its error in place of its
  /// notes and is thrown once the terminal is given back (the newest such file, as reading
  /// them with `noteTexts` would), so the command still fails with its message.
  static func present(
    _ loaded: [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)], since: AppVersion?,
    color: String = "auto", theme: GreeterTheme = .auto, hyperlinks: Bool = false
  ) throws(ReleaseNotesError) -> Bool {
    guard present(sections: loaded, since: since, color: color, theme: theme, hyperlinks: hyperlinks) else {
      return false
    }
    for (_, text) in loaded {
      if case .failure(let error) = text { throw error }
    }
    return true
  }

  // MARK: - Helpers

  /// Shows `loaded` (newest first: each release's text, or why it could not be read) in the
  /// sheet, or returns false when there is no terminal.
  private static func present(
    sections loaded: [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)],
    since: AppVersion?, color: String, theme: GreeterTheme, hyperlinks: Bool
  ) -> Bool {
    guard let newest = loaded.first?.version, let terminal = open(color: color, theme: theme) else {
      return false
    }
    var screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: [:]), appName: DemoPresentation.appName, palette: terminal.palette,
      theme: terminal.theme)
    screens.hyperlinks = hyperlinks
    show(loaded.map { screens.section($0, loaded: $1) }, newest: newest, since: since, on: terminal)
    return true
  }

  private static func open(color: String, theme: GreeterTheme) -> GreeterTerminal? {
    guard ReleaseNotesCLI.environment("TERM") != "dumb" else { return nil }
    return TerminalUI.open(color: color, theme: theme)
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
