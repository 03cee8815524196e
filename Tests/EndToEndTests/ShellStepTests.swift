import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `greet --steps` commands without a terminal: a command past its time limit is stopped (TERM,
/// then KILL for one that ignores TERM), a SIGINT stops the running command and ends the launch
/// as interrupted, and both are recorded so the step is retried next launch.
@Suite struct ShellStepTests {
  /// The example host's notes, a state directory and a steps file in a scratch directory.
  private struct App {
    let directory: TemporaryDirectory
    var notes: String { directory.path + "/notes" }
    var state: String { directory.path + "/state" }
    var steps: String { directory.path + "/steps.json" }
    var pidFile: String { directory.path + "/step.pid" }

    /// `run` is given the file the step should write its shell's pid to.
    init(run: (String) -> String, timeLimit: Double? = nil) throws {
      directory = try TemporaryDirectory("shell-steps")
      let run = run(directory.path + "/step.pid")
      try FileManager.default.copyItem(
        at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"),
        to: URL(fileURLWithPath: notes))
      var step: [String: Any] = [
        "id": "wait", "version": "1.0.0", "summary": "Waiting", "run": run, "freshInstall": true,
      ]
      if let timeLimit { step["timeLimit"] = timeLimit }
      try JSONSerialization.data(withJSONObject: [step]).write(to: URL(fileURLWithPath: steps))
    }

    var arguments: [String] {
      [
        "greet", "--app-id", "tally", "--app-version", "1.0.0", "--content", notes, "--state-dir", state,
        "--steps", steps,
      ]
    }

    /// The recorded failure of the step, if any.
    func failure() throws -> [String: Any]? {
      let result = try Run.whatsnew(["state", "--state-dir", state, "--app-id", "tally", "--json"])
      let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      return ((json?["updateSteps"] as? [String: Any])?["failed"] as? [[String: Any]])?.first
    }

    /// The pid the step's shell wrote, waiting for it at most 30 s.
    func stepPid() throws -> pid_t {
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline {
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
          let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
          return pid
        }
        usleep(20_000)
      }
      throw KillableProcessError(message: "the step never wrote \(pidFile)")
    }
  }

  @Test func aCommandPastItsTimeLimitIsKilledEvenIfItIgnoresSIGTERM() throws {
    let app = try App(run: { "trap '' TERM; echo $$ > '\($0)'; sleep 100" }, timeLimit: 0.3)
    let result = try BoundedRun.whatsnew(app.arguments, timeout: 30)
    #expect(result.exited(0), "\(result.outcome.map(\.description) ?? "hung"): \(result.stderr)")
    let failure = try #require(try app.failure())
    #expect(failure["id"] as? String == "wait")
    #expect(failure["message"] as? String == "stopped: it ran past its time limit of 300 ms")
    let shell = try app.stepPid()
    #expect(kill(shell, 0) != 0 && errno == ESRCH, "the step's shell is still running")
  }

  @Test func aTimeLimitThatIsNotAPositiveNumberOfSecondsIsRefused() throws {
    let app = try App(run: { _ in "true" }, timeLimit: -1)
    let result = try Run.whatsnew(app.arguments)
    #expect(result.status == 1)
    #expect(result.stderr.contains("step 1 (wait) has a timeLimit of -1.0"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: app.state + "/launch-state.json"))
  }

  @Test func sigintWithoutATerminalStopsTheCommandAndIsRecorded() throws {
    let app = try App(run: { "echo $$ > '\($0)'; exec sleep 100" })
    let greet = try KillableProcess(
      TestPaths.whatsnewBinary, app.arguments, environment: KillableProcess.environment([:]))
    let shell = try app.stepPid()
    greet.send(SIGINT)
    let outcome = greet.wait(timeout: 10)
    #expect(outcome == .signalled(SIGINT), "\(outcome.map(\.description) ?? "hung")")
    #expect(kill(shell, 0) != 0 && errno == ESRCH, "the step's sleep is still running")
    #expect(try app.failure()?["message"] as? String == "interrupted by signal \(SIGINT)")
  }
}
