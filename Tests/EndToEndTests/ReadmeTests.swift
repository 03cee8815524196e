import Foundation
import TestSupport
import Testing

/// Runs the `console` blocks of README.md's "Usage", "Release notes", "Usage events" and "Tips"
/// sections: each `$ whatsnew ARGS` line (optionally `| grep WORD`, which keeps the lines
/// holding WORD) is run and its output (stdout and stderr, in that order) must be the lines
/// below it; a line `…` stands for any number of lines.
///
/// The other sections show their output in `text` blocks, which are not run: the walkthrough's
/// and the checklist's screens need a person at a terminal (WalkthroughDoneTmuxTests), and
/// `--feed`'s lines (the upgrade command, critical updates) need a fetched feed
/// (UpgradeCommandTmuxTests, CriticalReleaseTmuxTests).
@Suite struct ReadmeTests {
  struct Example: CustomStringConvertible {
    var arguments: [String]
    /// `grep WORD` after a `|`: only the output lines that hold WORD.
    var grep: String?
    var expected: String
    var description: String {
      "whatsnew " + arguments.joined(separator: " ") + (grep.map { " | grep " + $0 } ?? "")
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

  static func examples(in sections: Set<String> = ["Release notes", "Usage"]) throws -> [Example] {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var examples: [Example] = []
    var inConsole = false
    var inSection = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") && !inConsole {
        inSection = sections.contains(String(line.dropFirst(3)))
        continue
      }
      guard inSection else { continue }
      if line == "```console" {
        inConsole = true
      } else if inConsole && line == "```" {
        inConsole = false
      } else if inConsole && line.hasPrefix("$ whatsnew ") {
        let words = line.dropFirst("$ whatsnew ".count).split(separator: " ").map(String.init)
        let pipe = words.firstIndex(of: "|") ?? words.endIndex
        let filter = words[pipe...].dropFirst()
        #expect(filter.isEmpty || (filter.count == 2 && filter.first == "grep"), "\(line)")
        examples.append(Example(arguments: Array(words[..<pipe]), grep: filter.last, expected: ""))
      } else if inConsole, !examples.isEmpty {
        examples[examples.count - 1].expected += line + "\n"
      }
    }
    return examples
  }

  @Test func theReleaseNotesExamplesAreTrue() throws {
    let examples = try Self.examples()
    #expect(examples.count >= 4)
    for example in examples {
      let result = try Run.whatsnew(
        example.arguments, environment: ["WHATSNEW_CONTENT_DIR": ""], currentDirectory: TestPaths.packageRoot)
      #expect(
        example.matches(result.stdout + result.stderr),
        "\(example) printed:\n\(result.stdout + result.stderr)")
    }
  }

  /// A user of Tally whose home is a scratch directory (shown as `/home/you`), with the example
  /// host's notes in `notes` there and the clock at 2026-03-02 09:00 UTC.
  struct Home {
    let directory: TemporaryDirectory
    var environment: [String: String] {
      [
        "HOME": directory.path, "XDG_STATE_HOME": directory.path + "/.local/state",
        "TALLY_NOW": "2026-03-02T09:00:00Z",
      ]
    }

    init() throws {
      directory = try TemporaryDirectory("readme-home")
      try FileManager.default.copyItem(
        at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"),
        to: directory.url.appendingPathComponent("notes"))
    }

    func run(_ example: Example) throws -> String {
      let result = try Run.whatsnew(
        example.arguments, environment: environment, currentDirectory: directory.url)
      return (result.stdout + result.stderr).replacingOccurrences(of: directory.path, with: "/home/you")
    }
  }

  /// "For an app that has launched": Tally's first launch, unattended, then the section's lines.
  @Test func theUsageEventsExamplesAreTrue() throws {
    let examples = try Self.examples(in: ["Usage events"])
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

  /// Notes whose lint the Tips section shows: five files, one tip whose `when-used:` is not an
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
  /// section's lines, `greet --tip` in the terminal too (a tip is only for a person there), and
  /// `lint` of ``notesWithBadTips`` in `Content`.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theTipsExamplesAreTrue() throws {
    let examples = try Self.examples(in: ["Tips"])
    #expect(examples.count >= 5)
    let home = try Home()
    let content = try home.directory.subdirectory("Content")
    try FileManager.default.createDirectory(
      at: content.appendingPathComponent("tips"), withIntermediateDirectories: true)
    for (name, text) in Self.notesWithBadTips {
      try Data(text.utf8).write(to: content.appendingPathComponent(name))
    }
    let tmux = try TmuxSession(width: 200, height: 50)
    defer { tmux.kill() }
    try tmux.run("cd '\(home.directory.path)'")
    // As in a terminal the link check does not know (`links: off (unknown terminal)`), not tmux.
    let unknownTerminal = [
      "TMUX", "STY", "FORCE_HYPERLINK", "TERM_PROGRAM", "VTE_VERSION", "KITTY_WINDOW_ID", "WT_SESSION",
      "ALACRITTY_WINDOW_ID", "KONSOLE_VERSION",
    ]
    let environment =
      (unknownTerminal.map { "-u \($0)" }
      + home.environment.sorted { $0.key < $1.key }.map {
        "\($0.key)='\($0.value)'"
      }).joined(separator: " ")
    let greet = "greet --app-id tally --app-name Tally --app-version 2.0.0 --content notes"
    try tmux.skipTallysWalkthrough(greet, environment: environment)
    try tmux.start(greet, environment: environment)
    #expect(try tmux.waitForExit() == 0)
    for example in examples {
      let output: String
      if example.arguments.first == "greet" {
        try tmux.start(example.arguments.joined(separator: " "), environment: environment)
        #expect(try tmux.waitForExit() == 0)
        let screen = try tmux.waitFor("EXIT:").split(separator: "\n", omittingEmptySubsequences: false)
        output = screen.prefix { !$0.hasPrefix("EXIT:") }.map { $0 + "\n" }.joined()
      } else {
        output = try home.run(example)
      }
      #expect(example.matches(output), "\(example) printed:\n\(output)")
    }
  }
}
