import Foundation
import LaunchTracking
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
}
