#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What this user and this app asked of the what's-new sheet: off (`x`), put off until a time
/// (`l`, "later"), and the least importance worth showing. An input of
/// `decide(launch:pending:availableNotes:invocation:whatsNew:)`; pure.
package struct WhatsNewRules: Sendable, Equatable {
  /// The user turned the sheets off (``LaunchState/whatsNewOff``).
  package var isOff: Bool
  /// The sheet was put off until then (``LaunchState/whatsNewHiddenUntil``).
  package var hiddenUntil: Date?
  /// The time of this launch.
  package var now: Date
  /// Releases below this importance are listed by one line, not shown in full; a range with
  /// none at or above it shows nothing and counts as seen. `.patch` shows everything.
  package var minimumImportance: ReleaseImportance
  /// The importance of each version with notes (front matter, else the version bump); only
  /// needed when ``minimumImportance`` is above `.patch`. A version not listed is `.patch`.
  package var importance: [(version: AppVersion, importance: ReleaseImportance)]

  /// The sheets shown in full past this many releases: the newest, and one line for the rest.
  package static let collapseAfter = 10

  /// Rules that show every sheet in full. The greeter makes these (``LaunchGreeter`` reports
  /// them in `GreetOutcome.whatsNew`); an app reads them.
  package init(
    isOff: Bool = false, hiddenUntil: Date? = nil, now: Date = Date(timeIntervalSince1970: 0),
    minimumImportance: ReleaseImportance = .patch,
    importance: [(version: AppVersion, importance: ReleaseImportance)] = []
  ) {
    self.isOff = isOff
    self.hiddenUntil = hiddenUntil
    self.now = now
    self.minimumImportance = minimumImportance
    self.importance = importance
  }

  /// The rules `state` records, at `now`, with the app's minimum importance.
  package init(
    state: LaunchState, now: Date, minimumImportance: ReleaseImportance = .patch,
    importance: [(version: AppVersion, importance: ReleaseImportance)] = []
  ) {
    self.init(
      isOff: state.whatsNewOff, hiddenUntil: state.whatsNewHiddenUntil, now: now,
      minimumImportance: minimumImportance, importance: importance)
  }

  /// Why the sheet is not shown at all at this time, or nil when it may be.
  package var suppressedReason: String? {
    if isOff { return "what's new is off for this app" }
    if let hiddenUntil, now < hiddenUntil {
      return "what's new put off until \(LaunchStateCodec.iso8601(hiddenUntil) ?? "later")"
    }
    return nil
  }

  /// The importance of `version` under these rules.
  package func importance(of version: AppVersion) -> ReleaseImportance {
    importance.first { $0.version == version }?.importance ?? .patch
  }

  /// How a sheet shows `versions` (newest first): the ones that reach ``minimumImportance`` in
  /// full, the others by one line, and, past ``collapseAfter`` releases, only the newest in
  /// full until the user expands the rest.
  package func layout(of versions: [AppVersion]) -> SheetLayout {
    let brief = versions.filter { importance(of: $0) < minimumImportance }
    return SheetLayout(
      versions: versions, brief: brief, collapsesEarlier: versions.count > Self.collapseAfter)
  }

  /// The order a sheet shows releases in: the critical ones first, then the others, each in
  /// the order given (newest first). A critical release also shows in full whatever
  /// ``minimumImportance`` is (nothing is above `.critical`), and a collapsed sheet shows it.
  package static func criticalFirst<Release>(_ releases: [Release], isCritical: (Release) -> Bool)
    -> [Release]
  {
    releases.filter(isCritical) + releases.filter { !isCritical($0) }
  }

  /// The equality of the rules' values (the importance list compared in order).
  package static func == (a: WhatsNewRules, b: WhatsNewRules) -> Bool {
    a.isOff == b.isOff && a.hiddenUntil == b.hiddenUntil && a.now == b.now
      && a.minimumImportance == b.minimumImportance
      && a.importance.map(\.version) == b.importance.map(\.version)
      && a.importance.map(\.importance) == b.importance.map(\.importance)
  }
}

/// How the what's-new sheet lays out the releases it covers (``WhatsNewRules/layout(of:)``).
package struct SheetLayout: Sendable, Equatable {
  /// Every release covered, newest first.
  package var versions: [AppVersion]
  /// The releases below the minimum importance: one line each, not their notes.
  package var brief: [AppVersion]
  /// True past ``WhatsNewRules/collapseAfter`` releases: the sheet opens with the newest in
  /// full and "…and N earlier releases", which one key expands.
  package var collapsesEarlier: Bool

  /// A sheet of `versions` (newest first), listing `brief` ones by their heading and collapsing the earliest when `collapsesEarlier`.
  package init(versions: [AppVersion], brief: [AppVersion] = [], collapsesEarlier: Bool = false) {
    self.versions = versions
    self.brief = brief
    self.collapsesEarlier = collapsesEarlier
  }

  /// The releases shown in full.
  package var full: [AppVersion] { versions.filter { !brief.contains($0) } }
}
