import Foundation
import TestSupport
import Testing

/// Keys typed ahead are the shell's (issue 46, must-show 4): `sleep 0.3; tool` typed with `q`
/// queued behind it, so the `q` is waiting when the tool starts. The walkthrough does not open,
/// one reminder line stands in for it, the `q` is on the shell's next prompt, and the next
/// launch shows the walkthrough.
@Suite(.serialized, .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct TypedAheadTmuxTests {
  /// Types `command` and Enter, then `q` at once: it reaches the terminal while `sleep 0.3`
  /// runs, before the tool starts. Returns the screen once the shell's prompt holds the `q`.
  private func typeAhead(_ command: String, _ tmux: TmuxSession) throws -> String {
    try tmux.keys("-l", "clear; sleep 0.3; " + command)
    try tmux.keys("Enter", "q")  // one send-keys: the q right behind Enter
    return try tmux.waitUntil("the q on the next prompt") { screen in
      screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == "$ q"
    }
  }

  /// The index of the first line of `screen` containing `text`.
  private func line(_ text: String, in screen: String) -> Int? {
    screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
  }

  /// `whatsnew greet`, a process of its own that ends before the tool's work: the reminder is
  /// printed as it returns, on the line under the command (the `q`'s echo there cleared), and
  /// the tool's output follows it.
  @Test func greetLeavesTheQForTheShellAndTheWalkthroughForTheNextLaunch() throws {
    let app = try TallyApp(
      "typed-ahead",
      notes: ["onboarding.md": "# Welcome to Tally\n\nCounts in the terminal.\n", "1.0.0.md": "Faster.\n"])
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let screen = try typeAhead("\(tmux.binary) \(app.greet("1.0.0")); echo 'tally: its own output'", tmux)
    let reminder = "Tally 1.0.0: the walkthrough shows on the next launch (keys were typed ahead)"
    #expect(screen.contains(reminder), "\(screen)")
    #expect(!screen.contains("Counts in the terminal"), "the walkthrough did not open: \(screen)")
    let at = try #require(line(reminder, in: screen))
    let output = try #require(line("tally: its own output", in: screen))
    #expect(at < output, "\(screen)")
    #expect(!screen.contains("q" + reminder), "the q's echo is cleared: \(screen)")

    try tmux.keys("BSpace")  // the q stays the shell's: erased from its line, not run
    try tmux.start(app.greet("1.0.0"))
    try tmux.waitFor("Counts in the terminal")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  /// A launch in the background (`tool &`) with nothing due looks at the terminal without
  /// changing its modes: a background process that did would be stopped (SIGTTOU) on every
  /// launch.
  @Test func aBackgroundLaunchIsNotStopped() throws {
    let app = try TallyApp("typed-ahead-background", notes: ["1.0.0.md": "Faster.\n"])
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(app.greet("1.0.0"))  // no walkthrough: nothing due
    #expect(try tmux.waitForExit() == 0)
    try tmux.run("clear; \(tmux.binary) \(app.greet("1.0.0")) & sleep 2; jobs; echo JOBS-LISTED")
    let screen = try tmux.waitFor("JOBS-LISTED")
    #expect(!screen.contains("Stopped"), "\(screen)")
  }

  /// A tool that greets with the library (the demo, Jot): the reminder is printed when the
  /// process exits, after the tool's own output (here `--explain`'s lines), and the demo's
  /// home screen does not open to read the `q` either.
  @Test func aLibraryToolPrintsTheReminderAfterItsOutput() throws {
    let state = try TemporaryDirectory("typed-ahead-demo")
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let demo = "demo --content \(tmux.content) --state-dir '\(state.path)'"
    let screen = try typeAhead("\(tmux.binary) \(demo) --explain", tmux)
    let reason = try #require(line("reason:", in: screen), "\(screen)")
    #expect(screen.contains("keys were typed ahead"), "\(screen)")
    let reminder = try #require(
      line("Jot 2.1.0: the walkthrough shows on the next launch (keys were typed ahead)", in: screen),
      "\(screen)")
    #expect(reason < reminder, "the reminder comes after the tool's output: \(screen)")
    #expect(!screen.contains("Welcome to Jot"), "\(screen)")

    try tmux.keys("BSpace")
    try tmux.start(demo)
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("s")
    try tmux.waitFor("Jot")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }
}
