import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// 200 launches of an upgrade at once, while the upgrade's slow update steps are in flight,
/// with readers looking at the state meanwhile: every launch is counted once or (kept from the
/// state lock for over a second) goes on uncounted and says so, every step runs once, in one
/// process, and every reader sees a valid state. (`LaunchEndToEndTests` covers 200 plain launches.)
@Suite struct ConcurrentUpgradeTests {
  static let launches = 200
  static let readers = 20

  @Test func twoHundredUpgradeLaunchesWithStepsInFlightLoseNothing() throws {
    let dir = try TestPaths.makeTemporaryDirectory("concurrent-upgrade")
    defer { try? FileManager.default.removeItem(at: dir) }
    let stateDir = dir.appendingPathComponent("state").path
    let output = dir.appendingPathComponent("output").path
    let launch = ["demo", "--state-dir", stateDir, "--content", TestPaths.content.path]

    // Installed at 1.0.0: notes.txt exists, so the upgrade has three steps to run.
    let first = try Run.whatsnew(launch + ["--app-version", "1.0.0"])
    try #require(first.status == 0, "\(first.stderr)")

    // Each step sleeps 100 ms under the state lock while the crowd queues on it.
    let env = KillableProcess.environment(["WHATSNEW_DEMO_STEP_DELAY_MS": "100"])
    var launchers: [KillableProcess] = []
    var readers: [KillableProcess] = []
    for i in 0..<Self.launches {
      launchers.append(
        try KillableProcess(
          TestPaths.whatsnewBinary, launch + ["--app-version", "2.0.0"], environment: env,
          outputFile: output + "-launch-\(i)"))
      if i % (Self.launches / Self.readers) == 0 {
        readers.append(
          try KillableProcess(
            TestPaths.whatsnewBinary, ["state", "--state-dir", stateDir, "--json"], environment: env,
            outputFile: output + "-read-\(readers.count)"))
      }
    }
    var failures: [String] = []
    var uncounted = 0
    for (i, p) in launchers.enumerated() {
      if let outcome = p.wait(timeout: 120), outcome != .exited(0) {
        failures.append("launch \(i): \(outcome): \(contents(output + "-launch-\(i)"))")
      } else if contents(output + "-launch-\(i)").contains(LockBusy.warning) {
        uncounted += 1
      } else if contents(output + "-launch-\(i)").contains("warning") {
        failures.append("launch \(i) warned: \(contents(output + "-launch-\(i)"))")
      }
    }
    for (i, p) in readers.enumerated() {
      let outcome = p.wait(timeout: 120)
      let text = contents(output + "-read-\(i)")
      let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      let count = json?["launchCount"] as? Int
      if outcome != .exited(0) || count == nil || !(1...(Self.launches + 1)).contains(count ?? 0) {
        failures.append("reader \(i): \(outcome.map(\.description) ?? "hung"): \(text.prefix(300))")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.first ?? "")")

    let state = try Run.whatsnew(["state", "--state-dir", stateDir, "--json"])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
    #expect(json["launchCount"] as? Int == Self.launches + 1 - uncounted)
    #expect(json["currentVersion"] as? String == "2.0.0")
    let history = (json["versionHistory"] as? [[String: Any]])?.compactMap { $0["version"] as? String }
    #expect(history == ["1.0.0", "2.0.0"])
    let steps = try #require(json["updateSteps"] as? [String: Any])
    #expect(
      (steps["completed"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [
        "seed-notes", "notes-to-json", "add-tags", "build-index",
      ])
    #expect((steps["failed"] as? [Any])?.isEmpty == true)
    // Every step ran exactly once, in order, in one process.
    let log = try String(contentsOfFile: stateDir + "/update-steps.log", encoding: .utf8)
    let runs = log.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    #expect(runs.map { $0.first ?? "" } == ["seed-notes", "notes-to-json", "add-tags", "build-index"])
    #expect(
      Set(runs.dropFirst().map { $0.last ?? "" }).count == 1, "the upgrade's steps ran in several processes")
    // The data the steps produced is whole.
    let notes = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: stateDir + "/notes.json")))
    #expect((notes as? [String: Any])?["format"] as? Int == 3)
    #expect(!FileManager.default.fileExists(atPath: stateDir + "/notes.txt"))
    print(
      "ConcurrentUpgradeTests: \(Self.launches) concurrent upgrade launches and \(readers.count) readers, "
        + "\(failures.count) failures, \(uncounted) uncounted (lock busy over 1 s), "
        + "launchCount \(json["launchCount"] ?? "nil")")
  }

  private func contents(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }
}

/// What a launch prints when another one has kept the state lock from it for over a second.
enum LockBusy {
  static let warning = "another launch has held"
}
