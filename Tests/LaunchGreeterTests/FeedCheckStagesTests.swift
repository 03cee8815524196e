import Foundation
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// Each step of `FeedCheck.run()` on its own: the cache of this feed, a fetch that ended taken
/// in, a new fetch when one is due, the outcome. `FeedCheckTests` drive them together.
@Suite struct FeedCheckStagesTests {
  static let url = "https://example.invalid/feed.json"
  static let start = Date(timeIntervalSince1970: 1_780_000_000)

  private static func release(_ version: String) -> FeedRelease {
    FeedRelease(version: version, date: nil, notes: "n")
  }

  private static func exists(_ name: String, in dir: URL) -> Bool {
    FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path)
  }

  // MARK: The cache of this feed

  @Test func theCacheOfAnotherFeedIsDroppedWithWhatItsFetchLeft() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let check = FeedCheckTests.check(in: dir.path)
    #expect(
      check.writeCache(FeedCache(url: Self.url, checked: Self.start, latest: Self.release("2.5.0"))) == nil)
    #expect(check.cacheOfThisFeed().cache?.latest == Self.release("2.5.0"))

    try FeedCheckTests.finishFetch(in: dir, status: 0, body: #"[{"version": "9.0.0"}]"#)
    let other = FeedCheckTests.check("https://example.invalid/other.json", in: dir.path).cacheOfThisFeed()
    #expect(other.cache == nil && !other.changed && other.problems.isEmpty)
    #expect(!Self.exists(FeedCheck.downloadName, in: dir) && !Self.exists(FeedCheck.statusName, in: dir))
  }

  @Test func aCacheThatIsNoRegularFileIsAProblemAndIsReplaced() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    #expect(mkfifo(dir.appendingPathComponent(FeedCheck.cacheName).path, 0o600) == 0)
    let findings = FeedCheckTests.check(in: dir.path).cacheOfThisFeed()
    #expect(findings.cache == nil && findings.changed)
    #expect(findings.problems.count == 1)
    #expect(findings.problems.first?.hasSuffix("; it is not read, and is replaced") == true)
  }

  // MARK: A fetch that ended

  @Test func aRunningFetchIsLeftAloneAndAnEndedOneIsTakenInOnce() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let check = FeedCheckTests.check(in: dir.path)
    try Data(#"[{"version": "2.5.0"}]"#.utf8).write(to: dir.appendingPathComponent(FeedCheck.downloadName))
    try Data().write(to: dir.appendingPathComponent(FeedCheck.statusName))  // curl still running
    var findings = FeedCheck.Findings()
    check.takeInFinishedFetch(&findings)
    #expect(findings.cache == nil && !findings.changed && findings.notes.isEmpty)
    #expect(Self.exists(FeedCheck.downloadName, in: dir))

    try Data("0\n".utf8).write(to: dir.appendingPathComponent(FeedCheck.statusName))
    check.takeInFinishedFetch(&findings)
    #expect(findings.cache?.latest?.version == "2.5.0" && findings.changed)
    #expect(findings.notes == ["fetched: newest 2.5.0"])
    #expect(!Self.exists(FeedCheck.downloadName, in: dir) && !Self.exists(FeedCheck.statusName, in: dir))
  }

  @Test func aFetchReplacesTheCachedReleaseAndAFailedOneKeepsItAndSaysWhy() {
    let cached = FeedCache(url: Self.url, checked: Self.start, latest: Self.release("2.5.0"))
    let later = Self.start.addingTimeInterval(60)
    func after(_ end: FeedCheck.FetchEnd, cached: FeedCache? = cached) -> (cache: FeedCache, note: String?) {
      FeedCheck.cache(after: end, cached: cached, url: Self.url, now: later)
    }

    let fetched = after(.fetched(.success(FeedOffer(releases: [Self.release("3.0.0")]))))
    #expect(fetched.cache == FeedCache(url: Self.url, checked: Self.start, latest: Self.release("3.0.0")))
    #expect(fetched.note == "fetched: newest 3.0.0")
    #expect(after(.fetched(.success(FeedOffer()))).note == "fetched: no release")

    let ignored = after(.fetched(.failure(FeedCheck.FeedError("not a JSON list of releases"))))
    #expect(ignored.cache.latest == nil)
    #expect(ignored.note == "the fetched feed is ignored: not a JSON list of releases")

    let failed = after(.failed(curlExit: 28))
    #expect(failed.cache.latest == Self.release("2.5.0") && failed.note == nil)
    #expect(failed.cache.failure == "timed out after 5 s (curl exit 28)")

    // Nothing cached (or another feed's, dropped): the check is this look's.
    #expect(after(.failed(curlExit: nil), cached: nil).cache.checked == later)
  }

  // MARK: A new fetch

  @Test func aCheckIsGoodForLessThanADayAndNotWhenItIsInTheFuture() {
    func age(checkedSecondsAgo seconds: Double) -> TimeInterval? {
      let cache = FeedCache(url: Self.url, checked: Self.start.addingTimeInterval(-seconds), latest: nil)
      return FeedCheck.ageOfCheck(cache, now: Self.start)
    }
    #expect(FeedCheck.ageOfCheck(nil, now: Self.start) == nil)
    #expect(age(checkedSecondsAgo: 0) == 0)
    #expect(age(checkedSecondsAgo: 7200) == 7200)
    #expect(age(checkedSecondsAgo: 86_399) == 86_399)
    #expect(age(checkedSecondsAgo: 86_400) == nil)
    #expect(age(checkedSecondsAgo: -60) == nil, "a clock set back")
  }

  @Test func aFetchNeedsAnHTTPURLAndAStateDirectoryThatCanBeWritten() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer {
      chmod(dir.path, 0o700)
      TestPaths.removeTree(dir.path)
    }
    #expect(FeedCheckTests.check(in: dir.path).whyNotFetched() == nil)
    #expect(
      FeedCheckTests.check("file:///etc/passwd", in: dir.path).whyNotFetched()
        == "file:///etc/passwd is not an http(s) URL; not fetched")
    chmod(dir.path, 0o500)
    if access(dir.path, W_OK) != 0 {  // root writes anywhere
      #expect(
        FeedCheckTests.check(in: dir.path).whyNotFetched()
          == "the state directory cannot be written; not fetched")
    }
  }

  @Test func aDueFetchStartsAndIsRecordedAsTheCheck() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-feed")
    defer { TestPaths.removeTree(dir.path) }
    let spawned = SpawnLog()
    let check = FeedCheckTests.check(in: dir.path, spawned: spawned)
    let old = FeedCache(
      url: Self.url, checked: Self.start.addingTimeInterval(-86_400), latest: Self.release("2.5.0"),
      failure: "x")
    var due = FeedCheck.Findings(cache: old)
    check.startFetchIfDue(&due)
    #expect(spawned.count == 1 && due.changed)
    #expect(due.cache == FeedCache(url: Self.url, checked: check.now, latest: Self.release("2.5.0")))
    #expect(due.notes == ["fetch started in the background"])

    var fresh = FeedCheck.Findings(cache: due.cache)
    check.startFetchIfDue(&fresh)
    #expect(spawned.count == 1 && !fresh.changed && fresh.notes == ["checked 0 h ago"])
  }

  // MARK: The outcome

  @Test func theOutcomeHoldsOnlyANewerReleaseAndExplainsHeadlineNotesThenProblems() {
    var findings = FeedCheck.Findings(
      cache: FeedCache(url: Self.url, checked: Self.start, latest: Self.release("2.5.0")))
    findings.notes = ["checked 1 h ago"]
    findings.problems = ["a problem"]
    let newer = FeedCheck.outcome(of: findings, running: version("2.0.0"), now: Self.start)
    #expect(newer.available == Self.release("2.5.0"))
    #expect(newer.explanation == "2.5.0 is available; checked 1 h ago; a problem")
    #expect(newer.problems == ["a problem"])

    let same = FeedCheck.outcome(of: findings, running: version("2.5.0"), now: Self.start)
    #expect(same.available == nil)
    #expect(same.explanation == "nothing newer than 2.5.0; checked 1 h ago; a problem")
  }
}
