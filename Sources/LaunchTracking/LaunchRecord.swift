/// The outcome of recording one launch: how it was classified, the state after it, and
/// what the update steps did.
public struct LaunchRecord: Sendable {
  /// The state after this launch (what was written, or would have been when read-only).
  public let state: LaunchState
  /// False when the launch could not be written (unwritable directory, newer schema,
  /// foreign file); the app still presents, but nothing is remembered.
  public let isRecorded: Bool
  /// Why the launch was not recorded, if it was not.
  public let notRecordedReason: String?
  /// What the update-step runner did during this launch.
  public let updates: UpdateRunReport

  /// The classification of this launch.
  public var launch: LaunchState.LastLaunch { state.lastLaunch }
  /// The kind of this launch.
  public var kind: LaunchKind { state.lastLaunch.kind }
  /// True when a corrupt state file was moved aside and this launch started afresh.
  public var stateWasReset: Bool { state.lastLaunch.stateWasReset }

  public init(state: LaunchState, notRecordedReason: String?, updates: UpdateRunReport) {
    self.state = state
    self.isRecorded = notRecordedReason == nil
    self.notRecordedReason = notRecordedReason
    self.updates = updates
  }
}
