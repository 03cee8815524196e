import LaunchScreens
import LaunchTracking
import MarkdownSyntax
import ReleaseNotes
import Synchronization
import TerminalRendering

/// Builds the greeting screens for an app from its notes: the walkthrough, the what's-new
/// sheet, the welcome-back card and one version's notes, in the app's name and the
/// terminal's colours. Reads only the notes a screen needs; the sheet parses each release
/// only when it lays it out.
///
/// ``LaunchGreeter`` uses it for what a launch calls for; an app that shows more (a home
/// screen that reopens the notes) uses the same one.
package struct GreetingScreens: Sendable {
  /// The notes.
  package let catalog: ReleaseNotesCatalog
  /// The name shown on the screens.
  package let appName: String
  /// The chrome's colours.
  package let palette: Palette
  /// The Markdown's colours.
  package let theme: Theme
  /// Releases below this importance are listed on the what's-new sheet by one line
  /// (``WhatsNewRules/layout(of:)``); `.patch` shows them all in full.
  package var minimumImportance: ReleaseImportance = .patch
  /// The versions this user ran, oldest first (the greeter fills it from the launch state),
  /// for screens that mark them, such as a release browser.
  package var versionsRun: [AppVersion] = []
  /// The user's usage events (the greeter fills them from the launch state): a walkthrough
  /// page whose `done-when:` event happened is marked done.
  package var events = UsageEvents()
  /// Whether the notes' links carry their URLs, for a terminal that shows OSC 8 hyperlinks
  /// (``GreeterHyperlinks``).
  package var hyperlinks = false

  /// Screens over `catalog`'s notes, named `appName`, in `palette`'s chrome and `theme`'s
  /// Markdown colours (a ``GreeterTerminal`` has both).
  package init(catalog: ReleaseNotesCatalog, appName: String, palette: Palette, theme: Theme) {
    self.catalog = catalog
    self.appName = appName
    self.palette = palette
    // A curses cell has no strikethrough attribute: struck text is marked `~~` (issue 47).
    self.theme = theme.markingStrikethrough()
  }

  /// The screen for `decision`, or nil for ``PresentationDecision/nothing(reason:)``. Every
  /// file it shows is read here: one that cannot be used throws before anything is shown.
  package func screen(for decision: PresentationDecision) throws(ReleaseNotesError) -> (any Screen)? {
    guard let text = try GreetingText.read(decision, from: catalog, minimumImportance: minimumImportance)
    else { return nil }
    if let first = text.firstSkipped { throw first }
    return screen(for: text)
  }

  /// The screen for text already read (``GreetingText/read(_:from:minimumImportance:)``): no I/O.
  func screen(for text: GreetingText) -> any Screen {
    switch text.content {
    case .onboarding(let page, let pages):
      return onboarding(page: page, pages: pages)
    case .whatsNew(let from, let to, let notes, let importance, let greeting):
      var sheet = whatsNewSheet(
        since: from, upTo: to, notes: notes, importance: importance, greeting: greeting,
        presentation: .whatsNew(upTo: to))
      // An existing install's sheet starts just below the current version: no "since" to name.
      if from == to.justBelow { sheet.customTitle = "What's new in \(appName) \(to)" }
      return sheet
    case .welcomeBack(let days, let greeting):
      return WelcomeBackScreen(
        appName: appName, days: days, greeting: welcomeBackSource(greeting), palette: palette)
    case .notes(let note):
      return notesSheet(for: note)
    case .checklist(let pages):
      return checklist(pages: pages)
    }
  }

  /// The what's-new sheet for the releases after `since` up to `version`, newest first. Every
  /// file is read here (a bad one throws before anything is shown); the sheet parses each
  /// release when it lays it out. `presentation` is what closing it dismisses (nil: a sheet
  /// opened by hand, which dismisses nothing).
  package func whatsNewSheet(
    since: AppVersion?, upTo version: AppVersion, welcomeBackDays: Int? = nil, presentation: Presentation?
  ) throws(ReleaseNotesError) -> WhatsNewSheet {
    let text = try GreetingText.sheet(
      since: since, upTo: version, welcomeBackDays: welcomeBackDays, catalog: catalog,
      minimum: minimumImportance)
    if let first = text.firstSkipped { throw first }
    guard case .whatsNew(_, _, let notes, let importance, let greeting) = text.content else {
      preconditionFailure("GreetingText.sheet reads a sheet")
    }
    return whatsNewSheet(
      since: since, upTo: version, notes: notes, importance: importance, greeting: greeting,
      presentation: presentation)
  }

  private func whatsNewSheet(
    since: AppVersion?, upTo version: AppVersion, notes: [ReleaseNoteText], importance: [ReleaseImportance],
    greeting: String?, presentation: Presentation?
  ) -> WhatsNewSheet {
    let layout = WhatsNewRules(
      minimumImportance: minimumImportance,
      importance: zip(notes, importance).map { (version: $0.version, importance: $1) }
    )
    .layout(of: notes.map(\.version))
    var sections = notes.map(section)
    for i in sections.indices where layout.brief.contains(notes[i].version) {
      sections[i].isBrief = true
      sections[i].detail = importance[i].rawValue
    }
    var sheet = WhatsNewSheet(
      appName: appName, version: version, since: since,
      releases: sections, greeting: greeting.map(welcomeBackSource), presentation: presentation,
      palette: palette)
    sheet.collapsesEarlier = layout.collapsesEarlier
    return sheet
  }

  /// The walkthrough, opened on `page`.
  package func onboarding(page: Int) throws(ReleaseNotesError) -> OnboardingScreen {
    onboarding(page: page, pages: try catalog.onboardingPages())
  }

  private func onboarding(page: Int, pages: [OnboardingPage]) -> OnboardingScreen {
    OnboardingScreen(appName: appName, pages: onboardingPages(pages), startPage: page, palette: palette)
  }

  /// The walkthrough's pages as the screen shows them: each heading's Markdown rendered to
  /// its text (``TerminalMarkdown/headingText(_:)``), a page whose `done-when:` event
  /// happened marked done.
  func onboardingPages(_ pages: [OnboardingPage]) -> [OnboardingScreen.Page] {
    pages.map { page in
      OnboardingScreen.Page(
        title: page.title.isEmpty ? "" : TerminalMarkdown.headingText(page.title),
        body: source(page.document),
        isDone: page.doneWhen.map(events.hasUsed) ?? false)
    }
  }

  /// The welcome-back card for `days` away.
  package func welcomeBack(days: Int) throws(ReleaseNotesError) -> WelcomeBackScreen {
    WelcomeBackScreen(
      appName: appName, days: days, greeting: welcomeBackSource(try catalog.welcomeBack(daysAway: days)),
      palette: palette)
  }

  /// The sheet for one version's notes alone (a deep link, or "what's new" reopened by hand).
  package func notesSheet(for version: AppVersion, title: String? = nil) throws(ReleaseNotesError)
    -> WhatsNewSheet
  {
    notesSheet(for: try catalog.noteText(for: version), title: title)
  }

  private func notesSheet(for note: ReleaseNoteText, title: String? = nil) -> WhatsNewSheet {
    var sheet = WhatsNewSheet(
      appName: appName, version: note.version, releases: [section(note)], palette: palette)
    sheet.customTitle = title ?? "\(appName) \(note.version) release notes"
    return sheet
  }

  /// A section of a sheet for one release's notes, parsed only when the screen lays them out.
  package func section(_ note: ReleaseNoteText) -> ReleaseSection {
    ReleaseSection(
      version: note.version, title: note.title, date: note.date,
      actions: note.actions.map { ReleaseAction(key: $0.key, id: $0.id, label: $0.label) },
      notes: source(parsingLazily: note.displayMarkdown), mark: note.criticalMark)
  }

  /// A section for one release's notes as its caller loaded them: the text, or why it could
  /// not be read, shown in place of the notes (under a heading of the version alone). The
  /// section holds only values: the screen that shows it reads no file.
  package func section(
    _ version: AppVersion, loaded text: Result<ReleaseNoteText, ReleaseNotesError>
  ) -> ReleaseSection {
    switch text {
    case .success(let note): return section(note)
    case .failure(let error):
      let line = StyledLine(error.description, style: palette.dim)
      return ReleaseSection(
        version: version, notes: LineSource { width in TextWrapper.wrap(line, width: width) })
    }
  }

  /// Text that renders `document` at the screen's width.
  package func source(_ document: MarkdownDocument) -> LineSource {
    let theme = theme
    let hyperlinks = hyperlinks
    return LineSource { width in
      TerminalMarkdown.render(
        document, options: RenderOptions(width: width, theme: theme, hyperlinks: hyperlinks))
    }
  }

  /// Text that renders the Markdown `text`, parsed only when it is first laid out. `text` is a
  /// body, as the catalog gives it (front matter already taken off): a `---` at its top is
  /// Markdown, as in `notes` and `lint`.
  package func source(parsingLazily text: String) -> LineSource {
    let theme = theme
    let hyperlinks = hyperlinks
    let markdown = ParsedOnce(text)
    return LineSource { width in
      TerminalMarkdown.render(
        markdown.document, options: RenderOptions(width: width, theme: theme, hyperlinks: hyperlinks))
    }
  }

  // MARK: - Helpers

  private func welcomeBackSource(_ greeting: String) -> LineSource {
    source(MarkdownParser.parse(greeting, frontMatter: false))
  }
}

/// Markdown parsed the first time it is needed and then kept, so a screen that lays out text
/// lazily parses only what comes into view, and a resize re-renders without parsing again.
final class ParsedOnce: Sendable {
  private let markdown: String
  private let parsed = Mutex<MarkdownDocument?>(nil)

  init(_ markdown: String) {
    self.markdown = markdown
  }

  /// The parsed document (parsed on the first call).
  var document: MarkdownDocument {
    parsed.withLock { cached in
      if let cached { return cached }
      // A body: the catalog has taken its front matter off already.
      let document = MarkdownParser.parse(markdown, frontMatter: false)
      cached = document
      return document
    }
  }
}
