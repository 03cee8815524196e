import Foundation
import TestSupport
import Testing

/// Tips in a real terminal: `greet --tip` for a tool in any language, and the Swift example
/// host, whose tip comes when the process exits, after its own output.
@Suite(.serialized, .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct TipTmuxTests {
  static let tip = "Tip: Find a count by name with tally search NAME."
  /// The first showing's line in a Swift host, which names no command of its own.
  static let libraryOffHint = "(tips off: TALLY_NO_TIPS=1)"
  /// The first showing's line: how to hide this tip (`greet` names its `--state-dir`).
  static func offHint(_ app: App) -> String {
    "(hide this tip: whatsnew tips --app-id tally --state-dir \(app.state) --off search)"
  }

  /// A scratch directory with the example host's notes (its tip: after launch 3, two shows at
  /// most, never once `search` was used) and a state directory.
  struct App {
    let directory: URL
    var notes: String { directory.appendingPathComponent("notes").path }
    var state: String { directory.appendingPathComponent("state").path }
    /// `greet` for Tally 2.0.0 with a tip due and no cooldown.
    var greet: String {
      "greet --app-id tally --app-name Tally --app-version 2.0.0 --content '\(notes)' "
        + "--state-dir '\(state)' --tip --cooldown 0"
    }
  }

  /// Runs `body` with a new ``App`` and a tmux session, and removes both after it.
  private func withApp(width: Int = 80, _ body: (App, TmuxSession) throws -> Void) throws {
    let app = App(directory: try TestPaths.makeTemporaryDirectory("tips"))
    defer { try? FileManager.default.removeItem(at: app.directory) }
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"),
      to: URL(fileURLWithPath: app.notes))
    let tmux = try TmuxSession(width: width)
    defer { tmux.kill() }
    try body(app, tmux)
  }

  /// The screen once the program started last has ended with status 0 (not the last one's
  /// screen, which may still be up).
  private func finished(_ tmux: TmuxSession) throws -> String {
    #expect(try tmux.waitForExit() == 0)
    return try tmux.waitFor("EXIT:0")
  }

  /// The last lines of the screen that are not empty, before the `EXIT:` line.
  private func lastLines(_ screen: String, _ n: Int) -> [String] {
    let lines = screen.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    guard let exit = lines.lastIndex(where: { $0.hasPrefix("EXIT:") }) else { return [] }
    return Array(lines[max(0, exit - n)..<exit])
  }

  /// `greet --tip` from a shell script: no tip on launches 1 (the walkthrough) and 2, none
  /// when piped (launch 3), then the tip and how to turn tips off, after the greeting and
  /// before the script's own output; again (no cooldown) without the hint; never after
  /// max-shows: 2; `whatsnew tips` lists where it stands.
  @Test func greetTipShowsFromTheThirdLaunchTwiceAndNotWhenPiped() throws {
    try withApp(width: 200) { app, tmux in
      let greet = app.greet
      let script = app.directory.appendingPathComponent("tool.sh")
      try Data("#!/bin/sh\n\(tmux.binary) \"$@\" || exit $?\necho 'tool: the work is done'\n".utf8).write(
        to: script)
      chmod(script.path, 0o755)
      func launch(_ extra: String = "", environment: String = "") throws -> String {
        try tmux.start("\(greet) \(extra)", environment: environment, program: "'\(script.path)'")
        return try finished(tmux)
      }

      try tmux.start(greet, program: "'\(script.path)'")
      try tmux.waitFor("Welcome to Tally")
      try tmux.keys("s")
      #expect(try !finished(tmux).contains("Tip:"))
      #expect(try !launch().contains("Tip:"), "not before the third launch")
      // Piped (the tool's output goes to a file): nothing is shown, nothing counted.
      try tmux.run("'\(script.path)' \(greet) | cat > /dev/null; echo PIPED-DONE")
      #expect(try !tmux.waitFor("PIPED-DONE").contains("Tip:"))
      #expect(
        try lastLines(launch(), 3) == [Self.tip, "     " + Self.offHint(app), "tool: the work is done"])
      #expect(try lastLines(launch(), 2) == [Self.tip, "tool: the work is done"])
      #expect(try !launch().contains("Tip:"), "max-shows: 2 retired it")

      let list = try Run.whatsnew([
        "tips", "--app-id", "tally", "--state-dir", app.state, "--content", app.notes,
      ])
      #expect(list.status == 0, "\(list.stderr)")
      #expect(list.stdout.hasPrefix("search  shown 2 of 2 times, last "))
      #expect(list.stdout.hasSuffix("; retired (max-shows 2)\n"), "\(list.stdout)")
      let state = try Run.whatsnew(["state", "--state-dir", app.state])
      #expect(
        state.stdout.contains(
          "\nSettings:         whats-new on, tips on\nTips shown:       search 2x, last tip or update card "),
        "\(state.stdout)")
    }
  }

  /// One tip muted with the command its first showing names: not shown again, `--explain`
  /// says so, `whatsnew tips` lists it as muted (and `state`), and `--on` brings it back.
  @Test func aMutedTipIsNotShownAgainIsListedAndComesBackWithOn() throws {
    try withApp(width: 200) { app, tmux in
      let greet = app.greet + " --explain"
      try tmux.start(greet)
      try tmux.waitFor("Welcome to Tally")
      try tmux.keys("s")
      _ = try finished(tmux)
      try tmux.start(greet)
      _ = try finished(tmux)
      try tmux.start(greet)
      let first = try finished(tmux)
      #expect(first.contains(Self.tip) && first.contains(Self.offHint(app)), "\(first)")
      // What the line says, word for word.
      let hide = Self.offHint(app).dropFirst("(hide this tip: whatsnew ".count).dropLast()
      let off = try Run.whatsnew(hide.split(separator: " ").map(String.init))
      #expect(off.status == 0, "\(off.stderr)")
      #expect(off.stdout == "tip search: off for tally (\(app.state)/launch-state.json)\n")
      for _ in 1...3 {
        try tmux.start(greet)
        let muted = try finished(tmux)
        #expect(!muted.contains("Tip:"), "\(muted)")
        #expect(muted.contains("held:      tip search is muted"), "\(muted)")
      }
      let tips = ["tips", "--app-id", "tally", "--state-dir", app.state, "--content", app.notes]
      let list = try Run.whatsnew(tips)
      #expect(list.stdout.hasPrefix("search  shown 1 of 2 times, last "), "\(list.stdout)")
      #expect(
        list.stdout.hasSuffix(
          "; muted\nA muted tip is never shown (whatsnew tips --on ID turns it back on).\n"))
      let state = try Run.whatsnew(["state", "--state-dir", app.state])
      #expect(state.stdout.contains("\nTips muted:       search\n"), "\(state.stdout)")
      let on = try Run.whatsnew(tips + ["--on", "search"])
      #expect(on.status == 0 && on.stdout.hasPrefix("tip search: on for tally"), "\(on.stdout)\(on.stderr)")
      try tmux.start(greet)
      let back = try finished(tmux)
      #expect(back.contains(Self.tip) && !back.contains("is muted"), "\(back)")
    }
  }

  /// An id that is no tip: one line naming it and the notes' tips (with `--content`), or what
  /// an id must be, and status 2; nothing written.
  @Test func anUnknownTipIdIsOneLineAndStatus2() throws {
    let app = App(directory: try TestPaths.makeTemporaryDirectory("tips"))
    defer { try? FileManager.default.removeItem(at: app.directory) }
    try FileManager.default.copyItem(
      at: TestPaths.packageRoot.appendingPathComponent("Examples/SwiftHost/Sources/tally/Notes"),
      to: URL(fileURLWithPath: app.notes))
    let tips = ["tips", "--app-id", "tally", "--state-dir", app.state]
    let unknown = try Run.whatsnew(tips + ["--content", app.notes, "--off", "serch"])
    #expect(unknown.status == 2)
    #expect(
      unknown.stderr
        == "whatsnew: --off: there is no tip \"serch\" (the notes' tips: search) (see 'whatsnew tips --help')\n"
    )
    let bad = try Run.whatsnew(tips + ["--on", "Search"])
    #expect(bad.status == 2)
    #expect(
      bad.stderr
        == "whatsnew: --on: the tip id \"Search\" must be letters a-z, digits and '-' (see 'whatsnew tips --help')\n"
    )
    let noLaunch = try Run.whatsnew(tips + ["--off", "search"])
    #expect(noLaunch.status == 1 && noLaunch.stderr.hasPrefix("whatsnew: no launch of tally is recorded in "))
    #expect(!FileManager.default.fileExists(atPath: app.state + "/launch-state.json"))
    // A state directory that is a file: its line, not "no launch".
    let file = app.directory.appendingPathComponent("a-file").path
    try Data().write(to: URL(fileURLWithPath: file))
    let unusable = try Run.whatsnew(["tips", "--app-id", "tally", "--state-dir", file, "--off", "search"])
    #expect(unusable.status == 1)
    #expect(
      unusable.stderr.hasSuffix("not recorded: cannot open \(file): Not a directory\n"), "\(unusable.stderr)")
  }

  /// `unless-used: search`: after `whatsnew event … search` the tip never shows, and
  /// `whatsnew tips` says it retired because it was used.
  @Test func aTipWhoseFeatureWasUsedNeverShows() throws {
    try withApp { app, tmux in
      let greet = app.greet
      try tmux.start(greet)
      try tmux.waitFor("Welcome to Tally")
      try tmux.keys("s")
      _ = try finished(tmux)
      let event = try Run.whatsnew(["event", "--app-id", "tally", "--state-dir", app.state, "search"])
      #expect(event.status == 0, "\(event.stderr)")
      for _ in 2...4 {
        try tmux.start(greet)
        #expect(try !finished(tmux).contains("Tip:"))
      }
      let list = try Run.whatsnew([
        "tips", "--app-id", "tally", "--state-dir", app.state, "--content", app.notes,
      ])
      #expect(list.stdout == "search  never shown; retired because used (search)\n", "\(list.stdout)")
    }
  }

  /// A launch that shows the walkthrough or the sheet shows no tip (`--explain` says it was
  /// held back); `TALLY_NO_TIPS=1` and `settings tips off` show none.
  @Test func noTipWithAScreenOrWhenTurnedOff() throws {
    try withApp { app, tmux in
      let greet =
        "greet --app-id tally --app-name Tally --content '\(app.notes)' --state-dir '\(app.state)' "
        + "--tip --cooldown 0 --explain"
      for _ in 1...2 {
        try tmux.start("\(greet) --app-version 1.0.0")
        let screen = try tmux.waitUntil("the walkthrough or the end") {
          $0.contains("Welcome to Tally") || $0.contains("EXIT:")
        }
        if screen.contains("Welcome to Tally") {
          #expect(!screen.contains("Tip:"))
          try tmux.keys("s")
        }
        _ = try tmux.waitForExit()
      }
      // Launch 3 is an upgrade: the sheet, and the tip due waits.
      try tmux.start("\(greet) --app-version 2.0.0")
      try tmux.waitFor("What's new in Tally 2.0.0")
      try tmux.keys("q")
      let after = try finished(tmux)
      #expect(!after.contains("Tip:"))
      #expect(
        after.contains("held:      tip search: a screen was shown on this launch (one interruption"))

      try tmux.start("\(greet) --app-version 2.0.0", environment: "TALLY_NO_TIPS=1")
      let variable = try finished(tmux)
      #expect(!variable.contains("Tip:") && variable.contains("tip:       off (TALLY_NO_TIPS=1)"))

      let off = try Run.whatsnew(["settings", "tips", "off", "--app-id", "tally", "--state-dir", app.state])
      #expect(off.status == 0 && off.stdout.hasPrefix("tips: off for tally"), "\(off.stdout)\(off.stderr)")
      try tmux.start("\(greet) --app-version 2.0.0")
      let setting = try finished(tmux)
      #expect(!setting.contains("Tip:") && setting.contains("tip:       off (whatsnew settings tips off)"))
      let list = try Run.whatsnew([
        "tips", "--app-id", "tally", "--state-dir", app.state, "--content", app.notes,
      ])
      #expect(
        list.stdout
          == "search  never shown; off\nTips are off for this user (whatsnew settings tips on turns them on).\n"
      )

      let on = try Run.whatsnew(["settings", "tips", "on", "--app-id", "tally", "--state-dir", app.state])
      #expect(on.status == 0)
      try tmux.start("\(greet) --app-version 2.0.0")
      let shown = try finished(tmux)
      #expect(shown.contains(Self.tip) && shown.contains("tip:       search (first showing)"))
    }
  }

  /// Tips off by the administrator's policy (`tips: false`, here under `$XDG_CONFIG_DIRS`) or
  /// by `TALLY_NO_TIPS=1`: `whatsnew tips` lists the due tip as off and names the switch in the
  /// words of `--explain`'s `tip:` line; without either, the same tip is due.
  @Test func tipsOffByThePolicyOrTheVariableAreListedWithTheSwitch() throws {
    try withApp(width: 200) { app, tmux in
      let config = app.directory.appendingPathComponent("xdg")
      try PolicyTmuxTests.writePolicy(#"{"apps": {"tally": {"tips": false}}}"#, in: config)
      let policy = "\(config.path)/whatsnew/policy.json (apps.tally.tips)"
      try tmux.start(app.greet)
      try tmux.waitFor("Welcome to Tally")
      try tmux.keys("s")
      _ = try finished(tmux)
      // Launch 2, without a terminal: counted, nothing shown.
      let second = try Run.whatsnew([
        "greet", "--app-id", "tally", "--app-name", "Tally", "--app-version", "2.0.0", "--content", app.notes,
        "--state-dir", app.state,
      ])
      #expect(second.status == 0, "\(second.stderr)")
      try tmux.start(app.greet + " --explain", environment: "XDG_CONFIG_DIRS='\(config.path)'")
      let explained = try finished(tmux)
      #expect(!explained.contains("Tip:") && explained.contains("tip:       off (\(policy))"), "\(explained)")

      let tips = ["tips", "--app-id", "tally", "--state-dir", app.state, "--content", app.notes]
      let byPolicy = try Run.whatsnew(tips, environment: ["XDG_CONFIG_DIRS": config.path])
      #expect(byPolicy.status == 0 && byPolicy.stderr.isEmpty, "\(byPolicy.stderr)")
      #expect(byPolicy.stdout == "search  never shown; off\nTips are off for tally: \(policy).\n")
      let byVariable = try Run.whatsnew(tips, environment: ["TALLY_NO_TIPS": "1"])
      #expect(byVariable.stdout == "search  never shown; off\nTips are off for tally: TALLY_NO_TIPS=1.\n")
      let on = try Run.whatsnew(tips)
      #expect(
        on.stdout == "search  never shown; due on the next launch that shows nothing else\n", "\(on.stdout)")
    }
  }

  /// The demo shows the due tip on Jot's home screen (`.manual`), from its third launch, and
  /// `x` "no more tips" turns tips off.
  @Test func theDemoShowsTheTipOnItsHomeScreenAndXTurnsTipsOff() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let options = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.start("demo \(options)")
    try tmux.waitFor("q later")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    #expect(try !tmux.capture().contains("Find any note"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try tmux.start("demo \(options)")
    #expect(try !tmux.waitFor("Explore").contains("Find any note"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try tmux.start("demo --explain \(options)")
    let home = try tmux.waitFor("Tip: Find any note with jot find WORD")
    #expect(home.contains("x no more tips"))
    try tmux.keys("x")
    try tmux.waitUntil("the tip gone") { !$0.contains("Find any note") }
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    #expect(try tmux.capture().contains("tip:          find (first showing)"))
    let setting = try Run.whatsnew(["settings", "tips", "--state-dir", state])
    #expect(setting.stdout.hasSuffix("tips: off\n"), "\(setting.stdout)")
  }

  /// The Swift example host (the library's default, `.atExit`): the tip comes after the
  /// app's own last line from launch 3 on, not before, not when piped (launch 3 here).
  @Test(.requires(ExampleHost.present, ExampleHost.missing))
  func theExampleHostsTipComesAfterItsOutput() throws {
    try withExampleHostPastItsWalkthrough { host, tmux, launch in
      #expect(try !finished(tmux).contains("Tip:"))
      try launch("")
      #expect(try !finished(tmux).contains("Tip:"))
      try tmux.run("HOME='\(host.home)' '\(host.binary)' | cat; echo PIPED-DONE")
      #expect(try !tmux.waitFor("PIPED-DONE").contains("Tip:"))
      try launch("")
      #expect(
        try lastLines(finished(tmux), 3) == [
          "tally 2.0.0: 3 things counted", Self.tip, "     " + Self.libraryOffHint,
        ])
    }
  }

  /// The Swift example host records an event (`tally search NAME`): its search tip, due from
  /// launch 3 but `unless-used: search`, never shows after it, and the state counts it.
  @Test(.requires(ExampleHost.present, ExampleHost.missing))
  func theExampleHostRecordsASearchAndItsTipRetires() throws {
    try withExampleHostPastItsWalkthrough { host, tmux, launch in
      _ = try finished(tmux)
      try launch("search pens")
      #expect(try finished(tmux).contains("tally: no count named pens"))
      for _ in 0..<2 {  // launches 3 and 4, where the tip is due for someone who never searched
        try launch("")
        #expect(try !finished(tmux).contains("Tip:"))
      }
      let state = try Run.whatsnew([
        "state", "--app-id", "tally", "--state-dir", host.home + "/.local/state/tally",
      ])
      #expect(state.stdout.contains("Events:           search 1"), "\(state.stdout)")
    }
  }

  /// Runs `body` with the Swift example host installed in a scratch home and a tmux session
  /// in `/` where its first launch is up and its walkthrough skipped (`body` waits for it to
  /// end); `launch(arguments)` starts the host again with that home.
  private func withExampleHostPastItsWalkthrough(
    _ body: (_ host: ExampleHost.Installed, _ tmux: TmuxSession, _ launch: (String) throws -> Void) throws ->
      Void
  ) throws {
    try ExampleHost.inTmux { host, tmux in
      func launch(_ arguments: String) throws {
        try tmux.start(arguments, environment: "HOME='\(host.home)'", program: "'\(host.binary)'")
      }
      try launch("")
      try tmux.waitFor("Welcome to Tally")
      try tmux.keys("s")
      try body(host, tmux, launch)
    }
  }
}
