import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

/// Well-formed state files holding absurd values: the launch never traps, and each value has
/// a defined outcome.
@Suite struct HostileStateValueTests {
  /// Removed when the test ends.
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory("hostile-values") }

  /// Found by the hostile state corpus: `launchCount` at `Int.max` trapped on the next
  /// launch (arithmetic overflow). The count now stays at its ceiling.
  @Test func launchCountAtIntMaxDoesNotOverflow() throws {
    let dir = try makeStateDirectory()
    let clock = TestClock()
    var state = try #require(try launch("1.0.0", store: store(dir), clock: clock).state as LaunchState?)
    state.launchCount = Int.max
    try write(state, to: dir)
    clock.advance(days: 1)
    let record = try launch("1.0.0", store: store(dir), clock: clock)
    #expect(record.state.launchCount == Int.max)
    #expect(record.isRecorded)
    #expect(record.kind == .regular)
  }

  /// A state exists only after a launch, so a count below 1 cannot come from whatsnew: the
  /// file is corrupt, and is moved aside like any other corrupt file.
  @Test(arguments: [0, -1, Int.min])
  func launchCountBelowOneIsCorrupt(count: Int) throws {
    let dir = try makeStateDirectory()
    let clock = TestClock()
    var state = try launch("1.0.0", store: store(dir), clock: clock).state
    state.launchCount = count
    try write(state, to: dir)
    guard case .unusable(let reason) = try store(dir).read() else {
      Issue.record("a launch count of \(count) reads as a state")
      return
    }
    #expect(reason.contains("launchCount"))
    let log = WarningLog()
    let record = try launch("1.0.0", store: store(dir, log), clock: clock)
    #expect(record.stateWasReset && record.state.launchCount == 1)
    #expect(log.all.count == 1 && log.all[0].contains("corrupt"))
  }

  @Test func datesFarInThePastAndFutureAreUsable() throws {
    let dir = try makeStateDirectory()
    let clock = TestClock("2026-01-01T00:00:00Z")
    var state = try launch("1.0.0", store: store(dir), clock: clock).state

    // Last launched in year 1: a returning user, away for the whole era.
    state.lastLaunchDate = try #require(LaunchStateCodec.date("0001-01-01T00:00:00Z"))
    try write(state, to: dir)
    var record = try launch("1.0.0", store: store(dir), clock: clock)
    #expect(record.kind == .returning)
    #expect((record.launch.daysAway ?? 0) > 700_000)

    // Last launched in year 9999: a clock in the past of the last launch is no absence.
    state = record.state
    state.lastLaunchDate = try #require(ISO8601DateFormatter().date(from: "9999-12-31T23:59:59Z"))
    try write(state, to: dir)
    record = try launch("1.0.0", store: store(dir), clock: clock)
    #expect(record.kind == .regular)
    #expect(record.launch.daysAway == 0)
  }

  // MARK: - Helpers

  private func makeStateDirectory() throws -> String {
    try scratch.subdirectory(UUID().uuidString).path
  }

  private func store(_ dir: String, _ log: WarningLog = WarningLog()) -> FileLaunchStore {
    FileLaunchStore(directory: dir, warn: log.sink)
  }

  private func write(_ state: LaunchState, to dir: String) throws {
    try Data(state.json()).write(to: URL(fileURLWithPath: dir + "/launch-state.json"))
  }
}
