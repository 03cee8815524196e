#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the update-step runner has recorded: steps completed, not needed, and failed.
/// Steps are identified by id; a step appears in at most one list.
public struct UpdateStepLog: Sendable, Equatable {
  /// Steps that ran and succeeded, in the order they ran.
  public var completed: [Entry] = []
  /// Steps that were skipped for good: fresh install, or not applicable.
  public var notNeeded: [Entry] = []
  /// Steps whose last attempt threw; retried on the next launch.
  public var failed: [Failure] = []

  public init() {}

  /// A step that completed or was found not needed.
  public struct Entry: Sendable, Equatable {
    public var id: String
    public var version: AppVersion
    public var date: Date
    /// Why it was not needed (nil for completed steps).
    public var reason: String?
    /// How many attempts it took (completed steps only).
    public var attempts: Int?

    public init(id: String, version: AppVersion, date: Date, reason: String? = nil, attempts: Int? = nil) {
      self.id = id
      self.version = version
      self.date = date
      self.reason = reason
      self.attempts = attempts
    }
  }

  /// A step whose latest attempt threw.
  public struct Failure: Sendable, Equatable {
    public var id: String
    public var version: AppVersion
    public var message: String
    public var attempts: Int
    public var lastAttemptDate: Date

    public init(id: String, version: AppVersion, message: String, attempts: Int, lastAttemptDate: Date) {
      self.id = id
      self.version = version
      self.message = message
      self.attempts = attempts
      self.lastAttemptDate = lastAttemptDate
    }
  }

  /// True when `id` completed or was recorded as not needed.
  public func isSettled(_ id: String) -> Bool {
    completed.contains { $0.id == id } || notNeeded.contains { $0.id == id }
  }
}
