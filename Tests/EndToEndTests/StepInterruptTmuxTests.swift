import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An update step never holds a launch up: Ctrl-C stops a running `greet --steps` command, and
/// a second launch does not wait for the first one's steps.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct StepInterruptTmuxTests {
  /// A scratch app: the example host's notes, a state directory, and a steps file whose one step
  /// writes its shell's pid and sleeps 100 s.
  private struct App {
    let directory: URL
    var notes: String { directory.appendingPathComponent("notes").path }
    var state: String { directory.appendingPathComponent("state").path }
    var steps: String { directory.appendingPathComponent("steps.json").path }
    var pidFile: String { directory.appendingPathComponent("step.pid").path }
    var reportPath: String { directory.appendingPathComponent("report.json").path }

    init() throws {
      directory = try TestPaths.makeTemporaryDirectory("step-interrupt")
      try FileManager.default.copyItem(
        at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"),
        to: directory.appendingPathComponent("notes"))
      try writeSteps(run: "echo $$ > '\(pidFile)'; exec sleep 100")
    }

    func writeSteps(run: String) throws {
      let step: [String: Any] = [
        "id": "wait", "version": "1.0.0", "summary": "Waiting for sleep", "run": run, "freshInstall": true,
      ]
      try JSONSerialization.data(withJSONObject: [step]).write(to: URL(fileURLWithPath: steps))
    }

    func arguments(_ extra: String = "") -> String {
      "greet --app-id tally --app-name Tally --app-version 1.0.0 --content '\(notes)' --state-dir '\(state)' "
        + "--steps '\(steps)' \(extra)"
    }

    func report() throws -> [String: Any] {
      let data = try Data(contentsOf: URL(fileURLWithPath: reportPath))
      return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The step's shell, once it has written its pid.
    func stepPid() throws -> pid_t {
      let deadline = Date().addingTimeInterval(TmuxSession.defaultTimeout)
      while Date() < deadline {
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
          let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
          return pid
        }
        usleep(20_000)
      }
      throw TmuxSession.Failure.timeout("the step's pid file", screen: "")
    }
  }

  @Test func ctrlCDuringASleepStepStopsItAndTheStepIsRetried() throws {
    let app = try App()
    defer { TestPaths.removeTree(app.directory.path) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    try tmux.start(app.arguments("--report '\(app.reportPath)'"))
    try tmux.waitFor("Step 1 of 1")
    try tmux.waitFor("Ctrl-C stops the update")
    let child = try app.stepPid()
    let pressed = Date()
    try tmux.keys("C-c")
    let status = try tmux.waitForExit()
    let elapsed = Date().timeIntervalSince(pressed)
    #expect(status == 130)
    #expect(elapsed < 2, "Ctrl-C took \(elapsed) s to end the launch")
    try expectRestored(tmux)
    // The step's process is gone (it was signalled, not left to sleep).
    #expect(kill(child, 0) != 0 && errno == ESRCH, "the step's sleep is still running")

    let report = try app.report()
    #expect(report["exit"] as? String == "interrupted")
    #expect((report["updateSteps"] as? [String: [String]])?["failed"] == ["wait"])

    // The next launch runs it again; this time it completes.
    try app.writeSteps(run: "true")
    let again = try Run.whatsnew(
      [
        "greet", "--app-id", "tally", "--app-version", "1.0.0", "--content", app.notes, "--state-dir",
        app.state,
      ]
        + ["--steps", app.steps, "--report", app.reportPath])
    #expect(again.status == 0, "\(again.stderr)")
    #expect((try app.report()["updateSteps"] as? [String: [String]])?["completed"] == ["wait"])
  }

  @Test func aConcurrentLaunchWhileAStepRunsDoesNotWaitForIt() throws {
    let app = try App()
    defer { TestPaths.removeTree(app.directory.path) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    try tmux.start(app.arguments())
    try tmux.waitFor("Step 1 of 1")
    _ = try app.stepPid()

    // A second launch of the same app, while the first holds the state for its step.
    let started = Date()
    let second = try Run.whatsnew(
      [
        "greet", "--app-id", "tally", "--app-version", "1.0.0", "--content", app.notes, "--state-dir",
        app.state,
      ]
        + ["--steps", app.steps, "--report", app.reportPath, "--explain"])
    let elapsed = Date().timeIntervalSince(started)
    #expect(elapsed < 3, "the second launch took \(elapsed) s")
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.contains("holds the state lock"), "\(second.stdout)")
    #expect(second.stderr.isEmpty, "\(second.stderr)")  // with --report, the problem is only there
    let report = try app.report()
    #expect(report["shown"] is NSNull && report["exit"] as? String == "nothing-shown")
    #expect((report["problems"] as? [String])?.first?.contains("another launch has held") == true)

    // The first is still running its step; Ctrl-C ends it.
    #expect(try tmux.capture().contains("Step 1 of 1"))
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)
    try expectRestored(tmux)
  }

  @Test func ctrlCDuringTheDemosStepsEndsItWith130AndRecordsTheStep() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.skipTheDemosWalkthroughAsVersion100(common)

    // The upgrade's first step would take a minute; the demo's steps stop when asked.
    try tmux.start("demo \(common)", environment: "WHATSNEW_DEMO_STEP_DELAY_MS=60000")
    try tmux.waitFor("Step 1 of")
    let pressed = Date()
    try tmux.keys("C-c")
    let status = try tmux.waitForExit()
    let elapsed = Date().timeIntervalSince(pressed)
    #expect(status == 130)
    #expect(elapsed < 2, "Ctrl-C took \(elapsed) s to end the demo")
    try expectRestored(tmux)
    let json = try Run.whatsnew(["state", "--state-dir", state, "--json"])
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let steps = try #require(parsed?["updateSteps"] as? [String: Any])
    let failed = try #require((steps["failed"] as? [[String: Any]])?.first)
    #expect(failed["id"] as? String == "notes-to-json")
    #expect(failed["message"] as? String == "interrupted (Ctrl-C)")
  }

  /// A Swift step that never checks whether it should stop (the demo's QA knob): Ctrl-C shows
  /// "Stopping…" on the progress screen at once, and after the 2 s grace the launch ends with
  /// 130, the step recorded as left running.
  @Test func ctrlCDuringAStepThatIgnoresItShowsStoppingAtOnce() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.skipTheDemosWalkthroughAsVersion100(common)

    try tmux.start(
      "demo \(common)", environment: "WHATSNEW_DEMO_STEP_DELAY_MS=60000 WHATSNEW_DEMO_STEP_IGNORES_STOP=1")
    try tmux.waitFor("Ctrl-C stops the update")
    let pressed = Date()
    try tmux.keys("C-c")
    try tmux.waitFor("Stopping…", timeout: 5)
    let shown = Date().timeIntervalSince(pressed)
    #expect(shown < 0.3, "\"Stopping…\" took \(shown) s to show")
    #expect(try tmux.waitForExit() == 130)
    try expectRestored(tmux)
    let json = try Run.whatsnew(["state", "--state-dir", state, "--json"])
    let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let steps = try #require(parsed?["updateSteps"] as? [String: Any])
    let failed = try #require((steps["failed"] as? [[String: Any]])?.first)
    #expect(
      failed["message"] as? String == "interrupted (Ctrl-C); it did not stop within 2 s and was left running")
  }

  /// What a `greet --steps` command receives: SIGINT when the user presses Ctrl-C, in the
  /// full-screen mode (where the greeter reads the key and signals the step's process group)
  /// and in the accessible mode (where the terminal's SIGINT reaches only the greeter and its
  /// caller: the step runs in a process group of its own, and the greeter passes SIGINT on);
  /// SIGTERM when the step runs past its time limit.
  @Test(arguments: ["", "--accessible"])
  func aStepGetsSIGINTForCtrlCAndSIGTERMForItsTimeLimit(mode: String) throws {
    let app = try App()
    defer { TestPaths.removeTree(app.directory.path) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let got = app.directory.appendingPathComponent("got").path
    let traps = "trap 'echo INT >> \(got); exit 1' INT; trap 'echo TERM >> \(got); exit 1' TERM"
    try app.writeSteps(run: "\(traps); echo $$ > '\(app.pidFile)'; sleep 100 & wait")

    try tmux.start(app.arguments(mode))
    _ = try app.stepPid()
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)
    #expect(try String(contentsOfFile: got, encoding: .utf8) == "INT\n")

    // Past its time limit (0.5 s here) the same step gets SIGTERM.
    try FileManager.default.removeItem(atPath: got)
    try FileManager.default.removeItem(atPath: app.pidFile)
    let step: [String: Any] = [
      "id": "wait", "version": "1.0.0", "summary": "Waiting for sleep", "freshInstall": true,
      "run": "\(traps); echo $$ > '\(app.pidFile)'; sleep 100 & wait", "timeLimit": 0.5,
    ]
    try JSONSerialization.data(withJSONObject: [step]).write(to: URL(fileURLWithPath: app.steps))
    try tmux.start(app.arguments(mode))
    _ = try app.stepPid()
    try tmux.waitFor("could not finish updating")
    #expect(try String(contentsOfFile: got, encoding: .utf8) == "TERM\n")
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)
  }

  /// A step that fails on a launch that shows nothing else (no walkthrough to show): the
  /// progress screen ends on the failure, which waits for a key as every screen does, and
  /// `--explain` names the step and why.
  @Test func aFailedStepIsShownAndExplainedWhenNothingElseIs() throws {
    let app = try App()
    defer { TestPaths.removeTree(app.directory.path) }
    try FileManager.default.removeItem(atPath: app.notes + "/onboarding.md")
    try app.writeSteps(run: "exit 3")
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    try tmux.start(app.arguments("--explain"))
    try tmux.waitFor("An update step failed")
    try tmux.waitFor("wait (1.0.0)")
    try tmux.keys("Enter")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("EXIT:0")
    #expect(screen.contains("steps:     wait (1.0.0) failed:"), "\(screen)")
    try expectRestored(tmux)
  }

  /// Ctrl-Z on the progress screen suspends the launch as on the other screens (the terminal
  /// given back), and `fg` shows the progress again.
  @Test func ctrlZOnTheProgressScreenSuspendsAndFgShowsItAgain() throws {
    let app = try App()
    defer { TestPaths.removeTree(app.directory.path) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    // Started on its own (a stopped job would let a command list run on).
    try tmux.run("clear; \(tmux.binary) \(app.arguments())")
    try tmux.waitFor("Step 1 of 1")
    _ = try app.stepPid()
    try tmux.keys("C-z")
    try tmux.waitFor("Stopped")
    #expect(try tmux.display("#{alternate_on}") == "0")
    try tmux.run("fg")
    try tmux.waitUntil("the progress screen again") { $0.contains("Step 1 of 1") && !$0.contains("Stopped") }
    #expect(try tmux.display("#{alternate_on}") == "1")
    try tmux.keys("C-c")
    try tmux.waitUntil("the alternate screen to close") { _ in (try? tmux.display("#{alternate_on}")) == "0" }
    try tmux.run("echo \"EX\"\"IT:$?\"")
    try tmux.waitFor("EXIT:130")
  }

  private func expectRestored(_ tmux: TmuxSession) throws {
    let stty = tmux.sttySnapshots()
    #expect(!stty.before.isEmpty && stty.before == stty.after, "the terminal modes changed")
    #expect(try tmux.display("#{alternate_on}") == "0", "still on the alternate screen")
  }
}
