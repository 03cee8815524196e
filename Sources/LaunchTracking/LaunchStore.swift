#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where launch state is kept. The whole read-modify-write of a launch happens inside one
/// ``transaction(_:)``, which holds the store's exclusive lock, so concurrent launches
/// serialise and update steps run under the same lock.
package protocol LaunchStore: Sendable {
  /// Runs `body` with the stored state under the store's exclusive lock. Changes to
  /// `transaction.state` are written when `body` returns (and whenever it calls
  /// ``LaunchStateTransaction/save()``), unless the store is read-only.
  func transaction<R>(_ body: (LaunchStateTransaction) throws -> R) throws -> R

  /// Reads the state without changing anything (no repair of corrupt files).
  func read() throws -> LaunchStoreSnapshot

  /// Forgets the stored state.
  func reset() throws

  /// Records one occurrence of the usage event `name` at `date` (see ``UsageEvents``); throws
  /// when `name` is not an event name or the event cannot be recorded. A store that can take
  /// events without its lock (`FileLaunchStore` appends them to a log) does so; the default
  /// records it in a transaction, into a state that exists.
  func record(_ name: String, at date: Date) throws
}

extension LaunchStore {
  /// Records the event in one transaction; throws when `name` is not an event name, no launch
  /// was recorded yet, or the state cannot be written.
  package func record(_ name: String, at date: Date) throws {
    if let problem = UsageEvents.problem(withName: name) { throw LaunchStoreError(problem) }
    try transaction { tx in
      guard var state = tx.state else { throw LaunchStoreError("no launch is recorded yet") }
      state.events.record(name, at: date)
      tx.state = state
      try tx.save()
      if let reason = tx.readOnlyReason { throw LaunchStoreError("not recorded: \(reason)") }
    }
  }
}

/// What a read-only look at a store found.
package enum LaunchStoreSnapshot: Sendable, Equatable {
  /// Nothing is stored.
  case empty
  /// A state of this code's schema (or an older one).
  case state(LaunchState)
  /// A file written by a newer schema; `state` is what could be read of it, if anything.
  case newerSchema(schema: Int, state: LaunchState?)
  /// A file that cannot be used, and why.
  case unusable(reason: String)
}

/// The state of one store transaction, handed to the transaction's body.
///
/// Set ``state`` to change it; the store writes it when the body returns. Call ``save()``
/// to write intermediate progress (the update-step runner saves after every step).
///
/// Each write tells the store whether it must be durable (see
/// ``LaunchState/needsDurableWrite(after:)``): a launch that only counts itself is written
/// atomically but not fsynced, so a regular start-up never waits on the disk.
package final class LaunchStateTransaction {
  /// The state read at the start (nil when none, or when it was reset), as modified so far.
  package var state: LaunchState?
  /// True when a corrupt state file was moved aside when this transaction began.
  package let stateWasReset: Bool
  /// Why the state cannot be recorded (unwritable directory, newer schema, foreign file, a
  /// write that failed), or nil while it can. The body still runs; nothing more is written.
  package private(set) var readOnlyReason: String?
  /// False when the state cannot be recorded; see ``readOnlyReason``.
  package var isWritable: Bool { readOnlyReason == nil }
  /// True when another launch held the store's lock longer than the store waits for it: the
  /// state was read without the lock and nothing is written (``readOnlyReason`` says so).
  package let lockWasBusy: Bool

  private var lastSaved: LaunchState?
  private let writer: (LaunchState, _ durable: Bool) throws -> String?

  /// Creates a transaction over `state`. `writer` persists a state (durably when its second
  /// argument is true) and returns nil, or returns why it could not (the transaction is
  /// read-only from then on), or throws.
  package init(
    state: LaunchState?, stateWasReset: Bool, readOnlyReason: String?, lockWasBusy: Bool = false,
    writer: @escaping (LaunchState, _ durable: Bool) throws -> String?
  ) {
    self.state = state
    self.lastSaved = state
    self.stateWasReset = stateWasReset
    self.readOnlyReason = readOnlyReason
    self.lockWasBusy = lockWasBusy
    self.writer = writer
  }

  /// Writes ``state`` now if it changed since the last write. Does nothing when read-only.
  package func save() throws {
    guard isWritable, let state, state != lastSaved else { return }
    if let problem = try writer(state, state.needsDurableWrite(after: lastSaved)) {
      readOnlyReason = problem
    } else {
      lastSaved = state
    }
  }
}
