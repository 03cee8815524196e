/// What a launch presents. Decided by `decide(launch:pending:availableNotes:invocation:whatsNew:)`,
/// a pure function; the app presents it and reports dismissals to the `LaunchTracker`.
package enum PresentationDecision: Sendable, Equatable {
  /// The onboarding walkthrough, starting at `resumeAtPage` (0-based).
  case onboarding(resumeAtPage: Int)
  /// The what's-new sheet for `versions` (newest first) after `from` up to `to`, headed by
  /// a welcome-back greeting when `welcomeBackDays` is set.
  case whatsNew(from: AppVersion, to: AppVersion, versions: [AppVersion], welcomeBackDays: Int?)
  /// The welcome-back screen after `days` away.
  case welcomeBack(days: Int)
  /// One version's notes, asked for by a deep link.
  case openNotes(AppVersion)
  /// Nothing, and why.
  case nothing(reason: String)

  /// Decides what a launch presents:
  /// 1. a deep link goes straight to its notes; other pending work stays pending;
  /// 2. a non-interactive launch presents nothing and keeps everything pending;
  /// 3. pending onboarding (a first launch, or one interrupted) resumes at its page;
  /// 4. a pending what's-new sheet covers every release `v` with `since < v <= current`
  ///    in `availableNotes`, newest first, leaving pre-releases out when the current
  ///    version is a release, headed by a pending welcome-back; unless `whatsNew` says the
  ///    user turned the sheets off or put this one off until later, or no release in the range
  ///    reaches its minimum importance (then ``rangeCountedAsSeen(launch:pending:availableNotes:invocation:whatsNew:)``
  ///    is the version to mark seen);
  /// 5. a pending welcome-back;
  /// 6. otherwise nothing.
  package static func decide(
    launch: LaunchState.LastLaunch, pending: [PendingPresentation], availableNotes: [AppVersion],
    invocation: Invocation, whatsNew: WhatsNewRules = WhatsNewRules()
  ) -> PresentationDecision {
    if let link = invocation.deepLink { return .openNotes(link.version) }
    if let why = invocation.nonInteractiveReason {
      let kept =
        pending.isEmpty
        ? "nothing pending" : "kept pending: " + pending.map(\.summary).joined(separator: ", ")
      return .nothing(reason: "not interactive (\(why)); \(kept)")
    }
    var welcomeBackDays: Int?
    var whatsNewSince: AppVersion?
    for item in pending {
      switch item {
      case .onboarding(let page): return .onboarding(resumeAtPage: page)
      case .whatsNew(let since): whatsNewSince = since
      case .welcomeBack(let days): welcomeBackDays = days
      }
    }
    let current = launch.to
    var noNotesReason: String?
    if let since = whatsNewSince {
      switch sheet(since: since, current: current, availableNotes: availableNotes, rules: whatsNew) {
      case .show(let versions):
        return .whatsNew(from: since, to: current, versions: versions, welcomeBackDays: welcomeBackDays)
      case .notShown(let reason):
        noNotesReason = reason
      case .belowMinimum(let reason):
        noNotesReason = reason
      }
    }
    if let days = welcomeBackDays { return .welcomeBack(days: days) }
    if let noNotesReason { return .nothing(reason: noNotesReason) }
    return .nothing(reason: "\(launch.kind.rawValue) launch, nothing pending")
  }

  /// The version up to which a pending what's-new sheet counts as seen without being shown,
  /// because no release in its range reaches `whatsNew`'s minimum importance; nil when the
  /// launch presents the sheet, something before it, or nothing for another reason (a
  /// non-interactive launch keeps everything pending).
  package static func rangeCountedAsSeen(
    launch: LaunchState.LastLaunch, pending: [PendingPresentation], availableNotes: [AppVersion],
    invocation: Invocation, whatsNew: WhatsNewRules
  ) -> AppVersion? {
    guard invocation.deepLink == nil, invocation.isInteractive,
      !pending.contains(where: { $0.kind == .onboarding }),
      case .whatsNew(let since)? = pending.first(where: { $0.kind == .whatsNew }),
      case .belowMinimum = sheet(
        since: since, current: launch.to, availableNotes: availableNotes, rules: whatsNew)
    else { return nil }
    return launch.to
  }

  /// The versions of `available` in ``ReleaseRange`` `since < v <= current` (without
  /// pre-releases unless `current` is one), newest first.
  package static func notes(after since: AppVersion, upTo current: AppVersion, in available: [AppVersion])
    -> [AppVersion]
  {
    let range = ReleaseRange(after: since, upTo: current)
    var seen: Set<AppVersion> = []
    return available.filter { v in range.contains(v) && seen.insert(v).inserted }
      .sorted(by: >)
  }

  /// One line describing the decision, for `--explain` and the provisional presenter.
  package var summary: String {
    switch self {
    case .onboarding(let page):
      return page == 0 ? "onboarding" : "onboarding, resuming at page \(page + 1)"
    case .whatsNew(let from, let to, let versions, let days):
      let list = versions.map(\.description).joined(separator: ", ")
      let head = days.map { ", headed by welcome back (\($0) days away)" } ?? ""
      return "what's new from \(from) to \(to): \(list)\(head)"
    case .welcomeBack(let days): return "welcome back (\(days) days away)"
    case .openNotes(let version): return "open the notes of \(version)"
    case .nothing(let reason): return "nothing (\(reason))"
    }
  }

  // MARK: - Helpers

  private enum SheetVerdict {
    case show([AppVersion])
    case notShown(String)
    case belowMinimum(String)
  }

  private static func sheet(
    since: AppVersion, current: AppVersion, availableNotes: [AppVersion], rules: WhatsNewRules
  )
    -> SheetVerdict
  {
    if let reason = rules.suppressedReason { return .notShown(reason) }
    let versions = notes(after: since, upTo: current, in: availableNotes)
    if versions.isEmpty { return .notShown("no release notes after \(since) up to \(current)") }
    if rules.minimumImportance > .patch,
      !versions.contains(where: { rules.importance(of: $0) >= rules.minimumImportance })
    {
      return .belowMinimum(
        "no release after \(since) up to \(current) reaches \(rules.minimumImportance.rawValue) importance "
          + "(\(versions.map { "\($0): \(rules.importance(of: $0).rawValue)" }.joined(separator: ", "))); "
          + "counted as seen")
    }
    return .show(versions)
  }
}
