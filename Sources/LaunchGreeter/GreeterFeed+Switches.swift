import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension GreeterFeed {
  /// An `http(s)` URL with something after the scheme and no space or control character (it
  /// goes to curl's command line).
  static func isFeedURL(_ url: String) -> Bool {
    guard isFetchable(url) else { return false }
    return !url.drop { $0 != ":" }.dropFirst(3).isEmpty && hasNoSpaceOrControl(url)
  }

  /// A `file:///PATH` URL (only `<PREFIX>_FEED_URL` may name one): the feed is the file at
  /// PATH, read as written (no `%` escapes).
  static func isLocalFeedURL(_ url: String) -> Bool {
    url.hasPrefix(localPrefix + "/") && url.count > localPrefix.count + 1 && hasNoSpaceOrControl(url)
  }

  /// What a local feed's URL starts with, before its absolute path.
  static let localPrefix = "file://"

  private static func hasNoSpaceOrControl(_ url: String) -> Bool {
    url.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
  }
}

/// Whether a launch looks at the update feed, and at which URL: the switches a user or an
/// administrator sets, in order of precedence.
enum FeedSwitch: Equatable {
  /// Not looked at: nothing is fetched or written. The `--explain` line.
  case off(String)
  /// Looked at, at `url`; `source` says where a URL other than the app's came from.
  case on(url: String, source: String?)
}

extension LaunchGreeter {
  /// Whether and where this launch looks at `feed`: off by the policy's `feed: false`,
  /// `<PREFIX>_NO_UPDATE_CHECK=1`, `NO_UPDATE_NOTIFIER` (any non-empty value) or
  /// `DO_NOT_TRACK=1`; else at the policy's `feedURL`, else at `<PREFIX>_FEED_URL` (`http(s)`
  /// or `file:///`; any other value is one problem line and the app's URL is used), else at
  /// the app's.
  func feedSwitch(_ feed: GreeterFeed, _ context: LaunchContext) -> FeedSwitch {
    let env = context.environment
    if let source = context.policy.feedOff { return .off("off: \(source); not checked") }
    let noCheck = app.variable("NO_UPDATE_CHECK")
    if env[noCheck] == "1" { return .off("\(noCheck)=1; not checked") }
    if let value = env["NO_UPDATE_NOTIFIER"], !value.isEmpty {
      return .off("off: NO_UPDATE_NOTIFIER is set; not checked")
    }
    if env["DO_NOT_TRACK"] == "1" { return .off("off: DO_NOT_TRACK=1; not checked") }
    if let url = context.policy.feedURL { return .on(url: url.value, source: "URL from \(url.source)") }
    let variable = app.variable("FEED_URL")
    if let url = env[variable], !url.isEmpty {
      if GreeterFeed.isFeedURL(url) || GreeterFeed.isLocalFeedURL(url) {
        return .on(url: url, source: "\(variable)=\(url)")
      }
      context.problems.add(
        "\(variable)=\"\(url)\" is not an http(s) or file:/// URL; the app's feed is used", kind: .settings)
    }
    return .on(url: feed.url, source: nil)
  }
}

extension FeedCheck {
  /// A look at a `file:///` feed (a QA's `<PREFIX>_FEED_URL`): the file is read now, on every
  /// launch, with a fetched feed's size limit and parsing, so its card can show on this very
  /// launch; nothing is cached, no curl started and no file written. A file that cannot be
  /// used is one problem line naming it.
  func readLocalFeed() -> Outcome {
    let path = String(feed.url.dropFirst(GreeterFeed.localPrefix.count))
    var findings = Findings()
    switch Self.readLocalFile(path).flatMap({ Self.offer(in: $0, running: running) }) {
    case .success(let offer):
      findings.cache = FeedCache(
        url: feed.url, checked: now, releases: offer.releases, channels: offer.channels)
      findings.notes.append("read \(path) now (a file: feed is read on every launch)")
    case .failure(let why):
      findings.problems.append("the feed \(path): \(why); it is ignored")
    }
    return Self.outcome(of: findings, running: running, now: now)
  }

  /// The bytes of the local feed at `path`: a regular file (a FIFO or device is refused, never
  /// waited on) of at most ``maximumBytes``.
  static func readLocalFile(_ path: String) -> Result<[UInt8], FeedError> {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return .failure(FeedError("cannot be read: \(Platform.errnoMessage())")) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      return .failure(FeedError("is not a regular file"))
    }
    guard Int(info.st_size) <= maximumBytes else { return .failure(FeedError("over \(maximumBytes) bytes")) }
    do {
      return .success(try Platform.readAll(fd))
    } catch {
      return .failure(FeedError("cannot be read: \(error.message)"))
    }
  }
}
