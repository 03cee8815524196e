#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Records each launch of an app once, classifies it, runs the app's update steps, and keeps
/// the presentations the user has earned pending until they are dismissed.
///
/// The store and the clock are injected (tests use ``InMemoryLaunchStore`` and a fixed
/// clock). Every method runs in one store transaction, so it holds the store's lock for its
/// whole read-modify-write.
package struct LaunchTracker: Sendable {
  /// The app whose launches are tracked.
  package let appID: String
  /// The version being launched.
  package let version: AppVersion
  /// Where the state is kept.
  package let store: any LaunchStore
  /// The clock.
  package let now: @Sendable () -> Date
  /// A launch of the same version at least this many days after the previous one is
  /// `returning` (and any launch that long after the previous one earns a welcome-back).
  package let returningThresholdDays: Int

  /// Asked on a launch with no recorded state: true when this user already used the app
  /// before it recorded launches (the app's own sign, such as its config file existing). Such
  /// a launch is an upgrade from an unknown version: it earns the current version's notes, not
  /// the walkthrough.
  package let isExistingInstall: (@Sendable () -> Bool)?

  /// The default returning threshold, in days.
  package static let defaultReturningThresholdDays = 30
  /// How long "later" hides a what's-new sheet: 24 hours.
  package static let laterInterval: TimeInterval = 86_400

  package init(
    appID: String, version: AppVersion, store: any LaunchStore,
    returningThresholdDays: Int = Self.defaultReturningThresholdDays,
    isExistingInstall: (@Sendable () -> Bool)? = nil,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.appID = appID
    self.version = version
    self.store = store
    self.returningThresholdDays = returningThresholdDays
    self.isExistingInstall = isExistingInstall
    self.now = now
  }

  /// Records this launch, then runs `updateSteps` (under the same lock) and returns the
  /// classification and the new state. Duplicate step ids are refused before anything runs
  /// or is recorded. A failing step does not make this throw: it is in the record's
  /// ``LaunchRecord/updates``. `interrupt` is asked while a step runs (see ``UpdateRunner``):
  /// Ctrl-C or a termination signal the caller has seen, which stops the steps.
  package func recordLaunch(
    updateSteps: [UpdateStep] = [], progress: (UpdateProgress) -> Void = { _ in },
    interrupt: () -> UpdateInterrupt? = { nil }
  ) throws -> LaunchRecord {
    try UpdateRunner.validate(updateSteps)
    let date = now()
    return try store.transaction { tx in
      let existing = tx.state == nil && (isExistingInstall?() ?? false)
      let state = Self.advance(
        tx.state, appID: appID, version: version, date: date,
        returningThresholdDays: returningThresholdDays, stateWasReset: tx.stateWasReset,
        existingInstall: existing)
      tx.state = state
      try tx.save()  // the launch counts even if a step crashes the process
      var report = UpdateRunReport()
      if !updateSteps.isEmpty {
        if let reason = tx.readOnlyReason {
          report.skippedReason = "the launch state cannot be recorded (\(reason))"
        } else {
          report = try UpdateRunner.run(
            updateSteps, in: tx, version: version,
            isFreshInstall: state.lastLaunch.kind == .first && !tx.stateWasReset, now: now,
            progress: progress, interrupt: interrupt)
        }
      }
      return LaunchRecord(
        state: tx.state ?? state, notRecordedReason: tx.readOnlyReason, updates: report,
        lockWasBusy: tx.lockWasBusy)
    }
  }

  /// Marks a pending presentation as seen and dismissed by the user. For what's-new,
  /// `upTo` is the newest version whose notes were shown: the sheet stays pending for the
  /// versions after it, if any (nil: everything up to the current version was seen).
  package func markDismissed(_ kind: PendingPresentation.Kind, upTo: AppVersion? = nil) throws {
    try store.transaction { tx in
      guard var state = tx.state else { return }
      if kind == .whatsNew, let upTo, upTo < state.currentVersion,
        case .whatsNew(let since)? = state.pending(.whatsNew)
      {
        state.setPending(.whatsNew, to: .whatsNew(since: max(since, upTo)))
      } else {
        state.setPending(kind, to: nil)
      }
      if kind == .whatsNew { state.whatsNewHiddenUntil = nil }
      tx.state = state
    }
  }

  /// Puts the pending what's-new sheet off for ``laterInterval`` ("remind me later"): it stays
  /// pending and is not shown before then.
  package func remindLater() throws {
    let until = now().addingTimeInterval(Self.laterInterval)
    try store.transaction { tx in
      guard var state = tx.state, state.pending(.whatsNew) != nil else { return }
      state.whatsNewHiddenUntil = until
      tx.state = state
    }
  }

  /// Turns the what's-new sheets of this app on or off for this user (`x` on the sheet turns
  /// them off). Returns false when no launch was ever recorded, so there is nothing to change.
  @discardableResult
  package func setWhatsNew(enabled: Bool) throws -> Bool {
    try Self.setWhatsNew(enabled: enabled, in: store)
  }

  /// ``setWhatsNew(enabled:)`` on `store` without a launch (the `settings` command). Returns
  /// false when the store holds no state; throws ``NotRecorded`` when the state cannot be
  /// written (a newer schema, a foreign file, an unwritable directory).
  package static func setWhatsNew(enabled: Bool, in store: any LaunchStore) throws -> Bool {
    try changeRecordedState(in: store) { state in
      state.whatsNewOff = !enabled
      if enabled { state.whatsNewHiddenUntil = nil }
    }
  }

  /// Applies `change` to the recorded state in one transaction and writes it now: a user's
  /// setting, or a tip or checklist counted as shown. Returns false, writing nothing, when the
  /// store holds no state; throws ``NotRecorded`` when the state cannot be written.
  static func changeRecordedState(in store: any LaunchStore, _ change: (inout LaunchState) -> Void) throws
    -> Bool
  {
    try store.transaction { tx in
      guard var state = tx.state else { return false }
      change(&state)
      tx.state = state
      try tx.save()
      if let reason = tx.readOnlyReason { throw NotRecorded(reason: reason) }
      return true
    }
  }

  /// A change the store could not write, and why.
  package struct NotRecorded: Error, Sendable, CustomStringConvertible {
    /// Why (the store's read-only reason).
    package var reason: String
    package var description: String { "not recorded: \(reason)" }
  }

  /// Remembers that onboarding reached `page` (0-based), so an interrupted walkthrough
  /// resumes there. Does nothing when onboarding is not pending.
  package func markOnboarding(page: Int) throws {
    try store.transaction { tx in
      guard var state = tx.state, state.pending(.onboarding) != nil else { return }
      state.setPending(.onboarding, to: .onboarding(page: max(0, page)))
      tx.state = state
    }
  }

  /// Marks onboarding as finished (or skipped) by the user. This also drops a pending
  /// what's-new sheet and welcome-back: the walkthrough introduced the current version, and
  /// a new user gets no release notes.
  package func completeOnboarding() throws {
    try store.transaction { tx in
      guard var state = tx.state else { return }
      state.pending = []
      tx.state = state
    }
  }

  // MARK: - Classification

  /// The state after a launch of `version` at `date`, given the state before it (nil: no
  /// state). Pure; ``recordLaunch(updateSteps:progress:interrupt:)`` stores its result.
  ///
  /// Rules beyond classifying by version (first, upgrade, downgrade, returning, regular):
  /// - days away are whole days since the previous launch, never negative: a clock that
  ///   went backwards gives 0, and the new (earlier) date is still recorded as the last;
  /// - an upgrade earns what's-new since the last version seen: an existing pending sheet
  ///   keeps its older start, so skipped and unseen versions are all covered;
  /// - upgrades and absences are recorded as pending even while onboarding is pending (so
  ///   `state` shows them), but onboarding is presented first, and completing it drops them:
  ///   a new user gets the tour of the current version, not release notes;
  /// - with no state and `existingInstall`, the launch is an upgrade from an unknown version
  ///   (`from` nil): no walkthrough, and a what's-new sheet since ``AppVersion/justBelow``
  ///   the current version, which holds the current version's notes;
  /// - any launch at least the returning threshold after the previous one (returning,
  ///   upgrade or downgrade) earns a welcome-back;
  /// - a downgrade to or below the start of a pending sheet drops that sheet.
  package static func advance(
    _ previous: LaunchState?, appID: String, version: AppVersion, date: Date,
    returningThresholdDays: Int, stateWasReset: Bool = false, existingInstall: Bool = false
  ) -> LaunchState {
    guard var state = previous else {
      var state = LaunchState(appID: appID, version: version, date: date, stateWasReset: stateWasReset)
      if existingInstall {
        state.lastLaunch.kind = .upgrade
        state.versionHistory[0].arrivedBy = .upgrade
        state.pending = [.whatsNew(since: version.justBelow)]
      }
      return state
    }
    let last = state.currentVersion
    let seconds = date.timeIntervalSince(state.lastLaunchDate)
    let days = seconds > 0 ? Int((seconds / 86_400).rounded(.down)) : 0
    let kind: LaunchKind
    if version > last {
      kind = .upgrade
    } else if version < last {
      kind = .downgrade
    } else {
      kind = days >= returningThresholdDays ? .returning : .regular
    }
    // Saturating: a file holding Int.max must not trap the launch.
    let (count, overflow) = state.launchCount.addingReportingOverflow(1)
    state.launchCount = overflow ? Int.max : count
    state.lastLaunchDate = date
    if version != last { state.previousVersion = last }
    state.currentVersion = version
    if !state.versionHistory.contains(where: { $0.version == version }) {
      state.versionHistory.append(
        .init(version: version, firstLaunchDate: date, arrivedBy: version > last ? .upgrade : .downgrade))
    }
    state.lastLaunch = .init(
      kind: kind, from: last, to: version, daysAway: days, date: date, stateWasReset: false)

    switch kind {
    case .upgrade where state.pending(.whatsNew) == nil:
      state.setPending(.whatsNew, to: .whatsNew(since: last))
    case .downgrade:
      if case .whatsNew(let since)? = state.pending(.whatsNew), version <= since {
        state.setPending(.whatsNew, to: nil)
      }
    default:
      break
    }
    if days >= returningThresholdDays {
      state.setPending(.welcomeBack, to: .welcomeBack(days: days))
    }
    return state
  }
}

extension LaunchTracker {
  /// Records that the "a newer version is available" card for `version` is shown at `now`,
  /// before it is shown, as a tip or the checklist is: that version is announced, and the
  /// cooldown before the next tip, update card or checklist starts. Throws ``NotRecorded`` when
  /// the state cannot be written (another launch holds the lock, an unwritable directory, a
  /// newer schema, a foreign file): the card is then not shown, or it would come back on every
  /// launch with its showing lost.
  package static func recordUpdateAnnounced(_ version: AppVersion, now: Date, in store: any LaunchStore)
    throws
  {
    let recorded = try changeRecordedState(in: store) { state in
      state.updateAnnounced = version
      state.lastTipOrCardDate = now
    }
    guard recorded else { throw NotRecorded(reason: "no launch is recorded") }
  }
}

extension LaunchTracker {
  /// This install's place in a phased rollout (``LaunchState/rolloutPlace``): the one recorded,
  /// else one drawn by `draw` and written with the state in its own transaction, so every
  /// later launch finds the same. A place another launch recorded meanwhile is kept. Throws
  /// ``NotRecorded`` when it cannot be written (a place that is not kept would change from one
  /// launch to the next).
  package static func rolloutPlace(
    in store: any LaunchStore,
    draw: () -> Int = { Int.random(in: LaunchState.rolloutPlaces) }
  ) throws -> Int {
    var place: Int?
    let recorded = try store.transaction { tx in
      guard var state = tx.state else { return false }
      if let kept = state.rolloutPlace {
        place = kept
        return true
      }
      state.rolloutPlace = draw()
      place = state.rolloutPlace
      tx.state = state
      try tx.save()
      if let reason = tx.readOnlyReason { throw NotRecorded(reason: reason) }
      return true
    }
    guard recorded, let place else { throw NotRecorded(reason: "no launch is recorded") }
    return place
  }
}
