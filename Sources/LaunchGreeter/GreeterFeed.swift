import LaunchScreens
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
/// (which honours the user's proxy and CA settings) in its own session, writing into files
/// the launch created in the state directory, and a later launch validates what it wrote and
/// caches the releases newer than the running version in `update-feed.json` with the time it
/// was checked; each launch announces the newest one this install's channel can have (a
/// feed's per-channel `channels`, else a package manager's 24-hour `delay` after the
/// release's date) and is in the release's phased rollout, if it has one (`rollout: 7d`: the
/// share of installs grows to all over 7 days; each install compares a random place kept in
/// its state file, nothing is sent; a critical release is never phased). Only an interactive
/// launch checks
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
///   url: "https://api.github.com/repos/me/tally/releases",
///   upgradeCommands: [.brew: "brew upgrade tally", .pipx: "pipx upgrade tally"],
///   upgradeCommand: "see https://tally.example/install")  // any other way
/// ```
public struct GreeterFeed: Sendable, Equatable {
  /// The feed's `http` or `https` URL.
  public var url: String
  /// The upgrade command for each way the app is installed: the update card shows the one for
  /// the ``InstallMethod`` where the executable lives (``executablePath``), else
  /// ``upgradeCommand``. Found by reading paths only, when a card is due.
  public var upgradeCommands: [InstallMethod: String]
  /// The command the card tells the user to run when the app was installed any other way (or
  /// no ``upgradeCommands`` are given), if any (`brew upgrade tally`).
  public var upgradeCommand: String?
  /// The package managers that update the app themselves (a distribution's `apt`, say): when
  /// the app was installed by one, the update card stays silent (`--explain` says why).
  public var managedBy: [InstallMethod]
  /// The app's executable, whose place tells how it was installed (``upgradeCommands``,
  /// ``managedBy``); nil: this process's executable. A wrapper passes its own script's path.
  public var executablePath: String?

  /// A feed at `url`: the card shows `upgradeCommands`' command for how the app was installed,
  /// else `upgradeCommand`, and stays silent for an install `managedBy` a package manager.
  public init(
    url: String, upgradeCommands: [InstallMethod: String] = [:], upgradeCommand: String? = nil,
    managedBy: [InstallMethod] = [], executablePath: String? = nil
  ) {
    self.url = url
    self.upgradeCommands = upgradeCommands
    self.upgradeCommand = upgradeCommand
    self.managedBy = managedBy
    self.executablePath = executablePath
  }

  /// Whether `url` is one a feed may name: it starts with `http://` or `https://`.
  package static func isFetchable(_ url: String) -> Bool {
    url.hasPrefix("https://") || url.hasPrefix("http://")
  }
}

/// A release a feed named, as cached: each release newer than the running version is one
/// (``FeedCache/releases``), and the one a launch announces (``FeedSelection``) also carries
/// the newest critical release it includes.
struct FeedRelease: Sendable, Equatable {
  var version: String
  /// The day it was released (`YYYY-MM-DD`), as the card shows it.
  var date: String?
  var notes: String
  /// A cached release: its own version when the feed marks it critical. An announced one:
  /// the newest critical release it includes (any, not only itself); nil when none.
  var critical: String? = nil
  /// Why that release matters, one line, if the feed says.
  var criticalSummary: String? = nil
  /// That release's notes when it is not the announced one (sanitised, as ``notes`` are); nil
  /// when the feed has none. `n` on the card opens them first (issue 47).
  var criticalNotes: String? = nil
  /// When it was released, to the second when the feed says (a day alone counts from the end
  /// of that day, UTC): a package manager's delay counts from it. Nil without a date.
  var published: Date? = nil
  /// How long a package-manager install waits after ``published``, in seconds, when the feed
  /// sets it (`delay`); nil: ``FeedSelection/defaultDelay``.
  var delay: Int? = nil
  /// How its notice is phased in, as the feed wrote it (`7d`, `1d 10%, 3d 50%, 7d 100%`;
  /// ``FeedRollout``); nil: announced to every install at once. A critical release is never
  /// phased.
  var rollout: String? = nil

  /// The critical release the user of `running` lacks: newer than it, up to ``version``.
  func criticalVersion(above running: AppVersion) -> AppVersion? {
    guard let critical = critical.flatMap(AppVersion.init), let newest = AppVersion(version) else {
      return nil
    }
    return critical > running && critical <= newest ? critical : nil
  }
}

/// The cache in the state directory: the feed's URL, when it was last checked, the releases
/// it named that a launch may announce (newest first), and its per-channel versions. Which
/// one is announced is chosen at each launch (``FeedSelection``).
struct FeedCache: Sendable, Equatable {
  var url: String
  /// When the feed was last checked (a fetch started), kept as seconds since 1970 (0.3.0
  /// wrote whole ones).
  var checked: Date
  /// The newest release, then the others newer than the version running when it was
  /// fetched, newest first, at most ``FeedCheck/maximumReleases`` (and the newest critical
  /// one among them).
  var releases: [FeedRelease]
  /// The feed's per-channel versions (`"homebrew": "2.1.0"`), the newest each channel was
  /// given.
  var channels: [String: String] = [:]
  /// Why the last fetch failed (`timed out after 5 s (curl exit 28)`), until the next starts.
  var failure: String?

  init(
    url: String, checked: Date, releases: [FeedRelease], channels: [String: String] = [:],
    failure: String? = nil
  ) {
    self.url = url
    self.checked = checked
    self.releases = releases
    self.channels = channels
    self.failure = failure
  }

  /// A cache of one announced release, as 1.0 and earlier kept it (`latest`): the release,
  /// and the critical release it included as a release of its own.
  init(url: String, checked: Date, latest: FeedRelease?, failure: String? = nil) {
    self.init(url: url, checked: checked, releases: latest.map(Self.split) ?? [], failure: failure)
  }

  /// The newest release.
  var latest: FeedRelease? { releases.first }

  /// An announced release (1.0's `latest`) as the releases it stands for.
  static func split(_ announced: FeedRelease) -> [FeedRelease] {
    guard let critical = announced.critical, critical != announced.version else { return [announced] }
    var newest = announced
    newest.critical = nil
    newest.criticalSummary = nil
    newest.criticalNotes = nil
    let older = FeedRelease(
      version: critical, date: nil, notes: announced.criticalNotes ?? "", critical: critical,
      criticalSummary: announced.criticalSummary)
    return [newest, older]
  }
}

/// One launch's look at the feed: takes in a finished download, starts a new one when the
/// cache is a day old, and says which newer release (if any) the cache holds.
struct FeedCheck {
  /// The biggest feed read; curl stops at it too.
  static let maximumBytes = 1 << 20
  /// How long a check is good for.
  static let interval = 86_400
  static let cacheName = "update-feed.json"
  /// The feed's body as curl wrote it.
  static let downloadName = "update-feed.download"
  /// curl's exit status and a newline, written when it ends: until then the fetch is running.
  static let statusName = downloadName + ".status"
  /// curl's `--max-time`, in seconds.
  static let timeLimit = 5

  var feed: GreeterFeed
  var directory: String
  var running: AppVersion
  var now: Date
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
    /// The cache as this look left it (nil: none).
    var cache: FeedCache?
    /// The newer release the cache holds for a direct download (no channel, no delay), if
    /// any; a launch chooses again with how the app was installed (``FeedSelection``).
    var available: FeedRelease?
    /// One line for `--explain`, for a direct download.
    var explanation: String
    /// The `--explain` words after the headline: the check, the last fetch, the problems.
    var details: [String] = []
    /// A file of the feed's in the state directory that is not a regular file (a link, a
    /// FIFO): one line each, for the launch's problems.
    var problems: [String] = []
  }

  /// What a look at the feed has found so far: the cache as it is to be written back, whether
  /// it changed, the notes for `--explain` and the problems.
  struct Findings {
    var cache: FeedCache?
    var changed = false
    var notes: [String] = []
    var problems: [String] = []
  }

  /// How a fetch that ended went.
  enum FetchEnd: Equatable {
    /// curl succeeded: the releases its download names, or why it names none.
    case fetched(Result<FeedOffer, FeedError>)
    /// curl failed with this exit status (nil when its status file held no number).
    case failed(curlExit: Int?)
  }

  /// The newer release the cache holds (nil if none), and one line for `--explain`: the
  /// cache of this feed is read, a fetch that ended since is taken in, a new one starts when
  /// the last check is a day old, and the cache is written back once if that changed it.
  mutating func run() -> Outcome {
    var findings = cacheOfThisFeed()
    takeInFinishedFetch(&findings)
    startFetchIfDue(&findings)
    writeCacheIfChanged(&findings)
    return Self.outcome(of: findings, running: running, now: now)
  }

  /// The body curl writes.
  private var downloadPath: String { directory + "/" + Self.downloadName }
  /// curl's exit status, once it ended.
  private var statusPath: String { directory + "/" + Self.statusName }

  /// The cache of the feed the app names now. One that is not a regular file (a link, a
  /// FIFO) is a problem, never read, and replaced by the next write; the cache of another
  /// feed (the app names a new one) is dropped, with what a fetch of that feed left.
  func cacheOfThisFeed() -> Findings {
    var findings = Findings()
    switch loadCache() {
    case .success(let loaded): findings.cache = loaded
    case .failure(let why):
      findings.problems.append(
        "\(directory)/\(Self.cacheName) \(why.message); it is not read, and is replaced")
      findings.changed = true
    }
    if let cached = findings.cache, cached.url != feed.url {
      unlink(downloadPath)
      unlink(statusPath)
      findings.cache = nil
    }
    return findings
  }

  /// Takes in the fetch that ended since the last look, if one did, and removes its files
  /// (``cache(after:cached:url:now:)`` says what it makes of the cache); then notes why the
  /// last fetch failed, if it did. A status file that is not a regular file is a problem, and
  /// its fetch is ignored.
  func takeInFinishedFetch(_ findings: inout Findings) {
    switch Self.finishedFetch(status: statusPath) {
    case nil:
      break  // none started, or one still running
    case .failure(let why)?:
      findings.problems.append("\(statusPath) \(why.message); the fetch it reports is ignored")
      unlink(downloadPath)
      unlink(statusPath)
    case .success(let exitStatus)?:
      let end =
        exitStatus == 0
        ? FetchEnd.fetched(Self.offer(inFileAt: downloadPath, running: running))
        : FetchEnd.failed(curlExit: exitStatus)
      unlink(downloadPath)
      unlink(statusPath)
      let (cache, note) = Self.cache(after: end, cached: findings.cache, url: feed.url, now: now)
      findings.cache = cache
      if let note { findings.notes.append(note) }
      if case .fetched(.success(let offer)) = end { findings.problems += offer.problems }
      findings.changed = true
    }
    if let failure = findings.cache?.failure { findings.notes.append("the last fetch failed: \(failure)") }
  }

  /// The cache of the feed at `url` once a fetch of it ended, and a note for `--explain`: the
  /// releases a fetch found replace the cached ones, a download that is no usable feed
  /// leaves none, and a failed fetch keeps the cached releases and says why it failed. The
  /// check keeps the time the fetch started (`now` when nothing was cached).
  static func cache(after end: FetchEnd, cached: FeedCache?, url: String, now: Date) -> (
    cache: FeedCache, note: String?
  ) {
    let checked = cached?.checked ?? now
    switch end {
    case .fetched(.success(let offer)):
      let note = offer.releases.first.map { "fetched: newest \($0.version)" } ?? "fetched: no release"
      return (FeedCache(url: url, checked: checked, releases: offer.releases, channels: offer.channels), note)
    case .fetched(.failure(let why)):
      return (FeedCache(url: url, checked: checked, latest: nil), "the fetched feed is ignored: \(why)")
    case .failed(let exitStatus):
      let kept = FeedCache(
        url: url, checked: checked, releases: cached?.releases ?? [], channels: cached?.channels ?? [:],
        failure: curlFailure(exitStatus))
      return (kept, nil)
    }
  }

  /// Starts a fetch when the last check is no longer good (``ageOfCheck(_:now:)``) and one
  /// may start (``whyNotFetched()``), and records it as this look's check; otherwise notes
  /// why not.
  func startFetchIfDue(_ findings: inout Findings) {
    if let age = Self.ageOfCheck(findings.cache, now: now) {
      findings.notes.append("checked \(Int(age) / 3600) h ago")
    } else if let why = whyNotFetched() {
      findings.notes.append(why)
    } else if let problem = spawn(feed.url, downloadPath) {
      findings.notes.append("cannot start curl: \(problem)")
    } else {
      findings.notes.append("fetch started in the background")
      findings.cache = FeedCache(
        url: feed.url, checked: now, releases: findings.cache?.releases ?? [],
        channels: findings.cache?.channels ?? [:])
      findings.changed = true
    }
  }

  /// How long ago `cache` was checked, while that check is good (less than ``interval``
  /// ago); nil when a fetch is due: nothing cached, checked a day ago or more, or checked
  /// "later" than `now` (a clock set back).
  static func ageOfCheck(_ cache: FeedCache?, now: Date) -> TimeInterval? {
    guard let age = cache.map({ now.timeIntervalSince($0.checked) }), age >= 0, age < Double(interval) else {
      return nil
    }
    return age
  }

  /// Why no fetch may start, for `--explain`: the feed's URL is not http(s), or the state
  /// directory cannot be written (where the check cannot be recorded, every launch would
  /// start a fetch); nil when one may.
  func whyNotFetched() -> String? {
    if !GreeterFeed.isFetchable(feed.url) { return "\(feed.url) is not an http(s) URL; not fetched" }
    if access(directory, W_OK) != 0 { return "the state directory cannot be written; not fetched" }
    return nil
  }

  /// Writes the cache back, once, if this look changed it; a write that fails is noted.
  func writeCacheIfChanged(_ findings: inout Findings) {
    guard findings.changed, let cache = findings.cache, let problem = writeCache(cache) else { return }
    findings.notes.append("cannot write \(Self.cacheName): \(problem)")
  }

  /// What the look found: the cache, the release a direct download would be offered, and
  /// the `--explain` line: its headline, the notes, then the problems.
  static func outcome(of findings: Findings, running: AppVersion, now: Date) -> Outcome {
    let details = findings.notes + findings.problems
    let selection = FeedSelection(
      releases: findings.cache?.releases ?? [], channels: findings.cache?.channels ?? [:], running: running,
      now: now)
    let choice = selection.choose()
    return Outcome(
      cache: findings.cache, available: choice.announce,
      explanation: ([headline(choice, running: running)] + details).joined(separator: "; "),
      details: details, problems: findings.problems)
  }

  /// The first words of the `--explain` line: the release announced, the critical one the
  /// user lacks, and why a newer one waits; or why none is announced; or that nothing is
  /// newer.
  static func headline(_ choice: FeedSelection.Choice, running: AppVersion) -> String {
    guard let available = choice.announce else {
      return choice.heldBack.map { "no card yet: \($0)" } ?? "nothing newer than \(running)"
    }
    let critical = available.criticalVersion(above: running).map { " (\($0) is critical)" } ?? ""
    return "\(available.version) is available\(critical)" + (choice.rollout.map { "; \($0)" } ?? "")
      + (choice.heldBack.map { "; \($0)" } ?? "")
  }

  /// What the fetch's status file says: nil while no fetch has ended (no file, or one still
  /// empty), else curl's exit status (nil for words that are not one), or why the file is not
  /// read (a link, a FIFO).
  static func finishedFetch(status path: String) -> Result<Int?, Platform.Failure>? {
    let bytes: [UInt8]
    do {
      guard let read = try Platform.readStateFileIfPresent(path) else { return nil }
      bytes = read
    } catch {
      return .failure(error)
    }
    guard bytes.last == UInt8(ascii: "\n") else { return nil }
    return .success(Int(String(decoding: bytes.dropLast(), as: UTF8.self)))
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

  /// Whether a GitHub release marks itself critical: `importance: critical` in its body's
  /// front matter (`frontMatter`; not a line of its text, not one in a code block), or a
  /// `> [!CAUTION]` alert at the top of its `notes`. The summary is the front matter's
  /// `summary:`, else the alert's first line of text.
  static func criticalMark(frontMatter: [String: String], notes: String) -> CriticalMark? {
    let summary = frontMatter["summary"].flatMap { $0.isEmpty ? nil : $0 }
    if frontMatter["importance"]?.lowercased() == "critical" { return CriticalMark(summary: summary) }
    let lines = notes.split(separator: "\n", omittingEmptySubsequences: false).map { String(trimSpaces($0)) }
    let top = lines.drop { $0.isEmpty }
    guard let first = top.first, first.lowercased() == "> [!caution]" else { return nil }
    let alert = top.dropFirst().first { $0.hasPrefix(">") && $0.count > 1 }.map {
      String(trimSpaces($0.dropFirst()))
    }
    return CriticalMark(summary: summary ?? alert)
  }

  /// A release body's mark of a critical release, and its summary if it has one.
  struct CriticalMark: Equatable {
    var summary: String?
  }

  /// A summary as the card shows it: ``UpdateAvailableScreen/Critical/oneLine(_:)``, one
  /// line of at most 100 characters, terminal controls neutralised.
  static func oneLine(_ text: String) -> String {
    UpdateAvailableScreen.Critical.oneLine(text)
  }

  struct FeedError: Error, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// The cache, or nil when there is none or it does not parse.
  func readCache() -> FeedCache? {
    (try? loadCache().get()) ?? nil
  }

  /// The cache, read with `StateJSON` as the state file is: nil when there is none or it does
  /// not parse (the feed is fetched again), a failure when something other than a regular
  /// file is in its place. The check time is seconds since 1970, whole or not.
  func loadCache() -> Result<FeedCache?, Platform.Failure> {
    let bytes: [UInt8]
    do {
      guard let read = try Platform.readStateFileIfPresent(directory + "/" + Self.cacheName) else {
        return .success(nil)
      }
      bytes = read
    } catch {
      return .failure(error)
    }
    guard case .object(let fields)? = try? StateJSON.parse(bytes), let url = fields["url"]?.string,
      case .number(let checkedText)? = fields["checked"], let checked = Double(checkedText), checked.isFinite
    else { return .success(nil) }
    var cache = FeedCache(url: url, checked: Date(timeIntervalSince1970: checked), latest: nil)
    cache.failure = fields["failure"]?.string
    if case .array(let releases)? = fields["releases"] {
      cache.releases = releases.prefix(Self.maximumReleases + 1).compactMap(Self.cachedRelease)
    } else if let latest = fields["latest"].flatMap(Self.cachedRelease) {
      // 1.0's cache: the one release to announce, with the critical one it included.
      cache.releases = FeedCache.split(latest)
    }
    if case .object(let channels)? = fields["channels"] {
      cache.channels = channels.compactMapValues(\.string)
    }
    return .success(cache)
  }

  /// A release as the cache keeps it (nil when it has no version).
  static func cachedRelease(_ json: StateJSON) -> FeedRelease? {
    guard case .object(let release) = json, let version = release["version"]?.string else { return nil }
    var cached = FeedRelease(
      version: version, date: release["date"]?.string, notes: release["notes"]?.string ?? "",
      critical: release["critical"]?.string, criticalSummary: release["criticalSummary"]?.string,
      criticalNotes: release["criticalNotes"]?.string)
    if case .number(let text)? = release["published"], let seconds = Double(text), seconds.isFinite {
      cached.published = Date(timeIntervalSince1970: seconds)
    }
    if case .number(let text)? = release["delay"], let seconds = Int(text), seconds >= 0 {
      cached.delay = seconds
    }
    cached.rollout = release["rollout"]?.string
    return cached
  }

  /// `release` as the cache keeps it.
  static func cacheFields(_ release: FeedRelease) -> StateJSON {
    var fields: [String: StateJSON] = ["version": .string(release.version), "notes": .string(release.notes)]
    if let date = release.date { fields["date"] = .string(date) }
    if let critical = release.critical { fields["critical"] = .string(critical) }
    if let summary = release.criticalSummary { fields["criticalSummary"] = .string(summary) }
    if let notes = release.criticalNotes { fields["criticalNotes"] = .string(notes) }
    if let published = release.published {
      fields["published"] = .number("\(published.timeIntervalSince1970)")
    }
    if let delay = release.delay { fields["delay"] = .number("\(delay)") }
    if let rollout = release.rollout { fields["rollout"] = .string(rollout) }
    return .object(fields)
  }

  /// Replaces the cache with `cache`, as the state file is written (a temporary file renamed
  /// over it; not fsynced: a cache lost in a crash only means the feed is fetched again).
  /// Returns the problem, or nil.
  @discardableResult
  func writeCache(_ cache: FeedCache) -> String? {
    var fields: [String: StateJSON] = [
      "url": .string(cache.url), "checked": .number("\(cache.checked.timeIntervalSince1970)"),
    ]
    fields["releases"] = .array(cache.releases.map(Self.cacheFields))
    if !cache.channels.isEmpty { fields["channels"] = .object(cache.channels.mapValues { .string($0) }) }
    if let failure = cache.failure { fields["failure"] = .string(failure) }
    let bytes = StateJSON.object(fields).serialized() + [0x0A]
    // A name of this process's own: launches write the cache outside the state lock.
    let temporary = directory + "/." + Self.cacheName + ".\(getpid()).tmp"
    do {
      try Platform.replaceFile(
        directory + "/" + Self.cacheName, with: bytes, temporary: temporary, durable: false)
      return nil
    } catch {
      return error.message
    }
  }

  /// Starts `curl` on `url` in its own session, detached (a shell that backgrounds it and
  /// exits, so no zombie is left to the app; ``reapInBackground(_:)`` waits for that shell, not
  /// the launch). The launch creates `destination.status` (``statusName``) and `destination`
  /// afresh (``Platform/createStateFile(_:)``: a link or FIFO planted there is removed, never
  /// followed) and hands them to the shell as its descriptors 4 and 3: curl writes the body to
  /// 3, the shell writes curl's exit status and a newline to 4 when curl ends. The shell opens
  /// no file in the state directory. curl reads no configuration file (`-q`, first: a
  /// `.curlrc` of whatever `HOME` says could name another URL and an output file) and is
  /// handed only the variables a fetch needs (``fetchEnvironment(_:)``). It takes the URL as it is (`--globoff`: brackets are
  /// not a range of URLs), ends within ``timeLimit`` seconds (`--max-time`), and its shell's
  /// file size limit (`ulimit -f`, in 512-byte blocks, with SIGXFSZ ignored so no core is
  /// dumped) stops a body of unannounced length at ``maximumBytes``: `--max-filesize` only
  /// refuses one whose length the server announces (before curl 8.4). Returns a problem, or
  /// nil.
  static func spawnCurl(url: String, destination: String) -> String? {
    // What earlier versions left, written by their shell: no longer read.
    unlink(destination + ".part")
    unlink(destination + ".failed")
    // The status first: a launch that looks meanwhile finds an empty one, a fetch running.
    let status: Int32
    let body: Int32
    do {
      status = try Platform.createStateFile(destination + ".status")
    } catch {
      return error.message
    }
    defer { close(status) }
    do {
      body = try Platform.createStateFile(destination)
    } catch {
      return error.message
    }
    defer { close(body) }
    let script =
      "( trap '' XFSZ; ulimit -f \(maximumBytes / 512); "
      + "curl -q -fsS --globoff --max-time \(timeLimit) --max-filesize \(maximumBytes) --proto '=http,https' "
      + "-- \"$1\" >&3; echo $? >&4 ) </dev/null >/dev/null 2>&1 &"
    let environment = fetchEnvironment(ProcessEnvironment.current())
    switch spawnShell(script, arguments: [url], handing: [body, status], environment: environment) {
    case .success: return nil
    case .failure(let problem): return problem.description
    }
  }

  /// The variables a fetch is started with, of `environment` (`NAME=value` strings): what
  /// finds curl (`PATH`), its proxy (`http_proxy`, `HTTPS_PROXY`, `ALL_PROXY`, `NO_PROXY`, in
  /// either case) and its CA certificates (`SSL_CERT_FILE`, `SSL_CERT_DIR`, `CURL_CA_BUNDLE`).
  /// Nothing else: not `HOME`, `CURL_HOME` or `XDG_CONFIG_HOME`, whose `.curlrc` could name
  /// another URL or an output file (curl is also started with `-q`, which reads none), nor
  /// `SSLKEYLOGFILE`, which makes curl write TLS keys to a file.
  static func fetchEnvironment(_ environment: [String: String]) -> [String] {
    let kept: Set<String> = [
      "PATH", "http_proxy", "https_proxy", "all_proxy", "no_proxy", "SSL_CERT_FILE", "SSL_CERT_DIR",
      "CURL_CA_BUNDLE",
    ]
    return environment.filter { name, _ in
      kept.contains(name) || kept.contains(name.lowercased())
    }
    .map { "\($0.key)=\($0.value)" }.sorted()
  }

  /// Runs `/bin/sh -c script sh arguments...` in a session of its own, with /dev/null for its
  /// standard input and output and `descriptors` as its descriptors 3, 4, ..., and returns its
  /// process ID without waiting for it: it is reaped by ``reapInBackground(_:)``.
  static func spawnShell(
    _ script: String, arguments: [String], handing descriptors: [Int32] = [], environment: [String]? = nil
  ) -> Result<pid_t, FeedError> {
    let args = ["/bin/sh", "-c", script, "sh"] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in 0...2 {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    // Copies numbered above every target first, so handing one never overwrites another still
    // to be handed (each copy is close-on-exec; the child's 3, 4, ... are not).
    let copies = descriptors.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
    defer { for fd in copies where fd >= 0 { close(fd) } }
    if copies.contains(where: { $0 < 0 }) { return .failure(FeedError(Platform.errnoMessage())) }
    for (index, fd) in copies.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, fd, Int32(3 + index))
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, spawnSetsid)
    var cArgs = args.map { strdup($0) }
    defer { for p in cArgs { free(p) } }
    cArgs.append(nil)
    var pid: pid_t = 0
    let result: Int32
    if let environment {
      var cEnvironment = environment.map { strdup($0) }
      defer { for p in cEnvironment { free(p) } }
      cEnvironment.append(nil)
      result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArgs, cEnvironment)
    } else {
      result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArgs, environ)
    }
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
