import Foundation
import TestSupport
import Testing

/// `--theme auto` asks the terminal for its background (OSC 11) in a real terminal: tmux 3.3a
/// answers from the pane's `window-style` background (and only DA1 when the pane keeps the
/// default), so a light pane draws the light theme and a dark one the dark theme; the replies
/// never reach the screen or the shell; a terminal that answers nothing costs the timeout,
/// once.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct BackgroundQueryTmuxTests {
  @Test func aLightPaneDrawsTheLightThemeAndADarkOneTheDarkTheme() throws {
    let light = try sheetColours(paneStyle: nil, option: "--theme light")
    let dark = try sheetColours(paneStyle: nil, option: "--theme dark")
    #expect(light != dark)
    // COLORFGBG says the opposite: the terminal's answer comes first.
    #expect(try sheetColours(paneStyle: "bg=colour231", environment: "COLORFGBG='15;0'") == light)
    #expect(try sheetColours(paneStyle: "bg=white", environment: "COLORFGBG='15;0'") == light)
    #expect(try sheetColours(paneStyle: "bg=black", environment: "COLORFGBG='0;15'") == dark)
    #expect(try sheetColours(paneStyle: "bg=colour24", environment: "COLORFGBG='0;15'") == dark)
    // The option wins, and asks nothing.
    #expect(try sheetColours(paneStyle: "bg=colour231", option: "--theme dark") == dark)
  }

  @Test func noReplyReachesTheScreenOrTheShell() throws {
    let tmux = try TmuxSession(width: 120)
    defer { tmux.kill() }
    try tmux.command(["set", "-g", "window-style", "bg=colour231"])
    let state = tmux.directory.appendingPathComponent("state").path
    // No --explain: its lines would be written over an echoed reply.
    try tmux.start("greet --app-id bg --app-version 1.0.0 --content \(tmux.content) --state-dir '\(state)'")
    try tmux.waitFor("Welcome to bg")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try tmux.waitFor("EXIT:0")
    let stty = tmux.sttySnapshots()
    #expect(stty.before == stty.after)
    // A command typed at the shell runs as typed: nothing of the replies is in its input.
    try tmux.run("echo typed-$((6*7))")
    let after = try tmux.waitFor("typed-42")
    #expect(after.contains("$ echo typed-$((6*7))\ntyped-42"), "\(after)")
    for reply in ["rgb:", "11;", "[?", "^["] { #expect(!after.contains(reply), "\(reply) in\n\(after)") }
  }

  @Test func aReplyThatComesAfterTheWaitIsNotReadAsKeys() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    _ = try tmux.waitUntil("the footer's total") { $0.contains(#/1–20/\d+  Top/#) }
    // A slow terminal's reply, after the query gave up: its `b` and `f`s would page the sheet.
    try tmux.bytes(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8))
    try tmux.keys("j")
    let screen = try tmux.waitUntil("the sheet to move") { !$0.contains("1–20/") }
    #expect(screen.contains("2–21/"), "\(screen)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func explainSaysWhereTheThemeCameFrom() throws {
    let tmux = try TmuxSession(width: 120)
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    func explain(_ app: String, option: String = "", environment: String = "") throws -> String {
      try tmux.start(
        "greet --app-id \(app) --app-version 1.0.0 --content \(tmux.content) --state-dir '\(state)/\(app)' --explain \(option)",
        environment: environment)
      try tmux.waitFor("Welcome to \(app)")
      try tmux.keys("q")
      #expect(try tmux.waitForExit() == 0)
      return try tmux.waitFor("EXIT:0")
    }
    try tmux.command(["set", "-g", "window-style", "bg=colour231"])
    #expect(try explain("light").contains("theme:     light, from the terminal's background #ffffff"))
    // The default pane answers DA1 alone: COLORFGBG, else dark.
    try tmux.command(["set", "-g", "window-style", "default"])
    #expect(
      try explain("fgbg", environment: "COLORFGBG='0;15'").contains(
        "theme:     light, from COLORFGBG=0;15 (the terminal did not say its background)"))
    #expect(
      try explain("neither").contains(
        "theme:     dark, the default (the terminal did not say its background; COLORFGBG says nothing)"))
    #expect(
      try explain("set", option: "--theme mono", environment: "COLORFGBG='0;15'").contains(
        "theme:     mono, --theme"))
  }

  @Test(.requires(TestPaths.hasTool("script"), "script(1) is not installed (util-linux)"))
  func aTerminalThatNeverAnswersCostsTheTimeoutOnce() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let d = tmux.directory.path
    let state = d + "/state"
    // script(1) runs the greeter on a pty of its own and writes what it draws to a file, not to
    // tmux: nothing answers the query. The keys typed in the pane reach the greeter through it.
    func launch(_ n: Int) throws -> String {
      let command =
        "\(TestPaths.whatsnewBinary.path) greet --app-id silent --app-version 1.0.0 "
        + "--content \(TestPaths.content.path) --state-dir \(state) --explain"
      let started = Date()
      try tmux.run("clear; script -qfec \"\(command)\" /dev/null > '\(d)/out\(n)'; echo DONE\(n)")
      // The sheet is up once its first frame is in the file: the query gave up waiting by
      // then (without a time limit it would wait for ever). The bound holds a loaded machine.
      let deadline = started.addingTimeInterval(TmuxSession.defaultTimeout)
      while !((try? String(contentsOfFile: "\(d)/out\(n)", encoding: .utf8)) ?? "").contains(
        "Welcome to silent")
      {
        if Date() > deadline {
          throw TmuxSession.Failure.timeout("the first frame", screen: try tmux.capture())
        }
        usleep(20_000)
      }
      let firstFrame = Date().timeIntervalSince(started)
      #expect(firstFrame < 3, "the first frame took \(firstFrame) s")
      usleep(200_000)  // a screen drops the keys of its first 150 ms (KeyGrace)
      try tmux.keys("q")
      try tmux.waitFor("DONE\(n)")
      return try String(contentsOfFile: "\(d)/out\(n)", encoding: .utf8)
    }
    let first = try launch(0)
    #expect(first.contains("\u{1B}]11;?\u{1B}\\\u{1B}[c"))
    #expect(
      first.contains(
        "theme:     dark, the default (no answer from the terminal in 150 ms; COLORFGBG says nothing)"))
    let remembered = try String(contentsOfFile: state + "/" + UnansweringTerminalsFile.name, encoding: .utf8)
    // TERM and TERM_PROGRAM (tmux sets it; script(1) passes it on).
    #expect(remembered == "xterm-256color\ttmux\n")
    // The next launch on this terminal does not ask.
    let second = try launch(1)
    #expect(!second.contains("\u{1B}]11;"))
    #expect(
      second.contains(
        "theme:     dark, the default (not asked: no answer from this terminal before; COLORFGBG says nothing)"
      ))
    // `reset` forgets it with the rest of the app's state.
    let reset = try Run.whatsnew(["reset", "--app-id", "silent", "--state-dir", state, "--yes"])
    #expect(reset.status == 0)
    #expect(reset.stdout.contains(UnansweringTerminalsFile.name), "\(reset.stdout)")
    #expect(!FileManager.default.fileExists(atPath: state + "/" + UnansweringTerminalsFile.name))
  }

  /// The colours of the `notes` sheet's first screen in a pane with `paneStyle`
  /// (`window-style`, nil for tmux's default).
  private func sheetColours(paneStyle: String?, option: String = "", environment: String = "") throws
    -> Set<String>
  {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    if let paneStyle { try tmux.command(["set", "-g", "window-style", paneStyle]) }
    try tmux.start("notes --from 1.0.0 \(option) --content \(tmux.content)", environment: environment)
    _ = try tmux.waitUntil("the footer's total") { $0.contains(#/1–20/\d+  Top/#) }
    let screen = try tmux.captureWithColours()
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    return ThemeTmuxTests.colours(in: screen)
  }
}

/// The file the greeter remembers unanswering terminals in (`UnansweringTerminals.fileName`).
private enum UnansweringTerminalsFile {
  static let name = "terminals-without-background"
}
