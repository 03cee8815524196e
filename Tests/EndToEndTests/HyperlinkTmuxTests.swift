import Foundation
import TestSupport
import Testing

/// `--hyperlinks` in a real terminal. tmux (3.3) drops OSC 8 from its screen and from
/// `capture-pane`, so the bytes the program wrote to the pane are read with `pipe-pane`: with
/// `always` they hold the link around its text, with `never` no OSC at all, and the screen
/// shows the same text both ways (nothing of the sequence leaks onto it).
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct HyperlinkTmuxTests {
  @Test func renderAnsiLinksWithAlwaysAndNotWithNever() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let file = tmux.directory.appendingPathComponent("link.md")
    try Data("See [the docs](https://example.com/docs) now.\n".utf8).write(to: file)

    let (always, alwaysScreen) = try output(
      of: "render --format ansi --hyperlinks always '\(file.path)'", in: tmux, name: "always")
    let open = "\u{1B}]8;;https://example.com/docs\u{1B}\\"
    #expect(always.contains(open), "\(always.debugDescription)")
    #expect(
      always.contains(#/\x1B\]8;;https://example\.com/docs\x1B\\(?:\x1B\[[0-9;]*m)*the docs\x1B\]8;;\x1B\\/#))

    let (never, neverScreen) = try output(
      of: "render --format ansi --hyperlinks never '\(file.path)'", in: tmux, name: "never")
    #expect(never.contains("the docs"), "\(never.debugDescription)")
    #expect(!never.contains("\u{1B}]"), "\(never.debugDescription)")

    // `auto` inside tmux is off (TMUX is set).
    let (auto, _) = try output(of: "render --format ansi '\(file.path)'", in: tmux, name: "auto")
    #expect(auto.contains("the docs") && !auto.contains("\u{1B}]"), "\(auto.debugDescription)")

    #expect(alwaysScreen.contains("See the docs[1] now."), "\(alwaysScreen)")
    #expect(alwaysScreen == neverScreen)
  }

  /// The `notes` sheet: with `always`, the link's cells reach the terminal inside OSC 8 (as
  /// the painter writes them again after ncurses' refresh); with `never`, no OSC. Either way
  /// the screen, colours included, is the same on every frame: on the page with the link,
  /// scrolled by a line (the link moves with its text), and under the help overlay.
  @Test func theSheetLinksWithAlwaysAndTheScreenStaysTheSame() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    var screens: [String: [String]] = [:]
    var raw: [String: String] = [:]
    for mode in ["always", "never"] {
      let file = tmux.directory.appendingPathComponent("raw-sheet-\(mode)")
      try tmux.command(["pipe-pane", "-t", "=0:", "-o", "cat > '\(file.path)'"])
      try tmux.start("notes 2.0.0 --hyperlinks \(mode) --content \(tmux.content)")
      try tmux.waitFor("Top")
      var frames: [String] = []
      try tmux.keys("Space")
      _ = try tmux.waitFor("upgrade guide")
      frames.append(try tmux.captureWithColours())
      try tmux.keys("k")
      _ = try tmux.waitUntil("the sheet scrolled up a line") { !$0.contains("Bot") }
      frames.append(try tmux.captureWithColours())
      try tmux.keys("?")
      _ = try tmux.waitFor("this help")
      frames.append(try tmux.captureWithColours())
      try tmux.keys("q")
      _ = try tmux.waitUntil("the help closed") { !$0.contains("this help") }
      try tmux.keys("q")
      #expect(try tmux.waitForExit() == 0)
      raw[mode] = piped(file)
      try tmux.command(["pipe-pane", "-t", "=0:"])
      screens[mode] = frames
    }
    let always = raw["always"] ?? ""
    let never = raw["never"] ?? ""
    #expect(
      always.contains(
        #/\x1B\]8;;https://jot\.example\.com/upgrade-2\x1B\\(?:\x1B\[[0-9;]*[Hm])*upgrade guide\x1B\]8;;\x1B\\/#
      ),
      "\(always.debugDescription)")
    #expect(never.contains("upgrade guide") && !never.contains("\u{1B}]8;"), "\(never.debugDescription)")
    #expect(screens["always"] == screens["never"])
  }

  /// The bytes `whatsnew arguments` wrote to the pane, and the screen's lines from the
  /// command's output to its exit line.
  private func output(of arguments: String, in tmux: TmuxSession, name: String) throws -> (String, String) {
    let raw = tmux.directory.appendingPathComponent("raw-\(name)")
    try tmux.command(["pipe-pane", "-t", "=0:", "-o", "cat > '\(raw.path)'"])
    try tmux.start(arguments)
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("EXIT:0")
    let bytes = piped(raw)
    try tmux.command(["pipe-pane", "-t", "=0:"])
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let body = lines.drop { !$0.contains("See") }.prefix { !$0.contains("EXIT:") }
    return (bytes, body.joined(separator: "\n"))
  }

  /// What `pipe-pane` wrote to `file`, once it holds the shell's exit line (which comes after
  /// the program's output: then it has all of it).
  private func piped(_ file: URL) -> String {
    let deadline = Date().addingTimeInterval(TmuxSession.defaultTimeout)
    var bytes = ""
    while Date() < deadline {
      bytes = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      if bytes.contains("EXIT:") { break }
      usleep(20_000)
    }
    return bytes
  }
}
