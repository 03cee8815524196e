import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Nothing breaks a host's launch, through `whatsnew greet` in tmux: the report tells every
/// problem of a launch that presented, and notes that lint accepts never make a launch fail.
@Suite(.serialized) struct HostLaunchTests {
  /// An app "tally" with a notes folder of `files` and a state directory.
  private struct App {
    let directory: TemporaryDirectory
    var notes: String { directory.path + "/notes" }
    var state: String { directory.path + "/state" }
    var report: String { directory.path + "/report.json" }

    init(_ files: [String: String]) throws {
      directory = try TemporaryDirectory("host-launch")
      let notes = try directory.subdirectory("notes")
      _ = try directory.subdirectory("state")
      for (name, text) in files {
        try Data(text.utf8).write(to: notes.appendingPathComponent(name))
      }
    }

    func greet(_ version: String) -> String {
      "greet --app-id tally --app-name Tally --content '\(notes)' --state-dir '\(state)' --app-version \(version) "
        + "--report '\(report)'"
    }

    /// The report the last launch wrote.
    func readReport() throws -> [String: Any] {
      let data = try Data(contentsOf: URL(fileURLWithPath: report))
      return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
  }

  private static let notes: [String: String] = [
    "onboarding.md": "# Welcome to Tally\n\nTally counts things for you.\n",
    "welcome-back.md": "# Welcome back\n\nYou were away for {{days}} days.\n",
    "1.0.0.md": "---\ntitle: First release\n---\n\nTally counts words and lines.\n",
  ]

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theReportOfALaunchThatPresentedListsItsProblems() throws {
    let app = try App(Self.notes)
    try Data("{\"schema\": 1, cut short".utf8).write(
      to: URL(fileURLWithPath: app.state + "/launch-state.json"))
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.skipTallysWalkthrough(app.greet("1.0.0"), environment: "TALLY_NOW=2026-01-01T09:00:00Z")
    let report = try app.readReport()
    #expect(report["shown"] as? String == "onboarding")
    let problems = try #require(report["problems"] as? [String])
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.contains("launch-state.json was corrupt") == true, "\(problems)")
    #expect(problems.first?.contains("moved it to") == true, "\(problems)")
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func withoutOnboardingEveryLaunchSucceedsWithoutAnErrorLine() throws {
    let app = try App(Self.notes.filter { $0.key != "onboarding.md" })
    let lint = try Run.whatsnew(["lint", "--content", app.notes])
    #expect(lint.status == 0 && lint.stdout.contains("first launches get no onboarding"), "\(lint.stdout)")
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    for (launch, now) in [("first", "2026-01-01T09:00:00Z"), ("second", "2026-01-02T09:00:00Z")] {
      try tmux.start(app.greet("1.0.0"), environment: "TALLY_NOW=\(now)")
      #expect(try tmux.waitForExit() == 0, "\(launch) launch")
      let screen = try tmux.capture()
      #expect(
        !screen.contains("whatsnew:") && !screen.contains("does not exist"), "\(launch) launch: \(screen)")
      let report = try app.readReport()
      #expect(report["problems"] as? [String] == [], "\(launch) launch: \(report)")
      #expect(report["pending"] as? [String] == [], "\(launch) launch: \(report)")
      #expect(report["exit"] as? String == "nothing-shown", "\(launch) launch: \(report)")
      if launch == "first" {
        let reason = report["reason"] as? String ?? ""
        #expect(reason.contains("onboarding.md does not exist: the walkthrough is skipped"), "\(reason)")
      }
    }
  }

  @Test(.requires(UnreadableFiles.available, UnreadableFiles.missing))
  func aNotesFolderThatCannotBeListedIsAProblemNotAnEmptyList() throws {
    // Root lists any directory, so as root the launches run as user nobody (setpriv), a copy
    // of the binary that nobody can reach.
    let app = try App(Self.notes.merging(["1.1.0.md": "A total line.\n"]) { a, _ in a })
    let program = try UnreadableFiles.stage(in: app.directory.subdirectory("program")).binary
    chmod(app.directory.path, 0o755)
    // The state directory must be the launching user's own (a shared one is not used).
    if getuid() == 0 { chown(app.state, 65534, 65534) }
    func launch(_ version: String) throws -> ProcessResult {
      let arguments =
        UnreadableFiles.prefix + [program.path] + [
          "greet", "--app-id", "tally", "--content", app.notes, "--state-dir", app.state, "--app-version",
          version, "--min-importance", "minor", "--report", app.state + "/report.json",
        ]
      return try Run.process(
        URL(fileURLWithPath: arguments[0]), Array(arguments.dropFirst()),
        environment: ["TALLY_NOW": "2026-01-01T09:00:00Z"])
    }
    #expect(try launch("1.0.0").status == 0)
    chmod(app.notes, 0o311)  // can be entered, cannot be listed
    defer { chmod(app.notes, 0o755) }
    let upgrade = try launch("1.1.0")
    #expect(upgrade.status == 0, "\(upgrade.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: app.state + "/report.json"))
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let problems = try #require(report["problems"] as? [String])
    #expect(
      problems.count == 1 && problems.first?.contains("cannot read \(app.notes)") == true, "\(problems)")
    #expect((report["pending"] as? [String])?.contains("whats-new") == true, "\(report)")
  }

  @Test func greetRunsAsThePretendVersionThroughTheLibrary() throws {
    let app = try App(Self.notes.merging(["1.1.0.md": "A total line.\n"]) { a, _ in a })
    let arguments = [
      "greet", "--app-id", "tally", "--content", app.notes, "--state-dir", app.state, "--app-version",
      "1.0.0",
      "--report", app.report,
    ]
    #expect(try Run.whatsnew(arguments, environment: ["TALLY_NOW": "2026-01-01T09:00:00Z"]).status == 0)
    let pretend = try Run.whatsnew(
      arguments, environment: ["TALLY_NOW": "2026-01-02T09:00:00Z", "TALLY_PRETEND_VERSION": "1.1.0"])
    #expect(pretend.status == 0 && pretend.stderr.isEmpty, "\(pretend.stderr)")
    let launch = try #require(try app.readReport()["launch"] as? [String: Any])
    #expect(launch["kind"] as? String == "upgrade" && launch["to"] as? String == "1.1.0", "\(launch)")
  }
}
