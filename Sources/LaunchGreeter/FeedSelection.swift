import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which release of the cached feed a launch announces, chosen at greet time (not when the
/// feed was fetched), so that a release held back an hour ago is announced later without a
/// new fetch (issue 46).
///
/// The candidates are the cached releases newer than the running version, newest first. Each
/// goes through ``whyHeldBack(_:)``, the one place where a filter says why this install may
/// not be offered it yet: the channel's own version when the feed names one for how the app
/// was installed, else a package manager's delay after the release's date. The newest that
/// passes is announced, with the newest critical release it includes.
struct FeedSelection {
  /// How long a package-manager install waits after a release's date when the feed names no
  /// version for its channel and the release sets no `delay`: 24 hours.
  static let defaultDelay = 86_400

  /// The cached releases, newest first.
  var releases: [FeedRelease]
  /// The feed's per-channel versions, by channel name as the feed wrote it (`homebrew`).
  var channels: [String: String] = [:]
  var running: AppVersion
  /// The greeter's clock.
  var now: Date
  /// How the app was installed; nil for a direct download, or when it was not looked at.
  var install: InstallMethod? = nil
  /// This install's place in phased rollouts (``LaunchState/rolloutPlace``); nil while none
  /// was drawn: a phased release is then announced to no one (``needsRolloutPlace``).
  var rolloutPlace: Int? = nil

  /// What was chosen.
  struct Choice: Equatable {
    /// The release to announce, with the newest critical release it includes (its
    /// ``FeedRelease/critical``), if any.
    var announce: FeedRelease?
    /// The newest release newer than the running version, announced or not.
    var newest: FeedRelease?
    /// Why the newest is not announced to this install yet (nil when it is).
    var heldBack: String?
    /// Where this install stands in the announced release's rollout, when it is phased
    /// (``FeedRollout/Standing/explanation(version:)``).
    var rollout: String?
  }

  /// The channel names a feed may give a version for, and the install each one serves (the
  /// first name that the feed gives wins: `pipx` before `pypi` for a pipx install).
  static let channelNames: [InstallMethod: [String]] = [
    .brew: ["homebrew", "brew"], .pipx: ["pipx", "pypi"], .pip: ["pip", "pypi"], .apt: ["apt"],
    .npm: ["npm"],
  ]

  /// The name `--explain` gives the channel of `install` (`homebrew` for a brew install).
  static func channelName(_ install: InstallMethod) -> String {
    channelNames[install]?.first ?? install.rawValue
  }

  /// The version the feed gives for the channel of ``install``, and the channel's name as the
  /// feed wrote it; nil when there is no install or the feed names none for it.
  var channelVersion: (name: String, version: AppVersion)? {
    guard let install else { return nil }
    for name in Self.channelNames[install] ?? [] {
      if let text = channels[name], let version = AppVersion(text) { return (name, version) }
    }
    return nil
  }

  /// Whether ``install`` can change the choice, so the install is worth detecting: the feed
  /// names channels, or a release newer than the running version is still within a delay.
  var needsInstall: Bool {
    !channels.isEmpty || candidates.contains { age(of: $0).map { $0.age < $0.delay } ?? false }
  }

  /// The release to announce, the newest one, and why the newest waits.
  func choose() -> Choice {
    var choice = Choice(newest: candidates.first)
    for release in candidates {
      if let why = whyHeldBack(release) {
        if choice.heldBack == nil { choice.heldBack = why }
        continue
      }
      choice.announce = announcement(of: release)
      if case .success(let standing)? = rolloutStanding(release) {
        choice.rollout = standing.explanation(version: release.version)
      }
      break
    }
    return choice
  }

  /// Why `release` is not offered to this install yet, or nil when it may be. Filters go here,
  /// in order: a phased rollout this install is not in yet (``rolloutStanding(_:)``); the
  /// channel's version; else a package manager's delay after the release's date (a release
  /// without a date is not delayed).
  func whyHeldBack(_ release: FeedRelease) -> String? {
    switch rolloutStanding(release) {
    case .failure(let why)?: return why.description
    case .success(let standing)? where !standing.includesThisInstall:
      return standing.explanation(version: release.version)
    default: break
    }
    guard let install, let version = AppVersion(release.version) else { return nil }
    if let channel = channelVersion {
      return version > channel.version
        ? "\(release.version) is newer, but \(channel.name) has \(channel.version.canonical)" : nil
    }
    if let (age, delay) = age(of: release), age < delay {
      return "\(release.version) is \(Self.describe(max(age, 0))) old; "
        + "a \(Self.channelName(install)) install waits \(Self.describe(delay))"
    }
    return nil
  }

  /// Whether a candidate is phased (a `rollout` and not critical), so this install needs its
  /// place (``rolloutPlace``) to be offered it.
  var needsRolloutPlace: Bool {
    candidates.contains { $0.critical == nil && $0.rollout != nil }
  }

  /// Where this install stands in `release`'s rollout today: nil when it is not phased (no
  /// `rollout`, or critical: a critical release reaches every install at once); a failure,
  /// why it is announced to no install (a rollout not understood, no date to count from) or
  /// not to this one (no place drawn).
  func rolloutStanding(_ release: FeedRelease) -> Result<FeedRollout.Standing, FeedCheck.FeedError>? {
    guard release.critical == nil, let text = release.rollout else { return nil }
    let version = release.version
    let rollout: FeedRollout
    switch FeedRollout.parse(text) {
    case .success(let parsed): rollout = parsed
    case .failure(let why): return .failure(.init("\(version)'s rollout is not understood: \(why)"))
    }
    guard let published = release.published else {
      return .failure(.init("\(version) has a rollout but no date to count its days from"))
    }
    guard let place = rolloutPlace else {
      return .failure(
        .init("\(version) is rolling out, and this install has no place in it (the state is not written)"))
    }
    return .success(
      FeedRollout.Standing(rollout: rollout, day: now.timeIntervalSince(published) / 86_400, place: place))
  }

  /// The releases newer than the running version, newest first, with the channel's version
  /// when the feed names one the cache has no release for (announced without notes).
  var candidates: [FeedRelease] {
    var newer = releases.filter { AppVersion($0.version).map { $0 > running } ?? false }
    if let channel = channelVersion, channel.version > running,
      !newer.contains(where: { AppVersion($0.version) == channel.version })
    {
      newer.append(FeedRelease(version: channel.version.canonical, date: nil, notes: ""))
    }
    let versioned = newer.compactMap { release in AppVersion(release.version).map { ($0, release) } }
    return versioned.sorted { $0.0 > $1.0 }.map(\.1)
  }

  /// `release` as announced: with the newest critical release after the running version up
  /// to it (its version, summary, and notes when it is not `release` itself).
  func announcement(of release: FeedRelease) -> FeedRelease {
    var announced = release
    announced.critical = nil
    announced.criticalSummary = nil
    announced.criticalNotes = nil
    guard let top = AppVersion(release.version) else { return announced }
    let critical = candidates.first {
      $0.critical != nil && AppVersion($0.version).map { $0 <= top } == true
    }
    guard let critical else { return announced }
    announced.critical = critical.version
    announced.criticalSummary = critical.criticalSummary
    if critical.version != release.version {
      announced.criticalNotes = critical.notes.isEmpty ? critical.criticalNotes : critical.notes
    }
    return announced
  }

  /// How old `release` is by the clock and how long this install waits for it, in seconds; nil
  /// without a date.
  func age(of release: FeedRelease) -> (age: Int, delay: Int)? {
    guard let published = release.published else { return nil }
    return (Int(now.timeIntervalSince(published).rounded(.down)), delay(of: release))
  }

  private func delay(of release: FeedRelease) -> Int {
    release.delay ?? Self.defaultDelay
  }

  /// `45 minutes`, `1 hour`, `23 hours`, `3 days`: whole units, rounded down.
  static func describe(_ seconds: Int) -> String {
    func count(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
    if seconds < 3600 { return count(seconds / 60, "minute") }
    if seconds < 172_800 { return count(seconds / 3600, "hour") }
    return count(seconds / 86_400, "day")
  }

  /// A duration as a feed writes it (`24h`, `2d`, `90m`, `0`), in seconds; nil when it is
  /// none, negative, or over a year.
  static func parseDuration(_ text: String) -> Int? {
    let trimmed = text.filter { $0 != " " }.lowercased()
    if trimmed == "0" { return 0 }
    guard let unit = trimmed.last, let count = Int(trimmed.dropLast()), count >= 0 else { return nil }
    let seconds: Int
    switch unit {
    case "m": seconds = count.multipliedReportingOverflow(by: 60).partialValue
    case "h": seconds = count.multipliedReportingOverflow(by: 3600).partialValue
    case "d": seconds = count.multipliedReportingOverflow(by: 86_400).partialValue
    default: return nil
    }
    return count <= 366 * 24 * 60 && seconds <= 366 * 86_400 ? seconds : nil
  }
}
