import Foundation
import TestSupport
import Testing

/// The administrator's policy, the common opt-outs and a test feed, in a real terminal (issue
/// 46): the policy is read from `$XDG_CONFIG_DIRS` (a user may set it; the tests cannot write
/// `/etc/whatsnew/policy.json`, which the library's unit tests replace instead).
@Suite(.serialized, .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct PolicyTmuxTests {
  /// Writes `json` as `whatsnew/policy.json` under `config` (made private first), with `mode`.
  static func writePolicy(_ json: String, in config: URL, mode: mode_t = 0o644) throws {
    let directory = config.appendingPathComponent("whatsnew")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("policy.json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, mode) == 0)
  }

  /// `greet` for `id` (named `name`) with the repository's notes, in a state directory of its own.
  static func greet(
    _ tmux: TmuxSession, _ id: String, _ name: String, environment: String, extra: String = ""
  )
    throws
  {
    try tmux.start(
      "greet --app-id \(id) --app-name \(name) --app-version 2.0.0 --content \(tmux.content) "
        + "--state-dir '\(tmux.directory.path)/state-\(id)' \(extra)", environment: environment)
  }

  @Test func greetingsOffForOneAppSilencesItAndNotAnother() throws {
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let config = tmux.directory.appendingPathComponent("xdg")
    try Self.writePolicy(#"{"apps": {"tally": {"greetings": false}}}"#, in: config)
    let environment = "XDG_CONFIG_DIRS='\(config.path)'"
    try Self.greet(tmux, "tally", "Tally", environment: environment, extra: "--explain")
    #expect(try tmux.waitForExit() == 0)
    let explained = try tmux.capture()
    #expect(
      explained.contains(
        "not interactive (greetings off: \(config.path)/whatsnew/policy.json (apps.tally.greetings))"),
      "\(explained)")
    #expect(!explained.contains("Welcome to Tally"))
    // Another app on the same machine greets.
    try Self.greet(tmux, "jot", "Jot", environment: environment)
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func aPolicyOthersCanWriteIsIgnoredWithOneLine() throws {
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let config = tmux.directory.appendingPathComponent("xdg")
    try Self.writePolicy(#"{"all": {"greetings": false}}"#, in: config, mode: 0o666)
    let path = config.path + "/whatsnew/policy.json"
    try Self.greet(tmux, "tally", "Tally", environment: "XDG_CONFIG_DIRS='\(config.path)'")
    try tmux.waitFor("Welcome to Tally")
    try tmux.keys("s")
    #expect(try tmux.waitForExit() == 0)
    // Joined: the line is wider than the terminal.
    let screen = try tmux.capture().replacingOccurrences(of: "\n", with: "")
    let line =
      "Tally: \(path) is writable by its group and others (mode 666): chmod go-w \(path); "
      + "the policy in it is ignored"
    #expect(screen.components(separatedBy: line).count == 2, "\(screen)")
  }

  /// Serves `dir` on 127.0.0.1 and appends each request's path to `dir/requests`.
  final class CountingServer {
    let server: LocalHTTPServer
    let log: URL

    init(directory: URL) throws {
      log = directory.appendingPathComponent("requests")
      let script = """
        import http.server, functools, sys, threading
        class H(http.server.SimpleHTTPRequestHandler):
            def do_GET(self):
                with open(sys.argv[2], 'a') as f: f.write(self.path + '\\n')
                return super().do_GET()
            def log_message(self, *a): pass
        """
      server = try LocalHTTPServer(
        handler: script, serving: "functools.partial(H, directory=sys.argv[1])", lifetime: 120,
        arguments: [directory.path, log.path])
    }

    var port: Int { server.port }

    /// The requests served so far.
    var requests: [String] {
      ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() { server.stop() }
  }

  static let feed =
    ###"[{"version": "9.0.0", "date": "2026-03-01", "notes": "## Faster\n\n- Sync is twice as fast."}]"###

  /// `greet` with a feed and empty notes (nothing else is due), in the state directory `state`.
  static func greetWithFeed(_ tmux: TmuxSession, state: String, feed: String, environment: String) throws {
    let notes = tmux.directory.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
    try tmux.start(
      "greet --app-id tally --app-name Tally --app-version 2.0.0 --content '\(notes.path)' "
        + "--state-dir '\(state)' --feed '\(feed)' --upgrade-command 'brew upgrade tally' --explain",
      environment: environment)
  }

  /// The feed's files in `state` (the cache, a download and its status).
  static func feedFiles(in state: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).filter {
      $0.hasPrefix("update-feed")
    }
  }

  @Test(
    .requires(TestPaths.hasTool("python3"), "python3 is not installed (the test serves the feed with it)"),
    .requires(TestPaths.hasTool("curl"), "curl is not installed (the greeter fetches the feed with it)"))
  func theCommonOptOutsStartNoFetchAndWriteNoFile() throws {
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let dir = tmux.directory
    try Data(Self.feed.utf8).write(to: dir.appendingPathComponent("feed.json"))
    let server = try CountingServer(directory: dir)
    defer { server.stop() }
    try #require(server.port > 0, "the feed server did not start")
    let url = "http://127.0.0.1:\(server.port)/feed.json"
    for (variable, line) in [
      ("NO_UPDATE_NOTIFIER=1", "feed:      off: NO_UPDATE_NOTIFIER is set; not checked"),
      ("DO_NOT_TRACK=1", "feed:      off: DO_NOT_TRACK=1; not checked"),
    ] {
      let state = dir.appendingPathComponent("state-\(variable.prefix(4))").path
      try Self.greetWithFeed(tmux, state: state, feed: url, environment: variable)
      #expect(try tmux.waitForExit() == 0)
      #expect(try tmux.capture().contains(line), "\(variable)")
      #expect(Self.feedFiles(in: state).isEmpty, "\(variable): \(Self.feedFiles(in: state))")
    }
    // Without them the same launch fetches: the server sees one request. Seeing it also shows
    // that a fetch started by the launches above would have arrived by now.
    let state = dir.appendingPathComponent("state-on").path
    try Self.greetWithFeed(tmux, state: state, feed: url, environment: "")
    #expect(try tmux.waitForExit() == 0)
    let deadline = Date().addingTimeInterval(20)
    while server.requests.isEmpty && Date() < deadline { usleep(50_000) }
    #expect(server.requests == ["/feed.json"])
    #expect(Self.feedFiles(in: state).contains("update-feed.json"))
  }

  @Test func aLocalTestFeedShowsTheCardWithoutAServer() throws {
    let tmux = try TmuxSession(width: 200)
    defer { tmux.kill() }
    let dir = tmux.directory
    let feed = dir.appendingPathComponent("feed.json")
    try Data(Self.feed.utf8).write(to: feed)
    let state = dir.appendingPathComponent("state").path
    // The app's own feed is a dead port: only the file can show a card.
    let environment = "TALLY_FEED_URL='file://\(feed.path)'"
    try Self.greetWithFeed(tmux, state: state, feed: "http://127.0.0.1:1/feed.json", environment: environment)
    let card = try tmux.waitFor("Tally 9.0.0 is available")
    #expect(card.contains("brew upgrade tally") && card.contains("you have 2.0.0"))
    try tmux.keys("n")
    try tmux.waitFor("Sync is twice as fast")
    try tmux.keys("q")
    try tmux.waitFor("To upgrade, run:")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    #expect(
      try tmux.capture().replacingOccurrences(of: "\n", with: "").contains(
        "feed:      9.0.0 is available; read \(feed.path) now (a file: feed is read on every launch); "
          + "TALLY_FEED_URL=file://\(feed.path)"))
    #expect(Self.feedFiles(in: state).isEmpty, "\(Self.feedFiles(in: state))")
  }
}
