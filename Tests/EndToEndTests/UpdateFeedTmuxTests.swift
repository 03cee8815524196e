import Foundation
import TestSupport
import Testing

/// The update feed end to end: `greet --feed` against a feed served from 127.0.0.1 by a small
/// Python server (it stops itself after two minutes), in a real terminal.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing),
  .requires(TestPaths.hasTool("python3"), "python3 is not installed (the feed tests serve the feed with it)"),
  .requires(TestPaths.hasTool("curl"), "curl is not installed (the greeter fetches the feed with it)"),
  .requires(
    TestPaths.hasTool("pgrep"), "pgrep is not installed (the feed tests look for fetches left running)"))
struct UpdateFeedTmuxTests {
  /// Serves `/feed.json` (a list with a newer release, answered after 2 seconds so a launch
  /// that waited for it would be seen waiting), `/hostile.json` (escape sequences, not JSON),
  /// `/absurd.json` (versions no release has), `/never` (accepted, never answered),
  /// `/huge` (50 MiB, its length announced) and `/huge-streamed` (50 MiB, length not
  /// announced); a huge body sent whole leaves `huge-sent` (or `huge-streamed-sent`).
  final class FeedServer {
    let server: LocalHTTPServer

    init(directory: URL) throws {
      let feed =
        ###"[{"version": "9.0.0", "date": "2026-03-01", "notes": "## Faster\n\n- Sync is **twice** as fast."}, {"version": "1.5.0", "notes": "old"}]"###
      try Data(feed.utf8).write(to: directory.appendingPathComponent("feed.json"))
      try Data(String(repeating: "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31m", count: 200).utf8).write(
        to: directory.appendingPathComponent("hostile.json"))
      let absurd = [
        String(repeating: "9", count: 500) + ".0.0", "\\u001b[31m3.0.0", "99999999999999999999999.0.0",
        "-3.0.0",
        "3.0.0\\u0000", "3.0.0+" + String(repeating: "x", count: 100), "NaN", "",
      ]
      try Data(
        ("[" + absurd.map { #"{"version": "\#($0)", "notes": "pwned"}"# }.joined(separator: ",") + "]").utf8
      )
      .write(to: directory.appendingPathComponent("absurd.json"))
      let script = """
        import http.server, functools, os, sys, threading, time
        class H(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                if self.path == '/feed.json': time.sleep(2)
                if self.path == '/never':
                    time.sleep(600)
                    return
                if self.path in ('/huge', '/huge-streamed'):
                    self.send_response(200)
                    self.send_header('Content-Type', 'application/json')
                    if self.path == '/huge': self.send_header('Content-Length', str(50 << 20))
                    self.end_headers()
                    chunk = b' ' * (1 << 16)
                    for _ in range(800): self.wfile.write(chunk)
                    self.wfile.flush()
                    open(os.path.join(sys.argv[1], self.path[1:] + '-sent'), 'w').close()
                    return
                return super().do_GET()
            def log_message(self, *a): pass
        """
      server = try LocalHTTPServer(
        handler: script, serving: "functools.partial(H, directory=sys.argv[1])", lifetime: 120,
        arguments: [directory.path])
    }

    var port: Int { server.port }

    func stop() { server.stop() }
  }

  static func greet(_ tmux: TmuxSession, _ content: URL, state: String, feed: String, extra: String = "")
    throws
  {
    try tmux.start(
      "greet --app-id tally --app-name Tally --app-version 2.0.0 --content '\(content.path)' "
        + "--state-dir '\(state)' --feed '\(feed)' --upgrade-command 'brew upgrade tally' \(extra)")
  }

  /// Whether the fetch started in `state` has ended: its status file holds curl's exit status
  /// and a newline (empty while curl runs).
  static func fetchEnded(in state: String) -> Bool {
    let status = FileManager.default.contents(atPath: state + "/update-feed.download.status")
    return status?.last == UInt8(ascii: "\n")
  }

  /// Waits at most `timeout` seconds for the fetch started in `state` to end.
  static func waitForFetch(in state: String, timeout: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if fetchEnded(in: state) { return true }
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

    // Nothing due: the launch starts the fetch and returns while the server is still waiting.
    try Self.greet(tmux, content, state: state, feed: url, extra: "--explain")
    #expect(try tmux.waitForExit() == 0)
    #expect(!Self.fetchEnded(in: state), "the launch waited for the feed")
    #expect(try tmux.waitFor("feed:").contains("fetch started"))
    #expect(Self.waitForFetch(in: state), "the background fetch never ended")

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

  /// The processes whose command line names `text` (pgrep -f), as "pid command" lines.
  static func processes(naming text: String) throws -> [String] {
    let found = try Run.process(URL(fileURLWithPath: "/usr/bin/env"), ["pgrep", "-a", "-f", text])
    return found.stdout.split(separator: "\n").map(String.init)
  }

  /// What the second launch's `--explain` says about each bad feed, after the first started
  /// the fetch.
  static let badFeeds: [String: String] = [
    "dead": "the last fetch failed: cannot connect (curl exit 7)",
    "hostile": "the fetched feed is ignored: not a JSON list of releases",
    "absurd": "the fetched feed is ignored: no entry has a usable version",
    "never": "the last fetch failed: timed out after 5 s (curl exit 28)",
    "huge": "the last fetch failed: over 1048576 bytes (curl exit 63)",
    "huge-streamed": "the last fetch failed: stopped at 1048576 bytes",
  ]

  /// A dead port, a server that never answers, 50 MiB with and without its length announced,
  /// escape sequences and absurd versions: the launch that starts the fetch returns at once
  /// (the fetch outlives it), the fetch ends within curl's 5 seconds leaving no process behind,
  /// reads at most 1 MiB, and the next launch shows nothing but a `feed:` line in `--explain`
  /// and removes what the fetch wrote.
  @Test(arguments: ["dead", "hostile", "absurd", "never", "huge", "huge-streamed"])
  func aBadFeedShowsNothing(kind: String) throws {
    // Wide, so the feed: line is not wrapped.
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let dir = tmux.directory
    let content = dir.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    let server = try FeedServer(directory: dir)
    defer { server.stop() }
    try #require(server.port > 0, "the feed server did not start")
    let state = dir.appendingPathComponent("state").path
    // Port 1 on 127.0.0.1 refuses the connection.
    let url =
      switch kind {
      case "dead": "http://127.0.0.1:1/feed.json"
      case "hostile", "absurd": "http://127.0.0.1:\(server.port)/\(kind).json"
      default: "http://127.0.0.1:\(server.port)/\(kind)"
      }
    try Self.greet(tmux, content, state: state, feed: url, extra: "--explain")
    #expect(try tmux.waitForExit() == 0)
    #expect(try tmux.waitFor("feed:").contains("fetch started in the background"))
    // The fetch's processes name the URL (they are handed their files, and name no path).
    // The detached shell may not have started curl yet on a loaded machine: look for up to
    // 3 s (a launch that had waited out curl's 5 s would leave no curl to find).
    if kind == "never" {
      let start = Date()
      var fetching = try Self.processes(naming: url)
      while !fetching.contains(where: { $0.contains("curl") }) && Date().timeIntervalSince(start) < 3 {
        usleep(50_000)
        fetching = try Self.processes(naming: url)
      }
      #expect(fetching.contains { $0.contains("curl") }, "the launch waited for a server that never answers")
    }
    // curl gives up within its --max-time of 5 s; allow a loaded machine 10 s more.
    let deadline = Date().addingTimeInterval(15)
    var left = try Self.processes(naming: url)
    while !left.isEmpty && Date() < deadline {
      usleep(100_000)
      left = try Self.processes(naming: url)
    }
    #expect(Self.fetchEnded(in: state), "the fetch did not write its status")
    #expect(left.isEmpty, "the fetch outlived its time limit: \(left)")
    #expect(!FileManager.default.fileExists(atPath: dir.path + "/\(kind)-sent"), "curl read the whole 50 MiB")

    try Self.greet(tmux, content, state: state, feed: url, extra: "--explain")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("feed:")
    #expect(!screen.contains("is available") && !screen.contains("pwned"))
    let feedLine = screen.split(separator: "\n").first { $0.hasPrefix("feed:") }.map(String.init) ?? ""
    #expect(feedLine.hasPrefix("feed:      nothing newer than 2.0.0; "))
    #expect(feedLine.contains(Self.badFeeds[kind] ?? "?"), "\(feedLine)")
    let after = (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []
    #expect(after.allSatisfy { !$0.hasPrefix("update-feed.download") }, "\(after)")
  }

  /// curl reads no configuration file (issue 43): a `.curlrc` in `$HOME` naming another `url`
  /// and an `output` path (what another user can plant when root keeps their `HOME`) writes
  /// nothing at that path, and the feed is read as usual.
  @Test func aCurlrcInHomeChangesNothing() throws {
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let dir = tmux.directory
    let content = dir.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    let server = try FeedServer(directory: dir)
    defer { server.stop() }
    try #require(server.port > 0, "the feed server did not start")
    let home = dir.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let written = dir.path + "/written-by-curlrc"
    let curlrc = "url = \"http://127.0.0.1:\(server.port)/absurd.json\"\noutput = \"\(written)\"\n"
    try Data(curlrc.utf8).write(to: home.appendingPathComponent(".curlrc"))
    let state = dir.appendingPathComponent("state").path
    let url = "http://127.0.0.1:\(server.port)/feed.json"
    try tmux.start(
      "greet --app-id tally --app-name Tally --app-version 2.0.0 --content '\(content.path)' "
        + "--state-dir '\(state)' --feed '\(url)' --explain",
      environment: "HOME='\(home.path)' CURL_HOME='\(home.path)' XDG_CONFIG_HOME='\(home.path)'")
    #expect(try tmux.waitForExit() == 0)
    #expect(Self.waitForFetch(in: state), "the background fetch never ended")
    #expect(!FileManager.default.fileExists(atPath: written), "curl read $HOME/.curlrc")
    try tmux.start(
      "greet --app-id tally --app-name Tally --app-version 2.0.0 --content '\(content.path)' "
        + "--state-dir '\(state)' --feed '\(url)'",
      environment: "HOME='\(home.path)'")
    #expect(try tmux.waitFor("Tally 9.0.0 is available").contains("you have 2.0.0"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    #expect(!FileManager.default.fileExists(atPath: written), "curl read $HOME/.curlrc")
  }
}
