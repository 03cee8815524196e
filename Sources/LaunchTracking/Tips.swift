#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// When one tip (`Notes/tips/<name>.md`) may be shown: its front matter, as rules.
package struct TipRule: Sendable, Equatable {
  /// The shows a tip gets when its front matter gives no `max-shows:`.
  package static let defaultMaxShows = 3

  /// `id:` letters a-z, digits and `-`; what the state counts shows under.
  package var id: String
  /// `after-launches: N`: not before the app's Nth launch.
  package var afterLaunches: Int?
  /// `after-days: N`: not before N whole days since the app was installed.
  package var afterDays: Int?
  /// `when-used: EVENT`: only once the user did this (the tip teaches the next step).
  package var whenUsed: String?
  /// `unless-used: EVENT`: never once the user did this (they found the feature).
  package var unlessUsed: String?
  /// `max-shows: N`: retired after N showings.
  package var maxShows: Int
  /// `importance:`; a more important tip is due before a less important one.
  package var importance: ReleaseImportance?

  package init(
    id: String, afterLaunches: Int? = nil, afterDays: Int? = nil, whenUsed: String? = nil,
    unlessUsed: String? = nil, maxShows: Int = TipRule.defaultMaxShows, importance: ReleaseImportance? = nil
  ) {
    self.id = id
    self.afterLaunches = afterLaunches
    self.afterDays = afterDays
    self.whenUsed = whenUsed
    self.unlessUsed = unlessUsed
    self.maxShows = maxShows
    self.importance = importance
  }

}

/// How often one tip was shown, as the state file records it.
package struct TipRecord: Sendable, Equatable {
  /// How many times it was shown.
  package var shows: Int
  /// When it was last shown.
  package var lastShown: Date

  /// A tip shown `shows` times, the last at `lastShown`.
  package init(shows: Int, lastShown: Date) {
    self.shows = shows
    self.lastShown = lastShown
  }
}

/// One interruption per launch, and at most one tip or update card per cooldown.
///
/// A launch shows at most one of the walkthrough, the what's-new sheet, the welcome-back card,
/// the update card and a tip, in that order: the first three are one screen that
/// ``PresentationDecision`` picks; the update card only when no screen is shown; a tip only
/// when neither is. Tips and update cards share a cooldown: after one was shown, neither is
/// shown again until ``cooldown`` has passed, except a card that is exempt (a critical
/// release's).
package struct InterruptionBudget: Sendable, Equatable {
  /// One day.
  package static let defaultCooldown: Duration = .seconds(86_400)

  /// The least time between two tips or update cards.
  package var cooldown: Duration
  /// When a tip or update card was last shown (``LaunchState/lastTipOrCardDate``).
  package var lastTipOrCard: Date?

  package init(cooldown: Duration = InterruptionBudget.defaultCooldown, lastTipOrCard: Date?) {
    self.cooldown = cooldown
    self.lastTipOrCard = lastTipOrCard
  }

  /// Until when a tip or card waits at `now`; nil when one may be shown. A card that is
  /// `exempt` (critical) never waits.
  package func cooldownUntil(now: Date, exempt: Bool = false) -> Date? {
    guard !exempt, let last = lastTipOrCard else { return nil }
    let (seconds, attoseconds) = cooldown.components
    let until = last.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
    // A clock set back (now before the last) does not hold tips back for ever.
    return now < until && now >= last ? until : nil
  }
}

/// Why something due was not shown on this launch: data the outcome holds and
/// `greet --explain` words.
package enum HeldBack: Sendable, Equatable {
  /// What was held back.
  package enum Item: Sendable, Equatable {
    case tip(id: String)
    case updateCard(version: AppVersion)
    /// The "Get started" checklist (``ChecklistStatus``).
    case checklist
  }

  /// Why.
  package enum Reason: Sendable, Equatable {
    /// A screen (walkthrough, sheet, welcome-back) was shown on this launch.
    case screenShown
    /// The update card was shown on this launch.
    case updateCardShown
    /// A tip was shown on this launch.
    case tipShown
    /// A tip, update card or checklist was shown within the cooldown; the next may come at
    /// `until`.
    case cooldown(until: Date)
    /// The user turned this one tip off (``LaunchState/mutedTips``).
    case muted
  }

  case item(Item, Reason)
}

/// Why tips are off for a launch.
package enum TipsOff: Sendable, Equatable {
  /// `settings tips off` (or `x` "no more tips"): ``LaunchState/tipsOff``.
  case setting
  /// The app's `<PREFIX>_NO_TIPS=1`.
  case variable(String)
  /// The administrator's policy: where `tips: false` was set
  /// (`/etc/whatsnew/policy.json (apps.tally.tips)`).
  case policy(String)

  /// The switch, as `--explain`'s `tip:` line and `whatsnew tips` name it:
  /// `whatsnew settings tips off`, `TALLY_NO_TIPS=1`, or the policy's file and key
  /// (`/etc/whatsnew/policy.json (all.tips)`).
  package var reason: String {
    switch self {
    case .setting: "whatsnew settings tips off"
    case .variable(let name): "\(name)=1"
    case .policy(let source): source
    }
  }
}

/// Where one tip stands on a launch, for the choice and for `whatsnew tips`.
package enum TipStatus: Sendable, Equatable {
  /// It may be shown now.
  case due
  /// Shown `shows` times, its `max-shows:`.
  case retiredShown(shows: Int)
  /// Its `unless-used:` event happened.
  case retiredUsed(event: String)
  /// Waiting for the app's launch `launch` (`after-launches:`).
  case waitingForLaunch(Int)
  /// Waiting for day `day` since install (`after-days:`).
  case waitingForDay(Int)
  /// Waiting for its `when-used:` event.
  case waitingForEvent(String)

  /// True for the two ways a tip retires.
  package var isRetired: Bool {
    switch self {
    case .retiredShown, .retiredUsed: true
    default: false
    }
  }
}

/// Which tip is due: pure, over the tips' rules, the launch and what the state records.
package struct TipSchedule: Sendable {
  /// The app's launches so far, this one included.
  package var launchCount: Int
  /// Whole days since the first launch.
  package var daysSinceInstall: Int
  /// Whether the user did an event (the state's usage events).
  package var used: @Sendable (String) -> Bool
  /// Each tip's shows so far.
  package var records: [String: TipRecord]
  /// The tips the user turned off one by one (``LaunchState/mutedTips``): never the next.
  package var muted: Set<String>

  package init(
    launchCount: Int, daysSinceInstall: Int, used: @escaping @Sendable (String) -> Bool,
    records: [String: TipRecord], muted: Set<String> = []
  ) {
    self.launchCount = launchCount
    self.daysSinceInstall = daysSinceInstall
    self.used = used
    self.records = records
    self.muted = muted
  }

  /// The schedule `state` records at `now`, with `used` for its events.
  package init(state: LaunchState, now: Date, used: @escaping @Sendable (String) -> Bool) {
    self.init(
      launchCount: state.launchCount,
      daysSinceInstall: max(0, Int(now.timeIntervalSince(state.firstLaunchDate) / 86_400)), used: used,
      records: state.tips, muted: state.mutedTips)
  }

  /// Where `rule` stands, before the budget and the off switches (a muted tip too).
  package func status(of rule: TipRule) -> TipStatus {
    let shows = records[rule.id]?.shows ?? 0
    if shows >= rule.maxShows { return .retiredShown(shows: shows) }
    if let event = rule.unlessUsed, used(event) { return .retiredUsed(event: event) }
    if let n = rule.afterLaunches, launchCount < n { return .waitingForLaunch(n) }
    if let n = rule.afterDays, daysSinceInstall < n { return .waitingForDay(n) }
    if let event = rule.whenUsed, !used(event) { return .waitingForEvent(event) }
    return .due
  }

  /// The tip to show among `rules` (in the app's order, by file name): of those due and not
  /// muted, the most important, then the one shown least, then the first.
  package func next(among rules: [TipRule]) -> TipRule? {
    var best: TipRule?
    for rule in rules where status(of: rule) == .due && !muted.contains(rule.id) {
      guard let chosen = best else {
        best = rule
        continue
      }
      let (a, b) = (rule.importance ?? .patch, chosen.importance ?? .patch)
      if a > b || (a == b && shows(rule) < shows(chosen)) { best = rule }
    }
    return best
  }

  /// The ids of the tips among `rules` that would be due but are muted, in the app's order.
  package func mutedDue(among rules: [TipRule]) -> [String] {
    rules.filter { muted.contains($0.id) && status(of: $0) == .due }.map(\.id)
  }

  private func shows(_ rule: TipRule) -> Int { records[rule.id]?.shows ?? 0 }
}

extension LaunchState {
  /// The most tips the state remembers; the longest unseen are forgotten first.
  package static let maxTipRecords = 200

  /// Records that the tip `id` is shown at `now`: one more show, and the cooldown starts.
  package mutating func recordTipShown(_ id: String, now: Date) {
    tips[id] = TipRecord(shows: (tips[id]?.shows ?? 0) + 1, lastShown: now)
    lastTipOrCardDate = now
    if tips.count > Self.maxTipRecords {
      let oldest = tips.sorted { ($0.value.lastShown, $0.key) < ($1.value.lastShown, $1.key) }
      for (key, _) in oldest.prefix(tips.count - Self.maxTipRecords) { tips[key] = nil }
    }
  }
}

extension LaunchTracker {
  /// Turns tips on or off for the user (`settings tips on|off`, `x` "no more tips"). Returns
  /// false when the store holds no state; throws ``NotRecorded`` when the state cannot be
  /// written.
  package static func setTips(enabled: Bool, in store: any LaunchStore) throws -> Bool {
    try changeRecordedState(in: store) { $0.tipsOff = !enabled }
  }

  /// Turns single tips off (muted: never shown) or back on, by id (`whatsnew tips --off ID`,
  /// `--on ID`), in one write. Returns false when the store holds no state; throws
  /// ``NotRecorded`` when the state cannot be read (a state directory that is a file, say) or
  /// written.
  @discardableResult
  package static func setTips(_ switches: [String: Bool], in store: any LaunchStore) throws -> Bool {
    // A state directory that cannot be used is said so, not taken for one with no launch yet.
    if case .unusable(let reason) = try store.read() { throw NotRecorded(reason: reason) }
    return try changeRecordedState(in: store) { state in
      for (id, enabled) in switches {
        if enabled { state.mutedTips.remove(id) } else { state.mutedTips.insert(id) }
      }
    }
  }

  /// Records that the tip `id` is shown at `now` (before it is shown, like an update card):
  /// one more show, and the cooldown starts. Throws ``NotRecorded`` when the state cannot be
  /// written (the tip is then not shown, or it would come back on every launch).
  package static func recordTipShown(_ id: String, now: Date, in store: any LaunchStore) throws {
    guard try changeRecordedState(in: store, { $0.recordTipShown(id, now: now) }) else {
      throw NotRecorded(reason: "no launch is recorded")
    }
  }
}
