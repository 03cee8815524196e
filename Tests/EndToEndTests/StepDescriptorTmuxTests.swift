import Foundation
import TestSupport
import Testing

/// What an update step inherits from a greeter that has the terminal open (its progress
/// screen): standard input from /dev/null, output to the steps' log, and no descriptor of the
/// user's terminal, which a daemon the step starts would otherwise hold after the launch.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing),
  .requires(FileManager.default.fileExists(atPath: "/proc/self/fd"), "no /proc/self/fd to list"))
struct StepDescriptorTmuxTests {
  @Test func aStepHoldsNoDescriptorOfTheTerminal() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let dir = tmux.directory
    let notes = dir.appendingPathComponent("notes")
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"), to: notes)
    let listing = dir.appendingPathComponent("fds").path
    let steps = dir.appendingPathComponent("steps.json")
    let step: [String: Any] = [
      "id": "list", "version": "1.0.0", "summary": "Listing descriptors", "freshInstall": true,
      "run": "ls -l /proc/$$/fd > '\(listing)'; sleep 1",
    ]
    try JSONSerialization.data(withJSONObject: [step]).write(to: steps)
    let state = dir.appendingPathComponent("state").path
    try tmux.start(
      "greet --app-id tally --app-name Tally --app-version 1.0.0 --content '\(notes.path)' "
        + "--state-dir '\(state)' --steps '\(steps.path)'")
    try tmux.waitFor("Listing descriptors")
    try tmux.waitUntil("the step's listing") { _ in FileManager.default.fileExists(atPath: listing) }
    try tmux.waitFor("Welcome")
    try tmux.keys("q")
    _ = try tmux.waitForExit()
    let lines = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n")
    #expect(lines.count > 2, "\(lines)")
    let terminal = lines.filter { $0.contains("/dev/pts") || $0.contains("/dev/tty") || $0.contains("ptmx") }
    #expect(terminal.isEmpty, "the step holds the terminal: \(terminal)")
    #expect(lines.contains { $0.hasSuffix(" 0 -> /dev/null") }, "\(lines)")
    // Standard output is the listing here; standard error shows where output goes.
    #expect(lines.contains { $0.hasSuffix(" 2 -> \(state)/steps.log") }, "\(lines)")
  }
}
