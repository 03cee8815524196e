import Foundation
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// Which cached release a launch announces, chosen at greet time for how the app was
/// installed (issue 46): the channel's own version when the feed names one, else a package
/// manager's delay after the release's date.
@Suite struct FeedSelectionTests {
  static let now = Date(timeIntervalSince1970: 1_780_000_000)

  static func release(_ version: String, hoursAgo: Double? = nil, critical: Bool = false) -> FeedRelease {
    var release = FeedRelease(version: version, date: nil, notes: "Notes of \(version).")
    release.published = hoursAgo.map { now.addingTimeInterval(-$0 * 3600) }
    if critical { release.critical = version }
    return release
  }

  static func choose(
    _ releases: [FeedRelease], channels: [String: String] = [:], install: InstallMethod?,
    running: String = "2.0.0", now: Date = now
  ) -> FeedSelection.Choice {
    FeedSelection(
      releases: releases, channels: channels, running: version(running), now: now, install: install
    ).choose()
  }

  // MARK: Per-channel versions

  @Test func aChannelsVersionIsAnnouncedNotANewerOneItCannotInstall() {
    let releases = [Self.release("2.1.1", hoursAgo: 100), Self.release("2.1.0", hoursAgo: 200)]
    let channels = ["homebrew": "2.1.0", "npm": "2.1.1"]
    let brew = Self.choose(releases, channels: channels, install: .brew)
    #expect(brew.announce?.version == "2.1.0" && brew.announce?.notes == "Notes of 2.1.0.")
    #expect(brew.newest?.version == "2.1.1")
    #expect(brew.heldBack == "2.1.1 is newer, but homebrew has 2.1.0")
    #expect(Self.choose(releases, channels: channels, install: .npm).announce?.version == "2.1.1")
    // A direct download is no channel: the newest.
    #expect(Self.choose(releases, channels: channels, install: nil).announce?.version == "2.1.1")
  }

  @Test func aChannelAtTheRunningVersionAnnouncesNothingAndSaysWhy() {
    let choice = Self.choose(
      [Self.release("2.1.0", hoursAgo: 100)], channels: ["brew": "2.0.0"], install: .brew)
    #expect(choice.announce == nil && choice.heldBack == "2.1.0 is newer, but brew has 2.0.0")
    #expect(
      FeedCheck.headline(choice, running: version("2.0.0"))
        == "no card yet: 2.1.0 is newer, but brew has 2.0.0")
  }

  @Test func pypiServesPipAndPipxAndTheNarrowerNameWins() {
    let releases = [Self.release("2.2.0"), Self.release("2.1.0")]
    #expect(Self.choose(releases, channels: ["pypi": "2.1.0"], install: .pip).announce?.version == "2.1.0")
    #expect(Self.choose(releases, channels: ["pypi": "2.1.0"], install: .pipx).announce?.version == "2.1.0")
    let both = ["pypi": "2.1.0", "pipx": "2.2.0"]
    #expect(Self.choose(releases, channels: both, install: .pipx).announce?.version == "2.2.0")
    #expect(Self.choose(releases, channels: both, install: .pip).announce?.version == "2.1.0")
  }

  @Test func aChannelsVersionTheFeedListsNoReleaseForIsAnnouncedWithoutNotes() {
    let choice = Self.choose([Self.release("2.2.0")], channels: ["apt": "2.1.5"], install: .apt)
    #expect(choice.announce == FeedRelease(version: "2.1.5", date: nil, notes: ""))
  }

  // MARK: A package manager's delay

  @Test func aReleaseAnHourOldWaitsForAPackageManagerNotForADirectDownload() {
    let releases = [Self.release("2.1.0", hoursAgo: 1)]
    let brew = Self.choose(releases, install: .brew)
    #expect(brew.announce == nil)
    #expect(brew.heldBack == "2.1.0 is 1 hour old; a homebrew install waits 24 hours")
    #expect(Self.choose(releases, install: nil).announce?.version == "2.1.0")
    for install in InstallMethod.allCases {
      #expect(Self.choose(releases, install: install).announce == nil, "\(install)")
    }
    // The same cache a day later: announced, no fetch needed.
    let later = Self.choose(releases, install: .brew, now: Self.now.addingTimeInterval(23 * 3600 + 1))
    #expect(later.announce?.version == "2.1.0" && later.heldBack == nil)
  }

  @Test func theNewestThatIsAvailableIsAnnouncedWhileANewerOneWaits() {
    let releases = [Self.release("2.2.0", hoursAgo: 0.5), Self.release("2.1.0", hoursAgo: 72)]
    let choice = Self.choose(releases, install: .npm)
    #expect(choice.announce?.version == "2.1.0")
    #expect(choice.heldBack == "2.2.0 is 30 minutes old; a npm install waits 24 hours")
    #expect(
      FeedCheck.headline(choice, running: version("2.0.0"))
        == "2.1.0 is available; 2.2.0 is 30 minutes old; a npm install waits 24 hours")
  }

  @Test func theFeedSetsTheDelayAndAReleaseWithoutADateIsNotDelayed() {
    var none = Self.release("2.1.0", hoursAgo: 1)
    none.delay = 0
    #expect(Self.choose([none], install: .brew).announce?.version == "2.1.0")
    var longer = Self.release("2.1.0", hoursAgo: 30)
    longer.delay = 48 * 3600
    #expect(
      Self.choose([longer], install: .brew).heldBack
        == "2.1.0 is 30 hours old; a homebrew install waits 2 days")
    #expect(Self.choose([Self.release("2.1.0")], install: .brew).announce?.version == "2.1.0")
  }

  @Test func aCriticalReleaseWaitsToo() {
    let releases = [Self.release("2.1.1", hoursAgo: 1, critical: true), Self.release("2.1.0", hoursAgo: 48)]
    let choice = Self.choose(releases, install: .brew)
    #expect(choice.announce?.version == "2.1.0" && choice.announce?.critical == nil)
    let direct = Self.choose(releases, install: nil)
    #expect(direct.announce?.version == "2.1.1" && direct.announce?.critical == "2.1.1")
  }

  @Test func theAnnouncedReleaseCarriesTheNewestCriticalOneItIncludes() {
    let releases = [
      Self.release("2.2.0"), Self.release("2.1.1", critical: true), Self.release("2.1.0", critical: true),
    ]
    let choice = Self.choose(releases, install: nil)
    #expect(choice.announce?.version == "2.2.0" && choice.announce?.critical == "2.1.1")
    #expect(choice.announce?.criticalNotes == "Notes of 2.1.1.")
  }

  @Test func onlyAnInstallThatCanChangeTheChoiceIsDetected() {
    let old = FeedSelection(
      releases: [Self.release("2.1.0", hoursAgo: 30)], running: version("2.0.0"), now: Self.now)
    #expect(!old.needsInstall)
    var young = old
    young.releases = [Self.release("2.1.0", hoursAgo: 1)]
    #expect(young.needsInstall)
    var named = old
    named.channels = ["npm": "2.1.0"]
    #expect(named.needsInstall)
  }

  @Test func durationsAreReadAndWritten() {
    #expect(FeedSelection.parseDuration("24h") == 86_400 && FeedSelection.parseDuration("2d") == 172_800)
    #expect(FeedSelection.parseDuration("90m") == 5400 && FeedSelection.parseDuration("0") == 0)
    for bad in ["", "h", "-1h", "3w", "999999999999d", "1.5h"] {
      #expect(FeedSelection.parseDuration(bad) == nil, "\(bad)")
    }
    #expect(FeedSelection.describe(59) == "0 minutes" && FeedSelection.describe(3600) == "1 hour")
    #expect(FeedSelection.describe(172_800) == "2 days")
  }
}
