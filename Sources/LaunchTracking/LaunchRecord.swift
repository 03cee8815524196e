/// The outcome of recording one launch: how it was classified, the state after it, and
/// what the update steps did.
package struct LaunchRecord: Sendable {
  /// The state after this launch (what was written, or would have been when read-only).
  package let state: LaunchState
  /// False when the launch could not be written (unwritable directory, newer schema,
  /// foreign file); the app still presents, but nothing is remembered.
  package let isRecorded: Bool
  /// Why the launch was not recorded, if it was not.
  package let notRecordedReason: String?
  /// What the update-step runner did during this launch.
  package let updates: UpdateRunReport
  /// True when another launch held the state lock for longer than the store waits (its
  /// update steps running, say): this launch was read but not recorded, and ran no steps.
  package let lockWasBusy: Bool

  /// The classification of this launch.
  package var launch: LaunchState.LastLaunch { state.lastLaunch }
  /// The kind of this launch.
  package var kind: LaunchKind { state.lastLaunch.kind }
  /// True when a corrupt state file was moved aside and this launch started afresh.
  package var stateWasReset: Bool { state.lastLaunch.stateWasReset }

  package init(
    state: LaunchState, notRecordedReason: String?, updates: UpdateRunReport, lockWasBusy: Bool = false
  ) {
    self.state = state
    self.isRecorded = notRecordedReason == nil
    self.notRecordedReason = notRecordedReason
    self.updates = updates
    self.lockWasBusy = lockWasBusy
  }
}
