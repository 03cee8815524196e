import Foundation
import TestSupport
import Testing

/// What a newcomer met in the demo, in a real terminal (issue 47).
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct NewcomerTmuxTests {
  /// A simulated upgrade is an upgrade, a minute after the last launch: the what's-new sheet
  /// with no welcome back above it (that is `--simulate returning`'s, or an `--away` given).
  @Test(arguments: ["", "--from 1.0.0"])
  func aSimulatedUpgradeShowsNoWelcomeBack(from: String) throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "demo --simulate upgrade \(from) --content \(tmux.content)",
      environment: "WHATSNEW_DEMO_STEP_DELAY_MS=0")
    let sheet = try tmux.waitFor("What's new in Jot")
    #expect(!sheet.contains("Welcome back"), "\(sheet)")
    #expect(!sheet.contains("days since"), "\(sheet)")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  /// `--away` given with an upgrade still greets the returning user.
  @Test func anUpgradeWithAwayGivenWelcomesBack() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate upgrade --away 60 --content \(tmux.content)")
    try tmux.waitFor("Welcome back")
    try tmux.waitFor("60 days")
  }

  /// `demo --simulate upgrade --from 1.0.0` runs the demo's update steps on a scratch copy:
  /// their progress bar shows ("Step 1 of 3"), then the sheet; the scratch copy is removed.
  @Test func aSimulatedUpgradeShowsTheUpdateStepsProgress() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let scratch = tmux.directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    try tmux.start(
      "demo --simulate upgrade --from 1.0.0 --content \(tmux.content)",
      environment: "TMPDIR='\(scratch.path)' WHATSNEW_DEMO_STEP_DELAY_MS=1500")
    let first = try tmux.waitFor("Step 1 of 3")
    #expect(first.contains("Convert notes.txt to notes.json") && first.contains("0%"), "\(first)")
    // The bar fills as the steps end: a third done while the second runs.
    let second = try tmux.waitFor("Step 2 of 3")
    #expect(second.contains("━") && second.contains("33%"), "no progress bar: \(second)")
    try tmux.waitFor("Step 3 of 3")
    try tmux.waitFor("What's new in Jot")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
  }
}
