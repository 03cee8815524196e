import Foundation
import LaunchGreeter
import Synchronization

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
