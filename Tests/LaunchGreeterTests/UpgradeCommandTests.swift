import Foundation
import LaunchScreens
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// The update card's upgrade command, picked from how the app was installed
/// (`upgradeCommands`), and a card left out for a manager that updates the app itself
/// (`managedBy`), through the whole greeting with a scripted terminal (issue 35, must-show 4).
@Suite struct UpgradeCommandTests {
  let clock = FixedClock()
  let store = InMemoryLaunchStore()
  let directory: URL

  init() throws {
    directory = try TestPaths.makeTemporaryDirectory("whatsnew-upgrade-command")
    // The feed was checked just now and named 2.0.0: no fetch starts.
    let check = FeedCheck(
      feed: GreeterFeed(url: Self.feedURL), directory: directory.path, running: version("1.0.0"),
      now: Date(timeIntervalSince1970: 1_780_000_000))
    check.writeCache(
      FeedCache(
        url: Self.feedURL, checked: Date(timeIntervalSince1970: 1_780_000_000),
        latest: FeedRelease(version: "2.0.0", date: nil, notes: "")))
  }

  static let feedURL = "https://example.com/tally.json"

  /// Homebrew's tree: `/opt/homebrew/bin/tally` links into the Cellar.
  static let homebrew = FakeTree(
    files: ["/opt/homebrew/Cellar/tally/1.0.0/bin/tally": ""],
    links: ["/opt/homebrew/bin/tally": "/opt/homebrew/Cellar/tally/1.0.0/bin/tally"])

  func greeter(commands: [InstallMethod: String], managedBy: [InstallMethod] = []) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(
      "1.0.0", notes: ["1.0.0.md": "First.\n", "onboarding.md": "# Welcome\n\nHi.\n"], store: store,
      clock: clock)
    greeter.stateDirectory = directory.path
    greeter.feed = GreeterFeed(
      url: Self.feedURL, upgradeCommands: commands, upgradeCommand: "see https://example.com/install",
      managedBy: managedBy, executablePath: "/opt/homebrew/bin/tally")
    greeter.feedSpawn = { _, _ in nil }
    greeter.seams.installDetector = InstallMethodDetector(fileSystem: Self.homebrew, environment: [:])
    return greeter
  }

  /// The first launch (walkthrough skipped), then the launch that may show the card.
  func secondLaunch(_ greeter: LaunchGreeter) -> (GreetOutcome, String?) {
    _ = greeter.greet { _, _ in ScriptedTerminal(keys: [.char("s")]) }
    var terminal: ScriptedTerminal?
    let outcome = greeter.greet { _, _ in
      terminal = ScriptedTerminal(keys: [.char("q")])
      return terminal
    }
    return (outcome, terminal?.shown.first)
  }

  @Test func theCardShowsTheCommandForHowTheAppWasInstalled() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (outcome, card) = secondLaunch(
      greeter(commands: [.brew: "brew upgrade tally", .pipx: "pipx upgrade tally"]))
    #expect(outcome.announcedUpdate)
    let shown = try #require(card)
    #expect(shown.contains("brew upgrade tally") && !shown.contains("example.com"), "\(shown)")
    #expect(
      outcome.feedExplanation?.contains(
        "installed by brew: /opt/homebrew/bin/tally is under /opt/homebrew") == true,
      "\(outcome.feedExplanation ?? "")")
  }

  @Test func withoutACommandForThatMethodTheFeedsOwnIsShown() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (outcome, card) = secondLaunch(greeter(commands: [.pipx: "pipx upgrade tally"]))
    #expect(outcome.announcedUpdate)
    #expect(try #require(card).contains("see https://example.com/install"))
  }

  @Test func aManagerThatUpdatesTheAppSilencesTheCard() throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    let (outcome, card) = secondLaunch(greeter(commands: [.pipx: "pipx upgrade tally"], managedBy: [.brew]))
    #expect(!outcome.announcedUpdate && card == nil)
    #expect(outcome.availableVersion == version("2.0.0"))
    #expect(
      outcome.feedExplanation?.hasSuffix("brew updates Tally (managed by), so no card") == true,
      "\(outcome.feedExplanation ?? "")")
    #expect(store.state?.updateAnnounced == nil, "a silent card announces nothing")
  }
}
