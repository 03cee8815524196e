import Foundation
import TestSupport
import Testing

/// The update feed end to end: `greet --feed` against a feed served from 127.0.0.1 by a small
/// Python server (it stops itself after two minutes), in a real terminal.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing),
  .requires(TestPaths.hasTool("python3"), "python3 is not installed (the feed tests serve the feed with it)"),
  .requires(TestPaths.hasTool("curl"), "curl is not installed (the greeter fetches the feed with it)"))
struct UpdateFeedTmuxTests {
  /// Serves `/feed.json` (a list with a newer release, answered after 2 seconds so a launch
  /// that waited for it would be seen waiting) and `/hostile.json` (escape sequences, not JSON).
  final class FeedServer {
    let process = Process()
    let port: Int

    init(directory: URL) throws {
      let feed =
        ###"[{"version": "9.0.0", "date": "2026-03-01", "notes": "## Faster\n\n- Sync is **twice** as fast."}, {"version": "1.5.0", "notes": "old"}]"###
      try Data(feed.utf8).write(to: directory.appendingPathComponent("feed.json"))
      try Data(String(repeating: "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31m", count: 200).utf8).write(
        to: directory.appendingPathComponent("hostile.json"))
      let script = """
        import http.server, functools, sys, threading, time
        class H(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                if self.path == '/feed.json': time.sleep(2)
                return super().do_GET()
            def log_message(self, *a): pass
        s = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(H, directory=sys.argv[1]))
        threading.Timer(120, s.shutdown).start()
        print(s.server_address[1], flush=True)
        s.serve_forever()
        """
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", "-c", script, directory.path]
      let out = Pipe()
      process.standardOutput = out
      process.standardError = FileHandle.nullDevice
      try process.run()
      let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
      port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    func stop() {
      // SIGKILL: the test process's blocked signals are inherited, so SIGTERM may wait.
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
  }

  static func greet(_ tmux: TmuxSession, _ content: URL, state: String, feed: String, extra: String = "")
    throws
  {
    try tmux.start(
      "greet --app-id tally --app-name Tally --app-version 2.0.0 --content '\(content.path)' "
        + "--state-dir '\(state)' --feed '\(feed)' --upgrade-command 'brew upgrade tally' \(extra)")
  }

  static func waitForFile(_ path: String, timeout: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if FileManager.default.fileExists(atPath: path) { return true }
      usleep(50_000)
    }
    return false
  }

  @Test func aNewerReleaseIsAnnouncedOnceWithItsNotes() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let dir = tmux.directory
    let content = dir.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    let server = try FeedServer(directory: dir)
    defer { server.stop() }
    try #require(server.port > 0, "the feed server did not start")
    let state = dir.appendingPathComponent("state").path
    let url = "http://127.0.0.1:\(server.port)/feed.json"
    let download = state + "/update-feed.download"

    // Nothing due: the launch starts the fetch and returns while the server is still waiting.
    try Self.greet(tmux, content, state: state, feed: url, extra: "--explain")
    #expect(try tmux.waitForExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: download), "the launch waited for the feed")
    #expect(try tmux.waitFor("feed:").contains("fetch started"))
    #expect(Self.waitForFile(download), "the background fetch wrote nothing")

    // The next launch shows the card; n shows the notes; q comes back, q goes on.
    try Self.greet(tmux, content, state: state, feed: url, extra: "--report '\(dir.path)/r2.json'")
    let card = try tmux.waitFor("Tally 9.0.0 is available")
    #expect(card.contains("brew upgrade tally") && card.contains("you have 2.0.0"))
    try tmux.keys("n")
    #expect(try tmux.waitFor("Sync is twice as fast").contains("Faster"))
    try tmux.keys("q")
    try tmux.waitFor("To upgrade, run:")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let report = try String(contentsOfFile: dir.path + "/r2.json", encoding: .utf8)
    #expect(report.contains(#""available" : "9.0.0""#) && report.contains(#""shown" : "update-available""#))

    // Announced once: the third launch shows nothing, and still reports the version.
    try Self.greet(tmux, content, state: state, feed: url, extra: "--report '\(dir.path)/r3.json'")
    #expect(try tmux.waitForExit() == 0)
    #expect(!(try tmux.capture()).contains("is available"))
    let third = try String(contentsOfFile: dir.path + "/r3.json", encoding: .utf8)
    #expect(third.contains(#""available" : "9.0.0""#) && third.contains(#""shown" : null"#))
  }

  @Test(arguments: ["dead", "hostile"])
  func aBadFeedShowsNothing(kind: String) throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let dir = tmux.directory
    let content = dir.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    let server = try FeedServer(directory: dir)
    defer { server.stop() }
    try #require(server.port > 0, "the feed server did not start")
    let state = dir.appendingPathComponent("state").path
    // Port 1 on 127.0.0.1 refuses the connection.
    let url = kind == "dead" ? "http://127.0.0.1:1/feed.json" : "http://127.0.0.1:\(server.port)/hostile.json"
    try Self.greet(tmux, content, state: state, feed: url)
    #expect(try tmux.waitForExit() == 0)
    if kind == "hostile" {
      #expect(Self.waitForFile(state + "/update-feed.download"), "the hostile body was not fetched")
    } else {
      usleep(1_500_000)  // curl gives up on a refused connection at once
    }
    try Self.greet(tmux, content, state: state, feed: url, extra: "--explain")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("feed:")
    #expect(!screen.contains("is available") && !screen.contains("pwned"))
    #expect(screen.contains("nothing newer than 2.0.0"))
    if kind == "hostile" { #expect(screen.contains("the fetched feed is ignored: not a JSON list")) }
    #expect(!FileManager.default.fileExists(atPath: state + "/update-feed.download"))
  }
}
