import Foundation
import TestSupport
import Testing

/// `whatsnew event`: usage events recorded by separate processes, counted once each, with no
/// fsync, and its usage errors.
@Suite struct EventCommandTests {
  static let recorders = 200

  /// 200 `whatsnew event` processes at once (half `search`, the rest five other names), while
  /// launches fold the log into the state meanwhile: every event is counted once.
  @Test func twoHundredRecordersAtOnceLoseNoCount() throws {
    let dir = try TestPaths.makeTemporaryDirectory("concurrent-events")
    defer { try? FileManager.default.removeItem(at: dir) }
    let stateDir = dir.appendingPathComponent("state").path
    let output = dir.appendingPathComponent("output").path
    let app = ["--app-id", "tally", "--state-dir", stateDir]
    let launch = ["demo", "--state-dir", stateDir, "--app-id", "tally", "--content", TestPaths.content.path]
    let first = try Run.whatsnew(launch)
    try #require(first.status == 0, "\(first.stderr)")

    let env = KillableProcess.environment([:])
    var recorders: [KillableProcess] = []
    var folders: [KillableProcess] = []
    for i in 0..<Self.recorders {
      let name = i % 2 == 0 ? "search" : "e\(i % 5)"
      recorders.append(
        try KillableProcess(
          TestPaths.whatsnewBinary, ["event"] + app + [name], environment: env,
          outputFile: output + "-event-\(i)"))
      if i % 20 == 0 {
        folders.append(
          try KillableProcess(
            TestPaths.whatsnewBinary, launch, environment: env, outputFile: output + "-launch-\(i)"))
      }
    }
    var failures: [String] = []
    for (i, p) in recorders.enumerated() {
      let outcome = p.wait(timeout: 120)
      let text = (try? String(contentsOfFile: output + "-event-\(i)", encoding: .utf8)) ?? ""
      if outcome != .exited(0) || !text.isEmpty {
        failures.append("event \(i): \(String(describing: outcome)) \(text)")
      }
    }
    for p in folders { _ = p.wait(timeout: 120) }
    #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.first ?? "")")

    let state = try Run.whatsnew(["state", "--json"] + app)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
    let counts = try #require((json["events"] as? [String: Any])?["counts"] as? [String: [String: Any]])
    #expect(
      counts.mapValues { $0["count"] as? Int } == [
        "search": 100, "e0": 20, "e1": 20, "e2": 20, "e3": 20, "e4": 20,
      ])
    // One more launch folds whatever is left: the state file alone then holds every event.
    _ = try Run.whatsnew(launch)
    let file = try String(contentsOfFile: stateDir + "/launch-state.json", encoding: .utf8)
    #expect(file.contains(#""count" : 100"#))
    #expect(try String(contentsOfFile: stateDir + "/events.log", encoding: .utf8) == "")
  }

  /// Recording makes no fsync (strace); a first launch, which must be durable, makes some, so
  /// the check sees an fsync when there is one.
  @Test(.requires(TestPaths.hasTool("strace"), "strace is not installed (scripts/setup --tests installs it)"))
  func recordingAnEventMakesNoFsync() throws {
    let dir = try TestPaths.makeTemporaryDirectory("event-fsync")
    defer { try? FileManager.default.removeItem(at: dir) }
    let stateDir = dir.appendingPathComponent("state").path
    func fsyncs(_ arguments: [String]) throws -> Int {
      let log = dir.appendingPathComponent("strace-\(UUID().uuidString.prefix(6))").path
      let result = try Run.process(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "strace", "-f", "-qq", "-e", "trace=fsync,fdatasync,syncfs,sync", "-o", log,
          TestPaths.whatsnewBinary.path,
        ]
          + arguments)
      #expect(result.status == 0, "\(result.stderr)")
      let text = try String(contentsOfFile: log, encoding: .utf8)
      return text.split(separator: "\n").filter { $0.contains("sync") }.count
    }
    let app = ["--app-id", "tally", "--state-dir", stateDir]
    #expect(try fsyncs(["event"] + app + ["search"]) == 0)  // before any launch
    #expect(
      try fsyncs(["demo", "--state-dir", stateDir, "--app-id", "tally", "--content", TestPaths.content.path])
        >= 1)
    #expect(try fsyncs(["event"] + app + ["search"]) == 0)
    #expect(try fsyncs(["event"] + app + ["create"]) == 0)
  }

  /// A last line of `events.log` cut short (a write on a full disk or under a size limit):
  /// the next events start on a line of their own, and the next launch counts both.
  @Test func eventsAfterATornLastLineAreCounted() throws {
    let dir = try TemporaryDirectory("event-torn")
    let stateDir = dir.path + "/state"
    let app = ["--app-id", "tally", "--state-dir", stateDir]
    let launch = ["demo", "--state-dir", stateDir, "--app-id", "tally", "--content", TestPaths.content.path]
    try #require(try Run.whatsnew(launch).status == 0)
    try Data("1767225600 sea".utf8).write(to: URL(fileURLWithPath: stateDir + "/events.log"))
    for _ in 0..<2 {
      let event = try Run.whatsnew(["event"] + app + ["search"])
      #expect(event.status == 0 && event.stderr.isEmpty, "\(event.stderr)")
    }
    try #require(try Run.whatsnew(launch).status == 0)
    let state = try Run.whatsnew(["state", "--json"] + app)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
    let counts = (json["events"] as? [String: Any])?["counts"] as? [String: [String: Any]]
    #expect(counts?["search"]?["count"] as? Int == 2, "\(state.stdout)")
  }

  /// A bad name of 100 KB holding a newline is echoed as at most 64 characters, escaped, on
  /// one line (it was echoed whole, and the newline cut the message).
  @Test func aBadNameIsEchoedShortAndEscaped() throws {
    let dir = try TemporaryDirectory("event-echo")
    let name = "Bad\nname" + String(repeating: "x", count: 100_000)
    let bad = try Run.whatsnew(["event", "--app-id", "tally", "--state-dir", dir.path, name])
    #expect(bad.status == 2)
    let first = bad.stderr.split(separator: "\n").first ?? ""
    let shown = "\"Bad\\nname" + String(repeating: "x", count: 56) + "\"…"
    #expect(first.contains("the event name \(shown) must be lowercase"), "\(first)")
    #expect(bad.stderr.utf8.count < 2_000, "\(bad.stderr.utf8.count) bytes on stderr")
  }

  /// `event` with an `--app-id` that is not the app whose state the directory holds is refused,
  /// as `state` refuses it, and nothing is logged.
  @Test func anEventForAnotherAppsDirectoryIsRefused() throws {
    let dir = try TemporaryDirectory("event-other-app")
    let launch = try Run.whatsnew([
      "greet", "--app-id", "t9", "--app-version", "1.0.0", "--content", TestPaths.content.path,
      "--state-dir", dir.path,
    ])
    try #require(launch.status == 0, "\(launch.stderr)")
    let other = try Run.whatsnew(["event", "--app-id", "other", "--state-dir", dir.path, "search"])
    #expect(other.status == 1, "\(other.stderr)")
    #expect(
      other.stderr
        == "whatsnew: \(dir.path)/launch-state.json belongs to the app \"t9\", not \"other\"; event not recorded\n"
    )
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/events.log"))
    let own = try Run.whatsnew(["event", "--app-id", "t9", "--state-dir", dir.path, "search"])
    #expect(own.status == 0, "\(own.stderr)")
  }

  @Test func aBadNameIsAUsageErrorAndAnUnusableDirectoryAFailure() throws {
    let dir = try TestPaths.makeTemporaryDirectory("event-errors")
    defer { try? FileManager.default.removeItem(at: dir) }
    let bad = try Run.whatsnew(["event", "--app-id", "tally", "--state-dir", dir.path, "Search"])
    #expect(bad.status == 2)
    #expect(
      bad.stderr.split(separator: "\n").first?.contains(#"the event name "Search" must be lowercase"#) == true
    )
    let file = dir.appendingPathComponent("file").path
    try Data().write(to: URL(fileURLWithPath: file))
    let unusable = try Run.whatsnew(["event", "--app-id", "tally", "--state-dir", file, "search"])
    #expect(
      unusable.status == 1
        && unusable.stderr == "whatsnew: cannot record the event: \(file) is not a directory\n")
    let ok = try Run.whatsnew(["event", "--app-id", "tally", "--state-dir", dir.path, "search"])
    #expect(ok.status == 0 && ok.stdout.isEmpty && ok.stderr.isEmpty)
  }
}
