import Foundation
import TestSupport
import Testing

/// Black-box tests of `whatsnew demo`, `state` and `reset` against a temporary state
/// directory, with the clock fixed by `WHATSNEW_NOW`.
@Suite struct LaunchEndToEndTests {
  /// Removed when the test ends.
  let scratch: TemporaryDirectory
  var root: URL { scratch.url }
  let stateDir: String
  let content: String

  init() throws {
    scratch = try TemporaryDirectory("launch-e2e")
    let root = scratch.url
    stateDir = root.appendingPathComponent("state").path
    let contentURL = root.appendingPathComponent("Content")
    try FileManager.default.createDirectory(at: contentURL, withIntermediateDirectories: true)
    for v in ["1.0.0", "1.1.0", "1.5.0", "2.0.0-beta.1", "2.0.0"] {
      try Data("# \(v)\n\nNotes.\n".utf8).write(to: contentURL.appendingPathComponent("\(v).md"))
    }
    content = contentURL.path
  }

  @discardableResult
  func demo(_ args: [String], now: String = "2026-01-01T12:00:00Z", env: [String: String] = [:]) throws
    -> ProcessResult
  {
    var environment = ["WHATSNEW_NOW": now]
    environment.merge(env) { $1 }
    return try Run.whatsnew(
      ["demo", "--state-dir", stateDir, "--content", content] + args, environment: environment)
  }

  func state() throws -> [String: Any] {
    let result = try Run.whatsnew(["state", "--json", "--state-dir", stateDir])
    #expect(result.status == 0, "state failed: \(result.stderr)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(json as? [String: Any])
  }

  func lastLaunch() throws -> [String: Any] {
    try #require(try state()["lastLaunch"] as? [String: Any])
  }

  var statePath: String { stateDir + "/launch-state.json" }

  /// `whatsnew` alone is the demo with its defaults, which needs a terminal: in a pipe it
  /// says so and records nothing (issue 47; `NewcomerCommandLineTests` checks the line); the
  /// demo's options are given after `demo`, and a usage error says so.
  @Test func whatsnewAloneRunsTheDemo() throws {
    let result = try Run.whatsnew(
      [],
      environment: [
        "WHATSNEW_NOW": "2026-01-01T12:00:00Z", "WHATSNEW_STATE_DIR": stateDir,
        "WHATSNEW_CONTENT_DIR": content,
      ])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("whatsnew: the demo needs a terminal"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: statePath))

    let misplaced = try Run.whatsnew(["--simulate", "first"])
    #expect(misplaced.status == 2)
    #expect(misplaced.stderr.contains("--simulate is an option of `demo`"), "\(misplaced.stderr)")
  }

  @Test func firstUpgradeDowngradeReturningChain() throws {
    #expect(try demo(["--app-version", "1.0.0"], now: "2026-01-01T12:00:00Z").status == 0)
    var last = try lastLaunch()
    #expect(last["kind"] as? String == "first")
    #expect(last["to"] as? String == "1.0.0")

    #expect(try demo(["--app-version", "2.0.0"], now: "2026-01-03T12:00:00Z").status == 0)
    last = try lastLaunch()
    #expect(last["kind"] as? String == "upgrade")
    #expect(last["from"] as? String == "1.0.0" && last["to"] as? String == "2.0.0")
    #expect(last["daysAway"] as? Int == 2)

    #expect(try demo(["--app-version", "1.5.0"], now: "2026-01-04T12:00:00Z").status == 0)
    last = try lastLaunch()
    #expect(last["kind"] as? String == "downgrade")
    #expect(last["from"] as? String == "2.0.0" && last["to"] as? String == "1.5.0")

    #expect(try demo(["--app-version", "1.5.0"], now: "2026-03-05T12:00:00Z").status == 0)
    last = try lastLaunch()
    #expect(last["kind"] as? String == "returning")
    #expect(last["daysAway"] as? Int == 60)

    let s = try state()
    #expect(s["appID"] as? String == "whatsnew-demo")
    #expect(s["launchCount"] as? Int == 4)
    #expect(s["installVersion"] as? String == "1.0.0")
    #expect(s["previousVersion"] as? String == "2.0.0")
    #expect(s["currentVersion"] as? String == "1.5.0")
    #expect(s["firstLaunchDate"] as? String == "2026-01-01T12:00:00Z")
    #expect(s["lastLaunchDate"] as? String == "2026-03-05T12:00:00Z")
    let history = try #require(s["versionHistory"] as? [[String: Any]])
    #expect(history.compactMap { $0["version"] as? String } == ["1.0.0", "2.0.0", "1.5.0"])
    #expect(history.first?["firstLaunchDate"] as? String == "2026-01-01T12:00:00Z")
    // Scripted launches present nothing and keep everything pending.
    #expect(s["pending"] as? [String] == ["onboarding", "whats-new", "welcome-back"])
    let steps = try #require(s["updateSteps"] as? [String: Any])
    #expect(steps["completed"] is [Any] && steps["notNeeded"] is [Any] && steps["failed"] is [Any])
  }

  /// Every launch is counted once, or (when the crowd kept the state lock from it for over a
  /// second) goes on uncounted and says so; none is lost without a word or counted twice.
  @Test func twoHundredConcurrentLaunchesAreEachCountedOrSayWhyNot() throws {
    let count = 200
    var processes: [Process] = []
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    let errors = root.appendingPathComponent("errors")
    try FileManager.default.createDirectory(at: errors, withIntermediateDirectories: true)
    for i in 0..<count {
      let p = Process()
      p.executableURL = TestPaths.whatsnewBinary
      p.arguments = ["demo", "--state-dir", stateDir, "--content", content, "--app-version", "1.0.0"]
      p.environment = env
      p.standardInput = FileHandle.nullDevice
      p.standardOutput = FileHandle.nullDevice
      let error = errors.appendingPathComponent("\(i)")
      try #require(
        FileManager.default.createFile(atPath: error.path, contents: nil), "cannot create \(error.path)")
      p.standardError = try FileHandle(forWritingTo: error)
      processes.append(p)
    }
    for p in processes { try p.run() }  // all started before any is waited for
    for p in processes { p.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let stderr = try (0..<count).map {
      try String(contentsOf: errors.appendingPathComponent("\($0)"), encoding: .utf8)
    }
    let uncounted = stderr.filter { $0.contains(LockBusy.warning) }.count
    #expect(
      stderr.allSatisfy { $0.isEmpty || $0.contains(LockBusy.warning) }, "\(stderr.filter { !$0.isEmpty })")
    let s = try state()
    #expect(s["launchCount"] as? Int == count - uncounted)
    print(
      "LaunchEndToEndTests: \(count) concurrent launches, \(uncounted) went on uncounted (lock busy over 1 s)"
    )
    // The seed step ran exactly once despite the crowd.
    let log = try String(contentsOfFile: stateDir + "/update-steps.log", encoding: .utf8)
    #expect(log.split(separator: "\n").map { $0.split(separator: " ")[0] } == ["seed-notes"])
  }

  @Test(arguments: [
    ("truncated", Data(#"{"schema" : 1, "appID" : "whatsnew-demo", "launchCo"#.utf8)),
    ("random", Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })),
    ("wrong shape", Data(#"{"schema": 1, "launchCount": [true]}"#.utf8)),
  ])
  func corruptFilesAreMovedAsideWithAWarning(label: String, bytes: Data) throws {
    try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
    try bytes.write(to: URL(fileURLWithPath: statePath))
    let result = try demo(["--app-version", "1.0.0"], now: "2026-05-06T07:08:09Z")
    #expect(result.status == 0, "\(label): \(result.stderr)")
    let warnings = result.stderr.split(separator: "\n")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("corrupt") == true)
    let aside = statePath + ".corrupt-20260506T070809Z"
    #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == bytes)
    let last = try lastLaunch()
    #expect(last["kind"] as? String == "first")
    #expect(last["stateWasReset"] as? Bool == true)
  }

  @Test func newerSchemaFileIsLeftByteForByte() throws {
    try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
    let bytes = Data(#"{"schema": 99, "somethingNew": {"launches": 12}}"#.utf8)
    try bytes.write(to: URL(fileURLWithPath: statePath))
    for _ in 0..<2 {
      let result = try demo(["--app-version", "1.0.0", "--explain"])
      #expect(result.status == 0)
      #expect(result.stderr.contains("schema 99"))
      #expect(result.stderr.split(separator: "\n").count == 1)
      #expect(result.stdout.contains("not recorded"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: statePath)) == bytes)
  }

  @Test func unwritableStateDirectoryStillRunsAndWarnsOnce() throws {
    let file = root.appendingPathComponent("file.txt")
    try Data("x".utf8).write(to: file)
    let result = try Run.whatsnew(
      [
        "demo", "--state-dir", file.path + "/sub", "--content", content, "--app-version", "1.0.0",
        "--explain",
      ],
      environment: ["WHATSNEW_NOW": "2026-01-01T00:00:00Z"])
    #expect(result.status == 0)
    let warnings = result.stderr.split(separator: "\n")
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("cannot record") == true)
    #expect(result.stdout.contains("launch:       first"))
  }

  @Test func slowStepRunsOnceAcrossTwoProcesses() throws {
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    env["WHATSNEW_DEMO_STEP_DELAY_MS"] = "400"
    let errors = (0..<2).map { _ in Pipe() }
    let processes = errors.map { error in
      let p = Process()
      p.executableURL = TestPaths.whatsnewBinary
      p.arguments = ["demo", "--state-dir", stateDir, "--content", content, "--app-version", "2.0.0"]
      p.environment = env
      p.standardInput = FileHandle.nullDevice
      p.standardOutput = FileHandle.nullDevice
      p.standardError = error
      return p
    }
    for p in processes { try p.run() }
    let stderr = errors.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
    for p in processes { p.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let log = try String(contentsOfFile: stateDir + "/update-steps.log", encoding: .utf8)
    // A fresh install at 2.0.0: seed and index run, each exactly once.
    #expect(
      log.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == ["seed-notes", "build-index"])
    // The steps hold the lock for 0.8 s; a launch waits at most about a second for it, so on a
    // loaded machine the second one may go on unrecorded, and then it says so.
    let uncounted = stderr.filter { $0.contains("for over a second") }.count
    #expect(try state()["launchCount"] as? Int == 2 - uncounted, "stderr: \(stderr)")
  }

  @Test func upgradeRunsTheDemoStepsInOrderAndConvertsTheData() throws {
    #expect(try demo(["--app-version", "1.0.0"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: stateDir + "/notes.txt"))
    let result = try demo(["--app-version", "2.0.0", "--explain"], now: "2026-02-01T00:00:00Z")
    #expect(result.status == 0)
    #expect(result.stdout.contains("update steps: ran notes-to-json, add-tags, build-index"))
    let steps = try #require(try state()["updateSteps"] as? [String: Any])
    let completed = try #require(steps["completed"] as? [[String: Any]])
    #expect(
      completed.compactMap { $0["id"] as? String } == [
        "seed-notes", "notes-to-json", "add-tags", "build-index",
      ])
    #expect(completed.compactMap { $0["version"] as? String } == ["1.0.0", "1.1.0", "1.2.0", "2.0.0"])
    #expect(!FileManager.default.fileExists(atPath: stateDir + "/notes.txt"))
    let notes = try JSONSerialization.jsonObject(
      with: Data(contentsOf: URL(fileURLWithPath: stateDir + "/notes.json")))
    let dict = try #require(notes as? [String: Any])
    #expect(dict["format"] as? Int == 3)
    let first = try #require((dict["notes"] as? [[String: Any]])?.first)
    #expect(first["tags"] as? [String] == ["intro"])
    #expect(FileManager.default.fileExists(atPath: stateDir + "/notes-index.json"))
  }

  @Test func failingStepIsReportedThenCompletedOnTheNextLaunch() throws {
    #expect(try demo(["--app-version", "1.0.0"]).status == 0)
    let failed = try demo(["--app-version", "2.0.0"], env: ["WHATSNEW_DEMO_FAIL_STEP": "add-tags"])
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("update step add-tags (1.2.0) failed"))
    #expect(failed.stderr.split(separator: "\n").count == 1)
    var steps = try #require(try state()["updateSteps"] as? [String: Any])
    let failures = try #require(steps["failed"] as? [[String: Any]])
    #expect(failures.first?["id"] as? String == "add-tags")
    #expect(failures.first?["attempts"] as? Int == 1)
    #expect((failures.first?["message"] as? String)?.contains("WHATSNEW_DEMO_FAIL_STEP") == true)
    #expect(
      (steps["completed"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [
        "seed-notes", "notes-to-json",
      ])

    let retried = try demo(["--app-version", "2.0.0", "--explain"])
    #expect(retried.status == 0)
    #expect(retried.stdout.contains("ran add-tags, build-index"))
    steps = try #require(try state()["updateSteps"] as? [String: Any])
    #expect((steps["failed"] as? [Any])?.isEmpty == true)
    let completed = try #require(steps["completed"] as? [[String: Any]])
    #expect(
      completed.compactMap { $0["id"] as? String } == [
        "seed-notes", "notes-to-json", "add-tags", "build-index",
      ])
    #expect(completed.first { $0["id"] as? String == "add-tags" }?["attempts"] as? Int == 2)
  }

  @Test func explainNamesKindDecisionAndReason() throws {
    try demo(["--app-version", "1.0.0"])
    let result = try demo(["--app-version", "1.1.0", "--explain"], now: "2026-02-15T12:00:00Z")
    #expect(result.status == 0)
    #expect(result.stdout.contains("launch:       upgrade from 1.0.0 to 1.1.0, 45 days away"))
    #expect(result.stdout.contains("update steps: ran notes-to-json"))
    #expect(result.stdout.contains("decision:     nothing"))
    #expect(result.stdout.contains("reason:       not interactive"))
  }

  @Test func quietWhenNotInteractive() throws {
    let result = try demo(["--app-version", "1.0.0"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty && result.stderr.isEmpty)
  }

  @Test func simulationNeverTouchesTheRealState() throws {
    // A simulated upgrade is a minute after the last launch: no welcome back (issue 47).
    let result = try demo(["--simulate", "upgrade", "--explain"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("launch:       upgrade from 1.5.0 to 2.0.0, 0 days away"))
    #expect(result.stdout.contains("what's new from 1.5.0 to 2.0.0: 2.0.0"))
    #expect(!result.stdout.contains("welcome back"), "\(result.stdout)")
    #expect(!FileManager.default.fileExists(atPath: stateDir))
    let away = try demo(["--simulate", "upgrade", "--away", "45", "--explain"])
    #expect(
      away.stdout.contains("what's new from 1.5.0 to 2.0.0: 2.0.0, headed by welcome back (45 days away)"))
    let returning = try demo(["--simulate", "returning", "--away", "60", "--explain"])
    #expect(returning.stdout.contains("returning of 2.0.0, 60 days away"))
    #expect(returning.stdout.contains("welcome back (60 days away)"))
    #expect(!FileManager.default.fileExists(atPath: stateDir))
  }

  @Test func versionDefaultsToTheNewestReleaseInContent() throws {
    try demo([])
    #expect(try lastLaunch()["to"] as? String == "2.0.0")
  }

  @Test func usageErrorsExitTwoWithOneLine() throws {
    for args in [
      ["--app-version", "01.2.3"], ["--open", "http://example.com"], ["--returning-after", "0"],
      ["--app-id", "../etc"], ["--color", "purple"], ["--no-such-flag"],
    ] {
      let result = try demo(args)
      #expect(result.status == 2, "\(args): \(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1, "\(args): \(result.stderr)")
      #expect(result.stderr.hasPrefix("whatsnew: "), "\(args)")
    }
    let badNow = try demo([], now: "yesterday")
    #expect(badNow.status == 2 && badNow.stderr.contains("WHATSNEW_NOW"))
  }

  @Test func deepLinkToMissingNotesFails() throws {
    let result = try demo(["--open", "whatsnew://notes/9.9.9"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("no release notes for version 9.9.9"))
    #expect(try state()["launchCount"] as? Int == 0)  // a bad link changes nothing
  }

  @Test func resetNeedsYesWhenNotInteractive() throws {
    try demo(["--app-version", "1.0.0"])
    let refused = try Run.whatsnew(["reset", "--state-dir", stateDir])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("--yes"))
    #expect(FileManager.default.fileExists(atPath: statePath))
    // As the demo leaves it when the user quits from the browser.
    try Data(#"{"place":"releaseNotes","version":"1.0.0","scroll":0}"#.utf8).write(
      to: URL(fileURLWithPath: stateDir + "/ui-restoration.json"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: stateDir).count > 2)
    let done = try Run.whatsnew(["reset", "--yes", "--state-dir", stateDir])
    #expect(done.status == 0)
    #expect(done.stdout.contains("ui-restoration.json"))
    // Every file the launches made is gone.
    #expect(try FileManager.default.contentsOfDirectory(atPath: stateDir) == [])
    try demo(["--app-version", "1.0.0"])
    #expect(try lastLaunch()["kind"] as? String == "first")
    #expect(try state()["launchCount"] as? Int == 1)
  }

  @Test(
    .requires(TestPaths.hasTool("script"), "needs script(1) to fake a terminal (Debian package bsdutils)"))
  func resetAsksOnATerminal() throws {
    try demo(["--app-version", "1.0.0"])
    let command = "\(TestPaths.whatsnewBinary.path) reset --state-dir \(stateDir)"
    let declined = try Run.process(
      URL(fileURLWithPath: "/usr/bin/env"), ["script", "-qec", command, "/dev/null"], stdin: Data("n\n".utf8))
    #expect(declined.stdout.contains("[y/N]") && declined.stdout.contains("Nothing changed."))
    #expect(FileManager.default.fileExists(atPath: statePath))
    let accepted = try Run.process(
      URL(fileURLWithPath: "/usr/bin/env"), ["script", "-qec", command, "/dev/null"], stdin: Data("y\n".utf8))
    #expect(accepted.stdout.contains("Forgot the launch state of whatsnew-demo"))
    #expect(!FileManager.default.fileExists(atPath: statePath))
  }

  @Test func stateWithoutLaunchesAndHumanReadable() throws {
    let empty = try Run.whatsnew(["state", "--state-dir", stateDir])
    #expect(empty.status == 0 && empty.stdout.contains("No launches of whatsnew-demo recorded"))
    #expect(try state()["launchCount"] as? Int == 0)
    try demo(["--app-version", "1.0.0"])
    let human = try Run.whatsnew(["state", "--state-dir", stateDir])
    #expect(human.stdout.contains("Last launch:      first of 1.0.0"))
    #expect(human.stdout.contains("Update steps:     1 completed, 0 not needed, 0 failed"))
  }

  @Test func corruptStateIsReportedByStateWithoutRepair() throws {
    try FileManager.default.createDirectory(atPath: stateDir, withIntermediateDirectories: true)
    try Data("{oops".utf8).write(to: URL(fileURLWithPath: statePath))
    let result = try Run.whatsnew(["state", "--json", "--state-dir", stateDir])
    #expect(result.status == 1)
    #expect(result.stderr.contains("corrupt"))
    #expect(try String(contentsOfFile: statePath, encoding: .utf8) == "{oops")
  }
}

@Suite struct LaunchCrashTests {
  @Test func processKilledWhileWritingLeavesAValidStateFile() throws {
    let scratch = try TemporaryDirectory("launch-crash")
    let stateDir = scratch.url.appendingPathComponent("state").path
    let args = ["demo", "--state-dir", stateDir, "--app-version", "1.0.0"]
    #expect(try Run.whatsnew(args).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: stateDir + "/launch-state.json"))

    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    env["WHATSNEW_WRITE_DELAY_MS"] = "30000"
    let p = Process()
    p.executableURL = TestPaths.whatsnewBinary
    p.arguments = args
    p.environment = env
    p.standardInput = FileHandle.nullDevice
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    // Wait until the new state is in the temporary file, then kill the writer.
    let temp = stateDir + "/.launch-state.json.tmp"
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: temp) && Date() < deadline { usleep(10_000) }
    #expect(FileManager.default.fileExists(atPath: temp))
    kill(p.processIdentifier, SIGKILL)
    p.waitUntilExit()
    #expect(p.terminationReason == .uncaughtSignal)

    // The old file is intact and the next launch carries on from it.
    #expect(try Data(contentsOf: URL(fileURLWithPath: stateDir + "/launch-state.json")) == before)
    let next = try Run.whatsnew(args)
    #expect(next.status == 0 && next.stderr.isEmpty)
    let state = try Run.whatsnew(["state", "--json", "--state-dir", stateDir])
    let json = try #require(try JSONSerialization.jsonObject(with: Data(state.stdout.utf8)) as? [String: Any])
    #expect(json["launchCount"] as? Int == 2)
    #expect(!FileManager.default.fileExists(atPath: temp))
  }
}
