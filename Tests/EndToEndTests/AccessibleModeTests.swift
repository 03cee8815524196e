import Foundation
import TestSupport
import Testing

/// The accessible mode (`ACCESSIBLE=1`, `--accessible`) in a real terminal: plain lines in the
/// scrollback, never the alternate screen, no box-drawing or block characters, and the same
/// state as the full-screen UI for the same answers.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct AccessibleModeTests {
  /// Runs the program started in `tmux` to its end, answering each prompt that `answers`
  /// waits for, and polling `#{alternate_on}` all along. Returns the exit status, whether the
  /// alternate screen was ever on, and the whole pane with its scrollback afterwards.
  private func runWatched(
    _ tmux: TmuxSession, answers: [(waitFor: String, keys: [String])]
  ) throws -> (status: Int, alternate: Bool, scrollback: String) {
    var alternate = false
    func watch(_ screen: String) {
      if (try? tmux.display("#{alternate_on}")) != "0" { alternate = true }
    }
    // The shell clears the pane before the program starts: until then it shows the last run.
    try tmux.waitUntil("the pane to be cleared") { screen in
      watch(screen)
      return !screen.contains("EXIT:")
    }
    for answer in answers {
      try tmux.waitUntil(answer.waitFor) { screen in
        watch(screen)
        return screen.contains(answer.waitFor)
      }
      try tmux.command(["send-keys", "-t", "=0:"] + answer.keys)
    }
    try tmux.waitUntil("the exit status") { screen in
      watch(screen)
      return screen.range(of: #"EXIT:\d+"#, options: .regularExpression) != nil
    }
    let status = try tmux.waitForExit()
    watch("")
    return (status, alternate, try tmux.command(["capture-pane", "-p", "-S", "-", "-t", "=0:"]))
  }

  /// Starts `arguments` with the last run's terminal modes forgotten, so that waiting for the
  /// exit also waits for this run's `stty -a`.
  private func start(_ tmux: TmuxSession, _ arguments: String, environment: String = "") throws {
    try? FileManager.default.removeItem(at: tmux.directory.appendingPathComponent("stty-after"))
    try tmux.start(arguments, environment: environment)
  }

  /// Box-drawing (U+2500-U+257F) and block (U+2580-U+259F) characters in `text`.
  private func drawn(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.filter { (0x2500...0x259F).contains($0.value) }))
  }

  @Test func greetPrintsLinesAndRecordsWhatTheFullScreenUIRecords() throws {
    let directory = try TestPaths.makeTemporaryDirectory("accessible")
    defer { try? FileManager.default.removeItem(at: directory) }
    let notes = directory.appendingPathComponent("notes")
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"), to: notes)
    let lines = directory.appendingPathComponent("lines").path
    let full = directory.appendingPathComponent("full").path
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    func greet(_ version: String, state: String) -> String {
      "greet --app-id tally --app-name Tally --app-version \(version) --content '\(notes.path)' "
        + "--state-dir '\(state)'"
    }
    func expectRestored(_ step: String) {
      let stty = tmux.sttySnapshots()
      #expect(!stty.before.isEmpty && stty.before == stty.after, "\(step): the terminal modes changed")
    }
    let first = "TALLY_NOW=2026-07-01T09:00:00Z"
    let upgrade = "TALLY_NOW=2026-07-03T09:00:00Z"

    // The walkthrough, skipped on its first page.
    try start(tmux, greet("1.0.0", state: lines), environment: "ACCESSIBLE=1 \(first)")
    let walkthrough = try runWatched(
      tmux, answers: [("[Enter: next, s: skip, q: later]", ["s", "Enter"])])
    #expect(walkthrough.status == 0)
    #expect(!walkthrough.alternate, "the walkthrough switched to the alternate screen")
    #expect(walkthrough.scrollback.contains("Welcome to Tally, page 1 of 3"))
    #expect(drawn(walkthrough.scrollback).isEmpty, "drawn: \(drawn(walkthrough.scrollback))")
    expectRestored("the walkthrough")

    // The upgrade: every release since 1.0.0, at once, then Enter.
    try start(tmux, greet("2.0.0", state: lines), environment: "ACCESSIBLE=1 \(upgrade)")
    let sheet = try runWatched(
      tmux, answers: [("[Enter: done, l: later, x: no more release notes]", ["Enter"])])
    #expect(sheet.status == 0)
    #expect(!sheet.alternate, "the sheet switched to the alternate screen")
    #expect(drawn(sheet.scrollback).isEmpty, "drawn: \(drawn(sheet.scrollback))")
    // The notes stay in the scrollback after the program has gone.
    for text in [
      "What's new in Tally 2.0.0 — since 1.0.0", "2.0.0: Tally 2, released 2026-06-15",
      "Tally 2 keeps its counts in one file per year", "1.1.0: Counting by month",
      "tally list --month groups the counts by month.", "End of the release notes.",
    ] {
      #expect(sheet.scrollback.contains(text), "not in the scrollback: \(text)")
    }
    #expect(!sheet.scrollback.contains("\u{1B}"))
    expectRestored("the sheet")

    // The same answers in the full-screen UI record the same state, byte for byte (and the
    // watch sees its alternate screen).
    try start(tmux, greet("1.0.0", state: full), environment: first)
    #expect(try runWatched(tmux, answers: [("Welcome to Tally", ["s"])]).status == 0)
    try start(tmux, greet("2.0.0", state: full), environment: upgrade)
    let screens = try runWatched(tmux, answers: [("What's new in Tally 2.0.0", ["q"])])
    #expect(screens.status == 0 && screens.alternate)
    let recordedByLines = try Data(contentsOf: URL(fileURLWithPath: lines + "/launch-state.json"))
    let recordedByScreens = try Data(contentsOf: URL(fileURLWithPath: full + "/launch-state.json"))
    #expect(!recordedByLines.isEmpty && recordedByLines == recordedByScreens)

    // Welcome back, left with Ctrl-D: nothing dismissed, exit 0.
    let later = "TALLY_NOW=2026-09-01T09:00:00Z"
    try start(tmux, greet("2.0.0", state: lines), environment: "ACCESSIBLE=1 \(later)")
    let left = try runWatched(tmux, answers: [("[Enter: continue]", ["C-d"])])
    #expect(left.status == 0 && !left.alternate)
    #expect(left.scrollback.contains("Welcome back to Tally, away 60 days"))
    expectRestored("Ctrl-D")
    #expect(try pendingKinds(lines) == ["welcome-back"])

    // Ctrl-C (SIGINT in this mode): 130, the terminal as it was, still pending.
    try start(tmux, greet("2.0.0", state: lines), environment: "ACCESSIBLE=1 \(later)")
    let interrupted = try runWatched(tmux, answers: [("[Enter: continue]", ["C-c"])])
    #expect(interrupted.status == 130 && !interrupted.alternate)
    expectRestored("Ctrl-C")
    #expect(try pendingKinds(lines) == ["welcome-back"])

    // And Enter dismisses it.
    try start(tmux, greet("2.0.0", state: lines), environment: "ACCESSIBLE=1 \(later)")
    #expect(try runWatched(tmux, answers: [("[Enter: continue]", ["Enter"])]).status == 0)
    #expect(try pendingKinds(lines) == [])
  }

  @Test func laterAndNeverRecordWhatTheFullScreenUIRecords() throws {
    let directory = try TestPaths.makeTemporaryDirectory("accessible-later")
    defer { try? FileManager.default.removeItem(at: directory) }
    let notes = directory.appendingPathComponent("notes")
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"), to: notes)
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    // Each launch: its clock, its version, the full UI's key and the accessible answer.
    let launches = [
      ("2026-07-01T09:00:00Z", "1.0.0", "s", "[Enter: next, s: skip, q: later]"),
      ("2026-07-03T09:00:00Z", "2.0.0", "l", "[Enter: done, l: later, x: no more release notes]"),
      ("2026-07-04T10:00:00Z", "2.0.0", "x", "[Enter: done, l: later, x: no more release notes]"),
    ]
    var states: [String: Data] = [:]
    for (now, version, key, prompt) in launches {
      for mode in ["full", "lines"] {
        let state = directory.appendingPathComponent(mode).path
        try start(
          tmux,
          "greet --app-id tally --app-name Tally --app-version \(version) --content '\(notes.path)' "
            + "--state-dir '\(state)'",
          environment: (mode == "lines" ? "ACCESSIBLE=1 " : "") + "TALLY_NOW=\(now)")
        let waitFor =
          mode == "lines" ? prompt : (version == "1.0.0" ? "Welcome to Tally" : "What's new in Tally")
        let run = try runWatched(tmux, answers: [(waitFor, mode == "lines" ? [key, "Enter"] : [key])])
        #expect(run.status == 0 && run.alternate == (mode == "full"), "\(mode) \(version) \(key)")
        states[mode] = try Data(contentsOf: URL(fileURLWithPath: state + "/launch-state.json"))
      }
      #expect(states["lines"] != nil && states["lines"] == states["full"], "after \(key) on \(version)")
    }
  }

  /// A terminal left without canonical mode and echo (as a host app might leave it): the
  /// answers are still read a line at a time, and the modes are put back as they were.
  @Test func aTerminalLeftRawIsReadLineByLineAndPutBack() throws {
    let directory = try TestPaths.makeTemporaryDirectory("accessible-raw")
    defer { try? FileManager.default.removeItem(at: directory) }
    let notes = directory.appendingPathComponent("notes")
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"), to: notes)
    let state = directory.appendingPathComponent("state").path
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.run("stty -icanon -echo")
    try start(
      tmux,
      "greet --app-id tally --app-name Tally --app-version 1.0.0 --content '\(notes.path)' --state-dir '\(state)'",
      environment: "ACCESSIBLE=1")
    let run = try runWatched(
      tmux,
      answers: [
        ("[Enter: next, s: skip, q: later]", ["n", "Enter"]),
        ("[Enter: next, p: back, s: skip, q: later]", ["q", "Enter"]),
      ])
    #expect(run.status == 0 && !run.alternate)
    #expect(run.scrollback.contains("Welcome to Tally, page 2 of 3"))
    let stty = tmux.sttySnapshots()
    #expect(
      stty.before.contains("-icanon") && stty.before.contains("-echo "), "the host's modes: \(stty.before)")
    #expect(stty.before == stty.after, "the modes changed")
    #expect(try pendingKinds(state) == ["onboarding"])
  }

  @Test func theDemoPrintsLinesWithItsUpdateStepsAndNoHomeScreen() throws {
    let directory = try TestPaths.makeTemporaryDirectory("accessible-demo")
    defer { try? FileManager.default.removeItem(at: directory) }
    let state = directory.appendingPathComponent("state").path
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    // A first launch with --accessible: the update step as a line, then the walkthrough
    // (its table without borders), page by page.
    try start(
      tmux,
      "demo --accessible --content \(tmux.content) --app-version 1.0.0 --state-dir '\(state)'",
      environment: "WHATSNEW_NOW=2026-01-15T09:00:00Z")
    let walkthrough = try runWatched(
      tmux,
      answers: [
        ("[Enter: next, s: skip, q: later]", ["Enter"]),
        ("[Enter: next, p: back, s: skip, q: later]", ["q", "Enter"]),
      ])
    #expect(walkthrough.status == 0 && !walkthrough.alternate)
    #expect(walkthrough.scrollback.contains("Updating Jot to 1.0.0, step 1 of 1"))
    #expect(walkthrough.scrollback.contains("Welcome to Jot, page 2 of"))
    #expect(drawn(walkthrough.scrollback).isEmpty, "drawn: \(drawn(walkthrough.scrollback))")
    #expect(try pendingKinds(state) == ["onboarding"])

    // ACCESSIBLE=1 with a simulated upgrade: the sheet headed by welcome back, every release.
    try start(
      tmux,
      "demo --simulate upgrade --from 1.3.0 --content \(tmux.content)", environment: "ACCESSIBLE=1")
    let sheet = try runWatched(
      tmux, answers: [("[Enter: done, l: later, x: no more release notes]", ["Enter"])])
    #expect(sheet.status == 0 && !sheet.alternate)
    #expect(drawn(sheet.scrollback).isEmpty, "drawn: \(drawn(sheet.scrollback))")
    for version in ["2.1.0", "2.0.0", "1.4.0"] {
      #expect(sheet.scrollback.contains("\n\(version): "), "\(version) is not in the scrollback")
    }
    #expect(!sheet.scrollback.contains("notes for your terminal"), "the home screen was shown")
  }

  private func pendingKinds(_ state: String) throws -> [String] {
    let data = try Data(contentsOf: URL(fileURLWithPath: state + "/launch-state.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    return (json["pending"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
  }
}
