import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

@Suite struct LaunchTrackerTests {
  @Test func firstLaunch() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    let record = try launch("1.0.0", store: store, clock: clock)
    #expect(record.kind == .first)
    #expect(record.isRecorded)
    #expect(record.launch.from == nil && record.launch.daysAway == nil)
    let s = try #require(store.state)
    #expect(s.launchCount == 1)
    #expect(s.installVersion == version("1.0.0"))
    #expect(s.previousVersion == nil)
    #expect(s.firstLaunchDate == clock.now && s.lastLaunchDate == clock.now)
    #expect(
      s.versionHistory == [.init(version: version("1.0.0"), firstLaunchDate: clock.now, arrivedBy: .first)])
    #expect(s.pending == [.onboarding(page: 0)])
  }

  @Test func everyKindInOneHistory() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    var kinds: [LaunchKind] = []
    kinds.append(try launch("1.0.0", store: store, clock: clock).kind)
    clock.advance(days: 1)
    kinds.append(try launch("1.0.0", store: store, clock: clock).kind)
    clock.advance(days: 2)
    kinds.append(try launch("2.0.0", store: store, clock: clock).kind)
    clock.advance(days: 1)
    kinds.append(try launch("1.5.0", store: store, clock: clock).kind)
    clock.advance(days: 60)
    let returning = try launch("1.5.0", store: store, clock: clock)
    kinds.append(returning.kind)
    #expect(kinds == [.first, .regular, .upgrade, .downgrade, .returning])
    #expect(returning.launch.daysAway == 60)
    let s = try #require(store.state)
    #expect(s.launchCount == 5)
    #expect(s.installVersion == version("1.0.0"))
    #expect(s.currentVersion == version("1.5.0"))
    #expect(s.previousVersion == version("2.0.0"))
    #expect(s.versionHistory.map(\.version) == ["1.0.0", "2.0.0", "1.5.0"].map(version))
    #expect(s.versionHistory[1].firstLaunchDate.timeIntervalSince(s.firstLaunchDate) == 3 * 86_400)
  }

  @Test func upgradeKnowsDaysAwayAndSemverOrder() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    try launch("1.9.0", store: store, clock: clock)
    clock.advance(days: 12.7)
    let up = try launch("1.10.0", store: store, clock: clock)
    #expect(up.kind == .upgrade)
    #expect(up.launch.from == version("1.9.0") && up.launch.to == version("1.10.0"))
    #expect(up.launch.daysAway == 12)
    clock.advance(days: 1)
    #expect(try launch("2.0.0-beta.1", store: store, clock: clock).kind == .upgrade)
    clock.advance(days: 1)
    #expect(try launch("2.0.0", store: store, clock: clock).kind == .upgrade)
    clock.advance(days: 1)
    #expect(try launch("2.0.0-rc.1", store: store, clock: clock).kind == .downgrade)
  }

  @Test func sameVersionSpelledDifferentlyIsRegular() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    try launch("1.0", store: store, clock: clock)
    clock.advance(days: 1)
    #expect(try launch("1.0.0", store: store, clock: clock).kind == .regular)
    #expect(try launch("v1.0.0+build.9", store: store, clock: clock).kind == .regular)
    #expect(store.state?.versionHistory.count == 1)
  }

  @Test(arguments: [(29.9, LaunchKind.regular), (30.0, .returning), (45, .returning)])
  func returningAfterTheDefaultThreshold(days: Double, expected: LaunchKind) throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    try launch("1.0.0", store: store, clock: clock)
    clock.advance(days: days)
    #expect(try launch("1.0.0", store: store, clock: clock).kind == expected)
  }

  @Test func thresholdIsConfigurable() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    try launch("1.0.0", store: store, clock: clock, threshold: 7)
    clock.advance(days: 7)
    #expect(try launch("1.0.0", store: store, clock: clock, threshold: 7).kind == .returning)
    clock.advance(days: 7)
    #expect(try launch("1.0.0", store: store, clock: clock, threshold: 8).kind == .regular)
  }

  @Test func clockThatWentBackwardsGivesNoNegativeAbsence() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    try launch("1.0.0", store: store, clock: clock)
    clock.advance(days: -40)
    let back = try launch("1.0.0", store: store, clock: clock)
    #expect(back.kind == .regular)
    #expect(back.launch.daysAway == 0)
    clock.advance(days: -5)
    let upgrade = try launch("1.1.0", store: store, clock: clock)
    #expect(upgrade.kind == .upgrade && upgrade.launch.daysAway == 0)
    // The clock's newest reading is the last launch, so a later absence counts from it.
    clock.advance(days: 31)
    #expect(try launch("1.1.0", store: store, clock: clock).launch.daysAway == 31)
  }

  @Test func launchCountAndDatesAccumulate() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    let start = clock.now
    for _ in 0..<10 {
      try launch("1.0.0", store: store, clock: clock)
      clock.advance(days: 0.5)
    }
    let s = try #require(store.state)
    #expect(s.launchCount == 10)
    #expect(s.firstLaunchDate == start)
    #expect(s.lastLaunchDate == start.addingTimeInterval(4.5 * 86_400))
  }
}

@Suite struct LaunchStateFormatTests {
  /// The state file's format is an interface (other versions of the app read it): any change
  /// shows up here and needs a schema decision. (The usage events, key `events`, came without a
  /// new schema: an older reader ignores a key it does not know.)
  @Test func fileFormatIsStable() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock("2026-01-15T09:00:00Z")
    try launch("1.0.0", store: store, clock: clock)
    try tracker("1.0.0", store: store, clock: clock).markOnboarding(page: 1)
    try store.record("create", at: clock.now.addingTimeInterval(1_800))
    clock.advance(days: 36)
    try store.transaction { tx in
      guard var state = tx.state else { return }
      state.recordTipShown("find", now: clock.now)
      state.recordTipShown("find", now: clock.now)
      state.tipsOff = true
      state.mutedTips.insert("sync")
      state.checklistDismissed = true
      tx.state = state
    }
    clock.advance(days: 4)
    let steps = [
      UpdateStep(id: "ok", version: "1.1.0", summary: "works") {},
      UpdateStep(id: "skip", version: "1.1.0", summary: "skip", isApplicable: { false }) {},
      UpdateStep(id: "bad", version: "2.0.0", summary: "fails") { throw StepFailure() },
    ]
    try launch("2.0.0", store: store, clock: clock, steps: steps)
    for _ in 0..<3 { try store.record("search", at: clock.now) }
    let state = try #require(store.state)
    let text = String(decoding: try state.json(), as: UTF8.self)
    #expect(Golden.check(text + "\n", named: "launch-state.json") == nil)
    // And it reads back to the same state.
    #expect(try LaunchState(json: Array(text.utf8)) == state)
  }
}
