import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

/// An install's place in a phased rollout of the update card (issue 46): drawn once, on the
/// first need, written with the state, the same on every later launch, and drawn apart in
/// each state directory.
@Suite struct RolloutPlaceTests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory("rollout-place") }

  func store(_ dir: String) -> FileLaunchStore {
    FileLaunchStore(directory: dir, now: TestClock().closure, warn: { _ in })
  }

  @Test func thePlaceIsDrawnOnceAndKeptInTheStateFile() throws {
    let dir = try scratch.subdirectory("one").path
    let clock = TestClock()
    try launch("1.0.0", store: store(dir), clock: clock)
    let before = try String(contentsOfFile: dir + "/launch-state.json", encoding: .utf8)
    #expect(!before.contains("rolloutPlace"), "not drawn before it is needed")
    var draws = 0
    let place = try LaunchTracker.rolloutPlace(in: store(dir)) {
      draws += 1
      return 6312
    }
    #expect(place == 6312 && draws == 1)
    #expect(
      try String(contentsOfFile: dir + "/launch-state.json", encoding: .utf8).contains(
        "\"rolloutPlace\" : 6312"))
    for _ in 1...3 {
      clock.advance(days: 1)
      try launch("1.0.0", store: store(dir), clock: clock)
      let again = try LaunchTracker.rolloutPlace(in: store(dir)) {
        draws += 1
        return 1
      }
      #expect(again == 6312)
    }
    #expect(draws == 1, "drawn once")
  }

  @Test func eachStateDirectoryDrawsItsOwnPlace() throws {
    var places: [Int] = []
    for n in 0..<50 {
      let dir = try scratch.subdirectory("dir-\(n)").path
      try launch("1.0.0", store: store(dir), clock: TestClock())
      places.append(try LaunchTracker.rolloutPlace(in: store(dir)))
    }
    #expect(places.allSatisfy { LaunchState.rolloutPlaces.contains($0) })
    // 50 draws of 10,000 places: a repeat of one value in all would mean one shared number.
    #expect(Set(places).count > 40, "\(places)")
  }

  @Test func noPlaceWithoutARecordedLaunch() throws {
    let dir = try scratch.subdirectory("empty").path
    #expect(throws: LaunchTracker.NotRecorded.self) { try LaunchTracker.rolloutPlace(in: store(dir)) }
  }

  @Test func aPlaceOutsideTheRangeIsABadValue() throws {
    var state = LaunchState(appID: "a", version: version("1.0.0"), date: Date(timeIntervalSince1970: 0))
    for place in [-1, 10_000] {
      state.rolloutPlace = place
      #expect(throws: LaunchStateCodec.Failure(problem: .badValue, path: "rolloutPlace")) {
        try LaunchState(json: state.json())
      }
    }
    state.rolloutPlace = 9_999
    #expect(try LaunchState(json: state.json()) == state)
  }
}
