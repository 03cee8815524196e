import Synchronization

/// A launch store in memory, for tests and simulations. Thread-safe; transactions are
/// serialised by a mutex.
package final class InMemoryLaunchStore: LaunchStore, Sendable {
  private struct Contents {
    var state: LaunchState?
    var writeCount = 0
    var durableWriteCount = 0
  }

  private let contents: Mutex<Contents>

  /// Creates a store holding `state` (nil: nothing recorded yet).
  package init(_ state: LaunchState? = nil) {
    contents = Mutex(Contents(state: state))
  }

  /// The stored state.
  package var state: LaunchState? { contents.withLock { $0.state } }

  /// How many times a state has been written, for tests.
  package var writeCount: Int { contents.withLock { $0.writeCount } }

  /// How many of those writes had to be durable (see ``LaunchState/needsDurableWrite(after:)``).
  package var durableWriteCount: Int { contents.withLock { $0.durableWriteCount } }

  /// Runs `body` on the state held in memory (one transaction at a time).
  package func transaction<R>(_ body: (LaunchStateTransaction) throws -> R) throws -> R {
    try contents.withLock { contents in
      var written: [(state: LaunchState, durable: Bool)] = []
      let tx = LaunchStateTransaction(state: contents.state, stateWasReset: false, readOnlyReason: nil) {
        written.append(($0, $1))
        return nil
      }
      defer {
        for write in written {
          contents.state = write.state
          contents.writeCount += 1
          if write.durable { contents.durableWriteCount += 1 }
        }
      }
      let result = try body(tx)
      try tx.save()
      return result
    }
  }

  /// The state held in memory, or empty before the first launch was recorded.
  package func read() throws -> LaunchStoreSnapshot {
    state.map { .state($0) } ?? .empty
  }

  /// Forgets the state, as a first launch would find it.
  package func reset() throws {
    contents.withLock { $0.state = nil }
  }
}
