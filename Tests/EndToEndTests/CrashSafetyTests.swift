import Foundation
import LaunchTracking
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A launch killed at any moment leaves a valid state file holding either the count before
/// it or the count after it, and no launch that completed is ever lost.
@Suite(.serialized) struct CrashSafetyTests {
  /// How many launches are killed with SIGKILL, at least.
  static let kills = 500
  /// Independent state directories worked in parallel (the machine has 2 cores).
  static let lanes = 2

  @Test func sigkillAtRandomMomentsNeverCorruptsOrLosesALaunch() throws {
    let seed =
      ProcessInfo.processInfo.environment["WHATSNEW_CRASH_SEED"].flatMap { UInt64($0) }
      ?? UInt64(Date().timeIntervalSince1970 * 1000)
    print("CrashSafetyTests: random seed \(seed) (set WHATSNEW_CRASH_SEED to repeat)")
    let lanes = (0..<Self.lanes).map {
      KillLane(index: $0, seed: seed &+ UInt64($0), kills: Self.kills / Self.lanes)
    }
    let results = ResultBox<KillLane.Result>(count: lanes.count)
    DispatchQueue.concurrentPerform(iterations: lanes.count) { i in
      results[i] = lanes[i].run()
    }
    var totals = KillLane.Result()
    for result in results.values {
      guard let result else {
        Issue.record("a lane did not finish")
        continue
      }
      defer { if !result.directory.isEmpty { TestPaths.removeTree(result.directory) } }
      for failure in result.failures { Issue.record(Comment(rawValue: failure)) }
      totals.killed += result.killed
      totals.completed += result.completed
      totals.committedBeforeKill += result.committedBeforeKill
      totals.midWrite += result.midWrite
      totals.rounds += result.rounds
      // The executable agrees: every launch that completed or committed is counted, once.
      let state = try Run.whatsnew(["state", "--state-dir", result.directory, "--json"])
      #expect(state.status == 0, "state --json failed: \(state.stderr)")
      let json = try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any]
      #expect(json?["launchCount"] as? Int == result.completed + result.committedBeforeKill)
    }
    print(
      "CrashSafetyTests: \(totals.rounds) launches, \(totals.killed) killed with SIGKILL (\(totals.midWrite) "
        + "mid-write, \(totals.committedBeforeKill) after their write landed), \(totals.completed) completed")
    #expect(totals.killed >= Self.kills, "only \(totals.killed) launches were killed")
    #expect(totals.midWrite > 0, "no kill landed during a write (no temporary file was left behind)")
  }
}

/// One state directory that launches are started in and killed, one after another.
struct KillLane: Sendable {
  struct Result: Sendable {
    var directory = ""
    var rounds = 0
    var killed = 0  // launches that died of SIGKILL
    var completed = 0  // launches that exited 0
    var committedBeforeKill = 0  // killed after their write landed
    var midWrite = 0  // killed between creating the temporary file and renaming it
    var failures: [String] = []
  }

  let index: Int
  let seed: UInt64
  let kills: Int

  func run() -> Result {
    var result = Result()
    do {
      try runThrowing(&result)
    } catch {
      result.failures.append("lane \(index): \(error)")
    }
    return result
  }

  private func runThrowing(_ result: inout Result) throws {
    let dir = try TestPaths.makeTemporaryDirectory("crash-safety")
    result.directory = dir.path
    var random = SeededRandom(seed: seed)
    let store = FileLaunchStore(directory: dir.path, warn: { _ in })
    let arguments = ["demo", "--state-dir", dir.path, "--content", TestPaths.content.path]
    var expected = 0  // launches recorded so far

    func launch(delay: Int, killAfter seconds: Double?) throws -> KillableProcess.Outcome {
      let env = KillableProcess.environment(["WHATSNEW_WRITE_DELAY_MS": String(delay)])
      let process = try KillableProcess(TestPaths.whatsnewBinary, arguments, environment: env)
      if let seconds {
        usleep(UInt32(seconds * 1_000_000))
        process.send(SIGKILL)
      }
      return process.wait()
    }

    // The length of an undisturbed launch sets the range of kill moments.
    var durations: [Double] = []
    for _ in 0..<5 {
      let start = Date()
      let outcome = try launch(delay: 0, killAfter: nil)
      durations.append(Date().timeIntervalSince(start))
      guard outcome == .exited(0) else {
        throw KillableProcessError(message: "an undisturbed launch: \(outcome)")
      }
      expected += 1
      result.completed += 1
      guard try count(store) == expected else {
        throw KillableProcessError(message: "an undisturbed launch was not recorded once")
      }
    }
    var base = durations.sorted()[durations.count / 2]
    print("CrashSafetyTests: lane \(index): an undisturbed launch takes \(Int(base * 1000)) ms")

    var round = 0
    var lastTemp: String?
    while result.killed < kills && round < kills * 4 {
      // Odd rounds widen the write window (between the fsynced temporary file and the
      // rename) with the delay knob and aim the kill at the end of the launch, where the
      // write happens; even rounds kill anywhere in the launch.
      let delay = round % 2 == 1 ? Int(random.next(upTo: 20)) + 1 : 0
      let from = round % 2 == 1 ? base * 0.5 : 0
      let to = base + Double(delay) / 1000 * 0.9
      let outcome = try launch(delay: delay, killAfter: from + (to - from) * random.unit())
      round += 1

      let before = expected
      let after = try count(store)
      if after != before && after != before + 1 {
        result.failures.append("lane \(index) round \(round): count \(after) after \(before)")
      }
      // The machine's load changes how long a launch takes: narrow the range of kill
      // moments when a launch outran its kill, widen it slowly when the kill won.
      base *= outcome == .exited(0) ? 0.85 : 1.03
      switch outcome {
      case .exited(0):
        if after != before + 1 {
          result.failures.append("lane \(index) round \(round): a launch that completed was not recorded")
        }
        result.completed += 1
      case .signalled(SIGKILL):
        result.killed += 1
        if after == before + 1 { result.committedBeforeKill += 1 }
      default:
        result.failures.append("lane \(index) round \(round): the launch ended with \(outcome)")
      }
      expected = after
      // A temporary file that is new since the last round means this kill hit a write.
      let temp = temporaryFileIdentity(in: dir)
      if let temp, temp != lastTemp { result.midWrite += 1 }
      lastTemp = temp
      let corrupt = try leftovers(in: dir, containing: ".corrupt-")
      guard corrupt.isEmpty else {
        throw KillableProcessError(message: "round \(round): the store found a corrupt file: \(corrupt)")
      }
    }
    result.rounds = round + 5
    if expected != result.completed + result.committedBeforeKill {
      result.failures.append("lane \(index): launchCount \(expected) but \(result.completed) completed")
    }
  }

  // MARK: - Helpers

  /// The launch count in the store, read the way the app reads it. Throws when the file is
  /// anything but a valid state.
  private func count(_ store: FileLaunchStore) throws -> Int {
    switch try store.read() {
    case .empty: return 0
    case .state(let state): return state.launchCount
    case let other: throw KillableProcessError(message: "the state file is not valid after a kill: \(other)")
    }
  }

  /// The inode and modification time of the store's temporary file, if there is one.
  private func temporaryFileIdentity(in dir: URL) -> String? {
    var info = stat()
    guard lstat(dir.path + "/.launch-state.json.tmp", &info) == 0 else { return nil }
    return "\(info.st_ino) \(info.st_mtim.tv_sec) \(info.st_mtim.tv_nsec)"
  }

  private func leftovers(in dir: URL, containing part: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(part) }
  }
}

/// Slots that concurrent workers fill, one each.
final class ResultBox<T>: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [T?]

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  subscript(i: Int) -> T? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return slots[i]
    }
    set {
      lock.lock()
      slots[i] = newValue
      lock.unlock()
    }
  }

  var values: [T?] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}
