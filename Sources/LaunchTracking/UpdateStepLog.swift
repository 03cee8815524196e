#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the update-step runner has recorded: steps completed, not needed, and failed.
/// Steps are identified by id; a step appears in at most one list.
package struct UpdateStepLog: Sendable, Equatable {
  /// Steps that ran and succeeded, in the order they ran.
  package var completed: [Entry] = []
  /// Steps that were skipped for good: fresh install, or not applicable.
  package var notNeeded: [Entry] = []
  /// Steps whose last attempt threw; retried on the next launch.
  package var failed: [Failure] = []

  package init() {}

  /// A step that completed or was found not needed.
  package struct Entry: Sendable, Equatable {
    package var id: String
    package var version: AppVersion
    package var date: Date
    /// Why it was not needed (nil for completed steps).
    package var reason: String?
    /// How many attempts it took (completed steps only).
    package var attempts: Int?

    package init(id: String, version: AppVersion, date: Date, reason: String? = nil, attempts: Int? = nil) {
      self.id = id
      self.version = version
      self.date = date
      self.reason = reason
      self.attempts = attempts
    }
  }

  /// A step whose latest attempt threw.
  package struct Failure: Sendable, Equatable {
    package var id: String
    package var version: AppVersion
    package var message: String
    package var attempts: Int
    package var lastAttemptDate: Date

    package init(id: String, version: AppVersion, message: String, attempts: Int, lastAttemptDate: Date) {
      self.id = id
      self.version = version
      self.message = message
      self.attempts = attempts
      self.lastAttemptDate = lastAttemptDate
    }
  }

  /// True when `id` completed or was recorded as not needed.
  package func isSettled(_ id: String) -> Bool {
    completed.contains { $0.id == id } || notNeeded.contains { $0.id == id }
  }
}
