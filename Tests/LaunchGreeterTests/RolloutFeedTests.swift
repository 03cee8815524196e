import Foundation
import LaunchScreens
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// A phased rollout of the update card (issue 46, must-show 2), over fresh state directories
/// with the state files a real launch writes: each install decides from its own place, the
/// same on every launch; a critical release reaches all.
@Suite struct RolloutFeedTests {
  let scratch: TemporaryDirectory
  /// The greeter's clock: every launch happens at this time.
  let now = Date(timeIntervalSince1970: 1_780_000_000)

  init() throws { scratch = try TemporaryDirectory("rollout-feed") }

  func greeter(_ directory: String) -> LaunchGreeter {
    var greeter = LaunchGreeter(
      app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
      notes: .compiledIn(["2.0.0.md": "First.\n", "onboarding.md": "# Welcome\n\nHi.\n"]))
    greeter.stateDirectory = directory
    let now = now
    greeter.clock = { now }
    greeter.invocationOverride = Invocation(nonInteractiveReason: nil)
    greeter.warn = { _ in }
    greeter.interruptions.cooldown = .seconds(0)
    greeter.feed = GreeterFeed(url: "https://example.com/f.json", upgradeCommand: "brew upgrade tally")
    greeter.feedSpawn = { _, _ in nil }
    return greeter
  }

  /// A launch, dismissed with `l` (a card) or `s` (the walkthrough).
  func launch(_ directory: String, key: Character = "l") -> GreetOutcome {
    greeter(directory).greet { _, _ in ScriptedTerminal(keys: [.char(key)]) }
  }

  /// A feed in the project's format, fetched just now: `entries` as the feed's JSON objects.
  func cacheFeed(_ entries: [String], in directory: String) throws {
    let offer = try FeedCheck.offer(
      in: Array("[\(entries.joined(separator: ","))]".utf8), running: version("2.0.0")
    )
    .get()
    let check = FeedCheck(
      feed: GreeterFeed(url: "https://example.com/f.json"), directory: directory, running: version("2.0.0"),
      now: now)
    #expect(
      check.writeCache(FeedCache(url: "https://example.com/f.json", checked: now, releases: offer.releases))
        == nil)
  }

  /// `daysAgo` days before the clock, as a feed's `date` with its time.
  func released(daysAgo: Double) -> String {
    ISO8601DateFormatter().string(from: now.addingTimeInterval(-daysAgo * 86_400))
  }

  func rolloutPlace(_ directory: String) throws -> Int? {
    guard case .state(let state) = try FileLaunchStore(directory: directory, warn: { _ in }).read() else {
      return nil
    }
    return state.rolloutPlace
  }

  /// `rollout: 7d`, two days after the release: 2/7 (28.6%) of 200 fresh installs see the
  /// card, and the same ones on every launch; a critical release with a rollout reaches all.
  @Test func twoDaysIntoASevenDayRolloutAboutTwoSeventhsSeeTheCard() throws {
    let installs = 200
    let directories = try (0..<installs).map { try scratch.subdirectory("install-\($0)").path }
    var shown: Set<Int> = []
    var places: [Int: Int] = [:]
    for (n, directory) in directories.enumerated() {
      #expect(launch(directory, key: "s").shown == .onboarding)
      try cacheFeed(
        [#"{"version": "2.1.0", "date": "\#(released(daysAgo: 2))", "rollout": "7d", "notes": "Faster."}"#],
        in: directory)
      let outcome = launch(directory)
      if outcome.shown == .updateCard(version: version("2.1.0"), critical: false) { shown.insert(n) }
      places[n] = try rolloutPlace(directory)
      let explanation = outcome.feedExplanation ?? ""
      #expect(explanation.contains("2.1.0 is rolling out: 29% of installs on day 2 of 7"), "\(explanation)")
      #expect(explanation.contains(shown.contains(n) ? ", in" : ", not yet"), "\(explanation)")
    }
    let share = Double(shown.count) / Double(installs)
    #expect((0.15...0.45).contains(share), "\(shown.count) of \(installs) saw the card")
    #expect(shown == Set(places.filter { $0.value < 2_858 }.keys), "exactly the places below 2/7 of 10,000")
    #expect(Set(places.values).count > installs * 9 / 10, "each directory drew its own place")

    // Again: the same places, the same side of the share (the card itself is announced once).
    for (n, directory) in directories.enumerated() {
      let outcome = launch(directory)
      #expect(outcome.shown == nil)
      #expect(try rolloutPlace(directory) == places[n])
      #expect(outcome.feedExplanation?.contains(shown.contains(n) ? ", in" : ", not yet") == true)
    }
    // A second release rolling out from the same day: its card goes to the same installs.
    var shownAgain: Set<Int> = []
    for (n, directory) in directories.enumerated() {
      try cacheFeed(
        [#"{"version": "2.1.1", "date": "\#(released(daysAgo: 2))", "rollout": "7d"}"#], in: directory)
      if launch(directory).shown == .updateCard(version: version("2.1.1"), critical: false) {
        shownAgain.insert(n)
      }
    }
    #expect(shownAgain == shown)
    // A critical release is never phased: every install sees its card on day 0.
    var critical = 0
    for directory in directories {
      try cacheFeed(
        [
          #"{"version": "2.1.2", "date": "\#(released(daysAgo: 0))", "rollout": "7d", "importance": "critical","#
            + #" "summary": "Tokens leaked."}"#
        ], in: directory)
      if launch(directory).shown == .updateCard(version: version("2.1.2"), critical: true) { critical += 1 }
    }
    #expect(critical == installs)
  }
}
