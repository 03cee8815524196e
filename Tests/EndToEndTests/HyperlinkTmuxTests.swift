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

  /// The bytes `whatsnew arguments` wrote to the pane, and the screen's lines from the
  /// command's output to its exit line.
  private func output(of arguments: String, in tmux: TmuxSession, name: String) throws -> (String, String) {
    let raw = tmux.directory.appendingPathComponent("raw-\(name)")
    try tmux.command(["pipe-pane", "-t", "=0:", "-o", "cat > '\(raw.path)'"])
    try tmux.start(arguments)
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("EXIT:0")
    // The shell's exit line comes after the program's output: once the pipe has it, it has all.
    let deadline = Date().addingTimeInterval(TmuxSession.defaultTimeout)
    var bytes = ""
    while Date() < deadline {
      bytes = (try? String(contentsOf: raw, encoding: .utf8)) ?? ""
      if bytes.contains("EXIT:0") { break }
      usleep(20_000)
    }
    try tmux.command(["pipe-pane", "-t", "=0:"])
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
    let body = lines.drop { !$0.contains("See") }.prefix { !$0.contains("EXIT:") }
    return (bytes, body.joined(separator: "\n"))
  }
}
