#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the "Get started" checklist stands on a launch whose app offers it, before the
/// one-interruption budget: data the outcome holds and `greet --explain` words.
package enum ChecklistStatus: Sendable, Equatable {
  /// Shown on this launch (or due, and held back: see ``HeldBack``), `done` of `steps` done.
  case due(done: Int, steps: Int)
  /// The user dismissed it for good (``LaunchState/checklistDismissed``).
  case dismissed
  /// The walkthrough is still pending: the checklist follows it, it does not replace it.
  case walkthroughPending
  /// Every step is done: nothing is left to show.
  case allDone(steps: Int)
  /// No walkthrough page has a `done-when:` event (or there is no walkthrough).
  case noSteps
}

extension LaunchTracker {
  /// Records that the checklist is shown at `now`, before it is shown, as a tip is: the
  /// cooldown before the next tip, update card or checklist starts. Throws ``NotRecorded``
  /// when the state cannot be written (the card is then not shown, or it would come back on
  /// every launch).
  package static func recordChecklistShown(now: Date, in store: any LaunchStore) throws {
    guard try changeRecordedState(in: store, { $0.lastTipOrCardDate = now }) else {
      throw NotRecorded(reason: "no launch is recorded")
    }
  }

  /// Brings the checklist back (`settings checklist on`) or dismisses it for good (`x` on the
  /// card, `settings checklist off`). Returns false when the store holds no state; throws
  /// ``NotRecorded`` when the state cannot be written.
  @discardableResult
  package static func setChecklist(enabled: Bool, in store: any LaunchStore) throws -> Bool {
    try changeRecordedState(in: store) { $0.checklistDismissed = !enabled }
  }
}
