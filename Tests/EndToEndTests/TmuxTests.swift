import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Whether tmux is installed (a note is printed when it is not).
enum TmuxAvailability {
  static let present: Bool = {
    let ok = TestPaths.hasTool("tmux")
    if !ok { print("note: tmux not found on PATH; skipping the end-to-end terminal UI tests") }
    return ok
  }()
}

/// The terminal UI end to end: the built binary in a real terminal (tmux), driven by keys,
/// checked by what the pane shows and by the terminal modes it leaves behind.
@Suite(
  .serialized,
  .enabled(if: TmuxAvailability.present, "tmux is not installed; the terminal UI tests are skipped"))
struct TmuxTests {
  /// Checks the terminal came back: same modes as before, normal screen, shell prompt.
  func expectRestored(_ tmux: TmuxSession, _ comment: Comment? = nil) throws {
    let stty = tmux.sttySnapshots()
    #expect(!stty.before.isEmpty)
    #expect(stty.before == stty.after, comment)
    #expect(try tmux.display("#{alternate_on}") == "0", comment)
    try tmux.run("echo still-\"\"alive")
    try tmux.waitFor("still-alive")
  }

  // MARK: - notes

  @Test func notesOpensTheSheetAndResizesCleanly() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    var screen = try tmux.waitFor("Release notes after 1.0.0 up to")
    #expect(screen.contains("Covers 2.1.0"))
    #expect(screen.contains("Top"))
    try tmux.keys("G")
    screen = try tmux.waitFor("Bot")

    try tmux.resize(width: 100, height: 30)
    screen = try tmux.waitUntil("a 100-column layout") { Self.lines($0).first?.count ?? 0 > 90 }
    try expectClean(screen, width: 100, height: 30, title: "Release notes after 1.0.0", footer: "q close")

    try tmux.resize(width: 30, height: 8)
    screen = try tmux.waitUntil("a 30-column layout") { s in
      Self.lines(s).allSatisfy { $0.count <= 30 } && s.contains("Covers")
    }
    try expectClean(screen, width: 30, height: 8, title: "Release notes", footer: "q close")

    try tmux.resize(width: 24, height: 6)
    try tmux.waitFor("Terminal too small")

    try tmux.resize(width: 80, height: 24)
    try tmux.waitFor("] next release")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  // MARK: - demo --simulate

  @Test func firstLaunchWalksThroughEveryOnboardingPage() throws {
    let pages = Self.onboardingPageCount()
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("1/\(pages)")
    #expect(
      try tmux.capture().contains("● " + Array(repeating: "○", count: pages - 1).joined(separator: " ")))
    for page in 2...pages {
      try tmux.keys("n")
      try tmux.waitFor("\(page)/\(pages)")
    }
    #expect(try tmux.capture().contains("n finish"))
    try tmux.keys("n")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func upgradeShowsTheSheetForEveryRelease() throws {
    let covered = Self.releases(after: "1.0.0")
    let newest = try #require(covered.first)
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate upgrade --from 1.0.0 --content \(tmux.content)")
    var screen = try tmux.waitFor("What's new in Jot \(newest) — since 1.0.0")
    #expect(screen.contains("Covers " + covered.joined(separator: " · ")), "\(screen)")
    #expect(screen.contains("Top"))
    try tmux.keys("G")
    screen = try tmux.waitFor("Bot")
    #expect(screen.contains("\(covered.last ?? "")"))

    try tmux.resize(width: 100, height: 30)
    screen = try tmux.waitUntil("a 100-column layout") { Self.lines($0).first?.count ?? 0 > 90 }
    try expectClean(screen, width: 100, height: 30, title: "What's new in Jot", footer: "q close")
    try tmux.resize(width: 30, height: 8)
    screen = try tmux.waitUntil("a 30-column layout") { s in
      Self.lines(s).allSatisfy { $0.count <= 30 } && s.contains("Covers")
    }
    try expectClean(screen, width: 30, height: 8, title: "What's new", footer: "q close")
    try tmux.resize(width: 80, height: 24)
    try tmux.waitFor("] next release")

    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func returningGreetsWithTheDaysAway() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate returning --away 60 --content \(tmux.content)")
    let screen = try tmux.waitFor("Welcome back to Jot")
    #expect(screen.contains("60 days"), "\(screen)")
    try tmux.keys("Enter")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  // MARK: - Restoring the terminal on every way out

  @Test func ctrlCQuitsAndRestores() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux, "after Ctrl-C")
  }

  @Test(arguments: [(SIGTERM, "TERM"), (SIGHUP, "HUP")])
  func terminationSignalRestores(signal: (Int32, String)) throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("Welcome to Jot")
    #expect(Glibc.kill(try tmux.pid(), signal.0) == 0)
    #expect(try tmux.waitForExit() == 128 + Int(signal.0), "killed by SIG\(signal.1)")
    try expectRestored(tmux, "after SIG\(signal.1)")
  }

  @Test func crashRestores() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "demo --simulate first --content \(tmux.content)", environment: "WHATSNEW_CRASH_FOR_TESTING=1")
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("!")
    let status = try tmux.waitForExit()
    // fatalError traps: SIGILL (x86) or SIGTRAP (arm).
    #expect(status == 128 + Int(SIGILL) || status == 128 + Int(SIGTRAP), "exit status \(status)")
    try expectRestored(tmux, "after a crash")
  }

  // MARK: - A real upgrade against a state directory

  @Test func realUpgradeIsSeenOnlyWhenDismissed() throws {
    let covered = Self.releases(after: "1.0.0")
    let newest = try #require(covered.first)
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"

    // 1.0.0: a new user; finish the walkthrough.
    try tmux.start("demo --app-version 1.0.0 \(common)")
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)

    // The current version: the sheet covers every release in between. Killed before it is
    // dismissed, it stays pending.
    try tmux.start("demo --app-version \(newest) \(common)")
    var screen = try tmux.waitFor("What's new in Jot \(newest) — since 1.0.0")
    #expect(screen.contains("Covers " + covered.joined(separator: " · ")), "\(screen)")
    #expect(Glibc.kill(try tmux.pid(), SIGTERM) == 0)
    #expect(try tmux.waitForExit() == 128 + Int(SIGTERM))
    try expectRestored(tmux, "after SIGTERM on the sheet")

    try tmux.start("demo --app-version \(newest) \(common)")
    screen = try tmux.waitFor("What's new in Jot \(newest) — since 1.0.0")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)

    // Dismissed: the next launch goes straight to the home screen.
    try tmux.start("demo --app-version \(newest) \(common)")
    screen = try tmux.waitFor("Explore")
    #expect(Self.lines(screen).first?.contains("Jot · notes for your terminal") == true, "\(screen)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func theBrowserReopensWhereTheUserLeftIt() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.start("demo \(common)")
    try tmux.waitFor("Welcome to Jot")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("r")
    try tmux.waitFor("release notes")
    try tmux.keys("j", "Enter", "j", "j")
    let before = try tmux.waitFor("3–")
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 0)

    try tmux.start("demo \(common)")
    let after = try tmux.waitFor("release notes")
    #expect(after == before, "reopened elsewhere:\n\(after)\ninstead of\n\(before)")
    try tmux.keys("q", "q")
    #expect(try tmux.waitForExit() == 0)
  }

  // MARK: - Helpers

  /// The number of walkthrough pages in the repository's Content (level-1 headings).
  static func onboardingPageCount() -> Int {
    let text =
      (try? String(contentsOf: TestPaths.content.appendingPathComponent("onboarding.md"), encoding: .utf8))
      ?? ""
    return text.split(separator: "\n").filter { $0.hasPrefix("# ") }.count
  }

  /// The releases (not pre-releases) in Content after `version`, newest first.
  static func releases(after version: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.content.path)) ?? []
    func parts(_ v: String) -> [Int] { v.split(separator: ".").map { Int($0) ?? 0 } }
    return names.filter { $0.hasSuffix(".md") && !$0.contains("-") }
      .map { String($0.dropLast(3)) }
      .filter {
        $0.first?.isNumber == true && parts($0).lexicographicallyPrecedes(parts(version)) == false
          && $0 != version
      }
      .sorted { parts($0).lexicographicallyPrecedes(parts($1)) }
      .reversed()
  }

  static func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The screen has the title on row 0, the footer on the last row, each exactly once, and
  /// nothing left over from another size.
  func expectClean(_ screen: String, width: Int, height: Int, title: String, footer: String) throws {
    let rows = Self.lines(screen)
    #expect(rows.first?.contains(title) == true, "title missing:\n\(screen)")
    #expect(rows.filter { $0.contains(title) }.count == 1, "title twice:\n\(screen)")
    let last = rows.prefix(height).last ?? ""
    #expect(last.contains(footer), "footer missing:\n\(screen)")
    #expect(rows.filter { $0.contains(footer) }.count == 1, "footer twice:\n\(screen)")
    // The horizontal rule spans the whole width exactly (a stale wider one would be cut, a
    // narrower one would leave a gap).
    if let rule = rows.first(where: { $0.hasPrefix("───") }) {
      #expect(rule.count == width, "rule of \(rule.count) cells in a \(width)-cell window:\n\(screen)")
    }
  }
}
