import Foundation
import LaunchTracking
import Synchronization

@testable import LaunchGreeter

/// A clock that stands still until a test moves it.
final class FixedClock: Sendable {
  private let date = Mutex(Date(timeIntervalSince1970: 1_780_000_000))

  var closure: @Sendable () -> Date { { self.date.withLock { $0 } } }

  func advance(days: Int) {
    date.withLock { $0 = $0.addingTimeInterval(Double(days) * 86_400) }
  }

  func advance(seconds: Double) {
    date.withLock { $0 = $0.addingTimeInterval(seconds) }
  }
}

/// A version the test knows is valid.
func version(_ text: String) -> AppVersion {
  guard let version = AppVersion(text) else { fatalError("bad test version \(text)") }
  return version
}

extension LaunchGreeter {
  /// Tally at `version` with `notes` in memory, greeting as in a test: `store` and `clock`
  /// instead of the state file and the time, `environment` instead of the process's, an
  /// interactive launch, and warnings dropped.
  static func tally(
    _ version: String, notes: [String: String], store: InMemoryLaunchStore, clock: FixedClock,
    environment: [String: String] = [:]
  ) -> LaunchGreeter {
    var greeter = LaunchGreeter(
      app: GreeterApp(id: "tally", name: "Tally", version: version), notes: .compiledIn(notes))
    greeter.store = store
    greeter.clock = clock.closure
    greeter.environment = environment
    greeter.invocationOverride = Invocation(nonInteractiveReason: nil)
    greeter.warn = { _ in }
    return greeter
  }
}

/// An in-memory store whose lock another launch can take: after ``takeLockAfterNextTransaction()``
/// the next transaction (a launch's own record) writes as usual, and every later one finds the
/// lock held, as `FileLaunchStore`'s do when another launch holds it past the wait: the body reads
/// the state, and nothing is written (``LaunchStateTransaction/readOnlyReason`` says why).
final class LockTakenStore: LaunchStore, Sendable {
  let memory = InMemoryLaunchStore()
  /// How many more transactions may write before the lock is taken; nil while it is free.
  private let writesLeft = Mutex<Int?>(nil)

  func takeLockAfterNextTransaction() { writesLeft.withLock { $0 = 1 } }
  func releaseLock() { writesLeft.withLock { $0 = nil } }

  func transaction<R>(_ body: (LaunchStateTransaction) throws -> R) throws -> R {
    let writes = writesLeft.withLock { left in
      defer { left = left.map { max(0, $0 - 1) } }
      return left.map { $0 > 0 } ?? true
    }
    guard !writes else { return try memory.transaction(body) }
    return try body(
      LaunchStateTransaction(
        state: memory.state, stateWasReset: false, readOnlyReason: "another launch holds the state lock",
        lockWasBusy: true
      ) { _, _ in nil })
  }

  func read() throws -> LaunchStoreSnapshot { try memory.read() }
  func reset() throws { try memory.reset() }
}
