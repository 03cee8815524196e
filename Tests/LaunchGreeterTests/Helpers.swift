import Foundation
import Synchronization

@testable import LaunchGreeter

/// A clock that stands still until a test moves it.
final class FixedClock: Sendable {
  private let date = Mutex(Date(timeIntervalSince1970: 1_780_000_000))

  var closure: @Sendable () -> Date { { self.date.withLock { $0 } } }

  func advance(days: Int) {
    date.withLock { $0 = $0.addingTimeInterval(Double(days) * 86_400) }
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
