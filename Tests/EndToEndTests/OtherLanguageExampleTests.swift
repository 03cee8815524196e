import Foundation
import TestSupport
import Testing

/// `Examples/shell/mytool` in a terminal: it greets with `whatsnew greet` under its own name,
/// then does its own work. (`Examples/python`, a tool installed with the whatsnew-greet wheel,
/// is driven in tmux by python/tests/test_tmux.py; `Examples/node`, installed with the npm
/// packages, by npm/tests/tmux.test.mjs.)
@Suite(.serialized, .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct OtherLanguageExampleTests {
  @Test(arguments: [
    ("Examples/shell/mytool", "My Tool", "MYTOOL_PRETEND_VERSION", "mytool")
  ])
  func theExampleGreetsThenWorks(script: String, name: String, versionVariable: String, prefix: String) throws
  {
    let home = try TestPaths.makeTemporaryDirectory("example-home")
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let path = "'" + TestPaths.packageRoot.appendingPathComponent(script).path + "'"
    let environment = "HOME='\(home.path)' WHATSNEW=\(tmux.binary)"

    try tmux.run("cd /")
    try tmux.start("", environment: "\(environment) \(versionVariable)=1.0.0", program: path)
    try tmux.waitFor("Welcome to \(name)")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
    try tmux.waitFor("\(prefix) 1.1.0: done its own work")  // the greeting pretended, the tool did not

    try tmux.start("", environment: environment, program: path)
    let sheet = try tmux.waitFor("What's new in \(name) 1.1.0")
    #expect(sheet.contains("since 1.0.0"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try tmux.waitFor("\(prefix) 1.1.0: done its own work")
    let stty = tmux.sttySnapshots()
    #expect(!stty.before.isEmpty && stty.before == stty.after)
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  /// Ctrl-C in the accessible (line) mode: the terminal sends SIGINT to the whole foreground
  /// process group, the script too, which ignores it while greet runs (`trap '' INT`), so it
  /// reads greet's 130, says it stopped, and exits 130 itself; the shell that ran it goes on.
  @Test func ctrlCInTheAccessibleModeEndsTheShellExampleWith130AfterItsCleanup() throws {
    let home = try TestPaths.makeTemporaryDirectory("example-home")
    defer { try? FileManager.default.removeItem(at: home) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let path = "'" + TestPaths.packageRoot.appendingPathComponent("Examples/shell/mytool").path + "'"
    try tmux.run("clear; HOME='\(home.path)' WHATSNEW=\(tmux.binary) ACCESSIBLE=1 \(path); echo rc=$?")
    try tmux.waitFor("[Enter: next")
    try tmux.keys("C-c")
    let screen = try tmux.waitFor("rc=")
    #expect(screen.contains("rc=130"), "\(screen)")
    #expect(screen.contains("mytool: stopped before its own work"), "\(screen)")
    #expect(!screen.contains("done its own work"), "\(screen)")
  }
}
