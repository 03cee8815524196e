import Foundation
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// What a fetched feed leaves in the cache for a later launch to choose from (issue 46): the
/// releases newer than the running version with their dates, delays and channels, bounded.
@Suite struct FeedOfferTests {
  static func offer(_ json: String, running: String = "2.0.0") throws -> FeedOffer {
    try FeedCheck.offer(in: Array(json.utf8), running: version(running)).get()
  }

  @Test func theListFormatGivesChannelsADelayAndTheTimeOfTheRelease() throws {
    let offer = try Self.offer(
      #"""
      [{"version": "2.1.1", "date": "2026-03-02T09:30:00Z", "delay": "48h",
        "channels": {"homebrew": "2.1.0", "npm": "2.1.1", "Bad Name": "2.0.0", "apt": "x"}},
       {"version": "2.1.0", "date": "2026-03-01", "delay": 12, "channels": {"homebrew": "1.9.0"}}]
      """#)
    #expect(offer.releases.map(\.version) == ["2.1.1", "2.1.0"])
    #expect(offer.channels == ["homebrew": "2.1.0", "npm": "2.1.1"])
    let newest = try #require(offer.releases.first)
    #expect(newest.date == "2026-03-02" && newest.delay == 172_800)
    #expect(newest.published == ProcessEnvironment.parseDate("2026-03-02T09:30:00Z"))
    // A day alone counts from its end; a number is not a duration (no unit).
    let older = offer.releases[1]
    #expect(older.published == ProcessEnvironment.parseDate("2026-03-02T00:00:00Z") && older.delay == nil)
  }

  @Test func aGitHubReleaseGivesChannelsAndADelayInItsFrontMatter() throws {
    let body = "---\\nchannels: homebrew=2.1.0, npm = 2.1.1\\ndelay: 6h\\n---\\nFixes."
    let offer = try Self.offer(
      #"[{"tag_name": "v2.1.1", "published_at": "2026-03-02T09:30:00Z", "body": "\#(body)"}]"#)
    #expect(offer.channels == ["homebrew": "2.1.0", "npm": "2.1.1"])
    let release = try #require(offer.releases.first)
    #expect(release.delay == 21_600 && release.notes == "Fixes.")
    #expect(release.published == ProcessEnvironment.parseDate("2026-03-02T09:30:00Z"))
  }

  @Test func theCacheKeepsTheNewestAndAtMostEightNewerAndTheNewestCritical() throws {
    let many = (1...20).map { #"{"version": "3.\#($0).0"}"# }
    let critical = #"{"version": "2.5.0", "importance": "critical", "summary": "Now."}"#
    let offer = try Self.offer(
      "[" + (many + [critical, #"{"version": "1.0.0"}"#]).joined(separator: ",") + "]")
    #expect(offer.releases.count == FeedCheck.maximumReleases + 1)
    #expect(offer.releases.first?.version == "3.20.0" && offer.releases.last?.version == "2.5.0")
    #expect(offer.releases.last?.critical == "2.5.0" && offer.releases.last?.criticalSummary == "Now.")
    // Nothing newer than the running version: the newest alone, for `--explain`.
    #expect(
      try Self.offer(#"[{"version": "1.0.0"}, {"version": "1.5.0"}]"#).releases.map(\.version) == ["1.5.0"])
  }

  @Test func theCacheHoldsTheReleasesAndChannelsAndReadsWhatOneZeroWrote() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed-offer")
    defer { TestPaths.removeTree(dir.path) }
    let check = FeedCheckTests.check(in: dir.path)
    var young = FeedRelease(version: "2.1.1", date: "2026-03-02", notes: "b", critical: "2.1.1")
    young.published = Date(timeIntervalSince1970: 1_780_000_000.5)
    young.delay = 3600
    let cache = FeedCache(
      url: FeedCheckStagesTests.url, checked: FeedCheckStagesTests.start,
      releases: [young, FeedRelease(version: "2.1.0", date: nil, notes: "a")], channels: ["homebrew": "2.1.0"]
    )
    #expect(check.writeCache(cache) == nil)
    #expect(check.readCache() == cache)

    let legacy =
      #"{"url":"https:\/\/example.invalid\/feed.json","checked":1780000000,"latest":{"version":"2.5.0","notes":"","critical":"2.4.0","criticalSummary":"S","criticalNotes":"N"}}"#
    try Data(legacy.utf8).write(to: dir.appendingPathComponent(FeedCheck.cacheName))
    #expect(
      check.readCache()?.releases == [
        FeedRelease(version: "2.5.0", date: nil, notes: ""),
        FeedRelease(version: "2.4.0", date: nil, notes: "N", critical: "2.4.0", criticalSummary: "S"),
      ])
  }
}
