import LaunchGreeter
import LaunchScreens
import ReleaseNotes

/// `whatsnew notes` in a terminal: the notes in the what's-new sheet instead of printed text.
///
/// The command reads the files of the releases the first frame can show before the sheet is
/// built, and the rest once that frame is out (``TerminalUI/run(_:on:afterFirstPaint:)``,
/// before any key), and hands the sheet the text (or the error) as values: the sheet reads
/// nothing itself. Each release's Markdown is parsed only when the sheet lays it out: the
/// first frame needs the newest release or two, and the sheet lays out the rest after
/// painting it.
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
  /// the command read them), then the releases of `later` (older, not read yet: `readLater`
  /// reads them, in order, once the first frame is out) in the sheet and returns true, or
  /// returns false when there is no terminal to show it in (and reads nothing more). A file
  /// that could not be read shows its error in place of its notes and is thrown once the
  /// terminal is given back (the newest such file, as reading them with `noteTexts` would), so
  /// the command still fails with its message.
  static func present(
    _ loaded: [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)],
    later: [AppVersion] = [],
    reading readLater: () -> [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)] = {
      []
    },
    since: AppVersion?, color: String = "auto", theme: GreeterTheme = .auto, hyperlinks: Bool = false,
    query: inout GreeterBackgroundQuery?
  ) throws(ReleaseNotesError) -> Bool {
    var readLate: [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)] = []
    guard
      present(
        sections: loaded, later: later,
        reading: {
          readLate = readLater()
          return readLate
        }, since: since, color: color, theme: theme, hyperlinks: hyperlinks, query: &query)
    else {
      return false
    }
    for (_, text) in loaded + readLate {
      if case .failure(let error) = text { throw error }
    }
    return true
  }

  /// How many releases to read before the sheet is built on a terminal of `rows` rows: as many
  /// as its first frame can show. That frame lays out lines to one past the viewport (at most
  /// `rows - 2`), and each release takes at least three (its heading, a blank line, its notes,
  /// a blank line), so no more than `rows / 3 + 1` releases are on it. The sheet lays out no
  /// release before it has its text, so a smaller count would only show less at first.
  static func releasesBeforeFirstFrame(rows: Int) -> Int { max(1, rows) / 3 + 2 }

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
    later: [AppVersion] = [],
    reading readLater: () -> [(version: AppVersion, text: Result<ReleaseNoteText, ReleaseNotesError>)] = {
      []
    },
    since: AppVersion?, color: String, theme: GreeterTheme, hyperlinks: Bool,
    query: inout GreeterBackgroundQuery?
  ) -> Bool {
    guard let newest = loaded.first?.version ?? later.first,
      let terminal = open(color: color, theme: theme, query: &query)
    else {
      return false
    }
    var screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: [:]), appName: DemoPresentation.appName, palette: terminal.palette,
      theme: terminal.theme)
    screens.hyperlinks = hyperlinks
    // The releases not read yet stand in place as their version, which the sheet does not lay
    // out until it has their text.
    let waiting = later.map { ReleaseSection(version: $0, notes: LineSource { _ in [] }) }
    show(
      loaded.map { screens.section($0, loaded: $1) } + waiting, loaded: loaded.count, newest: newest,
      since: since, on: terminal
    ) { readLater().map { screens.section($0, loaded: $1) } }
    return true
  }

  private static func open(color: String, theme: GreeterTheme, query: inout GreeterBackgroundQuery?)
    -> GreeterTerminal?
  {
    guard ReleaseNotesCLI.environment("TERM") != "dumb" else { return nil }
    return TerminalUI.open(color: color, theme: theme, query: &query)
  }

  private static func show(
    _ releases: [ReleaseSection], loaded: Int, newest: AppVersion, since: AppVersion?,
    on terminal: GreeterTerminal, readingTheRest readRest: () -> [ReleaseSection]
  ) {
    var sheet = WhatsNewSheet(
      appName: DemoPresentation.appName, version: newest, since: since, releases: releases,
      palette: terminal.palette, loaded: loaded)
    if let since {
      sheet.customTitle = "Release notes after \(since) up to \(newest)"
    } else if releases.count == 1 {
      sheet.customTitle = "Release notes for \(newest)"
    } else {
      sheet.customTitle = "Release notes up to \(newest)"
    }
    var stack = ScreenStack([sheet], palette: terminal.palette)
    TerminalUI.run(&stack, on: terminal) { stack in
      guard loaded < releases.count else { return }
      let rest = readRest()
      stack.modify(WhatsNewSheet.self) { $0.provide(rest) }
    }
  }
}
