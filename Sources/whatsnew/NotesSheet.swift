import LaunchGreeter
import LaunchScreens
import ReleaseNotes

/// `whatsnew notes` in a terminal: the notes in the what's-new sheet instead of printed text.
///
/// Each release's Markdown is parsed only when the sheet lays it out: the first frame needs
/// the newest release or two, and the sheet lays out the rest after painting it. A range's
/// files are read then too (``present(_:in:since:color:)``).
enum NotesSheet {
  /// Shows `notes` (newest first, already read) in the sheet and returns true, or returns false
  /// when there is no terminal to show it in (the caller then prints plain text).
  static func present(_ notes: [ReleaseNoteText], since: AppVersion?, color: String = "auto") -> Bool {
    guard let newest = notes.first, let terminal = open(color: color) else { return false }
    let screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: [:]), appName: DemoPresentation.appName, palette: terminal.palette,
      theme: terminal.theme)
    show(notes.map(screens.section), newest: newest.version, since: since, on: terminal)
    return true
  }

  /// Shows the releases of `entries` (newest first) from `catalog` in the sheet and returns
  /// true, or returns false when there is no terminal to show it in. Only the files the first
  /// frame shows are read before it is painted; the rest are read as the sheet lays them out
  /// just after. A file that cannot be read shows its error in the sheet and is thrown once the
  /// terminal is given back (the newest such file, as reading them all first would have), so
  /// the command still fails with its message.
  static func present(
    _ entries: [ReleaseNotesCatalog.Entry], in catalog: ReleaseNotesCatalog, since: AppVersion?,
    color: String = "auto"
  ) throws(ReleaseNotesError) -> Bool {
    guard let newest = entries.first, let terminal = open(color: color) else { return false }
    let screens = GreetingScreens(
      catalog: catalog, appName: DemoPresentation.appName, palette: terminal.palette, theme: terminal.theme)
    let (sections, notes) = screens.sections(reading: entries)
    show(sections, newest: newest.version, since: since, on: terminal)
    if let failure = notes.firstFailure() { throw failure }
    return true
  }

  // MARK: - Helpers

  private static func open(color: String) -> GreeterTerminal? {
    guard ReleaseNotesCLI.environment("TERM") != "dumb" else { return nil }
    return TerminalUI.open(color: color)
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
