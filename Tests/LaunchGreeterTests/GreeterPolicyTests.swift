import Foundation
import LaunchTracking
import Synchronization
import TestSupport
import Testing

@testable import LaunchGreeter

/// The administrator's policy (`/etc/whatsnew/policy.json`, `$XDG_CONFIG_DIRS`) and the common
/// opt-outs (`NO_UPDATE_NOTIFIER`, `DO_NOT_TRACK`), issue 46.
@Suite struct GreeterPolicyTests {
  /// A scratch directory with `policy.json` files written into it, each under `NAME/whatsnew/`.
  final class Files {
    let root: URL

    init() throws { root = try TestPaths.makeTemporaryDirectory("whatsnew-policy") }
    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes `json` as `NAME/whatsnew/policy.json` (mode 644) and returns its path.
    @discardableResult
    func write(_ name: String, _ json: String, mode: Int = 0o644) throws -> String {
      let directory = root.appendingPathComponent(name + "/whatsnew")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let path = directory.appendingPathComponent("policy.json").path
      try Data(json.utf8).write(to: URL(fileURLWithPath: path))
      #expect(chmod(path, mode_t(mode)) == 0)
      return path
    }

    func directory(_ name: String) -> String { root.appendingPathComponent(name).path }
  }

  // MARK: Where it is read

  @Test func theSystemFileComesFirstThenEachConfigDirectory() {
    #expect(
      GreeterPolicy.paths(environment: [:]) == ["/etc/whatsnew/policy.json", "/etc/xdg/whatsnew/policy.json"])
    #expect(
      GreeterPolicy.paths(environment: ["XDG_CONFIG_DIRS": "/a:relative:/b/:/a"], system: "/s/policy.json")
        == ["/s/policy.json", "/a/whatsnew/policy.json", "/b/whatsnew/policy.json"])
  }

  @Test func absentFilesAreNoPolicyAndNoProblem() {
    let read = GreeterPolicy.load(
      appID: "tally", paths: ["/nonexistent/whatsnew/policy.json", "/etc/passwd/x"])
    #expect(read.policy == GreeterPolicy() && read.problems.isEmpty)
  }

  @Test func theFirstPlaceThatSetsASwitchDecides() throws {
    let files = try Files()
    let first = try files.write(
      "one", #"{"all": {"feed": false}, "apps": {"tally": {"feed": true, "tips": false}}}"#)
    let second = try files.write(
      "two",
      #"{"all": {"greetings": false, "tips": true}, "apps": {"tally": {"feedURL": "https://mirror/t.json"}}}"#
    )
    let tally = GreeterPolicy.load(appID: "tally", paths: [first, second])
    #expect(tally.problems.isEmpty)
    #expect(tally.policy.feed == .init(value: true, source: "\(first) (apps.tally.feed)"))
    #expect(tally.policy.tipsOff == "\(first) (apps.tally.tips)")
    #expect(tally.policy.greetingsOff == "\(second) (all.greetings)")
    #expect(tally.policy.feedURL?.value == "https://mirror/t.json")
    let jot = GreeterPolicy.load(appID: "jot", paths: [first, second]).policy
    #expect(jot.feedOff == "\(first) (all.feed)" && jot.tipsOff == nil && jot.feedURL == nil)
  }

  @Test func aFileOthersCanWriteIsIgnoredWithOneLine() throws {
    let files = try Files()
    let path = try files.write("open", #"{"all": {"greetings": false}}"#, mode: 0o666)
    let read = GreeterPolicy.load(appID: "tally", paths: [path])
    #expect(read.policy == GreeterPolicy())
    #expect(
      read.problems == [
        "\(path) is writable by its group and others (mode 666): chmod go-w \(path); the policy in it is ignored"
      ])
  }

  @Test func aFileInADirectoryOthersCanWriteIsIgnored() throws {
    let files = try Files()
    let path = try files.write("loose", #"{"all": {"greetings": false}}"#)
    #expect(chmod(files.directory("loose"), 0o777) == 0)
    let read = GreeterPolicy.load(appID: "tally", paths: [path])
    #expect(read.policy == GreeterPolicy())
    #expect(read.problems.count == 1)
    #expect(
      read.problems.first?.contains(
        "is in \(files.directory("loose")), which is writable by its group and others") == true,
      "\(read.problems)")
  }

  /// Only root can give a file away; run as another user, a file of root's stands for the
  /// other owner's (the user's own is trusted, as root's is).
  @Test(.requires(geteuid() == 0, "only root can give a file to another user"))
  func aFileOfAnotherUserIsIgnored() throws {
    let files = try Files()
    let path = try files.write("theirs", #"{"all": {"greetings": false}}"#)
    #expect(chown(path, 4242, 4242) == 0)
    let read = GreeterPolicy.load(appID: "tally", paths: [path])
    #expect(read.policy == GreeterPolicy())
    #expect(
      read.problems == [
        "\(path) belongs to uid 4242, not to root or this user (uid 0): chown root \(path); "
          + "the policy in it is ignored"
      ])
  }

  @Test func aSymbolicLinkIsNotFollowed() throws {
    let files = try Files()
    let target = try files.write("real", #"{"all": {"greetings": false}}"#)
    let link = files.directory("link") + "/whatsnew/policy.json"
    try FileManager.default.createDirectory(
      atPath: files.directory("link") + "/whatsnew", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(
      GreeterPolicy.load(appID: "tally", paths: [link]).problems == [
        "\(link) is a symbolic link; the policy in it is ignored"
      ])
  }

  @Test(arguments: [
    (#"{"all": {"feed": tru}}"#, "not JSON"),
    (#"{"apps": {"tally": {"greetings": "no"}}}"#, "apps.tally.greetings: expected true or false"),
    (#"{"apps": {"tally": {"greeting": false}}}"#, "apps.tally.greeting: unknown key"),
    (#"{"everyone": {}}"#, "everyone: unknown key"),
    (#"{"all": {"feedURL": "https://mirror/f.json"}}"#, "all.feedURL: a feed URL is set per app"),
    (
      #"{"apps": {"tally": {"feedURL": "file:///etc/f.json"}}}"#,
      #"apps.tally.feedURL: "file:///etc/f.json" is not an http(s) URL"#
    ),
  ])
  func aMalformedFileIsIgnoredWithOneLineNamingIt(json: String, why: String) throws {
    let files = try Files()
    let path = try files.write("bad", json)
    let good = try files.write("good", #"{"all": {"tips": false}}"#)
    let read = GreeterPolicy.load(appID: "tally", paths: [path, good])
    #expect(read.policy.greetings == nil && read.policy.feedURL == nil && read.policy.tipsOff != nil)
    #expect(read.problems.count == 1)
    #expect(read.problems.first?.hasPrefix("\(path): \(why)") == true, "\(read.problems)")
    #expect(read.problems.first?.hasSuffix("; the policy in it is ignored") == true)
  }

  /// A syntax error is one line naming the file and where the text stops being JSON: its
  /// line and column, not a byte offset.
  @Test func aSyntaxErrorNamesItsLine() throws {
    let files = try Files()
    let path = try files.write("bad", "{\n  \"apps\": {\"tally\": {\"tips\": false}}\n  \"all\": {}\n}\n")
    #expect(
      GreeterPolicy.load(appID: "tally", paths: [path]).problems == [
        "\(path): not JSON at line 3, column 3 (a comma or a closing brace should be here); "
          + "the policy in it is ignored"
      ])
  }

  // MARK: A launch

  let clock = FixedClock()

  /// `id`'s greeter with a walkthrough, the policy file `policy` standing in for
  /// `/etc/whatsnew/policy.json`, and `environment`.
  func greeter(
    _ id: String, policy: String, environment: [String: String] = [:], store: InMemoryLaunchStore
  ) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(
      "2.0.0", notes: ["2.0.0.md": "Two.\n", "onboarding.md": "# Welcome\n\nHi.\n"], store: store,
      clock: clock,
      environment: environment)
    greeter.app = GreeterApp(id: id, name: id, version: "2.0.0")
    greeter.seams.systemPolicyPath = policy
    return greeter
  }

  /// A launch: the screen it showed first, if any (dismissed with `q`), and its outcome.
  func launch(_ greeter: LaunchGreeter) -> (shown: String?, outcome: GreetOutcome) {
    var terminal: ScriptedTerminal?
    let outcome = greeter.greet { _, _ in
      terminal = ScriptedTerminal(keys: [.char("q")])
      return terminal
    }
    return (terminal?.shown.first, outcome)
  }

  @Test func greetingsOffForOneAppSilencesItAndNotAnother() throws {
    let files = try Files()
    let path = try files.write("etc", #"{"apps": {"tally": {"greetings": false}}}"#)
    let tally = launch(greeter("tally", policy: path, store: InMemoryLaunchStore()))
    #expect(tally.shown == nil && tally.outcome.shown == nil)
    #expect(
      tally.outcome.reason
        == "not interactive (greetings off: \(path) (apps.tally.greetings)); kept pending: onboarding at page 1"
    )
    let jot = launch(greeter("jot", policy: path, store: InMemoryLaunchStore()))
    #expect(jot.shown?.contains("Welcome") == true && jot.outcome.shown == .onboarding)
  }

  @Test func tipsOffByPolicyIsNamed() throws {
    let files = try Files()
    let path = try files.write("etc", #"{"all": {"tips": false}}"#)
    let store = InMemoryLaunchStore()
    var tally = greeter("tally", policy: path, store: store)
    tally.notes = .compiledIn([
      "2.0.0.md": "Two.\n", "tips.md": "## find\n\nPress `/` to find.\n",
    ])
    tally.seams.stderrIsTerminal = true
    _ = launch(tally)
    let second = launch(tally).outcome
    #expect(second.tipsOff == .policy("\(path) (all.tips)"))
    #expect(second.tip == nil)
  }

  /// A launch with a feed whose fetches are counted, in a state directory of its own.
  func feedLaunch(environment: [String: String], policy: String = "/nonexistent") throws -> (
    outcome: GreetOutcome, fetches: Int, files: [String]
  ) {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-policy-feed")
    defer { try? FileManager.default.removeItem(at: directory) }
    let fetches = Mutex(0)
    let store = InMemoryLaunchStore()
    var tally = greeter("tally", policy: policy, environment: environment, store: store)
    tally.notes = .compiledIn(["2.0.0.md": "Two.\n"])
    tally.stateDirectory = directory.path
    tally.feed = GreeterFeed(url: "https://example.com/f.json", upgradeCommand: "brew upgrade tally")
    tally.feedSpawn = { _, _ in
      fetches.withLock { $0 += 1 }
      return nil
    }
    let outcome = launch(tally).outcome
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    return (outcome, fetches.withLock { $0 }, files)
  }

  @Test func withoutASwitchTheFeedIsFetchedAndCached() throws {
    let launch = try feedLaunch(environment: [:])
    #expect(launch.fetches == 1 && launch.files == ["update-feed.json"])
  }

  @Test(arguments: [
    (["NO_UPDATE_NOTIFIER": "1"], "off: NO_UPDATE_NOTIFIER is set; not checked"),
    (["NO_UPDATE_NOTIFIER": "yes"], "off: NO_UPDATE_NOTIFIER is set; not checked"),
    (["DO_NOT_TRACK": "1"], "off: DO_NOT_TRACK=1; not checked"),
    (["TALLY_NO_UPDATE_CHECK": "1"], "TALLY_NO_UPDATE_CHECK=1; not checked"),
  ])
  func anOptOutMeansNoFetchAndNoFile(environment: [String: String], explanation: String) throws {
    let launch = try feedLaunch(environment: environment)
    #expect(launch.fetches == 0 && launch.files.isEmpty, "\(launch.files)")
    #expect(launch.outcome.feedExplanation == explanation)
  }

  @Test func theFeedOffByPolicyIsNamedAndNothingIsFetched() throws {
    let files = try Files()
    let path = try files.write("etc", #"{"apps": {"tally": {"feed": false}}}"#)
    let launch = try feedLaunch(environment: ["TALLY_FEED_URL": "https://staging/f.json"], policy: path)
    #expect(launch.fetches == 0 && launch.files.isEmpty)
    #expect(launch.outcome.feedExplanation == "off: \(path) (apps.tally.feed); not checked")
  }

  // MARK: The feed's URL

  @Test func aLocalFeedShowsItsCardWithoutAFetch() throws {
    let files = try Files()
    let feed = files.root.appendingPathComponent("feed.json")
    try Data(#"[{"version": "9.0.0", "notes": "Faster."}]"#.utf8).write(to: feed)
    let launch = try feedLaunch(environment: ["TALLY_FEED_URL": "file://" + feed.path])
    #expect(launch.fetches == 0 && launch.files.isEmpty, "\(launch.files)")
    #expect(launch.outcome.shown == .updateCard(version: version("9.0.0"), critical: false))
    #expect(
      launch.outcome.feedExplanation
        == "9.0.0 is available; read \(feed.path) now (a file: feed is read on every launch); "
        + "TALLY_FEED_URL=file://\(feed.path)")
  }

  @Test func aLocalFeedThatCannotBeUsedIsOneLine() throws {
    let files = try Files()
    let feed = files.root.appendingPathComponent("feed.json")
    try Data("not json".utf8).write(to: feed)
    let bad = try feedLaunch(environment: ["TALLY_FEED_URL": "file://" + feed.path])
    #expect(bad.outcome.shown == nil && bad.fetches == 0)
    #expect(
      bad.outcome.problems.map(\.description) == [
        "the feed \(feed.path): not a JSON list of releases; it is ignored"
      ])
    let fifo = files.root.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let waiting = try feedLaunch(environment: ["TALLY_FEED_URL": "file://" + fifo])
    #expect(
      waiting.outcome.problems.map(\.description) == [
        "the feed \(fifo): is not a regular file; it is ignored"
      ])
  }

  @Test func theFeedVariableNamesAnotherServerAndTheMirrorWins() throws {
    let other = try feedLaunch(environment: ["TALLY_FEED_URL": "http://127.0.0.1:9/f.json"])
    #expect(other.fetches == 1)
    #expect(other.outcome.feedExplanation?.hasSuffix("; TALLY_FEED_URL=http://127.0.0.1:9/f.json") == true)
    let bad = try feedLaunch(environment: ["TALLY_FEED_URL": "ftp://x/f.json"])
    #expect(
      bad.outcome.problems.map(\.description) == [
        #"TALLY_FEED_URL="ftp://x/f.json" is not an http(s) or file:/// URL; the app's feed is used"#
      ])
    let files = try Files()
    let path = try files.write(
      "etc", #"{"apps": {"tally": {"feedURL": "https://mirror.example/tally.json"}}}"#)
    let mirrored = try feedLaunch(environment: ["TALLY_FEED_URL": "https://staging/f.json"], policy: path)
    #expect(
      mirrored.outcome.feedExplanation?.hasSuffix("; URL from \(path) (apps.tally.feedURL)") == true,
      "\(mirrored.outcome.feedExplanation ?? "")")
  }
}
