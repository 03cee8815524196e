import Foundation
import TestSupport
import Testing

/// Critical releases end to end (issue 35): on the what's-new sheet a critical release comes
/// first and in full whatever `--min-importance` says, also among several skipped versions; and
/// `notes` prints it the same way.
@Suite(.serialized) struct CriticalReleaseTmuxTests {
  /// Tally's notes: after 1.0.0 a patch release, a critical patch release and a minor one.
  static let notes: [String: String] = [
    "onboarding.md": "# Welcome to Tally\n\nTally counts things for you.\n",
    "welcome-back.md": "# Welcome back\n\nYou were away for {{days}} days.\n",
    "1.0.0.md": "---\ntitle: First release\n---\n\nTally counts words and lines.\n",
    "1.0.1.md": "---\ntitle: Small fixes\n---\n\nCounting an empty file no longer prints a warning.\n",
    "1.0.2.md": CriticalReleaseNotes.tokenFix,
    "1.1.0.md": CriticalReleaseNotes.totals,
  ]

  /// Runs `body` with a new ``TallyApp`` installed in a tmux session (Tally 1.0.0's first launch on
  /// 1 January, its walkthrough skipped), and removes both after it.
  private func withInstalledApp(_ body: (TallyApp, TmuxSession) throws -> Void) throws {
    let app = try TallyApp("critical-release", notes: Self.notes)
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.skipTallysWalkthrough(app.greet("1.0.0"), environment: "TALLY_NOW=2026-01-01T09:00:00Z")
    try body(app, tmux)
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func aCriticalReleaseAmongThreeSkippedVersionsShowsFirstAndInFullWithMinimumMajor() throws {
    try withInstalledApp { app, tmux in
      try tmux.start(
        app.greet("1.1.0", "--min-importance major"), environment: "TALLY_NOW=2026-02-01T09:00:00Z")
      let sheet = try tmux.waitFor("What's new in Tally 1.1.0")
      let lines = sheet.split(separator: "\n").map(String.init)
      let critical = try #require(
        lines.firstIndex { $0.contains("[Security] 1.0.2 — Token fix") }, "\(sheet)")
      let totals = try #require(lines.firstIndex { $0.contains("· 1.1.0 — Totals (minor)") }, "\(sheet)")
      #expect(critical < totals, "the critical release comes first: \(sheet)")
      #expect(sheet.contains("Saved tokens were written to the log; upgrade and rotate them."))
      #expect(sheet.contains("The log no longer holds saved tokens."))
      #expect(sheet.contains("· 1.0.1 — Small fixes (patch)") && !sheet.contains("A total line"), "\(sheet)")
      try tmux.keys("q")
      #expect(try tmux.waitForExit() == 0)
    }
  }

  /// Must-show 3's second half: a feed whose newer releases include a critical one shows its
  /// card on three launches in a row, each put off with `l` ("later"), within the day's cooldown, and never
  /// again once that version runs (`TALLY_PRETEND_VERSION`). The feed's cache is seeded as a
  /// fetch an hour earlier left it: 1.2.0 is the newest, 1.1.0 is critical.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func aCriticalUpdateCardComesBackUntilThatVersionRuns() throws {
    try withInstalledApp { app, tmux in
      let feed = "http://127.0.0.1:9/tally.json"
      let checked = try #require(ISO8601DateFormatter().date(from: "2026-01-02T09:00:00Z"))
        .timeIntervalSince1970
      let release =
        #"{"version": "1.2.0", "notes": "", "critical": "1.1.0", "criticalSummary": "Saved tokens were written to the log."}"#
      let cache = #"{"url": "\#(feed)", "checked": \#(checked), "latest": \#(release)}"#
      try Data(cache.utf8).write(
        to: URL(fileURLWithPath: app.state).appendingPathComponent("update-feed.json"))
      for minute in 1...3 {
        try tmux.start(
          app.greet(
            "1.0.0",
            "--feed \(feed) --upgrade-command 'brew upgrade tally' --report '\(app.directory.path)/r.json'"),
          environment: "TALLY_NOW=2026-01-02T10:0\(minute):00Z")
        let card = try tmux.waitFor("Tally 1.2.0 is available")
        #expect(
          card.contains("Critical update 1.1.0.")
            && card.contains(#"1.1.0 says: "Saved tokens were written to the log.""#), "\(card)")
        #expect(card.contains("l later"), "\(card)")
        try tmux.keys("l")
        #expect(try tmux.waitForExit() == 0)
        let report = try String(contentsOfFile: app.directory.path + "/r.json", encoding: .utf8)
        #expect(report.contains(#""critical" : "1.1.0""#), "\(report)")
      }
      // Running 1.1.0: its what's-new sheet, then no card on this launch or the next.
      try tmux.start(
        app.greet("1.0.0", "--feed \(feed)"),
        environment: "TALLY_NOW=2026-01-02T10:04:00Z TALLY_PRETEND_VERSION=1.1.0")
      try tmux.waitFor("What's new in Tally 1.1.0")
      try tmux.keys("q")
      #expect(try tmux.waitForExit() == 0)
      try tmux.start(
        app.greet("1.0.0", "--feed \(feed) --explain --report '\(app.directory.path)/r.json'"),
        environment: "TALLY_NOW=2026-01-02T10:05:00Z TALLY_PRETEND_VERSION=1.1.0")
      let after = try tmux.waitFor("settings: ")
      #expect(try tmux.waitForExit() == 0)
      #expect(!after.contains("Critical update") && after.contains("shown:     nothing"), "\(after)")
      let report = try String(contentsOfFile: app.directory.path + "/r.json", encoding: .utf8)
      #expect(
        report.contains(#""critical" : null"#) && report.contains(#""available" : "1.2.0""#), "\(report)")
    }
  }

  /// `n` on a card that names a critical release opens that release's notes first, then the
  /// newest's (issue 47: it opened only the newest's). The cache is seeded as a fetch left it.
  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func nOnACriticalCardOpensTheCriticalReleasesNotesFirst() throws {
    try withInstalledApp { app, tmux in
      let feed = "http://127.0.0.1:9/tally.json"
      let checked = try #require(ISO8601DateFormatter().date(from: "2026-01-02T09:00:00Z"))
        .timeIntervalSince1970
      let release =
        #"{"version": "1.2.0", "notes": "Charts of every count.", "critical": "1.1.0", "criticalSummary": "Saved tokens were written to the log.", "criticalNotes": "Rotate every saved token."}"#
      let cache = #"{"url": "\#(feed)", "checked": \#(checked), "latest": \#(release)}"#
      try Data(cache.utf8).write(
        to: URL(fileURLWithPath: app.state).appendingPathComponent("update-feed.json"))
      try tmux.start(app.greet("1.0.0", "--feed \(feed)"), environment: "TALLY_NOW=2026-01-02T10:01:00Z")
      try tmux.waitFor("Critical update 1.1.0")
      try tmux.keys("n")
      let sheet = try tmux.waitFor("Rotate every saved token.")
      let lines = sheet.split(separator: "\n").map(String.init)
      let critical = try #require(lines.firstIndex { $0.contains("Rotate every saved token.") }, "\(sheet)")
      let newest = try #require(lines.firstIndex { $0.contains("Charts of every count.") }, "\(sheet)")
      #expect(critical < newest, "the critical release's notes come first: \(sheet)")
      #expect(sheet.contains("Tally 1.1.0 and 1.2.0 release notes"), "\(sheet)")
      try tmux.keys("q")
      try tmux.waitFor("Critical update 1.1.0")
      try tmux.keys("l")
      #expect(try tmux.waitForExit() == 0)
    }
  }

  @Test func notesPrintsTheCriticalReleaseFirstMarked() throws {
    let app = try TallyApp("critical-release", notes: Self.notes)
    let result = try Run.whatsnew(["notes", "--content", app.notes, "--from", "1.0.0", "--format", "plain"])
    #expect(result.status == 0, "\(result.stderr)")
    let headings = result.stdout.split(separator: "\n").filter { $0.contains(" — ") }
    #expect(
      headings == ["[Security] 1.0.2 — Token fix", "1.1.0 — Totals", "1.0.1 — Small fixes"],
      "\(result.stdout)")
    #expect(result.stdout.contains("Saved tokens were written to the log; upgrade and rotate them."))
  }
}
