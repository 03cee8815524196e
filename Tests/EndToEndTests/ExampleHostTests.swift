import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `Examples/SwiftHost` (the app "Tally") as an adopter ships it: the release binary copied
/// alone to a scratch directory, run from `/` with a fresh `HOME`. CI builds it and sets
/// `WHATSNEW_EXAMPLE_HOST` to the binary; without it these tests are skipped.
enum ExampleHost {
  static let binary: String? = {
    guard let path = ProcessInfo.processInfo.environment["WHATSNEW_EXAMPLE_HOST"], !path.isEmpty else {
      return nil
    }
    return path
  }()

  static var present: Bool { binary != nil }

  /// Why the tests are skipped without it, and how to run them.
  static let missing =
    "WHATSNEW_EXAMPLE_HOST is not set to a release build of Examples/SwiftHost's tally "
    + "(swift build -c release --package-path Examples/SwiftHost; .ci/run does it)"

  /// A copy of the host: its scratch directory, the binary in it and an empty home.
  typealias Installed = (directory: URL, binary: String, home: String)

  /// A scratch directory holding only a copy of the binary (`bin/tally`) and an empty home.
  static func install() throws -> Installed {
    let directory = try TestPaths.makeTemporaryDirectory("example-host")
    let bin = directory.appendingPathComponent("bin")
    let home = directory.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let copy = bin.appendingPathComponent("tally")
    try Spawning.copyExecutable(from: try #require(binary), to: copy.path)
    return (directory, copy.path, home.path)
  }

  /// Runs `body` with the host installed (``install()``) and a tmux session whose shell is in
  /// `/`, and removes both after it.
  static func inTmux(_ body: (Installed, TmuxSession) throws -> Void) throws {
    let host = try install()
    defer { try? FileManager.default.removeItem(at: host.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.run("cd /")
    try body(host, tmux)
  }
}

@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing),
  .requires(ExampleHost.present, ExampleHost.missing))
struct ExampleHostTests {
  @Test func walkthroughThenSheetThenNothingFromASingleBinary() throws {
    try ExampleHost.inTmux { host, tmux in
      func launch(_ version: String) throws {
        try tmux.start(
          "", environment: "HOME='\(host.home)' TALLY_PRETEND_VERSION=\(version)", program: "'\(host.binary)'"
        )
      }
      func expectRestored(_ step: String) throws {
        let stty = tmux.sttySnapshots()
        #expect(!stty.before.isEmpty && stty.before == stty.after, "\(step): the terminal modes changed")
        #expect(try tmux.display("#{alternate_on}") == "0", "\(step): still on the alternate screen")
      }

      try launch("1.0.0")
      let walkthrough = try tmux.waitFor("Welcome to Tally")
      #expect(walkthrough.contains("1/3"))
      #expect(!walkthrough.contains("Jot") && !walkthrough.lowercased().contains("whatsnew"))
      try tmux.keys("s")
      #expect(try tmux.waitForExit() == 0)
      try tmux.waitFor("tally 2.0.0: 3 things counted")  // the greeting pretended, the app did not
      try expectRestored("the walkthrough")

      try launch("2.0.0")
      let sheet = try tmux.waitFor("What's new in Tally 2.0.0")
      #expect(sheet.contains("since 1.0.0") && sheet.contains("1.1.0"))
      try tmux.keys("q")
      #expect(try tmux.waitForExit() == 0)
      try tmux.waitFor("tally 2.0.0: 3 things counted")
      try expectRestored("the sheet")

      try launch("2.0.0")
      #expect(try tmux.waitForExit() == 0)
      let last = try tmux.capture()
      #expect(last.contains("tally 2.0.0: 3 things counted") && !last.contains("What's new"))
      try expectRestored("the third launch")
      let state = try String(
        contentsOfFile: host.home + "/.local/state/tally/launch-state.json", encoding: .utf8)
      #expect(state.contains(#""launchCount" : 3"#))
      #expect(state.contains("split-by-year"), "the 2.0.0 update step was not recorded: \(state)")
    }
  }

  /// README's `isExistingInstall`: a user of Tally from before it greeted (its data file
  /// exists) is an upgrader on the first launch the greeter records: 2.0.0's notes, not the
  /// walkthrough, and the release's update step runs instead of counting as a fresh install's.
  @Test func anExistingUserGetsTheNotesAndTheStepNotTheWalkthrough() throws {
    let host = try ExampleHost.install()
    defer { try? FileManager.default.removeItem(at: host.directory) }
    try FileManager.default.createDirectory(atPath: host.home + "/.tally", withIntermediateDirectories: true)
    try Data("3\n".utf8).write(to: URL(fileURLWithPath: host.home + "/.tally/counts.txt"))
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.run("cd /")
    try tmux.start("", environment: "HOME='\(host.home)'", program: "'\(host.binary)'")
    let sheet = try tmux.waitFor("What's new in Tally 2.0.0")
    #expect(!sheet.contains("Welcome to Tally"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let state = try String(
      contentsOfFile: host.home + "/.local/state/tally/launch-state.json", encoding: .utf8)
    #expect(state.contains("split-by-year") && !state.contains("fresh install"), "\(state)")
  }

  /// Ctrl-C does what it would have done without the greeter: tally, which leaves SIGINT's
  /// default action, ends as interrupted once the terminal is given back (the shell sees
  /// 130), before its own work, and nothing was marked seen. In the accessible mode Ctrl-C is
  /// SIGINT itself.
  @Test func ctrlCDuringTheGreetingEndsTheApp() throws {
    let host = try ExampleHost.install()
    defer { try? FileManager.default.removeItem(at: host.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("", environment: "HOME='\(host.home)'", program: "'\(host.binary)'")
    try tmux.waitFor("Welcome to Tally")
    try tmux.keys("C-c")
    #expect(try tmux.statusSeenByTheShell() == 130)
    #expect(try !tmux.capture().contains("things counted"))
    let stty = tmux.sttySnapshots()
    #expect(!stty.before.isEmpty && stty.before == stty.after, "the terminal modes changed")
    #expect(try tmux.display("#{alternate_on}") == "0")
    try tmux.start("--accessible", environment: "HOME='\(host.home)'", program: "'\(host.binary)'")
    try tmux.waitFor("[Enter: next, s: skip, q: later]")
    try tmux.keys("C-c")
    #expect(try tmux.statusSeenByTheShell() == 130)
    #expect(try !tmux.capture().contains("things counted"))
    try tmux.start("", environment: "HOME='\(host.home)'", program: "'\(host.binary)'")
    try tmux.waitFor("Welcome to Tally")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
    try tmux.waitFor("tally 2.0.0: 3 things counted")
  }

  /// Tally greets with `await greeter.greet()` from its async main, and its update step is
  /// `async`: Ctrl-C on the step's progress cancels the step's task at once (its `onCancel`
  /// writes to Tally's log), the app ends as interrupted, the step is recorded as interrupted
  /// (not left running after the 2 s grace), and the next launch runs it to its end.
  @Test func ctrlCDuringTheAsyncUpdateStepCancelsItsTask() throws {
    let host = try ExampleHost.install()
    defer { try? FileManager.default.removeItem(at: host.directory) }
    // An existing user: the upgrade to 2.0.0 runs the step, which waits a minute.
    try FileManager.default.createDirectory(atPath: host.home + "/.tally", withIntermediateDirectories: true)
    try Data("3\n".utf8).write(to: URL(fileURLWithPath: host.home + "/.tally/counts.txt"))
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.run("cd /")
    try tmux.start(
      "", environment: "HOME='\(host.home)' TALLY_STEP_DELAY_MS=60000", program: "'\(host.binary)'")
    try tmux.waitFor("Ctrl-C stops the update")
    try tmux.keys("C-c")
    #expect(try tmux.statusSeenByTheShell() == 130)
    #expect(try !tmux.capture().contains("things counted"))
    let log = try String(contentsOfFile: host.home + "/.tally/update.log", encoding: .utf8)
    #expect(log == "split-by-year: cancelled; it runs again on the next launch\n")
    let statePath = host.home + "/.local/state/tally/launch-state.json"
    func updateSteps() throws -> [String: Any] {
      let state = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: statePath)))
      return try #require((state as? [String: Any])?["updateSteps"] as? [String: Any])
    }
    let failed = try #require((try updateSteps()["failed"] as? [[String: Any]])?.first)
    #expect(failed["id"] as? String == "split-by-year")
    #expect(failed["message"] as? String == "interrupted (Ctrl-C)")  // not "... left running"

    try tmux.start("", environment: "HOME='\(host.home)'", program: "'\(host.binary)'")
    try tmux.waitFor("What's new in Tally 2.0.0")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let completed = try #require(try updateSteps()["completed"] as? [[String: Any]])
    #expect(completed.map { $0["id"] as? String } == ["split-by-year"])
  }

  /// `tally --accessible` (the library's `accessible` setting): plain lines, then the app's work.
  @Test func theAccessibleSettingPrintsLines() throws {
    let host = try ExampleHost.install()
    defer { try? FileManager.default.removeItem(at: host.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("--accessible", environment: "HOME='\(host.home)'", program: "'\(host.binary)'")
    try tmux.waitFor("[Enter: next, s: skip, q: later]")
    #expect(try tmux.display("#{alternate_on}") == "0")
    try tmux.keys("s", "Enter")
    #expect(try tmux.waitForExit() == 0)
    let pane = try tmux.capture()
    #expect(pane.contains("Welcome to Tally, page 1 of 3") && pane.contains("tally 2.0.0: 3 things counted"))
  }

  /// The French notes are compiled into the binary too (CompileNotes carries `Notes/fr/`), and
  /// the locale picks them.
  @Test func translatedNotesTravelInsideTheBinary() throws {
    try ExampleHost.inTmux { host, tmux in
      try tmux.start(
        "", environment: "HOME='\(host.home)' TALLY_PRETEND_VERSION=1.0.0", program: "'\(host.binary)'")
      try tmux.waitFor("Welcome to Tally")
      try tmux.keys("s")
      #expect(try tmux.waitForExit() == 0)
      try tmux.start(
        "", environment: "-u LC_ALL HOME='\(host.home)' TALLY_PRETEND_VERSION=2.0.0 LANG=fr_FR.UTF-8",
        program: "'\(host.binary)'")
      let sheet = try tmux.waitFor("Changements")
      #expect(sheet.contains("dix fois plus rapide") && !sheet.contains("ten times faster"))
      try tmux.keys("q")
      #expect(try tmux.waitForExit() == 0)
    }
  }

  /// A regular launch makes no fsync; an upgrade makes at least one (strace).
  @Test(.requires(TestPaths.hasTool("strace"), "strace is not installed (scripts/setup --tests installs it)"))
  func onlyLaunchesThatChangeMoreThanTheCountAreFsynced() throws {
    let host = try ExampleHost.install()
    defer { try? FileManager.default.removeItem(at: host.directory) }
    func fsyncs(_ version: String) throws -> Int {
      let log = host.directory.appendingPathComponent("strace-\(version)-\(UUID().uuidString.prefix(6))").path
      let result = try Run.process(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["strace", "-f", "-qq", "-e", "trace=fsync,fdatasync,syncfs,sync", "-o", log, host.binary],
        environment: ["HOME": host.home, "TALLY_PRETEND_VERSION": version])
      #expect(result.status == 0, "\(result.stderr)")
      let text = try String(contentsOfFile: log, encoding: .utf8)
      return text.split(separator: "\n").filter { $0.contains("sync") }.count
    }
    #expect(try fsyncs("1.0.0") >= 1)  // first launch: a new state
    #expect(try fsyncs("1.0.0") == 0)  // regular: only the count and date
    #expect(try fsyncs("2.0.0") >= 1)  // upgrade: version and pending work
    #expect(try fsyncs("2.0.0") == 0)
  }

  /// `WHATSNEW_STATE_DIR` is the demo's variable: the example host keeps its own state.
  @Test func theDemoAndTheHostNeverShareAStateFile() throws {
    let host = try ExampleHost.install()
    defer { try? FileManager.default.removeItem(at: host.directory) }
    let shared = host.directory.appendingPathComponent("shared").path
    let environment = ["HOME": host.home, "WHATSNEW_STATE_DIR": shared]
    let demo = try Run.whatsnew(["demo", "--content", TestPaths.content.path], environment: environment)
    #expect(demo.status == 0, "\(demo.stderr)")
    let example = try Run.process(URL(fileURLWithPath: host.binary), [], environment: environment)
    #expect(example.status == 0 && example.stderr.isEmpty, "\(example.stderr)")
    let demoState = try String(contentsOfFile: shared + "/launch-state.json", encoding: .utf8)
    #expect(demoState.contains(#""appID" : "whatsnew-demo""#) && demoState.contains(#""launchCount" : 1"#))
    let hostState = try String(
      contentsOfFile: host.home + "/.local/state/tally/launch-state.json", encoding: .utf8)
    #expect(hostState.contains(#""appID" : "tally""#))
    // And the host's own variable moves only the host's state.
    let moved = try Run.process(
      URL(fileURLWithPath: host.binary), [], environment: ["HOME": host.home, "TALLY_STATE_DIR": shared])
    #expect(moved.status == 0)
    #expect(moved.stderr.contains("belongs to the app \"whatsnew-demo\""), "\(moved.stderr)")
    #expect(try String(contentsOfFile: shared + "/launch-state.json", encoding: .utf8) == demoState)
  }
}

extension TmuxSession {
  /// The status the shell saw for the program ``start(_:environment:program:)`` ran, asked
  /// once the shell is back in the foreground. A program that dies of SIGINT makes the
  /// interactive shell drop the rest of its command line (as it should: the user stopped it),
  /// so ``waitForExit(timeout:)`` would never see it end. Also takes the `stty` snapshot after.
  func statusSeenByTheShell() throws -> Int? {
    let deadline = Date().addingTimeInterval(Self.defaultTimeout)
    while try display("#{pane_current_command}") != "bash" {
      if Date() > deadline { throw Failure.timeout("the shell", screen: try capture()) }
      usleep(20_000)
    }
    try run("s=$?; stty -a > '\(directory.path)/stty-after'; echo \"ST\"\"ATUS:$s\"")
    let screen = try waitUntil("the status") { $0.contains(#/STATUS:\d+/#) }
    return screen.firstMatch(of: #/STATUS:(\d+)/#).flatMap { Int($0.1) }
  }
}
