import Foundation
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// A feed release's phased rollout (issue 46): how `rollout:` is written, the share of
/// installs each day, and which places are in it.
@Suite struct FeedRolloutTests {
  func parsed(_ text: String) throws -> FeedRollout {
    try FeedRollout.parse(text).get()
  }

  @Test func sevenDaysGrowEvenlyFromNoneToAll() throws {
    let rollout = try parsed("7d")
    #expect(rollout == FeedRollout(shape: .linear(days: 7)))
    #expect(rollout.share(day: -1) == 0 && rollout.share(day: 0) == 0)
    #expect(abs(rollout.share(day: 2) - 2.0 / 7) < 1e-12)
    #expect(abs(rollout.share(day: 3.5) - 0.5) < 1e-12, "by the hour, not by whole days")
    #expect(rollout.share(day: 7) == 1 && rollout.share(day: 400) == 1)
    #expect(try parsed(" 30d ") == FeedRollout(shape: .linear(days: 30)))
  }

  @Test func aScheduleHoldsEachStepFromItsDay() throws {
    let rollout = try parsed("1d 10%, 3d 50%, 7d 100%")
    #expect(
      rollout
        == FeedRollout(
          shape: .steps([.init(day: 1, percent: 10), .init(day: 3, percent: 50), .init(day: 7, percent: 100)])
        ))
    #expect([0, 0.99, 1, 2.9, 3, 6.9, 7, 100].map(rollout.share(day:)) == [0, 0, 0.1, 0.1, 0.5, 0.5, 1, 1])
    #expect(rollout.lastDay == 7)
    let halted = try parsed("2d 5%")
    #expect(halted.share(day: 90) == 0.05, "a schedule that ends below 100% holds there")
  }

  @Test(arguments: [
    "", "7", "d", "0d", "-3d", "366d", "7x", "7 d", "1.5d", "1d 10", "1d 10%,", "1d 101%", "3d 50%, 1d 10%",
    "1d 50%, 3d 10%", "1d 10%, 1d 20%", "\u{1B}[31m7d",
  ])
  func aMalformedRolloutSaysWhy(_ text: String) {
    guard case .failure(let why) = FeedRollout.parse(text) else {
      Issue.record("\"\(text)\" parsed as a rollout")
      return
    }
    #expect(why.description.contains("\""), "\(why)")
  }

  @Test func anInstallIsInWhenItsPlaceIsBelowTheShare() {
    let share = 2.0 / 7  // 2,857.14 places of 10,000
    #expect(FeedRollout.includes(place: 0, share: share))
    #expect(FeedRollout.includes(place: 2_857, share: share))
    #expect(!FeedRollout.includes(place: 2_858, share: share))
    #expect(!FeedRollout.includes(place: 0, share: 0), "none on the release's date")
    #expect(FeedRollout.includes(place: 9_999, share: 1))
    // Over every place, the share in is the share stated.
    let inCount = LaunchState.rolloutPlaces.filter { FeedRollout.includes(place: $0, share: share) }.count
    #expect(inCount == 2_858)
  }

  @Test func theExplanationNamesTheShareTheDayAndThePlace() throws {
    let rollout = try parsed("7d")
    let out = FeedRollout.Standing(rollout: rollout, day: 2.2, place: 6_312)
    #expect(
      out.explanation(version: "2.1.0")
        == "2.1.0 is rolling out: 31% of installs on day 2 of 7; this install is at 63%, not yet")
    let inside = FeedRollout.Standing(rollout: rollout, day: 2, place: 1_200)
    #expect(
      inside.explanation(version: "2.1.0")
        == "2.1.0 is rolling out: 29% of installs on day 2 of 7; this install is at 12%, in")
  }

  // MARK: In the feed

  func offer(_ json: String) throws -> FeedOffer {
    try FeedCheck.offer(in: Array(json.utf8), running: version("2.0.0")).get()
  }

  @Test func bothFeedFormatsGiveARollout() throws {
    let simple = try offer(
      #"[{"version": "2.1.0", "date": "2026-03-01", "rollout": "1d 10%, 3d 50%, 7d 100%"}, {"version": "2.0.5"}]"#
    )
    #expect(simple.releases.map(\.rollout) == ["1d 10%, 3d 50%, 7d 100%", nil] && simple.problems.isEmpty)
    let github = try offer(
      #"[{"tag_name": "v2.1.0", "published_at": "2026-03-01T12:00:00Z", "body": "---\nrollout: 7d\n---\n\nFaster."}]"#
    )
    #expect(github.releases.first?.rollout == "7d" && github.releases.first?.notes == "Faster.")
    let inText = try offer(#"[{"tag_name": "v2.1.0", "body": "Faster.\n\nrollout: 7d"}]"#)
    #expect(inText.releases.first?.rollout == nil, "only the body's front matter says it")
  }

  /// A rollout not understood is one problem line naming the version, and the rest of the
  /// feed is read (a `rollout` that is not text too).
  @Test func aMalformedRolloutIsOneProblemLineAndTheFeedIsStillRead() throws {
    let feed = try offer(
      #"[{"version": "2.1.0", "rollout": "7x"}, {"version": "2.0.9", "rollout": [[1, 10]]},"#
        + #" {"version": "2.0.8", "rollout": "9d", "importance": "critical"}]"#)
    #expect(feed.releases.map(\.version) == ["2.1.0", "2.0.9", "2.0.8"])
    #expect(
      feed.problems == [
        #"the feed's release 2.1.0 has a rollout that is not understood: "7x" is neither Nd nor steps like "#
          + "1d 10%, 7d 100%; it is announced to no install until the feed is fixed",
        #"the feed's release 2.0.9 has a rollout that is not understood: "(not text)" is neither Nd nor steps "#
          + "like 1d 10%, 7d 100%; it is announced to no install until the feed is fixed",
      ])
  }

  /// The launch that takes a fetched feed in reports its problem lines; the next does not.
  @Test func theLaunchTakingTheFeedInReportsTheProblem() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-rollout-problem")
    defer { TestPaths.removeTree(dir.path) }
    var first = FeedCheckTests.check(in: dir.path)
    _ = first.run()
    try FeedCheckTests.finishFetch(in: dir, status: 0, body: #"[{"version": "2.1.0", "rollout": "soon"}]"#)
    var second = FeedCheckTests.check(in: dir.path, at: 60)
    let taken = second.run()
    #expect(taken.problems.count == 1, "\(taken.problems)")
    #expect(taken.problems.allSatisfy { $0.hasPrefix("the feed's release 2.1.0 has a rollout") })
    var third = FeedCheckTests.check(in: dir.path, at: 120)
    #expect(third.run().problems.isEmpty)
  }

  // MARK: Choosing the release

  static let now = Date(timeIntervalSince1970: 1_780_000_000)

  static func release(
    _ version: String, daysAgo: Double? = 2, rollout: String? = "7d", critical: Bool = false
  ) -> FeedRelease {
    var release = FeedRelease(version: version, date: nil, notes: "")
    release.published = daysAgo.map { now.addingTimeInterval(-$0 * 86_400) }
    release.rollout = rollout
    if critical { release.critical = version }
    return release
  }

  static func choose(_ releases: [FeedRelease], place: Int?) -> FeedSelection.Choice {
    var selection = FeedSelection(releases: releases, running: version("2.0.0"), now: now)
    selection.rolloutPlace = place
    return selection.choose()
  }

  /// A release not yet rolled out to this install is not announced: the newest one that is
  /// (an older one, not phased) is, and `--explain` says where the install stands.
  @Test func theNewestReleaseThisInstallIsInIsAnnounced() {
    let releases = [Self.release("2.1.0"), Self.release("2.0.5", rollout: nil)]
    let out = Self.choose(releases, place: 6_312)
    #expect(out.announce?.version == "2.0.5" && out.newest?.version == "2.1.0")
    #expect(
      FeedCheck.headline(out, running: version("2.0.0"))
        == "2.0.5 is available; 2.1.0 is rolling out: 29% of installs on day 2 of 7; this install is at 63%, not yet"
    )
    let inside = Self.choose(releases, place: 1_200)
    #expect(
      FeedCheck.headline(inside, running: version("2.0.0"))
        == "2.1.0 is available; 2.1.0 is rolling out: 29% of installs on day 2 of 7; this install is at 12%, in"
    )
    let alone = Self.choose([Self.release("2.1.0")], place: 6_312)
    #expect(alone.announce == nil)
    #expect(
      FeedCheck.headline(alone, running: version("2.0.0")).hasPrefix("no card yet: 2.1.0 is rolling out: 29%")
    )
  }

  @Test func aCriticalReleaseIsNeverPhased() {
    let choice = Self.choose([Self.release("2.1.0", daysAgo: 0, critical: true)], place: 9_999)
    #expect(choice.announce?.version == "2.1.0" && choice.rollout == nil && choice.heldBack == nil)
    #expect(
      !FeedSelection(
        releases: [Self.release("2.1.0", critical: true)], running: version("2.0.0"), now: Self.now
      ).needsRolloutPlace)
  }

  /// What holds a phased release back from every install (a rollout not understood, no date)
  /// or from this one (no place drawn).
  @Test(
    arguments: [
      (release("2.1.0", rollout: "7x"), 0, #"2.1.0's rollout is not understood: "7x" is neither"#),
      (release("2.1.0", daysAgo: nil), 0, "2.1.0 has a rollout but no date to count its days from"),
      (release("2.1.0", daysAgo: 30), nil, "2.1.0 is rolling out, and this install has no place in it"),
    ] as [(FeedRelease, Int?, String)])
  func aPhasedReleaseThatCannotBePlacedIsHeldBack(_ example: (FeedRelease, Int?, String)) {
    let choice = Self.choose([example.0], place: example.1)
    #expect(choice.announce == nil)
    #expect(choice.heldBack?.hasPrefix(example.2) == true, "\(choice.heldBack ?? "nil")")
  }
}
