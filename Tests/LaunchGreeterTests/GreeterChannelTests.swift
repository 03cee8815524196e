import Foundation
import LaunchScreens
import LaunchTracking
import Synchronization
import TestSupport
import Testing

@testable import LaunchGreeter

/// The release a Homebrew install is told about, through the whole greeting with a scripted
/// terminal (issue 46): the channel's version, and a release within its delay announced on a
/// later launch from the same cache, with no new fetch.
@Suite struct GreeterChannelTests {
  static let feedURL = "https://example.com/tally.json"
  let clock = FixedClock()
  let store = InMemoryLaunchStore()
  let directory: URL
  /// The fetches started.
  let fetches = FetchCount()

  init() throws {
    directory = try TestPaths.makeTemporaryDirectory("whatsnew-channels")
  }

  /// Writes the cache a check made now left: `releases` and `channels`.
  func cache(_ releases: [FeedRelease], channels: [String: String] = [:]) {
    let check = FeedCheck(
      feed: GreeterFeed(url: Self.feedURL), directory: directory.path, running: version("2.0.0"),
      now: clock.closure())
    #expect(
      check.writeCache(
        FeedCache(url: Self.feedURL, checked: clock.closure(), releases: releases, channels: channels)) == nil
    )
  }

  func greeter() -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(
      "2.0.0", notes: ["2.0.0.md": "Second.\n", "onboarding.md": "# Welcome\n\nHi.\n"], store: store,
      clock: clock)
    greeter.stateDirectory = directory.path
    greeter.feed = GreeterFeed(
      url: Self.feedURL, upgradeCommands: [.brew: "brew upgrade tally"], upgradeCommand: "see tally.example",
      executablePath: "/opt/homebrew/bin/tally")
    let fetches = self.fetches
    greeter.feedSpawn = { _, _ in
      fetches.count.withLock { $0 += 1 }
      return nil
    }
    greeter.seams.installDetector = InstallMethodDetector(
      fileSystem: UpgradeCommandTests.homebrew, environment: [:])
    return greeter
  }

  func launch() -> (GreetOutcome, String?) {
    var terminal: ScriptedTerminal?
    let outcome = greeter().greet { _, _ in
      terminal = ScriptedTerminal(keys: [.char("q")])
      return terminal
    }
    return (outcome, terminal?.shown.first)
  }

  @Test func aHomebrewInstallIsShownHomebrewsVersionWithBrewsCommand() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = greeter().greet { _, _ in ScriptedTerminal(keys: [.char("s")]) }
    cache(
      [
        FeedRelease(version: "2.1.1", date: nil, notes: "New."),
        FeedRelease(version: "2.1.0", date: nil, notes: "Old."),
      ],
      channels: ["homebrew": "2.1.0", "npm": "2.1.1"])
    let (outcome, card) = launch()
    #expect(outcome.shown == .updateCard(version: version("2.1.0"), critical: false))
    let shown = try #require(card)
    #expect(shown.contains("Tally 2.1.0 is available") && shown.contains("brew upgrade tally"), "\(shown)")
    #expect(
      outcome.feedExplanation?.hasPrefix("2.1.0 is available; 2.1.1 is newer, but homebrew has 2.1.0") == true
    )
    #expect(store.state?.updateAnnounced == version("2.1.0"))
  }

  @Test func aReleaseHeldBackIsAnnouncedOnALaterLaunchWithoutAFetch() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    _ = greeter().greet { _, _ in ScriptedTerminal(keys: [.char("s")]) }
    var release = FeedRelease(version: "2.1.0", date: nil, notes: "")
    release.published = clock.closure().addingTimeInterval(-3600)
    cache([release])
    // The first launch started a fetch (there was no cache): none after.
    let fetched = fetches.count.withLock { $0 }
    let (held, none) = launch()
    #expect(held.shown == nil && none == nil)
    #expect(
      held.feedExplanation?.hasPrefix("no card yet: 2.1.0 is 1 hour old; a homebrew install waits 24 hours")
        == true,
      "\(held.feedExplanation ?? "")")
    #expect(store.state?.updateAnnounced == nil)
    clock.advance(seconds: 23 * 3600)
    let (outcome, card) = launch()
    #expect(outcome.shown == .updateCard(version: version("2.1.0"), critical: false))
    #expect(try #require(card).contains("brew upgrade tally"))
    #expect(fetches.count.withLock { $0 } == fetched)
  }
}

/// A count the feed's spawn seam adds to.
final class FetchCount: Sendable {
  let count = Mutex(0)
}
