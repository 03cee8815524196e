import LaunchTracking
import ReleaseNotes

/// What one presentation shows, read from the notes: the reading ``GreetingScreens/screen(for:)``
/// does, on its own, so that ``LaunchGreeter`` knows before it opens the terminal whether
/// there is anything to show.
///
/// Reading leaves out what cannot be used and says so: a release whose notes file cannot be
/// read or breaks a rule lint calls an error is left off a what's-new sheet (``skipped``), and
/// a welcome-back greeting that cannot be used off the sheet's head (``greetingSkipped``). A presentation with
/// nothing left to show (no walkthrough text, no release of the sheet, no welcome-back text)
/// throws the first reason.
struct GreetingText: Sendable {
  /// The decision that was read, a sheet's versions narrowed to the releases left on it.
  var decision: PresentationDecision
  /// The releases left off a sheet, one error each.
  var skipped: [ReleaseNotesError] = []
  /// Why a sheet's welcome-back greeting was left off, if it was.
  var greetingSkipped: ReleaseNotesError?
  /// The first thing left out, if anything was.
  var firstSkipped: ReleaseNotesError? { skipped.first ?? greetingSkipped }
  let content: Content

  /// The text of each kind of presentation.
  enum Content: Sendable {
    case onboarding(page: Int, pages: [OnboardingPage])
    case whatsNew(
      from: AppVersion?, to: AppVersion, notes: [ReleaseNoteText], importance: [ReleaseImportance],
      greeting: String?)
    case welcomeBack(days: Int, greeting: String)
    case notes(ReleaseNoteText)
    /// The "Get started" checklist over the walkthrough's pages (``LaunchGreeter/present(_:)-6ru61``).
    case checklist(pages: [OnboardingPage])
  }

  /// Reads what `decision` shows from `catalog`; nil for ``PresentationDecision/nothing(reason:)``.
  /// With a `minimumImportance` above `.patch`, a sheet's releases carry their importance.
  static func read(
    _ decision: PresentationDecision, from catalog: ReleaseNotesCatalog,
    minimumImportance: ReleaseImportance = .patch
  ) throws(ReleaseNotesError) -> GreetingText? {
    switch decision {
    case .onboarding(let page):
      return GreetingText(
        decision: decision, content: .onboarding(page: page, pages: try catalog.onboardingPages()))
    case .whatsNew(let from, let to, _, let days):
      return try sheet(
        since: from, upTo: to, welcomeBackDays: days, catalog: catalog, minimum: minimumImportance)
    case .welcomeBack(let days):
      return GreetingText(
        decision: decision,
        content: .welcomeBack(days: days, greeting: try catalog.welcomeBack(daysAway: days)))
    case .openNotes(let version):
      return GreetingText(decision: decision, content: .notes(try catalog.noteText(for: version)))
    case .nothing:
      return nil
    }
  }

  /// The what's-new sheet's text for the releases after `since` up to `version`, leaving out
  /// each release that cannot be used or whose `channels:` exclude the catalog's audience;
  /// throws when none is left.
  static func sheet(
    since: AppVersion?, upTo version: AppVersion, welcomeBackDays: Int?, catalog: ReleaseNotesCatalog,
    minimum: ReleaseImportance
  ) throws(ReleaseNotesError) -> GreetingText {
    let index = try catalog.index()
    let entries = try index.entries(after: since, upTo: version)
    var skipped: [ReleaseNotesError] = []
    var greetingSkipped: ReleaseNotesError?
    var notes: [ReleaseNoteText] = []
    var otherChannels: [AppVersion] = []
    for entry in entries {
      do {
        var channels: [String]?
        let text = try catalog.noteText(entry, channels: &channels)
        if catalog.audience.accepts(channels: channels) {
          notes.append(text)
        } else {
          otherChannels.append(entry.version)
        }
      } catch {
        skipped.append(error)
      }
    }
    if notes.isEmpty, let first = skipped.first { throw first }
    if notes.isEmpty, !otherChannels.isEmpty { throw .onlyForOtherChannels(otherChannels) }
    var greeting: String?
    if let days = welcomeBackDays {
      do {
        greeting = try catalog.welcomeBack(daysAway: days)
      } catch {
        greetingSkipped = error
      }
    }
    let importance =
      minimum > .patch
      ? notes.map {
        ReleaseNotesCatalog.effectiveImportance(of: $0.version, declared: $0.importance, in: index)
      }
      : []
    var text = GreetingText(
      decision: .whatsNew(
        from: since ?? version, to: version, versions: notes.map(\.version), welcomeBackDays: welcomeBackDays),
      content: .whatsNew(from: since, to: version, notes: notes, importance: importance, greeting: greeting))
    text.skipped = skipped
    text.greetingSkipped = greetingSkipped
    return text
  }
}
