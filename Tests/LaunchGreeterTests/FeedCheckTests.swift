import Foundation
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
    #expect(try result.get() == FeedRelease(version: "3.0.0", date: "2026-03-01", notes: "b"))
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
    try Data(#"[{"version": "2.5.0", "notes": "n"}]"#.utf8).write(
      to: dir.appendingPathComponent(FeedCheck.downloadName))
    var second = check(3600)
    let result = second.run()
    #expect(result.available?.version == "2.5.0")
    #expect(spawned.count == 1, "fetched again within a day")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(FeedCheck.downloadName).path))
    var later = check(86_400 + 1)
    #expect(later.run().available?.version == "2.5.0")
    #expect(spawned.count == 2)
  }

  /// A download (or a failure) left by a fetch of the feed the app named before is not taken
  /// for the feed it names now.
  @Test func whatAnotherFeedLeftIsNotTakenIn() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    var old = Self.check("https://example.invalid/old.json", in: dir.path)
    _ = old.run()
    try Data(#"[{"version": "9.0.0", "notes": "old feed"}]"#.utf8).write(
      to: dir.appendingPathComponent(FeedCheck.downloadName))
    try Data("7\n".utf8).write(to: dir.appendingPathComponent(FeedCheck.failureName))
    var new = Self.check("https://example.invalid/new.json", in: dir.path)
    let outcome = new.run()
    #expect(outcome.available == nil)
    #expect(outcome.explanation == "nothing newer than 2.0.0; fetch started in the background")
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(FeedCheck.downloadName).path))
    #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(FeedCheck.failureName).path))
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
    #expect(check.readCache()?.checked == 1_780_000_000, "the check was recorded")
  }

  @Test func aFailedFetchIsExplainedUntilTheNextOneStarts() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    func check(_ seconds: Double) -> FeedCheck { Self.check(in: dir.path, at: seconds) }
    var first = check(0)
    #expect(first.run().explanation.contains("fetch started"))
    // What the fetch's shell writes when curl times out.
    let failed = dir.appendingPathComponent(FeedCheck.failureName)
    try Data("28\n".utf8).write(to: failed)
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

  /// The check's time is whole seconds: a cache whose time has a fraction is not read (so the
  /// feed is fetched again), and the time written is whole.
  @Test func theCheckIsKeptInWholeSeconds() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let fractional = #"{"url":"https://example.invalid/feed.json","checked":1780000000.5}"#
    try Data(fractional.utf8).write(to: dir.appendingPathComponent(FeedCheck.cacheName))
    let spawned = SpawnLog()
    var check = Self.check(in: dir.path, at: 60.75, spawned: spawned)
    #expect(check.readCache() == nil)
    #expect(check.run().explanation.contains("fetch started"))
    #expect(spawned.count == 1)
    #expect(check.readCache()?.checked == 1_780_000_060)
    let written = try String(contentsOf: dir.appendingPathComponent(FeedCheck.cacheName), encoding: .utf8)
    #expect(written.contains("1780000060") && !written.contains("1780000060."), "\(written)")
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
          url: "https://example.invalid/feed.json", checked: 1_780_000_000,
          latest: FeedRelease(version: "2.5.0", date: nil, notes: "- n\u{1B}")))
    #expect(check.run().available?.version == "2.5.0")
    #expect(spawned.count == 0, "a fresh cache was not read")
    let written = FeedCache(
      url: "https://example.invalid/feed.json", checked: 1_780_000_123,
      latest: FeedRelease(version: "3.0.0", date: "2026-03-01", notes: "quote \" and \\"),
      failure: "timed out")
    check.writeCache(written)
    #expect(check.readCache() == written)
    // Written in place: a shorter cache leaves nothing of the longer one behind.
    let shorter = FeedCache(url: "https://example.invalid/feed.json", checked: 1_780_000_200, latest: nil)
    #expect(check.writeCache(shorter))
    #expect(check.readCache() == shorter)
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
}

final class SpawnLog: @unchecked Sendable {
  private var items: [String] = []
  func add(_ item: String) { items.append(item) }
  var count: Int { items.count }
}
