#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything recorded about one app's launches: the content of `launch-state.json`.
///
/// The file carries a ``schema`` number. A reader never overwrites a file whose schema is
/// newer than ``LaunchState/currentSchema``. Dates are ISO 8601 strings in the file.
/// `LaunchStateCodec` is the file's only codec: a new stored property needs its key there
/// (a test fails until it has one).
package struct LaunchState: Sendable, Equatable {
  /// The schema this code writes.
  package static let currentSchema = 1

  /// The schema of the file this state came from (``currentSchema`` for new state).
  package var schema: Int
  /// The app this state belongs to.
  package var appID: String
  /// How many launches have been recorded.
  package var launchCount: Int
  /// When the app was first launched.
  package var firstLaunchDate: Date
  /// When the app was last launched (the clock's reading then, even if it went backwards).
  package var lastLaunchDate: Date
  /// The version first seen (the install version).
  package var installVersion: AppVersion
  /// The version of the latest launch.
  package var currentVersion: AppVersion
  /// The version launched before ``currentVersion`` was first launched; nil while only one
  /// version was ever launched.
  package var previousVersion: AppVersion?
  /// Every version launched, in the order first seen, with the date it was first launched.
  package var versionHistory: [VersionHistoryEntry]
  /// How the latest launch was classified.
  package var lastLaunch: LastLaunch
  /// Presentations earned but not yet dismissed.
  package var pending: [PendingPresentation]
  /// What the update-step runner has done.
  package var updateSteps: UpdateStepLog
  /// True when the user asked for no more what's-new sheets (`x` on the sheet); undone with
  /// `LaunchTracker/setWhatsNew(enabled:)`. Upgrades are still recorded as pending, so turning
  /// the sheets back on shows what was missed. Onboarding and welcome-back are not affected.
  package var whatsNewOff = false
  /// A what's-new sheet put off with "later" (`l`) is not shown before this date.
  package var whatsNewHiddenUntil: Date?
  /// The newest version an update feed's "a newer version is available" card announced (key
  /// `updateAnnounced`, absent until one was): each version is announced once. Schema 1
  /// readers that do not know the key ignore it.
  package var updateAnnounced: AppVersion?
  /// Each tip's shows, by its id (key `tips`, absent until one was shown).
  package var tips: [String: TipRecord] = [:]
  /// When a tip or update card was last shown: the cooldown before the next starts here.
  package var lastTipOrCardDate: Date?
  /// True when the user turned tips off (`whatsnew settings tips off`, `x` "no more tips").
  package var tipsOff = false
  /// The tips the user turned off one by one (`whatsnew tips --off ID`,
  /// `LaunchGreeter.setTip(_:enabled:)`; key `mutedTips`, absent while none is): never shown,
  /// while the others are.
  package var mutedTips: Set<String> = []
  /// True when the user dismissed the "Get started" checklist for good (`x` on the card; key
  /// `checklistDismissed`, absent until then, so older files read as not dismissed).
  package var checklistDismissed = false
  /// What the user did in the app, as the app recorded it: a count and the last date per
  /// event name (key `events`, absent while none was recorded). The state file holds the
  /// events folded in so far; `events.log` beside it holds the ones recorded since, which a
  /// store's `read()` adds and its next transaction folds in.
  package var events = UsageEvents()
  /// This install's place in a phased rollout of the update card (key `rolloutPlace`, absent
  /// until a release with a `rollout:` was first considered): a random whole number in
  /// 0..<10,000, drawn once and kept, so the install stays on the same side of a rollout's
  /// share from one launch to the next. It is in a share of `s`% when it is below `s` x 100.
  /// It never leaves the state directory.
  package var rolloutPlace: Int?
  /// The places an install may draw (``rolloutPlace``).
  package static let rolloutPlaces = 0..<10_000

  /// Whether writing this state over `previous` must survive a power loss: true unless
  /// only the launch bookkeeping changed (the count, the last launch date and its
  /// classification), which is what a regular launch changes, and the usage events (recorded
  /// without an fsync in the first place). A new version, pending work or update-step results
  /// are always durable.
  package func needsDurableWrite(after previous: LaunchState?) -> Bool {
    guard var same = previous else { return true }
    same.launchCount = launchCount
    same.lastLaunchDate = lastLaunchDate
    same.lastLaunch = lastLaunch
    same.events = events
    return same != self
  }

  /// One version and when it was first launched.
  package struct VersionHistoryEntry: Sendable, Equatable {
    /// The version that launched.
    package var version: AppVersion
    /// When that version first launched.
    package var firstLaunchDate: Date
    /// How the user came to this version: `first` (the install), `upgrade` (also a late
    /// adoption's first launch) or `downgrade`; nil in files written before it was recorded
    /// (``LaunchState/history`` then works it out from the entry before).
    package var arrivedBy: LaunchKind?

    /// A history entry: `version` (written as text: `"2.0.0"`) first launched at
    /// `firstLaunchDate`, arriving by `arrivedBy`. Throws when `version` is not a version.
    package init(version: String, firstLaunchDate: Date, arrivedBy: LaunchKind? = nil) throws(AppVersion
      .ParseError)
    {
      self.init(
        version: try AppVersion(parsing: version), firstLaunchDate: firstLaunchDate, arrivedBy: arrivedBy)
    }

    /// A history entry: `version` first launched at `firstLaunchDate`, arriving by `arrivedBy`.
    package init(version: AppVersion, firstLaunchDate: Date, arrivedBy: LaunchKind? = nil) {
      self.version = version
      self.firstLaunchDate = firstLaunchDate
      self.arrivedBy = arrivedBy
    }
  }

  /// One version the user ran, for `history`: when it was first launched and how it came.
  package struct HistoryItem: Sendable, Equatable {
    /// The version that launched.
    package var version: AppVersion
    /// When that version first launched.
    package var firstLaunchDate: Date
    /// `first`, `upgrade` or `downgrade`.
    package var arrivedBy: LaunchKind
    /// True when ``arrivedBy`` was not recorded but worked out from the version before.
    package var isInferred: Bool
  }

  /// Every version launched, oldest first, each with how it came: as recorded, else `first`
  /// for the first entry and, for later ones, `upgrade` or `downgrade` against the entry before.
  package var history: [HistoryItem] {
    var items: [HistoryItem] = []
    for (n, entry) in versionHistory.enumerated() {
      var kind = entry.arrivedBy
      let inferred = kind == nil
      if kind == nil {
        kind = n == 0 ? .first : (entry.version < versionHistory[n - 1].version ? .downgrade : .upgrade)
      }
      items.append(
        HistoryItem(
          version: entry.version, firstLaunchDate: entry.firstLaunchDate, arrivedBy: kind ?? .first,
          isInferred: inferred))
    }
    return items
  }

  /// The classification of the latest launch.
  package struct LastLaunch: Sendable, Equatable {
    /// First launch, upgrade, downgrade, returning or regular.
    package var kind: LaunchKind
    /// The version of the launch before (nil on `first`).
    package var from: AppVersion?
    /// The version launched.
    package var to: AppVersion
    /// Whole days since the launch before (nil on `first`; never negative).
    package var daysAway: Int?
    /// When this launch happened.
    package var date: Date
    /// True when a corrupt state file was moved aside during this launch.
    package var stateWasReset: Bool

    /// A launch as the tracker records it, its versions written as text (`"2.0.0"`; `from`
    /// nil on `first`). Throws when either is not a version.
    package init(
      kind: LaunchKind, from: String?, to: String, daysAway: Int?, date: Date, stateWasReset: Bool
    ) throws(AppVersion.ParseError) {
      self.init(
        kind: kind, from: try from.map(AppVersion.init(parsing:)),
        to: try AppVersion(parsing: to), daysAway: daysAway, date: date, stateWasReset: stateWasReset)
    }

    /// The launch as the tracker recorded it.
    package init(
      kind: LaunchKind, from: AppVersion?, to: AppVersion, daysAway: Int?, date: Date,
      stateWasReset: Bool
    ) {
      self.kind = kind
      self.from = from
      self.to = to
      self.daysAway = daysAway
      self.date = date
      self.stateWasReset = stateWasReset
    }
  }

  /// Creates the state of a first launch of `version`, written as text (`"2.0.0"`, `"v2.1"`),
  /// as a test seeds an ``InMemoryLaunchStore``. Throws when `version` is not a version.
  package init(appID: String, version: String, date: Date, stateWasReset: Bool = false)
    throws(AppVersion.ParseError)
  {
    self.init(
      appID: appID, version: try AppVersion(parsing: version), date: date, stateWasReset: stateWasReset)
  }

  /// Creates the state of a first launch.
  package init(appID: String, version: AppVersion, date: Date, stateWasReset: Bool = false) {
    schema = Self.currentSchema
    self.appID = appID
    launchCount = 1
    firstLaunchDate = date
    lastLaunchDate = date
    installVersion = version
    currentVersion = version
    previousVersion = nil
    versionHistory = [VersionHistoryEntry(version: version, firstLaunchDate: date, arrivedBy: .first)]
    lastLaunch = LastLaunch(
      kind: .first, from: nil, to: version, daysAway: nil, date: date, stateWasReset: stateWasReset)
    pending = [.onboarding(page: 0)]
    updateSteps = UpdateStepLog()
  }

  /// The pending presentation of `kind`, if any.
  package func pending(_ kind: PendingPresentation.Kind) -> PendingPresentation? {
    pending.first { $0.kind == kind }
  }

  /// Replaces (or removes, when `new` is nil) the pending presentation of `kind`.
  package mutating func setPending(_ kind: PendingPresentation.Kind, to new: PendingPresentation?) {
    pending.removeAll { $0.kind == kind }
    if let new { pending.append(new) }
    pending.sort { Self.pendingOrder($0.kind) < Self.pendingOrder($1.kind) }
  }

  // MARK: - Helpers

  private static func pendingOrder(_ kind: PendingPresentation.Kind) -> Int {
    switch kind {
    case .onboarding: return 0
    case .whatsNew: return 1
    case .welcomeBack: return 2
    }
  }
}
