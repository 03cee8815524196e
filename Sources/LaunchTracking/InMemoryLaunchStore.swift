#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A launch store in memory, for tests and `--simulate`. Thread-safe; transactions are
/// serialised by a mutex.
public final class InMemoryLaunchStore: LaunchStore, @unchecked Sendable {
  private var stored: LaunchState?
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// How many times a state has been written, for tests.
  public private(set) var writeCount = 0

  /// Creates a store holding `state` (nil: nothing recorded yet).
  public init(_ state: LaunchState? = nil) {
    stored = state
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The stored state.
  public var state: LaunchState? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return stored
  }

  public func transaction<R>(_ body: (LaunchStateTransaction) throws -> R) throws -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    let tx = LaunchStateTransaction(state: stored, stateWasReset: false, readOnlyReason: nil) {
      self.stored = $0
      self.writeCount += 1
      return nil
    }
    let result = try body(tx)
    try tx.save()
    return result
  }

  public func read() throws -> LaunchStoreSnapshot {
    state.map { .state($0) } ?? .empty
  }

  public func reset() throws {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    stored = nil
  }
}
