import Foundation

@testable import LaunchTracking

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date

  init(_ iso: String = "2026-01-01T12:00:00Z") {
    current = ISO8601DateFormatter().date(from: iso) ?? Date(timeIntervalSince1970: 0)
  }

  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  func advance(days: Double) {
    lock.lock()
    current = current.addingTimeInterval(days * 86_400)
    lock.unlock()
  }

  var closure: @Sendable () -> Date { { self.now } }
}

/// Collects lines from any thread: the warnings a store prints, the steps that ran.
final class WarningLog: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }

  func append(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var sink: @Sendable (String) -> Void { { self.append($0) } }
}

func version(_ s: String) -> AppVersion {
  guard let v = AppVersion(s) else { fatalError("bad test version \(s)") }
  return v
}

/// Launches `v` on `store` at the clock's time.
@discardableResult
func launch(
  _ v: String, store: any LaunchStore, clock: TestClock, threshold: Int = 30, steps: [UpdateStep] = [],
  appID: String = "test-app"
) throws -> LaunchRecord {
  try tracker(v, store: store, clock: clock, threshold: threshold, appID: appID).recordLaunch(
    updateSteps: steps)
}

func tracker(
  _ v: String, store: any LaunchStore, clock: TestClock, threshold: Int = 30, appID: String = "test-app"
) -> LaunchTracker {
  LaunchTracker(
    appID: appID, version: version(v), store: store, returningThresholdDays: threshold,
    now: clock.closure)
}
