import Foundation
import TestSupport
import Testing

/// Walkthrough steps done by doing, in a real terminal: a page whose `done-when:` event the
/// user did is marked done when the walkthrough shows again.
@Suite(.serialized, .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct WalkthroughDoneTmuxTests {
  static let onboarding = """
    ---
    done-when: [-, create]
    ---
    # Welcome to Jot

    Notes in the terminal.

    # Write a note

    Run jot new to start one.

    """

  /// The page `done-when: create` names is not marked before `whatsnew event … create`, and is
  /// marked after it (the walkthrough resumes on that page, still pending).
  @Test func aPageIsMarkedDoneAfterItsEvent() throws {
    let directory = try TestPaths.makeTemporaryDirectory("walkthrough-done")
    defer { try? FileManager.default.removeItem(at: directory) }
    let notes = directory.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try Data(Self.onboarding.utf8).write(to: notes.appendingPathComponent("onboarding.md"))
    try Data("Faster.\n".utf8).write(to: notes.appendingPathComponent("1.0.0.md"))
    let state = directory.appendingPathComponent("state").path
    let greet =
      "greet --app-id jot --app-name Jot --app-version 1.0.0 --content '\(notes.path)' --state-dir '\(state)'"
    let tmux = try TmuxSession()
    defer { tmux.kill() }

    try tmux.start(greet)
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("n")
    let before = try tmux.waitFor("Run jot new")
    #expect(before.contains("Write a note") && !before.contains("✓ done"))
    try tmux.keys("q")  // later: the walkthrough stays pending on this page
    #expect(try tmux.waitForExit() == 0)

    let event = try Run.whatsnew(["event", "--app-id", "jot", "--state-dir", state, "create"])
    #expect(event.status == 0, "\(event.stderr)")

    try tmux.start(greet)
    let after = try tmux.waitFor("Run jot new")
    #expect(after.contains("Write a note  ✓ done"), "\(after)")
    try tmux.keys("p")
    let first = try tmux.waitFor("Notes in the terminal")
    #expect(!first.contains("✓ done"), "the first page has no event")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
  }
}
