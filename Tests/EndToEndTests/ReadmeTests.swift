import Foundation
import TestSupport
import Testing

/// Runs the `console` blocks of README.md and of the pages of `docs/` ("Usage"; the release
/// notes; usage events and tips; critical updates and the right upgrade command; quiet under
/// coding agents): each `$ whatsnew ARGS` line (optionally after `NAME=value` assignments,
/// continued on the next line after ` \`, and with `| grep WORD`, which keeps the lines holding
/// WORD) is run and its output (stdout and stderr, in that order) must be the lines below it; a
/// line `…` stands for any number of lines. Every `console` block of those pages is run
/// (``everyConsoleBlockIsRun``).
///
/// The other sections show their output in `text` blocks, which are not run: the walkthrough's
/// and the checklist's screens and the accessible mode need keys typed at a terminal
/// (DemoTourTmuxTests, WalkthroughDoneTmuxTests, AccessibleModeTests), the `--feed` card of "A
/// newer version is available" a feed fetched by curl (UpdateFeedTmuxTests), and "Light or dark
/// backgrounds" a terminal that answers with a white background (ThemeTmuxTests).
@Suite struct ReadmeTests {
  struct Example: CustomStringConvertible {
    /// The variables assigned before `whatsnew`.
    var environment: [String: String]
    /// What follows `whatsnew`, as the shell reads it (before any `|`).
    var commandLine: String
    /// `grep WORD` after a `|`: only the output lines that hold WORD.
    var grep: String?
    var expected = ""
    /// The words of ``commandLine``, for a line without quotes.
    var arguments: [String] { commandLine.split(separator: " ").map(String.init) }
    var description: String { "whatsnew " + commandLine + (grep.map { " | grep " + $0 } ?? "") }

    /// The example of a `$ ` line, nil when it does not run `whatsnew`.
    init?(_ line: String) {
      var words = line.split(separator: " ")[...]
      environment = [:]
      while let word = words.first, let equals = word.firstIndex(of: "="), word.first?.isUppercase == true {
        environment[String(word[..<equals])] = String(word[word.index(after: equals)...])
        words = words.dropFirst()
      }
      guard words.first == "whatsnew" else { return nil }
      let pipe = words.firstIndex(of: "|") ?? words.endIndex
      commandLine = words[words.index(after: words.startIndex)..<pipe].joined(separator: " ")
      let filter = words[pipe...].dropFirst()
      guard filter.isEmpty || (filter.count == 2 && filter.first == "grep") else { return nil }
      grep = filter.last.map(String.init)
    }

    /// The command's output as the README shows it.
    func shown(_ output: String) -> String {
      guard let grep else { return output }
      return output.split(separator: "\n").filter { $0.contains(grep) }.map { $0 + "\n" }.joined()
    }

    /// Whether `actual` is the expected output, a line `…` matching any run of lines.
    func matches(_ actual: String) -> Bool {
      Self.match(
        expected.split(separator: "\n", omittingEmptySubsequences: false)[...],
        shown(actual).split(separator: "\n", omittingEmptySubsequences: false)[...])
    }

    private static func match(_ expected: ArraySlice<Substring>, _ actual: ArraySlice<Substring>) -> Bool {
      guard let first = expected.first else { return actual.isEmpty }
      if first == "…" {
        return actual.indices.contains { match(expected.dropFirst(), actual[$0...]) }
          || match(expected.dropFirst(), [])
      }
      return actual.first == first && match(expected.dropFirst(), actual.dropFirst())
    }
  }

  /// The pages whose `console` blocks are run: README.md and every page of `docs/`, by path
  /// relative to the package.
  static func pages() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: TestPaths.packageRoot.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The examples of the `sections` of `page` (headings of level 1 to 4; a section ends at the
  /// next heading of its level or above); nil: of the whole page.
  static func examples(in sections: Set<String>?, of page: String) throws -> [Example] {
    let text = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(page), encoding: .utf8)
    var examples: [Example] = []
    var fence: Substring?
    var sectionLevel: Int?
    var command: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if fence == nil, let level = ["# ", "## ", "### ", "#### "].firstIndex(where: { line.hasPrefix($0) }) {
        let name = String(line.drop { $0 == "#" }.dropFirst())
        if sections?.contains(name) ?? true {
          sectionLevel = level
        } else if let included = sectionLevel, level <= included {
          sectionLevel = nil
        }
        continue
      }
      if line.hasPrefix("```") {
        fence = fence == nil ? line : nil
        continue
      }
      guard sectionLevel != nil, fence == "```console" else { continue }
      if command != nil || line.hasPrefix("$ ") {
        let text =
          command.map { $0 + " " + line.trimmingCharacters(in: .whitespaces) } ?? String(line.dropFirst(2))
        command = text.hasSuffix(" \\") ? String(text.dropLast(2)) : nil
        guard command == nil else { continue }
        let example = Example(text)
        #expect(example != nil, "\(page): a console line that is not `whatsnew ARGS [| grep WORD]`: \(text)")
        if let example { examples.append(example) }
      } else if !examples.isEmpty {
        examples[examples.count - 1].expected += line + "\n"
      }
    }
    return examples
  }

  /// The sections each test below runs, by page.
  static let sectionsRun: [String: Set<String>] = [
    "README.md": ["Usage"],
    "docs/release-notes.md": ["Release notes: preview, importance, translations, lint, import"],
    "docs/tips.md": [
      "Usage events", "Tips", "A new user on an older version: the update card, then the checklist",
      "A critical update holds back tips and the checklist",
    ],
    "docs/update-feed.md": [
      "Critical updates", "The right upgrade command", "Only what the user's channel can install",
    ],
    "docs/features.md": ["Quiet under coding agents"],
  ]

  /// A `console` block is one that is run, on every page: the pages say so.
  @Test func everyConsoleBlockIsRun() throws {
    for page in try Self.pages() {
      let run = try Self.examples(in: Self.sectionsRun[page] ?? [], of: page).map(\.description)
      let all = try Self.examples(in: nil, of: page).map(\.description)
      #expect(all == run, "\(page): console blocks outside \((Self.sectionsRun[page] ?? []).sorted())")
    }
  }

  /// README's "Usage" and the release notes page, from the package's root (`lint` checks
  /// `Content`).
  @Test func theReleaseNotesExamplesAreTrue() throws {
    let examples =
      try Self.examples(in: Self.sectionsRun["README.md"], of: "README.md")
      + Self.examples(in: Self.sectionsRun["docs/release-notes.md"], of: "docs/release-notes.md")
    #expect(examples.count >= 6)
    for example in examples {
      let result = try Run.whatsnew(
        example.arguments, environment: ["WHATSNEW_CONTENT_DIR": ""], currentDirectory: TestPaths.packageRoot)
      #expect(
        example.matches(result.stdout + result.stderr),
        "\(example) printed:\n\(result.stdout + result.stderr)")
    }
  }

  /// A user of Tally whose home is a scratch directory (shown as `/home/you`, and `~` in a
  /// command), with the example host's notes in `notes` there and the clock at 2026-03-02
  /// 09:00 UTC.
  struct Home {
    let directory: TemporaryDirectory
    var environment: [String: String] {
      [
        "HOME": directory.path, "XDG_STATE_HOME": directory.path + "/.local/state",
        "TALLY_NOW": "2026-03-02T09:00:00Z", "WHATSNEW_CONTENT_DIR": "",
      ]
    }

    init() throws {
      directory = try TemporaryDirectory("readme-home")
      try FileManager.default.copyItem(
        at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"),
        to: directory.url.appendingPathComponent("notes"))
    }

    /// `text` with `~/` in this home.
    func expand(_ text: String) -> String { text.replacingOccurrences(of: "~/", with: directory.path + "/") }

    /// `output` as it reads in `/home/you`.
    func shown(_ output: String) -> String {
      output.replacingOccurrences(of: directory.path, with: "/home/you")
    }

    func run(_ example: Example) throws -> String {
      let result = try Run.whatsnew(
        example.arguments, environment: environment.merging(example.environment.mapValues(expand)) { $1 },
        currentDirectory: directory.url)
      return shown(result.stdout + result.stderr)
    }
  }

  /// A terminal (tmux) in a ``Home``, for what only a person at a terminal is shown.
  struct Terminal {
    let home: Home
    let tmux: TmuxSession
    /// `env` arguments: the home's variables, and none that tells the link check which
    /// terminal this is (`links: off (unknown terminal)`, as in most terminals, not tmux's).
    let environment: String

    init(_ home: Home) throws {
      self.home = home
      tmux = try TmuxSession(width: 400, height: 50)
      let unknownTerminal = [
        "TMUX", "STY", "FORCE_HYPERLINK", "TERM_PROGRAM", "VTE_VERSION", "KITTY_WINDOW_ID", "WT_SESSION",
        "ALACRITTY_WINDOW_ID", "KONSOLE_VERSION",
      ]
      environment =
        (unknownTerminal.map { "-u \($0)" }
        + home.environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" })
        .joined(separator: " ")
      try tmux.run("cd '\(home.directory.path)'")
    }

    /// Tally's first launch, its walkthrough skipped.
    func install() throws {
      try tmux.skipTallysWalkthrough(
        "greet --app-id tally --app-name Tally --app-version 2.0.0 --content notes", environment: environment)
    }

    /// Runs `example`, closing with `q` a screen it shows; returns what stays on the terminal.
    func run(_ example: Example) throws -> String {
      let assigned = example.environment.map { "\($0.key)='\(home.expand($0.value))'" }
      try tmux.start(
        home.expand(example.commandLine), environment: ([environment] + assigned).joined(separator: " "))
      let status = tmux.directory.appendingPathComponent("status").path
      try tmux.waitUntil("the example's end or a screen") { _ in
        FileManager.default.fileExists(atPath: status) || (try? tmux.display("#{alternate_on}")) == "1"
      }
      if !FileManager.default.fileExists(atPath: status) {
        // The alternate screen is on before the first frame; the `q` waits for the frame (a
        // screen drops the keys of its first 150 ms).
        try tmux.waitUntil("the screen's first frame") { !$0.allSatisfy(\.isWhitespace) }
        try tmux.keys("q")
      }
      #expect(try tmux.waitForExit() == 0, "\(example)")
      let lines = try tmux.waitFor("EXIT:").split(separator: "\n", omittingEmptySubsequences: false)
      return home.shown(lines.prefix { !$0.hasPrefix("EXIT:") }.map { $0 + "\n" }.joined())
    }

    func kill() { tmux.kill() }
  }

  /// "For an app that has launched": Tally's first launch, unattended, then the section's lines.
  @Test func theUsageEventsExamplesAreTrue() throws {
    let examples = try Self.examples(in: ["Usage events"], of: "docs/tips.md")
    #expect(examples.count >= 5)
    let home = try Home()
    let launch = try Run.whatsnew(
      ["greet", "--app-id", "tally", "--app-name", "Tally", "--app-version", "2.0.0", "--content", "notes"],
      environment: home.environment, currentDirectory: home.directory.url)
    #expect(launch.status == 0)
    for example in examples {
      let output = try home.run(example)
      #expect(example.matches(output), "\(example) printed:\n\(output)")
    }
  }

  /// A launch of the demo under a coding agent (its variable set by the example) in a new home.
  @Test func theCodingAgentExampleIsTrue() throws {
    let examples = try Self.examples(in: ["Quiet under coding agents"], of: "docs/features.md")
    #expect(examples.count >= 1)
    let home = try Home()
    for example in examples {
      let output = try home.run(example)
      #expect(example.matches(output), "\(example) printed:\n\(output)")
    }
  }

  /// Notes whose lint docs/tips.md's "Tips" shows: five files, one tip whose `when-used:` is not an
  /// event name and one that renders as 4 lines at 80 columns.
  static let notesWithBadTips = [
    "1.0.0.md": "---\ndate: 2026-03-01\n---\nFirst release.\n",
    "onboarding.md": "# Welcome to Tally\n\nCount things.\n",
    "welcome-back.md": "Welcome back to Tally, after {{days}} days.\n",
    "tips/find.md": "---\nid: find\nwhen-used: Search\n---\nFind a count by name with `tally search NAME`.\n",
    "tips/long.md": "---\nid: long\n---\n"
      + Array(repeating: "Tally counts every word you give it and remembers each count for later.", count: 4)
      .joined(separator: " ") + "\n",
  ]

  /// Tally's first launch (the walkthrough, skipped) and second, in a terminal; then the
  /// section's lines, `greet --tip` in the terminal too (a tip is only for a person there),
  /// `lint` of ``notesWithBadTips`` in `Content`, and `tips` with a policy file in `~/xdg` that
  /// turns tips off.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theTipsExamplesAreTrue() throws {
    let examples = try Self.examples(in: ["Tips"], of: "docs/tips.md")
    #expect(examples.count >= 5)
    let home = try Home()
    let content = try home.directory.subdirectory("Content")
    try FileManager.default.createDirectory(
      at: content.appendingPathComponent("tips"), withIntermediateDirectories: true)
    for (name, text) in Self.notesWithBadTips {
      try Data(text.utf8).write(to: content.appendingPathComponent(name))
    }
    let policy = try home.directory.subdirectory("xdg/whatsnew")
    try Data(#"{"all": {"tips": false}}"#.utf8).write(to: policy.appendingPathComponent("policy.json"))
    // Writable by no one else, whatever the umask: else the policy is ignored.
    for (path, mode) in [("xdg", 0o755), ("xdg/whatsnew", 0o755), ("xdg/whatsnew/policy.json", 0o644)] {
      #expect(chmod(home.directory.path + "/" + path, mode_t(mode)) == 0)
    }
    let terminal = try Terminal(home)
    defer { terminal.kill() }
    try terminal.install()
    _ = try terminal.run(
      #require(Example("whatsnew greet --app-id tally --app-name Tally --app-version 2.0.0 --content notes")))
    for example in examples {
      let output: String
      if example.arguments.first == "greet" {
        output = try terminal.run(example)
      } else {
        output = try home.run(example)
      }
      #expect(example.matches(output), "\(example) printed:\n\(output)")
    }
  }

  /// Each example on a new install of Tally 2.0.0 (the second is "instead" of the first) in a
  /// terminal, with a fake Homebrew install in `~/brew`; 2.1.0 is out.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theUpgradeCommandExamplesAreTrue() throws {
    let examples = try Self.examples(in: ["The right upgrade command"], of: "docs/update-feed.md")
    #expect(examples.count >= 2)
    for example in examples {
      let home = try Home()
      let bin = try home.directory.subdirectory("brew/bin")
      try Data().write(to: bin.appendingPathComponent("tally"))
      try Self.runWithFeed([example], in: home, latest: #"{"version": "2.1.0", "notes": ""}"#)
    }
  }

  /// The examples one after the other on one install of Tally 2.0.0 in a terminal; 2.1.2 is
  /// out and 2.1.1 was critical.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theCriticalUpdateExamplesAreTrue() throws {
    let examples = try Self.examples(in: ["Critical updates"], of: "docs/update-feed.md")
    #expect(examples.count >= 2)
    let latest =
      #"{"version": "2.1.2", "notes": "", "critical": "2.1.1", "criticalSummary": "Saved tokens were written to the log."}"#
    try Self.runWithFeed(examples, in: try Home(), latest: latest)
  }

  /// Runs `examples` in a terminal in `home` after Tally's first launch and then `launches`
  /// (their output unchecked), with the cache a fetch of their `--feed` ten minutes ago left
  /// (`latest`, the cache's JSON), so nothing is fetched.
  static func runWithFeed(
    _ examples: [Example], in home: Home, latest: String, after launches: [Example] = []
  ) throws {
    let terminal = try Terminal(home)
    defer { terminal.kill() }
    try terminal.install()
    let checked = try #require(ISO8601DateFormatter().date(from: "2026-03-02T08:50:00Z"))
      .timeIntervalSince1970
    let feed = examples.first?.arguments.drop { $0 != "--feed" }.dropFirst().first ?? ""
    let cache = #"{"url": "\#(feed)", "checked": \#(checked), "latest": \#(latest)}"#
    try Data(cache.utf8).write(
      to: home.directory.url.appendingPathComponent(".local/state/tally/update-feed.json"))
    for launch in launches { _ = try terminal.run(launch) }
    for example in examples {
      let output = try terminal.run(example)
      #expect(example.matches(output), "\(example) printed:\n\(output)")
    }
  }

  /// docs/tips.md's "A new user on an older version": Tally's notes with a checklist step (the
  /// "Counting" page, done by `add`), installed while 2.1.0 is out; the card on the second
  /// launch, the checklist on the next day's.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theNewUserOnAnOlderVersionExamplesAreTrue() throws {
    let examples = try Self.examples(
      in: ["A new user on an older version: the update card, then the checklist"], of: "docs/tips.md")
    #expect(examples.count == 2)
    let home = try Home()
    let onboarding = home.directory.url.appendingPathComponent("notes/onboarding.md")
    let pages = try String(contentsOf: onboarding, encoding: .utf8)
    try Data(("---\ndone-when: [-, add]\n---\n" + pages).utf8).write(to: onboarding)
    try Self.runWithFeed(examples, in: home, latest: #"{"version": "2.1.0", "notes": ""}"#)
  }

  /// docs/tips.md's "A critical update holds back tips and the checklist": Tally's notes, 2.1.1
  /// critical; the card on the second launch, again on the third (the tip held back), and the
  /// tip with the update check and the cooldown off.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theCriticalUpdateHoldsBackTipsExamplesAreTrue() throws {
    let examples = try Self.examples(
      in: ["A critical update holds back tips and the checklist"], of: "docs/tips.md")
    #expect(examples.count == 2)
    let latest =
      #"{"version": "2.1.2", "notes": "", "critical": "2.1.1", "criticalSummary": "Saved tokens were written to the log."}"#
    let second = try #require(examples.first)
    try Self.runWithFeed(examples, in: try Home(), latest: latest, after: [second])
  }

  /// What each demo command of README's "Try it" shows, in order: its comment's words.
  static let demoScreens: [String: [String]] = [
    "demo --simulate first": ["Welcome to Jot"],
    "demo --simulate upgrade --from 1.0.0": ["Step 1 of 3", "What's new in Jot"],
    "demo --simulate returning --away 60": ["Welcome back", "60 days"],
    "demo --open whatsnew://notes/1.4.0": ["1.4.0", "Pinned notes and export"],
  ]

  /// README's demo commands (`swift run whatsnew demo ...`) show what their comments say, in a
  /// terminal: the simulated upgrade from 1.0.0 its update steps' progress, then the sheet with
  /// no welcome back (issue 47).
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theReadmesDemoCommandsShowWhatTheySay() throws {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let commands = readme.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("swift run whatsnew demo ") else { return nil }
      let command = line.dropFirst("swift run whatsnew ".count).split(separator: "#").first ?? ""
      return command.trimmingCharacters(in: .whitespaces)
    }
    #expect(Set(commands) == Set(Self.demoScreens.keys), "README's demo commands: \(commands)")
    for command in commands {
      let tmux = try TmuxSession()
      defer { tmux.kill() }
      let state = tmux.directory.appendingPathComponent("state").path
      try tmux.start(
        command,
        environment: "WHATSNEW_STATE_DIR='\(state)' WHATSNEW_CONTENT_DIR= WHATSNEW_DEMO_STEP_DELAY_MS=1000")
      var screen = ""
      for text in Self.demoScreens[command] ?? [] {
        screen = try tmux.waitFor(text)
      }
      if command.contains("upgrade") {
        #expect(!screen.contains("Welcome back"), "\(command): \(screen)")
      }
    }
  }
}
