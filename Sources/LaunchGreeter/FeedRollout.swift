import LaunchTracking
import ReleaseNotes

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a feed release's notice is phased in: `rollout: 7d` (the share of installs that see
/// the card grows evenly from none at the release's date to all 7 days later) or a schedule
/// of steps, `rollout: 1d 10%, 3d 50%, 7d 100%` (none before the first step's day, then each
/// step's share from its day on; a schedule that ends below 100% holds there). Days count from
/// 00:00 UTC of the release's `date`. Each install compares its own place
/// (``LaunchState/rolloutPlace``, drawn once) with the day's share; nothing is sent.
struct FeedRollout: Sendable, Equatable {
  /// The share `percent` reached on day `day` (a step of a schedule).
  struct Step: Sendable, Equatable {
    var day: Int
    var percent: Int
  }

  enum Shape: Sendable, Equatable {
    /// From 0% at the release's date to 100% after this many days, evenly.
    case linear(days: Int)
    /// The share of each step from its day on; 0% before the first.
    case steps([Step])
  }

  var shape: Shape

  /// The longest rollout a feed may give, in days.
  static let maximumDays = 365

  /// The rollout `text` writes (`7d`, `1d 10%, 3d 50%, 7d 100%`), or why it is not one.
  static func parse(_ text: String) -> Result<FeedRollout, FeedCheck.FeedError> {
    let trimmed = trimSpaces(Substring(text))
    if let days = days(trimmed) { return .success(FeedRollout(shape: .linear(days: days))) }
    var steps: [Step] = []
    for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
      let words = part.split(separator: " ")
      guard words.count == 2, let day = days(words[0]), words[1].hasSuffix("%"),
        let percent = Int(words[1].dropLast()), (0...100).contains(percent)
      else {
        return .failure(
          FeedCheck.FeedError("\"\(text.prefix(60))\" is neither Nd nor steps like 1d 10%, 7d 100%"))
      }
      if let last = steps.last, day <= last.day || percent < last.percent {
        return .failure(
          FeedCheck.FeedError("\"\(text.prefix(60))\": each step must come later and not shrink"))
      }
      steps.append(Step(day: day, percent: percent))
    }
    return .success(FeedRollout(shape: .steps(steps)))
  }

  /// The whole number of days `text` names (`7d`), 1 to ``maximumDays``; nil otherwise.
  private static func days(_ text: some StringProtocol) -> Int? {
    guard text.hasSuffix("d"), let days = Int(text.dropLast()), (1...maximumDays).contains(days) else {
      return nil
    }
    return days
  }

  /// The share of installs (0 to 1) that see the card `day` days after the release's date
  /// (fractions of a day count: the linear share grows by the hour).
  func share(day: Double) -> Double {
    switch shape {
    case .linear(let days): return min(1, max(0, day / Double(days)))
    case .steps(let steps):
      return Double(steps.last { Double($0.day) <= day }?.percent ?? 0) / 100
    }
  }

  /// The day the rollout is done with: the linear one's length, a schedule's last step.
  var lastDay: Int {
    switch shape {
    case .linear(let days): return days
    case .steps(let steps): return steps.last?.day ?? 0
    }
  }

  /// Whether an install at `place` (of ``LaunchState/rolloutPlaces``) is in `share`.
  static func includes(place: Int, share: Double) -> Bool {
    Double(place) < share * Double(LaunchState.rolloutPlaces.count)
  }

  /// Days from 00:00 UTC of `date` (`YYYY-MM-DD`) to `now`; nil for a date that is not one.
  static func days(since date: String, now: Date) -> Double? {
    guard let start = LaunchStateCodec.date(date + "T00:00:00Z") else { return nil }
    return now.timeIntervalSince(start) / 86_400
  }

  /// Where an install stands in a release's rollout on one day.
  struct Standing: Sendable, Equatable {
    var rollout: FeedRollout
    /// Days since the release's date.
    var day: Double
    /// The install's place (``LaunchState/rolloutPlace``).
    var place: Int

    var share: Double { rollout.share(day: day) }
    var includesThisInstall: Bool { FeedRollout.includes(place: place, share: share) }

    /// For `--explain`: `2.1.0 is rolling out: 29% of installs on day 2 of 7; this install is
    /// at 63%, not yet`.
    func explanation(version: String) -> String {
      let percent = Int((share * 100).rounded())
      let at = Int((Double(place) * 100 / Double(LaunchState.rolloutPlaces.count)).rounded(.down))
      let day = max(0, Int(day.rounded(.down)))
      return "\(version) is rolling out: \(percent)% of installs on day \(day) of \(rollout.lastDay); "
        + "this install is at \(at)%, \(includesThisInstall ? "in" : "not yet")"
    }
  }
}
