import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TerminalRendering

/// Builds the screens' inputs from the Content catalog: release sections, walkthrough pages,
/// the welcome-back greeting, the release browser. Reads only the files a screen needs; the
/// browser reads each version's notes when it is selected.
struct ScreenContent {
  let catalog: ReleaseNotesCatalog
  let ui: TerminalUI

  /// A section of a sheet or the browser for one release's notes.
  func section(_ note: ReleaseNote) -> ReleaseSection {
    ReleaseSection(
      version: note.version.description, title: note.title, date: note.date,
      isPrerelease: note.version.isPrerelease, notes: ui.source(note.document))
  }

  /// A section for one release's notes, parsed only when the screen lays them out.
  func section(_ note: ReleaseNoteText) -> ReleaseSection {
    ReleaseSection(
      version: note.version.description, title: note.title, date: note.date,
      isPrerelease: note.version.isPrerelease, notes: ui.source(parsingLazily: note.markdown))
  }

  /// The what's-new sheet for the releases after `since` up to `version`, newest first. Every
  /// file is read here (a bad one throws before anything is shown); the sheet parses each
  /// release when it lays it out.
  func whatsNewSheet(
    since: AppVersion?, upTo version: AppVersion, welcomeBackDays: Int? = nil, presentation: Presentation?
  ) throws -> WhatsNewSheet {
    let notes = try catalog.noteTexts(after: since, upTo: version)
    var greeting: LineSource?
    if let days = welcomeBackDays { greeting = try welcomeBackSource(days: days) }
    return WhatsNewSheet(
      appName: TerminalUI.appName, version: version.description, since: since?.description,
      releases: notes.map(section), greeting: greeting, presentation: presentation, palette: ui.palette)
  }

  /// The walkthrough, opened on `page`.
  func onboarding(page: Int) throws -> OnboardingScreen {
    let pages = try catalog.onboardingPages().map {
      OnboardingScreen.Page(title: $0.title, body: ui.source($0.document))
    }
    return OnboardingScreen(appName: TerminalUI.appName, pages: pages, startPage: page, palette: ui.palette)
  }

  /// The welcome-back screen for `days` away.
  func welcomeBack(days: Int) throws -> WelcomeBackScreen {
    WelcomeBackScreen(
      appName: TerminalUI.appName, days: days, greeting: try welcomeBackSource(days: days),
      palette: ui.palette)
  }

  /// The release-notes browser on `version` (or the newest).
  func browser(version: String? = nil, scroll: Int = 0, notesFocused: Bool = false) throws -> ReleaseBrowser {
    let catalog = catalog
    let theme = ui.theme
    let errorStyle = ui.palette.error
    let sections = try catalog.summaries().reversed().map { summary in
      let version = summary.version
      let notes = LineSource { width in
        do {
          let document = try catalog.note(for: version).document
          return TerminalMarkdown.render(document, options: RenderOptions(width: width, theme: theme))
        } catch {
          return TextWrapper.wrap(
            StyledLine("Cannot show these notes: \(error)", style: errorStyle), width: width)
        }
      }
      return ReleaseSection(
        version: version.description, title: summary.title, date: summary.date,
        isPrerelease: version.isPrerelease,
        notes: notes)
    }
    return ReleaseBrowser(
      appName: TerminalUI.appName, releases: sections, version: version, scroll: scroll,
      notesFocused: notesFocused,
      palette: ui.palette)
  }

  /// The sheet for one version's notes alone (a deep link, or "what's new" from home).
  func notesSheet(for version: AppVersion, title: String? = nil) throws -> WhatsNewSheet {
    var sheet = WhatsNewSheet(
      appName: TerminalUI.appName, version: version.description,
      releases: [section(try catalog.note(for: version))], palette: ui.palette)
    sheet.customTitle = title ?? "\(TerminalUI.appName) \(version) release notes"
    return sheet
  }

  /// The screen the home screen asks for.
  func screen(for destination: Destination, version: AppVersion) throws -> any Screen {
    switch destination {
    case .whatsNew:
      // The notes since the previous release, as an upgrader from it would see them.
      let previous = try catalog.index().versions.filter { !$0.isPrerelease && $0 < version }.max()
      return try whatsNewSheet(since: previous, upTo: version, presentation: nil)
    case .onboarding:
      return try onboarding(page: 0)
    case .releaseNotes(let selected):
      return try browser(version: selected)
    }
  }

  /// Every version in the content, for checking a saved restoration point.
  var versionNames: [String] { (try? catalog.index())?.versions.map(\.description) ?? [] }

  // MARK: - Helpers

  private func welcomeBackSource(days: Int) throws -> LineSource {
    ui.source(markdown: try catalog.welcomeBack(daysAway: days))
  }
}
