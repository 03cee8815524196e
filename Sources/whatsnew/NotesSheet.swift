import LaunchScreens
import LaunchTracking
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
      let ui = TerminalUI.shared(color: color)
    else { return false }
    defer { TerminalUI.closeShared() }
    let sections = notes.map {
      ReleaseSection(
        version: $0.version.description, title: $0.title, date: $0.date,
        isPrerelease: $0.version.isPrerelease,
        notes: ui.source(parsingLazily: $0.markdown))
    }
    var sheet = WhatsNewSheet(
      appName: TerminalUI.appName, version: newest.version.description, since: since?.description,
      releases: sections, palette: ui.palette)
    if let since {
      sheet.customTitle = "Release notes after \(since) up to \(newest.version)"
    } else if notes.count == 1 {
      sheet.customTitle = "Release notes for \(newest.version)"
    } else {
      sheet.customTitle = "Release notes up to \(newest.version)"
    }
    var stack = ScreenStack([sheet], palette: ui.palette)
    ui.run(&stack) { _, _ in }
    return true
  }
}
