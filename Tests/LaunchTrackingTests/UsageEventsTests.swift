import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

/// Usage events: the name grammar, the bound, the log's lines and marks, and the file store's
/// append-only log that a transaction folds into the state.
@Suite struct UsageEventsTests {
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory("usage-events") }

  private static let day0 = Date(timeIntervalSince1970: 1_780_000_000)

  @Test(arguments: ["search", "a", "export.pdf", "sync-2", "x_y", "0day", String(repeating: "a", count: 64)])
  func eventNamesOfTheGrammarAreAccepted(_ name: String) {
    #expect(UsageEvents.problem(withName: name) == nil)
  }

  @Test(arguments: [
    ("", "the event name is empty"),
    ("Search", "must be lowercase letters"), (".hidden", "starting with a letter or digit"),
    ("-x", "starting with a letter or digit"), ("a b", "must be lowercase"), ("é", "must be lowercase"),
    ("a\nb", "must be lowercase"), (String(repeating: "a", count: 65), "longer than 64 characters"),
  ])
  func otherNamesAreRefusedWithOneLine(_ name: String, _ problem: String) {
    let message = UsageEvents.problem(withName: name)
    #expect(message?.contains(problem) == true, "\(message ?? "nil")")
    #expect(message?.contains("\n") == false || name.contains("\n"))
  }

  @Test func countsAndTheLastDateAreKeptPerName() {
    var events = UsageEvents()
    #expect(
      !events.hasUsed("search") && events.count(of: "search") == 0 && events.lastDate(of: "search") == nil)
    events.record("search", at: Self.day0)
    events.record("search", at: Self.day0.addingTimeInterval(60))
    events.record("search", at: Self.day0.addingTimeInterval(30))  // a clock that went back
    events.record("export", at: Self.day0)
    #expect(events.count(of: "search") == 3 && events.hasUsed("search"))
    #expect(events.lastDate(of: "search") == Self.day0.addingTimeInterval(60))
    #expect(events.count(of: "export") == 1 && !events.hasUsed("create"))
  }

  @Test func beyondTheBoundTheLeastRecentlyUsedNameIsForgotten() {
    var events = UsageEvents()
    for n in 0..<UsageEvents.maximumCount {
      events.record("e\(n)", at: Self.day0.addingTimeInterval(Double(n)))
    }
    events.record("e0", at: Self.day0.addingTimeInterval(10_000))  // used again: now the newest
    events.record("new", at: Self.day0.addingTimeInterval(10_001))
    #expect(events.counts.count == UsageEvents.maximumCount)
    #expect(events.hasUsed("e0") && events.hasUsed("new") && !events.hasUsed("e1") && events.hasUsed("e2"))
  }

  @Test func aCountSaturatesInsteadOfTrapping() {
    var events = UsageEvents()
    events.record("search", at: Self.day0, times: Int.max)
    events.record("search", at: Self.day0)
    #expect(events.count(of: "search") == Int.max)
  }

  @Test func logLinesAreReadAndWhatIsNotAnEventIsSkipped() {
    let log =
      UsageEvents.logLine("search", at: Self.day0) + "junk\n" + "12 Bad\n" + UsageEvents.markLine("abc")
      + UsageEvents.logLine("search", at: Self.day0.addingTimeInterval(5)) + "99999999999999 far\n"
      + "1780000100 torn"
    let events = UsageEvents().adding(log: Array(log.utf8))
    #expect(events.counts == ["search": .init(count: 2, last: Self.day0.addingTimeInterval(5))])
  }

  @Test func linesUpToTheStatesMarkAreAlreadyFolded() {
    var folded = UsageEvents()
    folded.record("search", at: Self.day0)
    folded.logMark = "m2"
    let log =
      UsageEvents.logLine("search", at: Self.day0) + UsageEvents.markLine("m1")
      + UsageEvents.logLine("search", at: Self.day0) + UsageEvents.markLine("m2")
      + UsageEvents.logLine("export", at: Self.day0)
    let events = folded.adding(log: Array(log.utf8))
    #expect(events.count(of: "search") == 1 && events.count(of: "export") == 1)
    // A mark the state does not hold (a fold that crashed before writing it) skips nothing.
    folded.logMark = "m3"
    #expect(folded.adding(log: Array(log.utf8)).count(of: "search") == 3)
  }

  /// A state file written by hand with more names than a state keeps: read, it holds the
  /// bound's most recent ones.
  @Test func aHandWrittenStateKeepsTheBound() throws {
    var state = LaunchState(appID: "a", version: version("1.0.0"), date: Self.day0)
    for n in 0..<300 {
      state.events.set("e\(n)", .init(count: 1, last: Self.day0.addingTimeInterval(Double(n))))
    }
    let read = try LaunchStateCodec.decode(try StateJSON.parse(try state.json()))
    #expect(read.events.counts.count == UsageEvents.maximumCount)
    #expect(read.events.hasUsed("e299") && read.events.hasUsed("e44") && !read.events.hasUsed("e43"))
  }

  /// 70,000 names (a file written by hand, read without the bound) and a log folded into them:
  /// one sort keeps the bound (it was one search of all names per name forgotten: 11.6 s for a
  /// fold). Measured against a fold into 7,000 names, in this thread's CPU time, so the bar is
  /// the same in a debug, release or sanitized build: ten times the names cost about twelve
  /// times as much in one sort (n log n), and a hundred times as much searched per name.
  @Test func foldingIntoSeventyThousandNamesIsQuick() {
    func events(_ names: Int) -> UsageEvents {
      var events = UsageEvents()
      for n in 0..<names {
        events.set("e\(n)", .init(count: 1, last: Self.day0.addingTimeInterval(Double(n))))
      }
      return events
    }
    // CPU time of this thread: the other tests running beside it do not count.
    func threadSeconds() -> Double {
      var now = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
      return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
    let log = Array(UsageEvents.logLine("search", at: Self.day0).utf8)
    let few = events(7_000)
    var start = threadSeconds()
    _ = few.adding(log: log)
    let tookFew = threadSeconds() - start
    let many = events(70_000)
    start = threadSeconds()
    let folded = many.adding(log: log)
    let took = threadSeconds() - start
    #expect(took < 30 * tookFew + 0.05, "70,000 names: \(took) s; 7,000: \(tookFew) s")
    #expect(folded.counts.count == UsageEvents.maximumCount)
    #expect(folded.hasUsed("e69999") && folded.hasUsed("e69744") && !folded.hasUsed("e69743"))
  }

  /// A log's lines are counted per name and the bound kept once: as recording them one by
  /// one would keep it (the most recent names), and the counts of the names kept whole.
  @Test func aLogOfManyNamesKeepsTheMostRecent() {
    var log = ""
    for n in 0..<1_000 {
      log += UsageEvents.logLine("e\(n % 300)", at: Self.day0.addingTimeInterval(Double(n)))
    }
    let events = UsageEvents().adding(log: Array(log.utf8))
    #expect(events.counts.count == UsageEvents.maximumCount)
    // e0-e99 logged 4 times, last at 900-999; e100-e299 3 times, at 700-899: e100-e143 go.
    #expect(events.count(of: "e299") == 3 && events.count(of: "e44") == 4)
    #expect(!events.hasUsed("e143") && events.hasUsed("e144"))
  }

  @Test func anEventOnlyChangeIsNotADurableWrite() {
    let before = LaunchState(appID: "a", version: version("1.0.0"), date: Self.day0)
    var after = before
    after.events.record("search", at: Self.day0)
    #expect(!after.needsDurableWrite(after: before))
  }

  // MARK: - The file store's log

  private func store(_ dir: String, _ log: WarningLog = WarningLog()) -> FileLaunchStore {
    FileLaunchStore(directory: dir, appID: "test-app", warn: log.sink)
  }

  private func events(_ store: FileLaunchStore) throws -> UsageEvents? {
    guard case .state(let state) = try store.read() else { return nil }
    return state.events
  }

  private func logText(_ dir: String) -> String? {
    try? String(contentsOfFile: dir + "/events.log", encoding: .utf8)
  }

  @Test func recordingAppendsALineThatReadSeesAndTheNextLaunchFoldsIn() throws {
    let dir = try scratch.subdirectory("fold").path
    let clock = TestClock()
    try launch("1.0.0", store: store(dir), clock: clock)
    try store(dir).record("search", at: clock.now)
    try store(dir).record("search", at: clock.now)
    try store(dir).record("create", at: clock.now)
    #expect(logText(dir)?.split(separator: "\n").count == 3)
    let stateBefore = try String(contentsOfFile: dir + "/launch-state.json", encoding: .utf8)
    #expect(!stateBefore.contains("search"))
    #expect(try events(store(dir))?.count(of: "search") == 2)  // state + log

    let record = try launch("1.0.0", store: store(dir), clock: clock)
    #expect(record.state.events.count(of: "search") == 2 && record.state.events.count(of: "create") == 1)
    #expect(logText(dir) == "")
    let stateAfter = try String(contentsOfFile: dir + "/launch-state.json", encoding: .utf8)
    #expect(stateAfter.contains(#""search" : {"#))
    #expect(try events(store(dir))?.count(of: "search") == 2)
    try store(dir).record("search", at: clock.now)
    #expect(try events(store(dir))?.count(of: "search") == 3)
  }

  /// A log past the read limit (16 MiB; `record` stops at 1 MiB, so one written by hand or by
  /// another program) no longer blocks every event for good: the next launch folds the events
  /// of its last 16 MiB with one line saying what it left out, and empties it.
  @Test func aLogPastTheReadLimitIsFoldedFromItsEnd() throws {
    let dir = try scratch.subdirectory("huge").path
    let clock = TestClock()
    try launch("1.0.0", store: store(dir), clock: clock)
    let early = Array(UsageEvents.logLine("early", at: clock.now).utf8)
    let line = Array(UsageEvents.logLine("search", at: clock.now).utf8)
    let lines = Platform.maximumFileSize / line.count
    var log = [UInt8]()
    log.reserveCapacity(Platform.maximumFileSize + (1 << 20))
    while log.count < 1 << 20 { log += early }
    for _ in 0..<lines { log += line }
    try Data(log).write(to: URL(fileURLWithPath: dir + "/events.log"))
    #expect(throws: LaunchStoreError.self) { try store(dir).record("search", at: clock.now) }

    let warnings = WarningLog()
    let record = try launch("1.0.0", store: store(dir, warnings), clock: clock)
    #expect(record.state.events.count(of: "search") == lines && !record.state.events.hasUsed("early"))
    #expect(warnings.all.count == 1 && warnings.all.first?.contains("held more than 16 MiB") == true)
    #expect(logText(dir) == "")
    try store(dir).record("search", at: clock.now)
    #expect(try events(store(dir))?.count(of: "search") == lines + 1)
  }

  @Test func eventsBeforeTheFirstLaunchWaitInTheLog() throws {
    let dir = try scratch.subdirectory("early").path
    let clock = TestClock()
    try store(dir).record("search", at: clock.now)
    #expect(try store(dir).read() == .empty)
    try launch("1.0.0", store: store(dir), clock: clock)  // creates the state; nothing to fold into yet
    #expect(try events(store(dir))?.count(of: "search") == 1)
    let second = try launch("1.0.0", store: store(dir), clock: clock)
    #expect(second.state.events.count(of: "search") == 1 && logText(dir) == "")
  }

  /// A fold that died after writing the state but before emptying the log: the next fold skips
  /// the lines up to its mark. One that died before writing the state: its mark is not the
  /// state's, so every line counts.
  @Test func aFoldCutShortCountsEachEventOnce() throws {
    let dir = try scratch.subdirectory("crash").path
    let clock = TestClock()
    try launch("1.0.0", store: store(dir), clock: clock)
    try store(dir).record("search", at: clock.now)
    let folded = try launch("1.0.0", store: store(dir), clock: clock).state.events
    let mark = try #require(folded.logMark)
    // As the log was just before the fold's truncate, and one more event since.
    let cut =
      UsageEvents.logLine("search", at: clock.now) + UsageEvents.markLine(mark)
      + UsageEvents.logLine("search", at: clock.now)
    try cut.write(toFile: dir + "/events.log", atomically: false, encoding: .utf8)
    #expect(try events(store(dir))?.count(of: "search") == 2)
    #expect(try launch("1.0.0", store: store(dir), clock: clock).state.events.count(of: "search") == 2)
    // Died before the state was written: the mark it left is no one's.
    let early = UsageEvents.logLine("create", at: clock.now) + UsageEvents.markLine("dead")
    try early.write(toFile: dir + "/events.log", atomically: false, encoding: .utf8)
    #expect(try launch("1.0.0", store: store(dir), clock: clock).state.events.count(of: "create") == 1)
  }

  @Test func threadsRecordingAtOnceLoseNothing() async throws {
    let dir = try scratch.subdirectory("threads").path
    let clock = TestClock()
    try launch("1.0.0", store: store(dir), clock: clock)
    let now = clock.now
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          let store = FileLaunchStore(directory: dir, appID: "test-app", warn: { _ in })
          for n in 0..<50 {
            try? store.record("search", at: now)
            // Folds race the recorders.
            if worker == 0 && n % 10 == 0 {
              _ = try? LaunchTracker(appID: "test-app", version: version("1.0.0"), store: store, now: { now })
                .recordLaunch()
            }
          }
        }
      }
    }
    #expect(try events(store(dir))?.count(of: "search") == 400)
  }

  @Test func aBadNameOrAForeignLogIsOneClearError() throws {
    let dir = try scratch.subdirectory("bad").path
    #expect {
      try store(dir).record("Search", at: Self.day0)
    } throws: { "\($0)".contains("the event name \"Search\"") }
    try FileManager.default.createSymbolicLink(atPath: dir + "/events.log", withDestinationPath: "/dev/null")
    #expect {
      try store(dir).record("search", at: Self.day0)
    } throws: { "\($0)" == "cannot open \(dir)/events.log: is a symbolic link" }
  }

  /// A log a fold holds (another process's exclusive lock) for over a second: one clear error,
  /// not a wait for ever.
  @Test func aLogLockedTooLongIsOneClearError() throws {
    let dir = try scratch.subdirectory("locked").path
    let holder = try HeldLock(dir + "/events.log")
    defer { holder.release() }
    #expect {
      try store(dir).record("search", at: Self.day0)
    } throws: { "\($0)" == "\(dir)/events.log stayed locked for over a second; event not recorded" }
  }

  /// A reset while a launch holds the state lock, or with a lock file that cannot be opened,
  /// is one clear error and removes nothing.
  @Test func aResetThatCannotLockIsOneClearError() throws {
    let dir = try scratch.subdirectory("reset-locked").path
    try store(dir).record("search", at: Self.day0)
    let holder = try HeldLock(dir + "/launch-state.json.lock")
    #expect {
      try store(dir).reset()
    } throws: {
      "\($0)"
        == "another launch holds the state lock (\(dir)/launch-state.json.lock); try again when it has finished"
    }
    holder.release()
    #expect(logText(dir) != nil)
    try FileManager.default.removeItem(atPath: dir + "/launch-state.json.lock")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/launch-state.json.lock", withDestinationPath: "/dev/null")
    #expect {
      try store(dir).reset()
    } throws: { "\($0)" == "cannot open \(dir)/launch-state.json.lock: is a symbolic link" }
    #expect(logText(dir) != nil)
  }

  @Test func aFullLogTakesNoMoreEvents() throws {
    let dir = try scratch.subdirectory("full").path
    let line = UsageEvents.logLine("search", at: Self.day0)
    let lines = String(repeating: line, count: FileLaunchStore.maximumLogSize / line.utf8.count + 1)
    try lines.write(toFile: dir + "/events.log", atomically: false, encoding: .utf8)
    #expect {
      try store(dir).record("search", at: Self.day0)
    } throws: { "\($0)".contains("is full (1 MiB)") }
  }

  @Test func resetForgetsTheLogToo() throws {
    let dir = try scratch.subdirectory("reset").path
    let clock = TestClock()
    try launch("1.0.0", store: store(dir), clock: clock)
    try store(dir).record("search", at: clock.now)
    try store(dir).reset()
    #expect(logText(dir) == nil)
  }

  @Test func theMemoryStoreRecordsIntoItsState() throws {
    let memory = InMemoryLaunchStore()
    #expect(throws: (any Error).self) { try memory.record("search", at: Self.day0) }
    try launch("1.0.0", store: memory, clock: TestClock())
    try memory.record("search", at: Self.day0)
    #expect(memory.state?.events.count(of: "search") == 1 && memory.durableWriteCount == 1)
  }
}
