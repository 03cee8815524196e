import LaunchGreeter
import LaunchScreens
import ReleaseNotes

/// `whatsnew notes` in a terminal: the notes in the what's-new sheet instead of printed text.
///
/// Every file is already read (a bad one was reported before the terminal was touched), but
/// each release's Markdown is parsed only when the sheet lays it out: the first frame needs
/// the newest release or two, and the sheet lays out the rest after painting it.
enum NotesSheet {
  /// Shows `notes` (newest first) in the sheet and returns true, or returns false when there
  /// is no terminal to show it in (the caller then prints plain text).
  static func present(_ notes: [ReleaseNoteText], since: AppVersion?, color: String = "auto") -> Bool {
    guard ReleaseNotesCLI.environment("TERM") != "dumb", let newest = notes.first,
      let terminal = TerminalUI.open(color: color)
    else { return false }
    let screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: [:]), appName: DemoPresentation.appName, palette: terminal.palette,
      theme: terminal.theme)
    var sheet = WhatsNewSheet(
      appName: DemoPresentation.appName, version: newest.version, since: since,
      releases: notes.map(screens.section), palette: terminal.palette)
    if let since {
      sheet.customTitle = "Release notes after \(since) up to \(newest.version)"
    } else if notes.count == 1 {
      sheet.customTitle = "Release notes for \(newest.version)"
    } else {
      sheet.customTitle = "Release notes up to \(newest.version)"
    }
    var stack = ScreenStack([sheet], palette: terminal.palette)
    TerminalUI.run(&stack, on: terminal)
    return true
  }
}
