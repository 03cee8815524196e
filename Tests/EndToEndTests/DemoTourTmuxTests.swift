import Foundation
import TestSupport
import Testing

/// The demo app, Jot, as an adopter of tips and of walkthrough steps done by doing: its home
/// screen records `new-note` when the user writes a note, its tour marks the page about it
/// done, and a tip is counted only where it is shown.
@Suite(.serialized, .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct DemoTourTmuxTests {
  /// `n` on the home screen writes a note (the event `new-note`); the tour opened again from
  /// the home screen then marks "Write a note" done, and the other pages not.
  @Test func theTourMarksWriteANoteDoneOnceANoteIsWritten() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    try tmux.start("demo --content \(tmux.content) --state-dir '\(state)'")
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("n")
    let before = try tmux.waitFor("Start a note with one command")
    #expect(before.contains("Write a note") && !before.contains("✓ done"), "\(before)")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("n")
    try tmux.waitFor("Untitled note")
    try tmux.keys("o")
    try tmux.waitFor("Welcome to Jot")
    #expect(try !tmux.capture().contains("✓ done"), "the first page has no event")
    try tmux.keys("n")
    let after = try tmux.waitFor("Start a note with one command")
    #expect(after.contains("Write a note  ✓ done"), "\(after)")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let events = try Run.whatsnew(["state", "--state-dir", state])
    #expect(events.stdout.contains("new-note"), "\(events.stdout)")
  }

  /// In accessible mode the demo has no home screen, so its due tip is printed when it exits
  /// (on standard error), as a command-line tool's is: counted as shown only where it was.
  @Test func anAccessibleLaunchPrintsTheTipItCounts() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let options = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.start("demo \(options)")
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try tmux.start("demo \(options)")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    // Launch 3: the tip `find` is due (after-launches: 3).
    try tmux.start("demo --explain \(options)", environment: "ACCESSIBLE=1")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("EXIT:0")
    #expect(screen.contains("tip:          find (first showing)"), "\(screen)")
    #expect(
      screen.contains("Tip: Find any note with jot find WORD"), "the tip counted was not shown: \(screen)")
  }
}
