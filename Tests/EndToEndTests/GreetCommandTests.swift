import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `whatsnew greet` as a tool in another language runs it at start-up.
@Suite(.serialized) struct GreetCommandTests {
  /// A scratch directory with the example host's three-version notes and a state directory.
  private func makeApp() throws -> (directory: URL, notes: String, state: String) {
    let directory = try TestPaths.makeTemporaryDirectory("greet")
    let notes = directory.appendingPathComponent("notes")
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"), to: notes)
    return (directory, notes.path, directory.appendingPathComponent("state").path)
  }

  private func greet(
    _ version: String, _ app: (directory: URL, notes: String, state: String), _ extra: [String] = []
  )
    throws -> ProcessResult
  {
    try Run.whatsnew(
      [
        "greet", "--app-id", "tally", "--app-name", "Tally", "--app-version", version, "--content", app.notes,
        "--state-dir", app.state,
      ] + extra)
  }

  private func state(_ app: (directory: URL, notes: String, state: String)) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: app.state + "/launch-state.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func walkthroughSheetThenNothingInATerminal() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let common = "greet --app-id tally --app-name Tally --content '\(app.notes)' --state-dir '\(app.state)'"
    func expectRestored(_ step: String) throws {
      let stty = tmux.sttySnapshots()
      #expect(!stty.before.isEmpty && stty.before == stty.after, "\(step): the terminal modes changed")
      #expect(try tmux.display("#{alternate_on}") == "0", "\(step): still on the alternate screen")
    }

    try tmux.start("\(common) --app-version 1.0.0")
    let walkthrough = try tmux.waitFor("Welcome to Tally")
    #expect(!walkthrough.contains("Jot") && !walkthrough.lowercased().contains("whatsnew"))
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored("the walkthrough")

    let report = app.directory.appendingPathComponent("report.json")
    try tmux.start("\(common) --app-version 2.0.0 --report '\(report.path)'")
    let sheet = try tmux.waitFor("What's new in Tally 2.0.0")
    #expect(sheet.contains("Covers 2.0.0 · 1.1.0"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored("the sheet")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    let launch = json["launch"] as? [String: Any]
    #expect(launch?["kind"] as? String == "upgrade" && launch?["from"] as? String == "1.0.0")
    #expect(launch?["to"] as? String == "2.0.0" && launch?["count"] as? Int == 2)
    #expect(json["shown"] as? String == "whats-new" && json["exit"] as? String == "done")
    #expect(json["versions"] as? [String] == ["2.0.0", "1.1.0"])
    #expect((json["pending"] as? [String])?.isEmpty == true)

    try tmux.start("\(common) --app-version 2.0.0")
    #expect(try tmux.waitForExit() == 0)
    #expect(try !tmux.capture().contains("What's new"))
    try expectRestored("the third launch")

    // Ctrl-C: 130, the terminal restored, nothing marked seen.
    try tmux.start("\(common) --app-version 2.0.0 --returning-after 1", environment: "TALLY_NOW=2030-01-01")
    try tmux.waitFor("Welcome back to Tally")
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)
    try expectRestored("Ctrl-C")
    #expect((try state(app)["pending"] as? [[String: Any]])?.first?["kind"] as? String == "welcome-back")
  }

  /// A release's action (`actions:` in its front matter) is named in the sheet's footer, and
  /// its key ends `greet` with status 0 and the id in `--report`.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func anActionsKeyEndsGreetWithItsIdInTheReport() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let file = app.notes + "/2.0.0.md"
    let notes = try String(contentsOfFile: file, encoding: .utf8)
    try notes.replacingOccurrences(
      of: "title: Tally 2\n",
      with: "title: Tally 2\nactions:\n  - key: t\n    id: try-export\n    label: Try the new export\n"
    ).write(toFile: file, atomically: true, encoding: .utf8)
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let common = "greet --app-id tally --app-name Tally --content '\(app.notes)' --state-dir '\(app.state)'"
    try tmux.start("\(common) --app-version 1.0.0")
    try tmux.waitFor("Welcome to Tally")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
    let report = app.directory.appendingPathComponent("report.json")
    try tmux.start("\(common) --app-version 2.0.0 --report '\(report.path)'")
    let sheet = try tmux.waitFor("t Try the new export")
    #expect(sheet.contains("What's new in Tally 2.0.0"))
    try tmux.keys("t")
    #expect(try tmux.waitForExit() == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
    #expect(json["action"] as? String == "try-export" && json["exit"] as? String == "action", "\(json)")
    #expect((json["pending"] as? [String])?.isEmpty == true)
  }

  @Test func pipedItPrintsNothingAndKeepsTheSheetPending() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let first = try greet("1.0.0", app)
    #expect(first.status == 0 && first.stdout.isEmpty && first.stderr.isEmpty)
    let upgrade = try greet("2.0.0", app)
    #expect(upgrade.status == 0 && upgrade.stdout.isEmpty && upgrade.stderr.isEmpty)
    let pending = try state(app)["pending"] as? [[String: Any]]
    #expect(
      pending?.contains { $0["kind"] as? String == "whats-new" && $0["since"] as? String == "1.0.0" } == true)
  }

  /// A problem (here a corrupt state file, moved aside) is printed once, under the app's name,
  /// and only where the caller wants it: with `--report` in the report alone (both with
  /// `--print-problems`); without, on stderr when a person is at the terminal (the tmux test
  /// below) or when the launch fails, and not at all on a piped launch that goes on.
  @Test func aProblemGoesToTheReportOrUnderTheAppsName() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let report = app.directory.appendingPathComponent("report.json")
    func corrupt() throws {
      try FileManager.default.createDirectory(atPath: app.state, withIntermediateDirectories: true)
      try Data("{ not json".utf8).write(to: URL(fileURLWithPath: app.state + "/launch-state.json"))
    }
    func reported() throws -> [String] {
      let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
      return json?["problems"] as? [String] ?? []
    }

    try corrupt()
    let quiet = try greet("1.0.0", app, ["--report", report.path])
    #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    #expect(try reported().count == 1 && reported().first?.contains("launch-state.json was corrupt") == true)

    try corrupt()
    let both = try greet("1.0.0", app, ["--report", report.path, "--print-problems"])
    let lines = both.stderr.split(separator: "\n")
    #expect(both.status == 0 && lines.count == 1, "\(both.stderr)")
    #expect(lines.first?.hasPrefix("Tally: warning: ") == true && both.stderr.contains("was corrupt"))
    #expect(try reported().count == 1)

    try corrupt()
    let piped = try greet("1.0.0", app)
    #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")

    // A state it cannot use at all fails the launch: its line is printed, under the app's name.
    let file = app.directory.appendingPathComponent("not-a-directory").path
    try Data().write(to: URL(fileURLWithPath: file))
    let failed = try Run.whatsnew([
      "greet", "--app-id", "tally", "--app-name", "Tally", "--app-version", "1.0.0", "--content", app.notes,
      "--state-dir", file,
    ])
    #expect(failed.status == 1 && !failed.stderr.isEmpty, "\(failed.stderr)")
    #expect(failed.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("Tally: ") }, "\(failed.stderr)")
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func aProblemIsPrintedOnceUnderTheAppsNameAtATerminal() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    try FileManager.default.createDirectory(atPath: app.state, withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: app.state + "/launch-state.json"))
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "greet --app-id tally --app-name Tally --app-version 1.0.0 --content '\(app.notes)' --state-dir '\(app.state)'"
    )
    try tmux.waitFor("Welcome to Tally")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.capture()
    #expect(screen.components(separatedBy: "Tally: warning: ").count == 2, "\(screen)")
    #expect(!screen.contains("whatsnew:"), "\(screen)")
  }

  /// `state`, `history`, `settings` and `reset` read a `greet` tool's state with `--state-dir`
  /// alone: the file names the app, and the output's first line says so (stderr with `--json`,
  /// which stays one JSON object). An `--app-id` that disagrees with the file is still refused.
  @Test func stateCommandsReadAToolsStateWithoutAppID() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    #expect(try greet("1.0.0", app).status == 0)
    let note = "App \"tally\", which \(app.state)/launch-state.json names (no --app-id given)."

    let json = try Run.whatsnew(["state", "--state-dir", app.state, "--json"])
    #expect(json.status == 0, "\(json.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["appID"] as? String == "tally" && object?["launchCount"] as? Int == 1, "\(json.stdout)")
    #expect(json.stderr == "whatsnew: " + note + "\n", "\(json.stderr)")

    for arguments in [["state"], ["history"], ["settings"], ["settings", "whats-new", "off"]] {
      let run = try Run.whatsnew(arguments + ["--state-dir", app.state])
      #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
      #expect(run.stdout.split(separator: "\n").first.map(String.init) == note, "\(arguments): \(run.stdout)")
    }
    #expect(try state(app)["whatsNewOff"] as? Bool == true)

    let other = try Run.whatsnew(["state", "--app-id", "other", "--state-dir", app.state])
    #expect(other.status == 1 && other.stderr.contains(#"belongs to the app "tally""#), "\(other.stderr)")

    let reset = try Run.whatsnew(["reset", "--yes", "--state-dir", app.state])
    #expect(reset.status == 0 && reset.stdout.hasPrefix(note + "\n"), "\(reset.stdout) \(reset.stderr)")
    #expect(reset.stdout.contains("Forgot the launch state of tally"))
    #expect(!FileManager.default.fileExists(atPath: app.state + "/launch-state.json"))
  }

  @Test func badInputIsOneLineAndTheDocumentedStatus() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let missing = try Run.whatsnew(
      ["greet", "--app-id", "tally", "--app-version", "1.0.0", "--content", app.notes + "-gone"])
    #expect(missing.status == 1 && missing.stderr.contains(app.notes + "-gone"))
    #expect(missing.stderr.split(separator: "\n").count == 1)
    let usage = try Run.whatsnew([
      "greet", "--app-id", "tally", "--app-version", "one", "--content", app.notes,
    ])
    #expect(usage.status == 2 && usage.stderr.contains("--app-version"))
    let noID = try Run.whatsnew(["greet", "--app-version", "1.0.0", "--content", app.notes])
    #expect(noID.status == 2)
    let steps = app.directory.appendingPathComponent("steps.json")
    try Data(#"[{"id": "a", "version": "1.0.0", "summary": "A"}]"#.utf8).write(to: steps)
    let badSteps = try greet("1.0.0", app, ["--steps", steps.path])
    #expect(badSteps.status == 1 && badSteps.stderr.contains(#"step 1 has no "run""#), "\(badSteps.stderr)")
  }

  /// The options that only tune the update card are usage errors without `--feed`: each one
  /// line naming the option, status 2, nothing recorded.
  @Test(arguments: [
    ["--executable", "/usr/local/bin/tally"], ["--upgrade-command", "brew upgrade tally"],
    ["--managed-by", "apt"],
  ])
  func cardOptionsWithoutAFeedAreUsageErrors(option: [String]) throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let result = try greet("1.0.0", app, option)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr == "whatsnew: \(option[0]) needs --feed (see 'whatsnew greet --help')\n",
      "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: app.state))
  }

  /// A failing step is retried on the next launch and never runs twice once it has succeeded,
  /// also with 20 launches at once (of which those kept from the state lock for over a second go
  /// on uncounted, and say so).
  @Test func stepsRunOnceEachAndAFailureIsRetried() throws {
    let app = try makeApp()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let ran = app.directory.appendingPathComponent("ran").path
    let allow = app.directory.appendingPathComponent("allow").path
    let steps = app.directory.appendingPathComponent("steps.json")
    let json = """
      [
        {"id": "seed", "version": "1.0.0", "summary": "Seeding", "run": "echo seed >> '\(ran)'", "freshInstall": true},
        {"id": "convert", "version": "2.0.0", "summary": "Converting",
         "run": "test -e '\(allow)' && echo convert >> '\(ran)' && sleep 0.2"}
      ]
      """
    try Data(json.utf8).write(to: steps)
    func ranLines() -> [String] {
      ((try? String(contentsOfFile: ran, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    #expect(try greet("1.0.0", app, ["--steps", steps.path]).status == 0)
    #expect(ranLines() == ["seed"])
    // 2.0.0 without the file the step needs: it fails, is recorded, and the launch goes on.
    let failing = try greet("2.0.0", app, ["--steps", steps.path])
    #expect(failing.status == 0)
    let log = try String(contentsOfFile: app.state + "/steps.log", encoding: .utf8)
    #expect(log.contains("== convert (2.0.0): Converting"))
    let failed = (try state(app)["updateSteps"] as? [String: Any])?["failed"] as? [[String: Any]]
    #expect(failed?.first?["id"] as? String == "convert")

    // Now it can succeed: 20 launches at once run it exactly once.
    try #require(FileManager.default.createFile(atPath: allow, contents: Data()), "cannot create \(allow)")
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    let crowd = try (0..<20).map { i in
      let p = Process()
      p.executableURL = TestPaths.whatsnewBinary
      p.arguments = [
        "greet", "--app-id", "tally", "--app-version", "2.0.0", "--content", app.notes, "--state-dir",
        app.state,
        "--steps", steps.path, "--print-problems",
      ]
      p.environment = env
      p.standardInput = FileHandle.nullDevice
      p.standardOutput = FileHandle.nullDevice
      let error = app.directory.appendingPathComponent("stderr-\(i)")
      try #require(
        FileManager.default.createFile(atPath: error.path, contents: nil), "cannot create \(error.path)")
      p.standardError = try FileHandle(forWritingTo: error)
      return p
    }
    for p in crowd { try p.run() }  // all started before any is waited for
    for p in crowd { p.waitUntilExit() }
    #expect(crowd.allSatisfy { $0.terminationStatus == 0 })
    let uncounted = try (0..<20).filter {
      try String(contentsOf: app.directory.appendingPathComponent("stderr-\($0)"), encoding: .utf8)
        .contains(LockBusy.warning)
    }.count
    #expect(ranLines() == ["seed", "convert"])
    #expect(try greet("2.0.0", app, ["--steps", steps.path]).status == 0)
    #expect(ranLines() == ["seed", "convert"])
    #expect(try state(app)["launchCount"] as? Int == 23 - uncounted)

    // reset forgets the app and removes every file its launches made, the steps' log too.
    let reset = try Run.whatsnew(["reset", "--yes", "--app-id", "tally", "--state-dir", app.state])
    #expect(reset.status == 0, "\(reset.stderr)")
    #expect(reset.stdout.contains("steps.log"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: app.state) == [])
  }
}
