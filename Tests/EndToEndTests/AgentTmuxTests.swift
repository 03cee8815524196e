import Foundation
import TestSupport
import Testing

/// Coding agents drive CLIs through pseudo-terminals, where a full-screen sheet would stall
/// them: with an agent variable set, a launch in a real terminal shows nothing, says why in
/// `--explain`, and keeps what it earned pending for a launch by a person.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct AgentTmuxTests {
  @Test(arguments: ["CLAUDECODE=1", "AI_AGENT=1"])
  func anAgentSeesNothingAndTheWalkthroughStaysPending(variable: String) throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--app-version 1.0.0 --content \(tmux.content) --state-dir '\(state)'"
    try tmux.start("demo --explain \(common)", environment: variable)
    #expect(try tmux.waitForExit() == 0)
    let name = String(variable.prefix { $0 != "=" })
    let screen = try tmux.waitFor("\(name) is set")
    #expect(!screen.contains("q later"), "\(screen)")
    #expect(try tmux.display("#{alternate_on}") == "0")
    let pending = try Run.whatsnew(["state", "--json", "--state-dir", state])
    #expect(pending.stdout.contains("\"onboarding\""), "\(pending.stdout)")

    // The same launch by a person shows the walkthrough it kept.
    try tmux.start("demo \(common)")
    try tmux.waitFor("q later")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }
}
