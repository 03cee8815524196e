import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TerminalRendering

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a downloaded feed offers: the releases a launch may announce, newest first, and the
/// feed's per-channel versions (``FeedSelection`` chooses among them at each launch).
struct FeedOffer: Sendable, Equatable {
  var releases: [FeedRelease] = []
  var channels: [String: String] = [:]
  /// What is wrong with a release it offers (a `rollout` not understood), one line each,
  /// naming the version: the launch that takes the download in reports them.
  var problems: [String] = []
}

extension FeedCheck {
  /// The most releases the cache keeps: the newest and the others newer than the running
  /// version, newest first (and the newest critical one among those newer, if it is older).
  static let maximumReleases = 8
  /// The most bytes of notes the cache keeps in all: older releases beyond it keep none.
  static let maximumCachedNotes = 256 << 10
  /// The most channels a feed names that are kept.
  static let maximumChannels = 16

  /// The releases of a downloaded feed and its channels, or why there are none: too big, not
  /// JSON, no usable version. Pre-releases count only when `running` is one.
  static func offer(inFileAt path: String, running: AppVersion) -> Result<FeedOffer, FeedError> {
    do {
      return offer(in: try Platform.readStateFile(path), running: running)
    } catch {
      return .failure(FeedError("\(path) \(error.message)"))
    }
  }

  /// ``offer(inFileAt:running:)`` on the feed's bytes.
  static func offer(in bytes: [UInt8], running: AppVersion) -> Result<FeedOffer, FeedError> {
    guard bytes.count <= maximumBytes else { return .failure(FeedError("over \(maximumBytes) bytes")) }
    let entries: [Entry]
    if let list = try? StateJSONDecoder().decode([Simple].self, from: bytes) {
      entries = list.map(Entry.init(simple:))
    } else if let imported = try? ChangelogImporter(githubReleasesJSON: bytes, source: "the feed") {
      // A release marked pre-release is one only a pre-release's user is offered.
      entries = imported.sections.filter { !$0.markedPrerelease || running.isPrerelease }.map(
        Entry.init(github:))
    } else {
      return .failure(FeedError("not a JSON list of releases"))
    }
    var usable: [(version: AppVersion, release: FeedRelease)] = []
    var channels: [String: AppVersion] = [:]
    for entry in entries {
      // A version is short and plain; anything else (escape sequences, a megabyte of digits)
      // is not a release.
      guard entry.version.utf8.count <= 40, let version = AppVersion(entry.version),
        version.description.utf8.count <= 40, !version.isPrerelease || running.isPrerelease
      else { continue }
      if !usable.contains(where: { $0.version == version }) {
        usable.append((version, entry.release(version)))
      }
      for (name, text) in entry.channels {
        guard let channel = channelVersion(name: name, text: text, running: running) else { continue }
        if channels[name].map({ $0 < channel }) ?? (channels.count < maximumChannels) {
          channels[name] = channel
        }
      }
    }
    if usable.isEmpty, !entries.isEmpty { return .failure(FeedError("no entry has a usable version")) }
    let releases = kept(usable.sorted { $0.version > $1.version }, running: running)
    return .success(
      FeedOffer(
        releases: releases, channels: channels.mapValues(\.canonical),
        problems: releases.compactMap(rolloutProblem)))
  }

  /// Why `release`'s rollout holds it back from every install, as a problem line naming its
  /// version; nil when it has none, it is understood, or the release is critical (never
  /// phased).
  static func rolloutProblem(_ release: FeedRelease) -> String? {
    guard release.critical == nil, let text = release.rollout,
      case .failure(let why) = FeedRollout.parse(text)
    else { return nil }
    return "the feed's release \(release.version) has a rollout that is not understood: \(why); "
      + "it is announced to no install until the feed is fixed"
  }

  /// The releases the cache keeps of `sorted` (newest first): the newest, those newer than
  /// `running` up to ``maximumReleases``, and the newest critical one newer than `running`;
  /// notes only up to ``maximumCachedNotes`` in all.
  static func kept(_ sorted: [(version: AppVersion, release: FeedRelease)], running: AppVersion)
    -> [FeedRelease]
  {
    var kept = sorted.prefix(maximumReleases).enumerated().filter {
      $0.offset == 0 || $0.element.version > running
    }
    .map(\.element)
    if let critical = sorted.first(where: { $0.release.critical != nil && $0.version > running }),
      !kept.contains(where: { $0.version == critical.version })
    {
      kept.append(critical)
    }
    var budget = maximumCachedNotes
    return kept.map { entry in
      var release = entry.release
      if release.notes.utf8.count > budget { release.notes = "" }
      budget -= release.notes.utf8.count
      return release
    }
  }

  /// A channel's version as the feed gave it, when the name is a plain word and the version
  /// one of at most 40 characters (a pre-release only for a pre-release's user).
  static func channelVersion(name: String, text: String, running: AppVersion) -> AppVersion? {
    guard (1...20).contains(name.utf8.count),
      name.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }),
      text.utf8.count <= 40, let version = AppVersion(text), !version.isPrerelease || running.isPrerelease
    else { return nil }
    return version
  }

  /// An entry of the project's own feed format: `importance: "critical"` with a `summary`
  /// marks a release the user should not skip; `channels` gives the version each install
  /// channel has (`{"homebrew": "2.1.0"}`); `delay` how long a package-manager install waits
  /// after `date` (`"48h"`).
  struct Simple: Decodable {
    var version: String
    var date: String?
    var notes: String?
    var importance: String?
    var summary: String?
    var channels: [String: FeedText]?
    var delay: FeedText?
    var rollout: RolloutText?
  }

  /// A release's `rollout` as the feed wrote it: its text, or words that no rollout parses
  /// when it is not text (`[[1, 10]]`, `7`), so one release's mistake does not make the whole
  /// feed unreadable.
  struct RolloutText: Decodable, Equatable {
    var text: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      text = (try? container.decode(String.self)) ?? "(not text)"
    }
  }

  /// A string, or a number written as one (`"2.1.0"` or `24`).
  struct FeedText: Decodable, Equatable {
    var text: String

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let string = try? container.decode(String.self) {
        text = string
      } else if let number = try? container.decode(Int.self) {
        text = String(number)
      } else {
        text = String(try container.decode(Double.self))
      }
    }
  }

  /// A release as a feed format gave it, before it is checked.
  struct Entry {
    var version: String
    /// `date` or `published_at` as written: a day or a date-time.
    var date: String?
    var notes: String
    var critical: CriticalMark?
    var channels: [String: String] = [:]
    var delay: String?
    var rollout: String?

    init(simple: Simple) {
      version = simple.version
      date = simple.date
      notes = simple.notes ?? ""
      critical = simple.importance?.lowercased() == "critical" ? CriticalMark(summary: simple.summary) : nil
      channels = (simple.channels ?? [:]).mapValues(\.text)
      delay = simple.delay?.text
      rollout = simple.rollout?.text
    }

    /// A GitHub release: `channels: homebrew=2.1.0, npm=2.1.1` and `delay: 48h` in its body's
    /// front matter, as `importance: critical` is.
    init(github section: ChangelogImporter.Section) {
      version = section.version.canonical
      date = section.published ?? section.date
      notes = section.wasEmpty ? "" : section.markdown
      critical = FeedCheck.criticalMark(frontMatter: section.bodyFrontMatter, notes: notes)
      delay = section.bodyFrontMatter["delay"]
      rollout = section.bodyFrontMatter["rollout"]
      for pair in (section.bodyFrontMatter["channels"] ?? "").split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1).map { String(trimSpaces($0)) }
        if parts.count == 2 { channels[parts[0].lowercased()] = parts[1] }
      }
    }

    /// The release as cached, for `version` (its checked form): the day it shows, when it
    /// counts from, the delay, sanitised notes, and its critical mark.
    func release(_ version: AppVersion) -> FeedRelease {
      let day = date.map { String($0.prefix(10)) }.flatMap { NotesFrontMatter.isValidDate($0) ? $0 : nil }
      var release = FeedRelease(
        version: version.canonical, date: day,
        notes: Sanitizer.sanitize(String(notes.prefix(65_536)), expandingTabs: false))
      release.published = day.flatMap { day in
        let exact = date.flatMap { $0.utf8.count > 10 ? ProcessEnvironment.parseDate($0) : nil }
        // A day alone counts from its end: the release may have come out at any time of it.
        return exact ?? ProcessEnvironment.parseDate(day)?.addingTimeInterval(86_400)
      }
      release.delay = delay.flatMap(FeedSelection.parseDuration)
      // Cut, since a feed's words are written to the cache and quoted in a problem line.
      release.rollout = rollout.map { Sanitizer.sanitize(String($0.prefix(200)), expandingTabs: false) }
      if let critical {
        release.critical = release.version
        release.criticalSummary = critical.summary.map(FeedCheck.oneLine)
      }
      return release
    }
  }

  /// The release a direct download is offered in a feed's bytes (the newest, with the newest
  /// critical release up to it), or nil when it names none.
  static func newest(in bytes: [UInt8], running: AppVersion) -> Result<FeedRelease?, FeedError> {
    offer(in: bytes, running: running).map { offer in
      offer.releases.first.map {
        FeedSelection(releases: offer.releases, running: running, now: Date()).announcement(of: $0)
      }
    }
  }
}
