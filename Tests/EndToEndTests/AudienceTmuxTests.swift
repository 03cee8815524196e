import Foundation
import TestSupport
import Testing

/// Notes for one platform or channel on the what's-new sheet, in a real terminal: a
/// `<!-- only: … -->` block for another platform is not shown while this platform's is, and a
/// release limited to `channels: [beta]` is on the sheet only with `--channel beta`.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct AudienceTmuxTests {
  #if os(macOS)
    static let (this, other) = ("macos", "linux")
  #else
    static let (this, other) = ("linux", "macos")
  #endif

  @Test(arguments: [false, true])
  func theSheetShowsThisPlatformsBlocksAndItsChannelsReleases(beta: Bool) throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let dir = tmux.directory
    let notes = dir.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try """
    ## Added

    - Everywhere.

    <!-- only: \(Self.other) -->
    - Only on \(Self.other).
    <!-- end only -->

    <!-- only: \(Self.this) -->
    - Only on \(Self.this).
    <!-- end only -->

    """.write(to: notes.appendingPathComponent("1.1.0.md"), atomically: true, encoding: .utf8)
    try """
    ---
    channels: [beta]
    ---
    ## Added

    - Beta feature.

    """.write(to: notes.appendingPathComponent("1.2.0.md"), atomically: true, encoding: .utf8)
    let state = dir.appendingPathComponent("state").path
    let common = "--app-id tally --app-name Tally --content '\(notes.path)' --state-dir '\(state)'"
    // An existing user of 1.0.0 (recorded without a terminal) upgrades to 1.2.0.
    let before = try Run.whatsnew(
      [
        "greet", "--app-id", "tally", "--app-version", "1.0.0", "--existing-install", "--content", notes.path,
        "--state-dir", state,
      ])
    #expect(before.status == 0, "\(before.stderr)")
    let report = dir.appendingPathComponent("report.json").path
    try tmux.start(
      "greet \(common) --app-version 1.2.0 --report '\(report)'" + (beta ? " --channel beta" : ""))
    let sheet = try tmux.waitFor("Everywhere.")
    #expect(sheet.contains("Only on \(Self.this)."), "\(sheet)")
    #expect(!sheet.contains("Only on \(Self.other).") && !sheet.contains("only:"), "\(sheet)")
    #expect(sheet.contains("Beta feature.") == beta, "\(sheet)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report)))
    let versions = (written as? [String: Any])?["versions"] as? [String]
    #expect(versions == (beta ? ["1.2.0", "1.1.0"] : ["1.1.0"]))
  }

  /// An upgrade whose every release is for another channel shows nothing, with no warning, and
  /// counts the range as seen.
  @Test func anUpgradeToAReleaseForAnotherChannelShowsNothing() throws {
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let dir = tmux.directory
    let notes = dir.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try "---\nchannels: [beta]\n---\n- Beta feature.\n".write(
      to: notes.appendingPathComponent("1.1.0.md"), atomically: true, encoding: .utf8)
    let state = dir.appendingPathComponent("state").path
    let before = try Run.whatsnew(
      [
        "greet", "--app-id", "tally", "--app-version", "1.0.0", "--existing-install", "--content", notes.path,
        "--state-dir", state,
      ])
    #expect(before.status == 0, "\(before.stderr)")
    try tmux.start(
      "greet --app-id tally --app-version 1.1.0 --content '\(notes.path)' --state-dir '\(state)' --explain")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("pending:")
    #expect(screen.contains("shown:     nothing") && !screen.contains("Beta feature."), "\(screen)")
    #expect(screen.contains("1.1.0 is only for other channels"), "\(screen)")
    #expect(screen.contains("pending:   nothing") && !screen.contains("whatsnew:"), "\(screen)")
  }
}
