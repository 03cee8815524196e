import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

@Suite struct FileLaunchStoreTests {
  /// Removed when the test ends.
  let scratch: TemporaryDirectory

  init() throws { scratch = try TemporaryDirectory("launch-store") }

  private func makeDir() throws -> String {
    try scratch.subdirectory(UUID().uuidString).path
  }

  private func store(_ dir: String, _ log: WarningLog, clock: TestClock = TestClock()) -> FileLaunchStore {
    FileLaunchStore(directory: dir, now: clock.closure, warn: log.sink)
  }

  private func siblings(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  @Test func writesAPrivateFileWithASchemaAndReadsItBack() throws {
    let dir = try makeDir() + "/nested/app"
    let log = WarningLog()
    let clock = TestClock()
    try launch("1.0.0", store: store(dir, log), clock: clock)
    clock.advance(days: 2)
    let second = try launch("1.1.0", store: store(dir, log), clock: clock)
    #expect(second.kind == .upgrade && second.state.launchCount == 2)
    #expect(log.all.isEmpty)
    let path = dir + "/launch-state.json"
    let attrs = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attrs[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let json =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
    #expect(json?["schema"] as? Int == 1)
    #expect(json?["launchCount"] as? Int == 2)
    // Only the state file and its lock remain: no temporary files.
    #expect(try siblings(dir) == ["launch-state.json", "launch-state.json.lock"])
    #expect(try store(dir, log).read() == .state(second.state))
  }

  @Test func anotherAppsFileIsNeitherCountedIntoNorChanged() throws {
    let dir = try makeDir()
    let log = WarningLog()
    let clock = TestClock()
    let mine = FileLaunchStore(directory: dir, appID: "tally", now: clock.closure, warn: log.sink)
    try launch("1.0.0", store: mine, clock: clock, appID: "tally")
    let path = dir + "/launch-state.json"
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let theirs = FileLaunchStore(directory: dir, appID: "jot", now: clock.closure, warn: log.sink)
    let record = try launch("2.0.0", store: theirs, clock: clock, appID: "jot")
    #expect(!record.isRecorded)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains(#"belongs to the app "tally""#) == true)
    #expect(log.all.first?.hasPrefix("warning: ") == true)
  }

  @Test func onlyWritesThatChangeMoreThanTheLaunchCountAreDurable() throws {
    let store = InMemoryLaunchStore()
    let clock = TestClock()
    try launch("1.0.0", store: store, clock: clock)
    #expect(store.durableWriteCount == 1)  // first: a new state
    clock.advance(days: 1)
    try launch("1.0.0", store: store, clock: clock)
    #expect(store.writeCount == 2 && store.durableWriteCount == 1)  // regular: count and date
    clock.advance(days: 1)
    try launch("1.1.0", store: store, clock: clock)
    #expect(store.durableWriteCount == 2)  // upgrade: version and pending work
    clock.advance(days: 40)
    try launch("1.1.0", store: store, clock: clock)
    #expect(store.durableWriteCount == 3)  // returning: a welcome-back is now pending
  }

  @Test(arguments: [
    ("truncated", Data(#"{"schema": 1, "appID": "test-app", "launchCou"#.utf8)),
    ("random bytes", Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })),
    ("wrong shape", Data(#"{"schema": 1, "launchCount": "many"}"#.utf8)),
    ("an array", Data("[1, 2, 3]".utf8)),
    ("empty", Data()),
    ("no schema", Data(#"{"appID": "x"}"#.utf8)),
  ])
  func corruptFilesAreMovedAsideAndTheLaunchStartsAfresh(label: String, bytes: Data) throws {
    let dir = try makeDir()
    let path = dir + "/launch-state.json"
    try bytes.write(to: URL(fileURLWithPath: path))
    let log = WarningLog()
    let clock = TestClock("2026-02-03T04:05:06Z")
    let record = try launch("1.0.0", store: store(dir, log, clock: clock), clock: clock)
    #expect(record.kind == .first, "\(label)")
    #expect(record.stateWasReset)
    #expect(record.isRecorded)
    #expect(log.all.count == 1)
    #expect(log.all.first?.contains("corrupt") == true)
    #expect(log.all.first?.contains("\n") == false)
    let aside = path + ".corrupt-20260203T040506Z"
    #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == bytes)
    #expect(try store(dir, log).read() == .state(record.state))
    // The next launch is an ordinary one again.
    #expect(try launch("1.0.0", store: store(dir, log, clock: clock), clock: clock).kind == .regular)
  }

  /// A state file a person edited by hand and broke says where, in lines and columns, as the
  /// policy file does: the file is pretty-printed, so a byte offset would mean counting.
  @Test func aFileThatIsNotJSONSaysTheLineAndColumn() throws {
    let dir = try makeDir()
    let path = dir + "/launch-state.json"
    try Data("{\n  \"schema\" : 1,\n  \"appID\" : test-app\n}\n".utf8).write(to: URL(fileURLWithPath: path))
    let log = WarningLog()
    let clock = TestClock("2026-02-03T04:05:06Z")
    let record = try launch("1.0.0", store: store(dir, log, clock: clock), clock: clock)
    #expect(record.stateWasReset)
    #expect(log.all.count == 1)
    #expect(
      log.all.first?.contains("\(path) was corrupt (not JSON at line 3, column 13: ") == true, "\(log.all)")
  }

  @Test func hugeFilesAreNotReadButMovedAside() throws {
    let dir = try makeDir()
    let path = dir + "/launch-state.json"
    let big =
      Data(#"{"schema": 1, "pad": ""#.utf8) + Data(repeating: 0x61, count: 5 * 1_048_576) + Data(#""}"#.utf8)
    try big.write(to: URL(fileURLWithPath: path))
    let log = WarningLog()
    let record = try launch("1.0.0", store: store(dir, log), clock: TestClock())
    #expect(record.kind == .first && record.stateWasReset)
    #expect(log.all.first?.contains("larger than 4 MiB") == true)
  }

  @Test func twoCorruptionsAtTheSameSecondKeepBothFiles() throws {
    let dir = try makeDir()
    let path = dir + "/launch-state.json"
    let clock = TestClock()
    for _ in 0..<2 {
      try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
      try launch("1.0.0", store: store(dir, WarningLog(), clock: clock), clock: clock)
    }
    #expect(try siblings(dir).filter { $0.contains(".corrupt-") }.count == 2)
  }

  @Test func newerSchemaIsLeftByteForByte() throws {
    let dir = try makeDir()
    let path = dir + "/launch-state.json"
    let clock = TestClock()
    // A valid state of this schema, relabelled as schema 2 with an extra field.
    try launch("1.0.0", store: store(dir, WarningLog()), clock: clock)
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: #""schema" : 1"#, with: #""schema" : 2, "future" : true"#)
    let bytes = Data(text.utf8)
    try bytes.write(to: URL(fileURLWithPath: path))
    let log = WarningLog()
    clock.advance(days: 1)
    let record = try launch("1.1.0", store: store(dir, log), clock: clock)
    #expect(!record.isRecorded)
    #expect(record.kind == .upgrade)  // classified against what could be read
    #expect(log.all.count == 1 && log.all[0].contains("schema 2"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    // Dismissals do not write either.
    try tracker("1.1.0", store: store(dir, log), clock: clock).completeOnboarding()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
  }

  @Test func symlinkedStateFileIsForeignAndNeverWrittenThrough() throws {
    let dir = try makeDir()
    let target = dir + "/elsewhere.json"
    try Data("precious".utf8).write(to: URL(fileURLWithPath: target))
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/launch-state.json", withDestinationPath: target)
    let log = WarningLog()
    let record = try launch("1.0.0", store: store(dir, log), clock: TestClock())
    #expect(!record.isRecorded)
    #expect(log.all.count == 1 && log.all[0].contains("symbolic link"))
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/launch-state.json") == target)
  }

  @Test func unwritableDirectoryDegradesWithOneWarning() throws {
    // A path below a regular file cannot be created, even by root.
    let file = try makeDir() + "/file.txt"
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let log = WarningLog()
    let s = store(file + "/sub", log)
    let ran = Counter()
    let step = UpdateStep(id: "s", version: "1.0.0", summary: "s", runsOnFreshInstall: true) {
      ran.increment()
    }
    let record = try tracker("1.0.0", store: s, clock: TestClock()).recordLaunch(updateSteps: [step])
    #expect(record.kind == .first)
    #expect(!record.isRecorded)
    #expect(record.updates.skippedReason != nil)
    #expect(ran.value == 0)
    #expect(log.all.count == 1)
    try tracker("1.0.0", store: s, clock: TestClock()).completeOnboarding()
    #expect(log.all.count == 1)
  }

  @Test func aFailedWriteMakesTheRestOfTheLaunchReadOnly() throws {
    // Even root cannot create the temporary file when a directory sits at its path.
    let dir = try makeDir()
    try FileManager.default.createDirectory(
      atPath: dir + "/.launch-state.json.tmp", withIntermediateDirectories: true)
    let log = WarningLog()
    let ran = Counter()
    let step = UpdateStep(id: "s", version: "1.0.0", summary: "s", runsOnFreshInstall: true) {
      ran.increment()
    }
    let record = try tracker("1.0.0", store: store(dir, log), clock: TestClock()).recordLaunch(updateSteps: [
      step
    ])
    #expect(!record.isRecorded)
    #expect(record.notRecordedReason?.contains(".launch-state.json.tmp") == true)
    #expect(record.updates.skippedReason != nil)
    #expect(ran.value == 0)  // it could not be remembered, so it would run again every launch
    #expect(log.all.count == 1)
    #expect(!FileManager.default.fileExists(atPath: dir + "/launch-state.json"))
  }

  @Test func concurrentLaunchesInThreadsLoseNothing() async throws {
    let dir = try makeDir()
    let clock = TestClock()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<40 {
        group.addTask {
          _ = try? launch("1.0.0", store: FileLaunchStore(directory: dir, warn: { _ in }), clock: clock)
        }
      }
    }
    guard case .state(let s) = try FileLaunchStore(directory: dir, warn: { _ in }).read() else {
      Issue.record("no state")
      return
    }
    #expect(s.launchCount == 40)
  }

  @Test func resetForgets() throws {
    let dir = try makeDir()
    let s = store(dir, WarningLog())
    try launch("1.0.0", store: s, clock: TestClock())
    try s.reset()
    #expect(try s.read() == .empty)
    #expect(try launch("1.0.0", store: s, clock: TestClock()).kind == .first)
  }

  @Test func readReportsCorruptionWithoutRepairing() throws {
    let dir = try makeDir()
    try Data("{".utf8).write(to: URL(fileURLWithPath: dir + "/launch-state.json"))
    guard case .unusable(let reason) = try store(dir, WarningLog()).read() else {
      Issue.record("expected unusable")
      return
    }
    #expect(reason.contains("corrupt"))
    #expect(try siblings(dir).contains("launch-state.json"))
  }

  // MARK: - A lock held by another launch

  @Test func aLaunchThatFindsTheLockHeldGoesOnWithoutRecording() throws {
    let dir = try makeDir()
    let log = WarningLog()
    let clock = TestClock()
    try launch("1.0.0", store: store(dir, log), clock: clock)
    let holder = try HeldLock(dir + "/launch-state.json.lock")
    defer { holder.release() }
    let ran = Counter()
    let step = UpdateStep(id: "s", version: "1.0.0", summary: "s") { ran.increment() }
    clock.advance(days: 1)
    let record = try tracker("1.0.0", store: store(dir, log), clock: clock).recordLaunch(updateSteps: [step])
    #expect(record.lockWasBusy && !record.isRecorded)
    #expect(record.notRecordedReason == "another launch holds the state lock")
    #expect(record.state.launchCount == 2, "classified from the state read without the lock")
    #expect(record.updates.skippedReason != nil && ran.value == 0)
    #expect(log.all.count == 1 && log.all.first?.contains("another launch has held") == true, "\(log.all)")
    // Reading goes on without the lock; forgetting refuses, naming the cause.
    guard case .state(let state) = try store(dir, log).read() else {
      Issue.record("expected the state")
      return
    }
    #expect(state.launchCount == 1)
    #expect(throws: LaunchStoreError.self) { try store(dir, log).reset() }
    #expect(FileManager.default.fileExists(atPath: dir + "/launch-state.json"))

    holder.release()
    let after = try launch("1.0.0", store: store(dir, log), clock: clock, steps: [step])
    #expect(after.isRecorded && !after.lockWasBusy && after.state.launchCount == 2)
  }
}

@Suite struct StateLocationTests {
  @Test func xdgAndOverrides() {
    func dir(_ env: [String: String], flag: String? = nil, variable: String? = "TALLY_STATE_DIR") -> String {
      StateLocation.directory(appID: "a", stateDirectory: flag, variable: variable, environment: env)
    }
    #expect(dir(["XDG_STATE_HOME": "/x", "HOME": "/h"]) == "/x/a")
    #expect(dir(["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state/a")
    #expect(dir(["HOME": "/h"]) == "/h/.local/state/a")
    #expect(dir(["TALLY_STATE_DIR": "/s", "HOME": "/h"]) == "/s")
    #expect(dir(["TALLY_STATE_DIR": "/s"], flag: "/flag") == "/flag")
    // Only the app's own variable counts: another app's (or the tool's) is not its.
    #expect(dir(["WHATSNEW_STATE_DIR": "/s", "HOME": "/h"]) == "/h/.local/state/a")
    #expect(dir(["TALLY_STATE_DIR": "/s", "HOME": "/h"], variable: nil) == "/h/.local/state/a")
  }

  @Test func appIDsMustNameADirectory() {
    #expect(StateLocation.problem(withAppID: "whatsnew-demo") == nil)
    #expect(StateLocation.problem(withAppID: "com.example.app_2") == nil)
    for bad in ["", "..", ".hidden", "a/b", "a b", String(repeating: "x", count: 129)] {
      #expect(StateLocation.problem(withAppID: bad) != nil, "\(bad)")
    }
  }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
}
