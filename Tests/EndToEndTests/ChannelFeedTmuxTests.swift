import Foundation
import TestSupport
import Testing

/// Announce only what the user's channel can install (issue 46, must-show 1), through
/// `whatsnew greet` in tmux against a feed served from 127.0.0.1 and fetched by curl: a
/// Homebrew install (an executable under `$HOMEBREW_PREFIX`) is told about the version the
/// feed gives for `homebrew`, not the newest; without per-channel versions it waits 24 hours
/// after the release's date, chosen at each launch from the cache, while a direct download
/// is told at once; `--explain` says why.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing),
  .requires(TestPaths.hasTool("python3"), "python3 is not installed (the feed tests serve the feed with it)"),
  .requires(TestPaths.hasTool("curl"), "curl is not installed (the greeter fetches the feed with it)"))
struct ChannelFeedTmuxTests {
  /// The launches' clock; the dated feed's release came out an hour before it.
  static let now = "2026-01-02T10:00:00Z"

  /// Where a launch in `tmux`'s directory keeps its state, installs Tally, and fetches from.
  struct Install {
    let tmux: TmuxSession
    let state: String
    let executable: String
    let feed: String

    /// `--feed` on Tally 2.0.0 with an empty notes directory (nothing else is due).
    func greet(_ extra: String, now: String = ChannelFeedTmuxTests.now) throws {
      let dir = tmux.directory.path
      try tmux.start(
        "greet --app-id tally --app-name Tally --app-version 2.0.0 --content '\(dir)/notes' "
          + "--state-dir '\(state)' --feed '\(feed)' --executable '\(executable)' \(extra)",
        environment: "TALLY_NOW=\(now) HOMEBREW_PREFIX='\(dir)/brew'")
    }

    /// The first launch: it starts the fetch, which is waited for.
    func fetch() throws {
      try greet("")
      #expect(try tmux.waitForExit() == 0)
      #expect(UpdateFeedTmuxTests.waitForFetch(in: state), "the background fetch never ended")
    }

    /// The `feed:` line of the screen, as written rather than as the terminal wrapped it.
    func explained() throws -> String {
      let screen = try tmux.capture()
      return screen.split(separator: "\n").first { $0.hasPrefix("feed:") }.map(String.init) ?? screen
    }
  }

  /// A tmux session with a feed server serving `feed` as `/channels.json`, a notes directory,
  /// and Tally installed by Homebrew (`brew/Cellar/tally/2.0.0/bin/tally`) and by download
  /// (`download/tally`).
  private func withFeed(_ feed: String, _ body: (_ brew: Install, _ download: Install) throws -> Void) throws
  {
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let dir = tmux.directory
    let server = try UpdateFeedTmuxTests.FeedServer(directory: dir)
    defer { server.stop() }
    try #require(server.port > 0, "the feed server did not start")
    try Data(feed.utf8).write(to: dir.appendingPathComponent("channels.json"))
    for path in ["notes", "brew/Cellar/tally/2.0.0/bin", "download"] {
      try FileManager.default.createDirectory(
        at: dir.appendingPathComponent(path), withIntermediateDirectories: true)
    }
    for path in ["brew/Cellar/tally/2.0.0/bin/tally", "download/tally"] {
      try Data().write(to: dir.appendingPathComponent(path))
    }
    let url = "http://127.0.0.1:\(server.port)/channels.json"
    try body(
      Install(
        tmux: tmux, state: dir.path + "/brew-state",
        executable: dir.path + "/brew/Cellar/tally/2.0.0/bin/tally", feed: url),
      Install(
        tmux: tmux, state: dir.path + "/download-state", executable: dir.path + "/download/tally", feed: url))
  }

  @Test func aHomebrewInstallIsToldTheVersionHomebrewHasNotTheNewest() throws {
    let feed = #"""
      [{"version": "2.1.1", "date": "2025-12-20", "notes": "Newest.",
        "channels": {"homebrew": "2.1.0", "npm": "2.1.1"}},
       {"version": "2.1.0", "date": "2025-12-10", "notes": "What Homebrew has."}]
      """#
    try withFeed(feed) { brew, _ in
      try brew.fetch()
      try brew.greet(
        "--upgrade-command brew='brew upgrade tally' --upgrade-command 'curl -fsS tally.example | sh' --explain"
      )
      let card = try brew.tmux.waitFor("To upgrade, run:")
      #expect(card.contains("Tally 2.1.0 is available") && !card.contains("2.1.1"), "\(card)")
      #expect(card.contains("brew upgrade tally") && !card.contains("curl -fsS"), "\(card)")
      try brew.tmux.keys("q")
      try brew.tmux.waitFor("settings: ")
      #expect(try brew.tmux.waitForExit() == 0)
      let explained = try brew.explained()
      #expect(
        explained.contains("feed:      2.1.0 is available; 2.1.1 is newer, but homebrew has 2.1.0"),
        "\(explained)")
    }
  }

  @Test func aReleaseAnHourOldWaitsForHomebrewNotForADirectDownload() throws {
    let feed = #"[{"version": "2.1.0", "date": "2026-01-02T09:00:00Z", "notes": "Out an hour ago."}]"#
    try withFeed(feed) { brew, download in
      try brew.fetch()
      try brew.greet("--upgrade-command 'brew upgrade tally' --explain")
      #expect(try brew.tmux.waitForExit() == 0)
      var explained = try brew.explained()
      #expect(
        explained.contains("feed:      no card yet: 2.1.0 is 1 hour old; a homebrew install waits 24 hours"),
        "\(explained)")
      #expect(explained.contains("installed by brew: "), "\(explained)")
      #expect(!(try brew.tmux.capture()).contains("is available"))

      try download.fetch()
      try download.greet("--upgrade-command 'curl -fsS tally.example | sh' --explain")
      let card = try download.tmux.waitFor("To upgrade, run:")
      #expect(card.contains("Tally 2.1.0 is available"), "\(card)")
      try download.tmux.keys("q")
      #expect(try download.tmux.waitForExit() == 0)

      // 23.5 hours later, from the same cache (checked less than a day ago: no fetch), the
      // release is a day old and the Homebrew install is told.
      try brew.greet("--upgrade-command 'brew upgrade tally' --explain", now: "2026-01-03T09:30:00Z")
      #expect(try brew.tmux.waitFor("To upgrade, run:").contains("Tally 2.1.0 is available"))
      try brew.tmux.keys("q")
      #expect(try brew.tmux.waitForExit() == 0)
      explained = try brew.explained()
      #expect(explained.contains("feed:      2.1.0 is available; checked 23 h ago"), "\(explained)")
    }
  }
}
