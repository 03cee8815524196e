import Foundation
import TestSupport
import Testing

/// The user's choices on the what's-new sheet and the app's settings, end to end through
/// `whatsnew greet` in tmux: "later" (`l`), "never" (`x`) and its undo (`settings`),
/// `--min-importance`, `--existing-install`, and `history`.
@Suite(.serialized) struct GreeterChoicesTests {
  /// Notes for an app "tally" in the project's own words: 1.0.1 is a patch release, 1.1.0 a
  /// minor one; 1.2.0 says `importance: patch` although its bump is minor.
  private static let notes: [String: String] = [
    "onboarding.md": "# Welcome to Tally\n\nTally counts things for you.\n",
    "welcome-back.md": "# Welcome back\n\nYou were away for {{days}} days.\n",
    "1.0.0.md": "---\ntitle: First release\n---\n\nTally counts words and lines.\n",
    "1.0.1.md": "---\ntitle: Small fixes\n---\n\nCounting an empty file no longer prints a warning.\n",
    "1.1.0.md": "---\ntitle: Totals\n---\n\nA total line sums every count.\n",
    "1.2.0.md": "---\ntitle: Quieter\nimportance: patch\n---\n\nFewer blank lines in the output.\n",
  ]

  private static func app() throws -> TallyApp { try TallyApp("greeter-choices", notes: notes) }

  /// Starts a launch and skips the walkthrough of a first one.
  private func install(_ app: TallyApp, _ tmux: TmuxSession, at now: String, version: String = "1.0.0") throws
  {
    try tmux.skipTallysWalkthrough(app.greet(version), environment: "TALLY_NOW=\(now)")
  }

  /// Runs a launch with `--explain` that must show nothing; returns the screen after it ended.
  /// (The explanation's last line marks this run's end: the screen may still show the
  /// previous run's exit status until the shell clears it.)
  @discardableResult
  private func expectNothingShown(_ app: TallyApp, _ tmux: TmuxSession, _ command: String, now: String) throws
    -> String
  {
    try tmux.start(command + " --explain", environment: "TALLY_NOW=\(now)")
    try tmux.waitFor("settings: ")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.capture()
    #expect(!screen.contains("What's new"), "a sheet was shown: \(screen)")
    return screen
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func laterHidesTheSheetForADay() throws {
    let app = try Self.app()
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try install(app, tmux, at: "2026-01-01T09:00:00Z")

    try tmux.start(app.greet("1.1.0"), environment: "TALLY_NOW=2026-02-01T09:00:00Z")
    let sheet = try tmux.waitFor("What's new in Tally 1.1.0")
    #expect(sheet.contains("l later") && sheet.contains("x never"), "the footer names both keys: \(sheet)")
    try tmux.keys("?")
    let help = try tmux.waitFor("remind me in 24 hours")
    #expect(help.contains("don't show release notes again"))
    try tmux.keys("k")
    try tmux.waitUntil("the help closed") { !$0.contains("remind me in 24 hours") }
    try tmux.keys("l")
    #expect(try tmux.waitForExit() == 0)
    let state = try app.stateJSON()
    #expect(state["whatsNewHiddenUntil"] as? String == "2026-02-02T09:00:00Z")
    #expect((state["pending"] as? [String]) == ["whats-new"])

    // An hour later: still put off.
    try expectNothingShown(app, tmux, app.greet("1.1.0"), now: "2026-02-01T10:00:00Z")
    #expect(try tmux.capture().contains("put off until 2026-02-02T09:00:00Z"))
    // A day later: the sheet again, with what it covered before.
    try tmux.start(app.greet("1.1.0"), environment: "TALLY_NOW=2026-02-02T09:30:00Z")
    let again = try tmux.waitFor("What's new in Tally 1.1.0")
    #expect(again.contains("Covers 1.1.0 · 1.0.1"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    #expect(try app.stateJSON()["whatsNewHiddenUntil"] is NSNull)
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func neverTurnsTheSheetsOffUntilTheSettingsCommand() throws {
    let app = try Self.app()
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try install(app, tmux, at: "2026-01-01T09:00:00Z")

    try tmux.start(app.greet("1.0.1"), environment: "TALLY_NOW=2026-01-02T09:00:00Z")
    try tmux.waitFor("What's new in Tally 1.0.1")
    try tmux.keys("x")
    #expect(try tmux.waitForExit() == 0)
    #expect(try app.stateJSON()["whatsNewOff"] as? Bool == true)

    // The next upgrade: no sheet, though it is recorded as pending.
    let screen = try expectNothingShown(app, tmux, app.greet("1.1.0"), now: "2026-01-03T09:00:00Z")
    #expect(
      screen.contains("what's new is off for this app") && screen.contains("whats-new off"), "\(screen)")
    #expect((try app.stateJSON()["pending"] as? [String]) == ["whats-new"])

    let undo = try Run.whatsnew([
      "settings", "--app-id", "tally", "--state-dir", app.state, "whats-new", "on",
    ])
    #expect(undo.status == 0 && undo.stdout.contains("whats-new: on"), "\(undo.stderr)")
    try tmux.start(app.greet("1.1.0"), environment: "TALLY_NOW=2026-01-04T09:00:00Z")
    let sheet = try tmux.waitFor("What's new in Tally 1.1.0")
    #expect(sheet.contains("since 1.0.1"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func aMinimumImportanceHidesPatchOnlyUpgrades() throws {
    let app = try Self.app()
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try install(app, tmux, at: "2026-01-01T09:00:00Z")

    // 1.0.0 -> 1.0.1 is patch only: nothing shown, and the range counts as seen.
    let screen = try expectNothingShown(
      app, tmux, app.greet("1.0.1", "--min-importance minor"), now: "2026-01-02T09:00:00Z")
    #expect(screen.contains("reaches minor importance"), "\(screen)")
    #expect((try app.stateJSON()["pending"] as? [String]) == [])

    // 1.0.1 -> 1.2.0 covers 1.1.0 (minor) and 1.2.0 (patch by its front matter): the sheet
    // shows 1.1.0 in full and 1.2.0 on one line.
    try tmux.start(
      app.greet("1.2.0", "--min-importance minor"), environment: "TALLY_NOW=2026-01-03T09:00:00Z")
    let sheet = try tmux.waitFor("What's new in Tally 1.2.0")
    #expect(sheet.contains("A total line sums every count."))
    #expect(sheet.contains("1.2.0 — Quieter (patch)") && !sheet.contains("Fewer blank lines"), "\(sheet)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func anExistingInstallSeesTheCurrentNotesNotTheWalkthrough() throws {
    let app = try Self.app()
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(app.greet("1.1.0", "--existing-install"), environment: "TALLY_NOW=2026-01-01T09:00:00Z")
    let sheet = try tmux.waitFor("What's new in Tally 1.1.0")
    #expect(!sheet.contains("Welcome to Tally") && sheet.contains("A total line sums every count."))
    #expect(sheet.contains("1 release") && !sheet.contains("1.0.1"), "only the current version: \(sheet)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let state = try app.stateJSON()
    #expect((state["lastLaunch"] as? [String: Any])?["kind"] as? String == "upgrade")
    #expect((state["pending"] as? [String]) == [])
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func pastTenReleasesOneKeyShowsTheEarlierOnes() throws {
    let app = try Self.app()
    for minor in 3...12 {
      try Data("Release 1.\(minor) adds counter number \(minor).\n".utf8).write(
        to: URL(fileURLWithPath: app.notes).appendingPathComponent("1.\(minor).0.md"))
    }
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try install(app, tmux, at: "2026-01-01T09:00:00Z")
    try tmux.start(app.greet("1.12.0"), environment: "TALLY_NOW=2026-02-01T09:00:00Z")
    let sheet = try tmux.waitFor("…and 12 earlier releases")
    #expect(sheet.contains("▍1.12.0") && !sheet.contains("▍1.11.0"), "\(sheet)")
    try tmux.keys("e")
    let expanded = try tmux.waitFor("▍1.11.0")
    #expect(!expanded.contains("earlier releases"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    #expect((try app.stateJSON()["pending"] as? [String]) == [])
  }

  @Test func historyListsEveryVersionWithItsDate() throws {
    let app = try Self.app()
    for (version, now) in [
      ("1.0.0", "2026-01-01T09:00:00Z"), ("1.1.0", "2026-02-01T09:00:00Z"), ("1.0.1", "2026-03-01T09:00:00Z"),
    ] {
      let launch = try Run.whatsnew(
        [
          "greet", "--app-id", "tally", "--content", app.notes, "--state-dir", app.state, "--app-version",
          version,
        ], environment: ["TALLY_NOW": now])
      #expect(launch.status == 0, "\(launch.stderr)")
    }
    let text = try Run.whatsnew(["history", "--app-id", "tally", "--state-dir", app.state])
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(text.stdout)")
    #expect(
      lines.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) } == [
        "1.0.0  first launched 2026-01-01T09:00:00Z  installed",
        "1.1.0  first launched 2026-02-01T09:00:00Z  upgrade",
        "1.0.1  first launched 2026-03-01T09:00:00Z  downgrade  (current)",
      ])

    let json = try Run.whatsnew(["history", "--app-id", "tally", "--state-dir", app.state, "--json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    let versions = try #require(object["versions"] as? [[String: Any]])
    #expect(versions.map { $0["version"] as? String } == ["1.0.0", "1.1.0", "1.0.1"])
    #expect(
      versions.map { $0["firstLaunchDate"] as? String } == [
        "2026-01-01T09:00:00Z", "2026-02-01T09:00:00Z", "2026-03-01T09:00:00Z",
      ])
    #expect(versions.map { $0["arrivedBy"] as? String } == ["first", "upgrade", "downgrade"])
    #expect(versions.map { $0["current"] as? Bool } == [false, false, true])
  }

  @Test func settingsReportsBadInputAndMissingState() throws {
    let app = try Self.app()
    let none = try Run.whatsnew([
      "settings", "--app-id", "tally", "--state-dir", app.state, "whats-new", "on",
    ])
    #expect(none.status == 1 && none.stderr.contains("no launch of tally is recorded"))
    let bad = try Run.whatsnew([
      "settings", "--app-id", "tally", "--state-dir", app.state, "whats-new", "maybe",
    ])
    #expect(bad.status == 2 && bad.stderr.contains("Please provide one of 'on' and 'off'"), "\(bad.stderr)")
    let badLevel = try Run.whatsnew(
      app.greet("1.0.0", "--min-importance huge").split(separator: " ").map {
        String($0).replacingOccurrences(of: "'", with: "")
      })
    #expect(badLevel.status == 2 && badLevel.stderr.contains("--min-importance"))
  }
}

extension TallyApp {
  /// `whatsnew state --json` for this app, parsed.
  fileprivate func stateJSON() throws -> [String: Any] {
    let result = try Run.whatsnew(["state", "--app-id", "tally", "--state-dir", state, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }
}
