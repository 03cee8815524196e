import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The logs the update steps write in the state directory (`greet --steps`' `steps.log`, the
/// demo's `update-steps.log`) and the demo's notes, planted as a link to an existing file, a
/// link to a missing one, and a FIFO: no link is followed (the target is neither written nor
/// created) and a FIFO does not hold the launch up (it ends within a second of the same launch
/// with nothing planted). The step fails, its failure naming the file, and is retried next
/// launch; the demo says so on stderr (exit 1), `greet` records it.
/// The state file, its lock and temporary file are in `HostileStateTests`; the feed's files
/// in `FeedCheckTests`; the background-query memory in `ThemeQueryTests`.
@Suite struct StateDirectoryFileTests {
  /// Runs `arguments` (with `--state-dir`) after planting `plant` at `name` in a fresh state
  /// directory, and once with nothing planted, and checks that nothing went through the plant
  /// and that a FIFO did not hold the launch up: it ended within a second of the plain one
  /// (measured up to three times while a pair misses, since a loaded machine is slow at random
  /// and a launch waiting on the FIFO is slow every time).
  private func expectNotFollowed(
    _ name: String, _ plant: StatePlant, status: Int32, arguments: (String) -> [String],
    said: (String, BoundedRun.Result) throws -> String
  ) throws {
    func attempt() throws -> (plain: Double, planted: Double) {
      let scratch = try TemporaryDirectory("state-file-plant")
      let outside = scratch.path + "/outside"
      try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
      func run(_ state: String) throws -> (BoundedRun.Result, Double) {
        let start = Date()
        let result = try BoundedRun.whatsnew(arguments(state), timeout: 60)
        return (result, Date().timeIntervalSince(start))
      }
      let plain = scratch.path + "/plain"
      mkdir(plain, 0o700)
      let (plainRun, plainTime) = try run(plain)
      #expect(plainRun.exited(0), "with nothing planted: \(plainRun.stderr)")

      let state = scratch.path + "/state"
      mkdir(state, 0o700)
      let planted = try plant.plant(at: state + "/" + name, outside: outside)
      let (result, time) = try run(state)
      let context =
        "\(plant.rawValue) at \(name): \(result.outcome.map(\.description) ?? "hung"), \(result.stderr)"
      #expect(result.exited(status), "\(context)")
      let message = try said(state, result)
      #expect(message.contains(state + "/" + name), "nothing names the file: \(message), \(context)")
      #expect(plant.writtenThrough(planted) == nil, "\(context)")
      return (plainTime, time)
    }
    var times = try attempt()
    guard plant == .fifo else { return }
    for _ in 1..<3 where times.planted >= times.plain + 1 { times = try attempt() }
    #expect(times.planted < times.plain + 1, "took \(times.planted) s, \(times.plain) s with nothing planted")
  }

  @Test(arguments: StatePlant.allCases)
  func theStepsLogIsNeverFollowedOrWaitedFor(_ plant: StatePlant) throws {
    let scratch = try TemporaryDirectory("state-file-steps")
    let notes = scratch.path + "/notes"
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"),
      to: URL(fileURLWithPath: notes))
    let steps = scratch.path + "/steps.json"
    let step: [String: Any] = [
      "id": "say", "version": "1.0.0", "summary": "Saying", "run": "echo said", "freshInstall": true,
      "timeLimit": 20,
    ]
    try JSONSerialization.data(withJSONObject: [step]).write(to: URL(fileURLWithPath: steps))
    try expectNotFollowed("steps.log", plant, status: 0) { state in
      [
        "greet", "--app-id", "tally", "--app-version", "1.0.0", "--content", notes, "--state-dir", state,
        "--steps", steps,
      ]
    } said: { state, _ in
      let result = try Run.whatsnew(["state", "--state-dir", state, "--app-id", "tally", "--json"])
      let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      let failed = (json?["updateSteps"] as? [String: Any])?["failed"] as? [[String: Any]]
      return failed?.first?["message"] as? String ?? "no failure recorded"
    }
  }

  @Test(arguments: StatePlant.allCases)
  func theDemosStepLogIsNeverFollowedOrWaitedFor(_ plant: StatePlant) throws {
    try expectNotFollowed("update-steps.log", plant, status: 1) { state in
      ["demo", "--state-dir", state, "--content", TestPaths.content.path, "--app-version", "1.0.0"]
    } said: { _, result in
      result.stderr
    }
  }

  @Test(arguments: StatePlant.allCases)
  func theDemosNotesAreNeverFollowedOrWaitedFor(_ plant: StatePlant) throws {
    // notes.txt is what the 1.1.0 step reads; a 1.0.0 launch writes it first.
    let scratch = try TemporaryDirectory("state-file-demo")
    let state = scratch.path + "/state"
    mkdir(state, 0o700)
    let outside = scratch.path + "/outside"
    mkdir(outside, 0o700)
    let demo = ["demo", "--state-dir", state, "--content", TestPaths.content.path]
    let env = ["WHATSNEW_NOW": "2026-01-01T00:00:00Z"]
    #expect(
      try BoundedRun.whatsnew(demo + ["--app-version", "1.0.0"], environment: env, timeout: 60).exited(0))
    unlink(state + "/notes.txt")
    let planted = try plant.plant(at: state + "/notes.txt", outside: outside)
    let start = Date()
    let result = try BoundedRun.whatsnew(demo + ["--app-version", "1.1.0"], environment: env, timeout: 60)
    let time = Date().timeIntervalSince(start)
    let context =
      "\(plant.rawValue) at notes.txt: \(result.outcome.map(\.description) ?? "hung"), \(result.stderr)"
    #expect(result.exited(plant == .danglingLink ? 0 : 1), "\(context)")
    if plant != .danglingLink {
      #expect(result.stderr.contains(state + "/notes.txt"), "\(context)")
    }
    #expect(plant.writtenThrough(planted) == nil, "\(context)")
    #expect(time < 5, "took \(time) s: \(context)")
  }
}
