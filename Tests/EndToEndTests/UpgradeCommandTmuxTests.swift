import Foundation
import TestSupport
import Testing

/// The update card's upgrade command from how the app was installed, through `whatsnew greet`
/// in tmux (issue 35, must-show 4): `--upgrade-command brew=…` for an executable under
/// `$HOMEBREW_PREFIX`, and no card with `--managed-by brew`. The feed's cache is seeded as a
/// fetch an hour ago would have left it, so nothing is fetched.
@Suite(.serialized) struct UpgradeCommandTmuxTests {
  static let feed = "http://127.0.0.1:9/tally.json"
  static let now = "2026-01-02T10:00:00Z"

  struct App {
    let directory: URL
    var notes: String { directory.appendingPathComponent("notes").path }
    var state: String { directory.appendingPathComponent("state").path }
    var brew: String { directory.appendingPathComponent("brew").path }

    init() throws {
      directory = try TestPaths.makeTemporaryDirectory("upgrade-command")
      let notes = directory.appendingPathComponent("notes")
      try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
      try Data("# Welcome to Tally\n\nTally counts things.\n".utf8).write(
        to: notes.appendingPathComponent("onboarding.md"))
      try Data("Tally counts words.\n".utf8).write(to: notes.appendingPathComponent("1.0.0.md"))
      let bin = directory.appendingPathComponent("brew/Cellar/tally/1.0.0/bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try Data().write(to: bin.appendingPathComponent("tally"))
    }

    func greet(_ extra: String, feed: Bool = true) -> String {
      "greet --app-id tally --app-name Tally --content '\(notes)' --state-dir '\(state)' --app-version 1.0.0 "
        + (feed
          ? "--feed \(UpgradeCommandTmuxTests.feed) --executable '\(brew)/Cellar/tally/1.0.0/bin/tally' "
          : "")
        + extra
    }

    /// The cache a fetch an hour before ``UpgradeCommandTmuxTests/now`` left: 2.0.0 is out.
    func seedFeed() throws {
      let checked =
        try #require(ISO8601DateFormatter().date(from: UpgradeCommandTmuxTests.now))
        .timeIntervalSince1970 - 3600
      let cache =
        #"{"url": "\#(UpgradeCommandTmuxTests.feed)", "checked": \#(checked), "latest": {"version": "2.0.0", "notes": ""}}"#
      try Data(cache.utf8).write(to: URL(fileURLWithPath: state).appendingPathComponent("update-feed.json"))
    }
  }

  /// Runs `body` with a new ``App`` installed in a tmux session (the first launch, its
  /// walkthrough skipped, then the feed's cache), and removes both after it.
  private func withInstalledApp(_ body: (App, TmuxSession) throws -> Void) throws {
    let app = try App()
    defer { try? FileManager.default.removeItem(at: app.directory) }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.skipTallysWalkthrough(app.greet("", feed: false), environment: "TALLY_NOW=2026-01-01T09:00:00Z")
    try app.seedFeed()
    try body(app, tmux)
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theCardShowsTheCommandForAHomebrewInstall() throws {
    try withInstalledApp { app, tmux in
      try tmux.start(
        app.greet(
          "--upgrade-command 'see example.com' --upgrade-command brew='brew upgrade tally' --explain"),
        environment: "TALLY_NOW=\(Self.now) HOMEBREW_PREFIX='\(app.brew)'")
      let card = try tmux.waitFor("Tally 2.0.0 is available")
      #expect(card.contains("brew upgrade tally") && !card.contains("example.com"), "\(card)")
      try tmux.keys("q")
      try tmux.waitFor("settings: ")
      let explained = try tmux.capture().replacingOccurrences(of: "\n", with: "")
      #expect(explained.contains("installed by brew: "), "\(explained)")
      #expect(try tmux.waitForExit() == 0)
    }
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func aManagerThatUpdatesTheAppShowsNoCardAndExplainSaysSo() throws {
    try withInstalledApp { app, tmux in
      try tmux.start(
        app.greet("--upgrade-command pipx='pipx upgrade tally' --managed-by brew --explain"),
        environment: "TALLY_NOW=\(Self.now) HOMEBREW_PREFIX='\(app.brew)'")
      try tmux.waitFor("settings: ")
      #expect(try tmux.waitForExit() == 0)
      // The lines as written, not as the terminal wrapped them.
      let explained = try tmux.capture().replacingOccurrences(of: "\n", with: "")
      #expect(explained.contains("brew updates Tally (managed by), so no card"), "\(explained)")
      #expect(!explained.contains("is available, you have"))
    }
  }
}
