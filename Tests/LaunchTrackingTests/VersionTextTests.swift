import Foundation
import LaunchTracking
import Testing

/// An app writes versions as text in every public initialiser (as `GreeterApp` and
/// `UpdateStep` take them): each makes the value the library would make from the parsed
/// version, and text that is not a version throws the parse error that names it.
@Suite struct VersionTextTests {
  private let date = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func aReleaseRangeTakesText() throws {
    #expect(
      try ReleaseRange(after: "v1.0", upTo: "2.0.0")
        == ReleaseRange(after: version("1.0.0"), upTo: version("2.0.0")))
    #expect(try ReleaseRange(after: nil, upTo: "2.0.0") == ReleaseRange(after: nil, upTo: version("2.0.0")))
    #expect(throws: AppVersion.ParseError.self) { try ReleaseRange(after: "one", upTo: "2.0.0") }
    #expect(throws: AppVersion.ParseError.self) { try ReleaseRange(after: "1.0.0", upTo: "") }
  }

  @Test func aLaunchStateAndItsPartsTakeText() throws {
    #expect(
      try LaunchState(appID: "a", version: "2.0", date: date)
        == LaunchState(appID: "a", version: version("2.0.0"), date: date))
    #expect(
      try LaunchState.VersionHistoryEntry(version: "1.0.0", firstLaunchDate: date, arrivedBy: .first)
        == LaunchState.VersionHistoryEntry(
          version: version("1.0.0"), firstLaunchDate: date, arrivedBy: .first))
    #expect(
      try LaunchState.LastLaunch(
        kind: .upgrade, from: "1.0.0", to: "2.0.0", daysAway: 3, date: date, stateWasReset: false)
        == LaunchState.LastLaunch(
          kind: .upgrade, from: version("1.0.0"), to: version("2.0.0"), daysAway: 3, date: date,
          stateWasReset: false))
    do {
      _ = try LaunchState(appID: "a", version: "2.0.0-", date: date)
      Issue.record("an invalid version was taken")
    } catch {
      #expect(error.text == "2.0.0-", "\(error)")
    }
    #expect(throws: AppVersion.ParseError.self) {
      try LaunchState.LastLaunch(
        kind: .first, from: nil, to: "x", daysAway: nil, date: date, stateWasReset: false)
    }
  }
}
