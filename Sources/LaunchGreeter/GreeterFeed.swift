import LaunchTracking
import ReleaseNotes
import TerminalRendering

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

/// Where an app publishes its releases, for the "a newer version is available" card, and how
/// its users upgrade.
///
/// The feed is a URL to JSON: a GitHub Releases API array (`tag_name`, `body`,
/// `published_at`, as `whatsnew import-changelog` reads) or a list of
/// `{"version": "2.1.0", "date": "2026-03-01", "notes": "Markdown"}`. It is fetched at most
/// once a day, and never while the launch waits: the launch starts the system's `curl`
/// (which honours the user's proxy and CA settings) in its own session, writing into the
/// state directory, and a later launch validates what it wrote and caches the newest release
/// in `update-feed.json` with the time it was checked. Only an interactive launch checks
/// (not under `CI`, agents, `WHATSNEW_DISABLE=1` or the app's `<PREFIX>_NO_GREETING=1`), and
/// not with `<PREFIX>_NO_UPDATE_CHECK=1`. The fetch is bounded: curl gives up after 5 seconds
/// (`--max-time`, so it never outlives that), refuses a body announced as over 1 MiB
/// (`--max-filesize`) and cannot write more than 1 MiB of one that is not announced (a file
/// size limit in its shell). A feed that cannot be fetched, is over 1 MiB, is not JSON or
/// names no usable version shows nothing; `whatsnew greet --explain` says
/// why (a failed fetch until the next one starts).
///
/// ```swift
/// greeter.feed = GreeterFeed(
///   url: "https://api.github.com/repos/me/tally/releases", upgradeCommand: "brew upgrade tally")
/// ```
public struct GreeterFeed: Sendable, Equatable {
  /// The feed's `http` or `https` URL.
  public var url: String
  /// The command the card tells the user to run, if any (`brew upgrade tally`).
  public var upgradeCommand: String?

  /// A feed at `url`, upgraded with `upgradeCommand`.
  public init(url: String, upgradeCommand: String? = nil) {
    self.url = url
    self.upgradeCommand = upgradeCommand
  }

  /// Whether `url` is one a feed may name: it starts with `http://` or `https://`.
  package static func isFetchable(_ url: String) -> Bool {
    url.hasPrefix("https://") || url.hasPrefix("http://")
  }
}

/// The newest release a feed named, as cached.
struct FeedRelease: Sendable, Equatable {
  var version: String
  var date: String?
  var notes: String
}

/// The cache in the state directory: the feed's URL, when it was last checked, its newest
/// release.
struct FeedCache: Sendable, Equatable {
  var url: String
  /// Whole seconds since 1970 of the last check (the time a fetch was started), as 0.3.0 wrote
  /// them. A cache with a fraction does not read; the feed is fetched.
  var checked: Int
  var latest: FeedRelease?
  /// Why the last fetch failed (`timed out after 5 s (curl exit 28)`), until the next starts.
  var failure: String?
}

/// One launch's look at the feed: takes in a finished download, starts a new one when the
/// cache is a day old, and says which newer release (if any) the cache holds.
struct FeedCheck {
  /// The biggest feed read; curl stops at it too.
  static let maximumBytes = 1 << 20
  /// How long a check is good for.
  static let interval = 86_400
  static let cacheName = "update-feed.json"
  static let downloadName = "update-feed.download"
  /// What the fetch's shell writes instead of the download when curl fails: its exit status.
  static let failureName = downloadName + ".failed"
  /// curl's `--max-time`, in seconds.
  static let timeLimit = 5

  var feed: GreeterFeed
  var directory: String
  var running: AppVersion
  var now: Date
  /// `now` in whole seconds since 1970, as the cache keeps it.
  var nowSeconds: Int { Int(exactly: now.timeIntervalSince1970.rounded(.down)) ?? 0 }
  /// Starts the fetch; tests replace it.
  var spawn: @Sendable (_ url: String, _ destination: String) -> String? = FeedCheck.spawnCurl

  /// `POSIX_SPAWN_SETSID` (glibc defines it only under `_GNU_SOURCE`, so Swift does not see it).
  #if canImport(Darwin)
    static let spawnSetsid: Int16 = 0x0400
  #else
    static let spawnSetsid: Int16 = 0x80
  #endif

  /// What a launch's look at the feed found.
  struct Outcome: Equatable {
    /// The newer release the cache holds, if any.
    var available: FeedRelease?
    /// One line for `--explain`.
    var explanation: String
  }

  /// The newer release the cache holds (nil if none), and one line for `--explain`.
  mutating func run() -> Outcome {
    var notes: [String] = []
    var cache = readCache()
    let download = directory + "/" + Self.downloadName
    let failed = directory + "/" + Self.failureName
    if let cached = cache, cached.url != feed.url {
      // The app names another feed now: what a fetch of the old one left is not this feed's.
      unlink(download)
      unlink(failed)
      cache = nil
    }
    // The cache is written once, at the end.
    var changed = false
    if access(download, F_OK) == 0 {
      defer { unlink(download) }
      switch Self.newest(inFileAt: download, running: running) {
      case .success(let latest):
        cache = FeedCache(url: feed.url, checked: cache?.checked ?? nowSeconds, latest: latest)
        notes.append(latest.map { "fetched: newest \($0.version)" } ?? "fetched: no release")
      case .failure(let why):
        cache = FeedCache(url: feed.url, checked: cache?.checked ?? nowSeconds, latest: nil)
        notes.append("the fetched feed is ignored: \(why)")
      }
      changed = true
    }
    if access(failed, F_OK) == 0 {
      defer { unlink(failed) }
      // The shell's `echo $s`: the status and a newline.
      let status = (try? Platform.readFile(failed)).flatMap {
        Int(String(decoding: $0, as: UTF8.self).filter { $0.isASCII && $0.isNumber })
      }
      cache = FeedCache(
        url: feed.url, checked: cache?.checked ?? nowSeconds, latest: cache?.latest,
        failure: Self.curlFailure(status))
      changed = true
    }
    if let failure = cache?.failure { notes.append("the last fetch failed: \(failure)") }
    let age = cache.map { nowSeconds - $0.checked }
    if let age, age >= 0, age < Self.interval {
      notes.append("checked \(age / 3600) h ago")
    } else {
      if !GreeterFeed.isFetchable(feed.url) {
        notes.append("\(feed.url) is not an http(s) URL; not fetched")
      } else if access(directory, W_OK) != 0 {
        // Where the check cannot be recorded, every launch would start a fetch.
        notes.append("the state directory cannot be written; not fetched")
      } else if let problem = spawn(feed.url, download) {
        notes.append("cannot start curl: \(problem)")
      } else {
        notes.append("fetch started in the background")
        cache = FeedCache(url: feed.url, checked: nowSeconds, latest: cache?.latest)
        changed = true
      }
    }
    if changed { writeCache(cache) }
    var available: FeedRelease?
    if let latest = cache?.latest, let version = AppVersion(latest.version), version > running {
      available = latest
      notes.insert("\(latest.version) is available", at: 0)
    } else {
      notes.insert("nothing newer than \(running)", at: 0)
    }
    return Outcome(available: available, explanation: notes.joined(separator: "; "))
  }

  /// Why curl failed, in words, from its exit status.
  static func curlFailure(_ status: Int?) -> String {
    guard let status else { return "curl failed" }
    let why: String
    switch status {
    case 6: why = "cannot resolve the host"
    case 7: why = "cannot connect"
    case 22: why = "the server answered with an HTTP error"
    case 28: why = "timed out after \(timeLimit) s"
    case 63: why = "over \(maximumBytes) bytes"
    case 23: why = "stopped at \(maximumBytes) bytes (or the disk is full)"
    case 35, 51, 53, 54, 58, 59, 60, 66, 77, 80, 83, 90, 91: why = "TLS failed"
    case 127: return "curl is not installed"
    default: why = "curl failed"
    }
    return "\(why) (curl exit \(status))"
  }

  /// The newest usable release in a downloaded feed, or why there is none: too big, not JSON,
  /// no usable version. Pre-releases count only when `running` is one.
  static func newest(inFileAt path: String, running: AppVersion) -> Result<FeedRelease?, FeedError> {
    var info = stat()
    guard stat(path, &info) == 0 else { return .failure(FeedError("cannot be read")) }
    guard Int(info.st_size) <= maximumBytes else { return .failure(FeedError("over \(maximumBytes) bytes")) }
    guard let bytes = try? Platform.readFile(path) else { return .failure(FeedError("cannot be read")) }
    return newest(in: bytes, running: running)
  }

  /// ``newest(inFileAt:running:)`` on the feed's bytes.
  static func newest(in bytes: [UInt8], running: AppVersion) -> Result<FeedRelease?, FeedError> {
    guard bytes.count <= maximumBytes else { return .failure(FeedError("over \(maximumBytes) bytes")) }
    var releases: [FeedRelease] = []
    if let list = try? JSONDecoder().decode([Simple].self, from: Data(bytes)) {
      releases = list.map { FeedRelease(version: $0.version, date: $0.date, notes: $0.notes ?? "") }
    } else if let imported = try? ChangelogImporter(githubReleasesJSON: bytes, source: "the feed") {
      releases = imported.sections.map {
        FeedRelease(
          version: $0.version.canonical, date: $0.date,
          notes: $0.wasEmpty ? "" : $0.markdown)
      }
    } else {
      return .failure(FeedError("not a JSON list of releases"))
    }
    var best: (AppVersion, FeedRelease)?
    for release in releases {
      // A version is short and plain; anything else (escape sequences, a megabyte of digits)
      // is not a release.
      guard release.version.utf8.count <= 40, let version = AppVersion(release.version),
        version.description.utf8.count <= 40, !version.isPrerelease || running.isPrerelease
      else { continue }
      if let b = best, b.0 >= version { continue }
      let date = release.date.map { String($0.prefix(10)) }.flatMap {
        NotesFrontMatter.isValidDate($0) ? $0 : nil
      }
      let notes = Sanitizer.sanitize(String(release.notes.prefix(65_536)), expandingTabs: false)
      best = (version, FeedRelease(version: version.canonical, date: date, notes: notes))
    }
    if best == nil, !releases.isEmpty { return .failure(FeedError("no entry has a usable version")) }
    return .success(best?.1)
  }

  struct Simple: Decodable {
    var version: String
    var date: String?
    var notes: String?
  }

  struct FeedError: Error, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The cache, read with `StateJSON` as the state file is: every launch with a feed reads
  /// it, and `JSONDecoder`'s first use in a process costs more than the rest of a launch
  /// (`scripts/bench` case 8a).
  func readCache() -> FeedCache? {
    guard let bytes = try? Platform.readFile(directory + "/" + Self.cacheName),
      case .object(let fields)? = try? StateJSON.parse(bytes), let url = fields["url"]?.string,
      case .number(let checkedText)? = fields["checked"], let checked = Int(checkedText)
    else { return nil }
    var latest: FeedRelease?
    if case .object(let release)? = fields["latest"], let version = release["version"]?.string {
      latest = FeedRelease(
        version: version, date: release["date"]?.string, notes: release["notes"]?.string ?? "")
    }
    return FeedCache(url: url, checked: checked, latest: latest, failure: fields["failure"]?.string)
  }

  /// Writes the cache in place, with `StateJSON` like ``readCache()``; false if it could not.
  ///
  /// Not a temporary file renamed over it, as the launch state is written: on ext4, renaming
  /// over a file (or truncating one to nothing and writing it again) starts the new data's
  /// writeback at once (`auto_da_alloc`), about 0.2 ms of a launch here, where writing over the
  /// old bytes and cutting the file to the new length costs 0.01 ms. A cache cut short by a
  /// crash, or read half-written by a launch at the same instant, does not parse and is taken
  /// as no cache: the feed is fetched again.
  @discardableResult
  func writeCache(_ cache: FeedCache?) -> Bool {
    guard let cache else { return false }
    var fields: [String: StateJSON] = ["url": .string(cache.url), "checked": .number("\(cache.checked)")]
    if let latest = cache.latest {
      var release: [String: StateJSON] = ["version": .string(latest.version), "notes": .string(latest.notes)]
      if let date = latest.date { release["date"] = .string(date) }
      fields["latest"] = .object(release)
    }
    if let failure = cache.failure { fields["failure"] = .string(failure) }
    let bytes = StateJSON.object(fields).serialized() + [0x0A]
    let fd = open(directory + "/" + Self.cacheName, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return Platform.writeAll(fd, bytes) == nil && ftruncate(fd, off_t(bytes.count)) == 0
  }

  /// Starts `curl` on `url` in its own session, detached (a shell that backgrounds it and
  /// exits, so no zombie is left to the app; ``reapInBackground(_:)`` waits for that shell, not
  /// the launch): it writes `destination.part` and renames it to `destination` when the
  /// transfer succeeded, else writes curl's exit status to `destination.failed`
  /// (``failureName``). curl ends within ``timeLimit`` seconds (`--max-time`), and its
  /// shell's file size limit (`ulimit -f`, in 512-byte blocks, with SIGXFSZ ignored so no core
  /// is dumped) stops a body of unannounced length at ``maximumBytes``: `--max-filesize` only
  /// refuses one whose length the server announces (before curl 8.4). Returns a problem, or nil.
  static func spawnCurl(url: String, destination: String) -> String? {
    let script =
      "( trap '' XFSZ; ulimit -f \(maximumBytes / 512); "
      + "curl -fsS --max-time \(timeLimit) --max-filesize \(maximumBytes) --proto '=http,https' "
      + "-o \"$1.part\" -- \"$2\"; s=$?; "
      + "if [ $s -eq 0 ]; then mv -f \"$1.part\" \"$1\"; else echo $s > \"$1.failed\"; fi; rm -f \"$1.part\" ) "
      + "</dev/null >/dev/null 2>&1 &"
    switch spawnShell(script, arguments: [destination, url]) {
    case .success: return nil
    case .failure(let problem): return problem.description
    }
  }

  /// Runs `/bin/sh -c script sh arguments...` in a session of its own, with /dev/null for its
  /// standard input and output, and returns its process ID without waiting for it: it is
  /// reaped by ``reapInBackground(_:)``.
  static func spawnShell(_ script: String, arguments: [String]) -> Result<pid_t, FeedError> {
    let args = ["/bin/sh", "-c", script, "sh"] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, spawnSetsid)
    var cArgs = args.map { strdup($0) }
    defer { for p in cArgs { free(p) } }
    cArgs.append(nil)
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArgs, environ)
    guard result == 0 else { return .failure(FeedError(Platform.errnoMessage(result))) }
    // The fetch yields the CPU to the app, whose own start-up goes on after the greeting (its
    // subshell and curl, ~10 ms of CPU to start, inherit the niceness; the shell has barely
    // begun by now).
    #if canImport(Glibc)
      setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), 19)
    #else
      setpriority(PRIO_PROCESS, id_t(pid), 19)
    #endif
    reapInBackground(pid)
    return .success(pid)
  }

  /// Reaps the child `pid` on a detached thread of its own, so the caller does not wait for it
  /// and no zombie is left to a host app (nor a `SIGCHLD` handler installed). The fetch's
  /// shell (`/bin/sh` starting, forking curl's subshell and exiting) lives about as long as
  /// the rest of a launch: waiting for it made the launch that starts a fetch 1.5 times as long
  /// as one without `--feed` (`scripts/bench` cases 8b and 8c). If no thread can be made, it is
  /// reaped here. A host that reaps every child itself (`waitpid(-1)`) may take the shell
  /// first; the thread then just ends.
  static func reapInBackground(_ pid: pid_t) {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    // waitpid needs next to no stack.
    pthread_attr_setstacksize(&attributes, 64 << 10)
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(
      &thread, &attributes,
      { argument in
        var status: Int32 = 0
        let pid = pid_t(truncatingIfNeeded: Int(bitPattern: argument))
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return nil
      }, UnsafeMutableRawPointer(bitPattern: Int(pid)))
    if started != 0 {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }
}
