import Foundation
import TestSupport
import Testing

/// GitHub alerts (`> [!WARNING]` and its kind) in a real terminal: the callout's label and a
/// bar, never the literal marker, in plain and terminal output and on the what's-new sheet;
/// GitHub's own markup in HTML; and a plain block quote under `--flavor commonmark`.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct AlertTmuxTests {
  static let notes = """
    ---
    title: Two
    ---

    Before.

    > [!WARNING]
    > Back up your data first.

    After.

    """

  @Test func renderShowsTheLabelNotTheMarkerInPlainAndTerminalOutput() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let file = try write(Self.notes, named: "alert.md", in: tmux)

    try tmux.start("render --format plain '\(file)'")
    #expect(try tmux.waitForExit() == 0)
    let plain = try tmux.waitFor("EXIT:0")
    #expect(plain.contains("│ Warning\n│ Back up your data first."), "\(plain)")
    #expect(!plain.contains("[!WARNING]"), "\(plain)")

    try tmux.start("render --format ansi '\(file)'")
    #expect(try tmux.waitForExit() == 0)
    let ansi = try tmux.waitFor("EXIT:0")
    #expect(ansi.contains("│ Warning\n│ Back up your data first."), "\(ansi)")
    #expect(!ansi.contains("[!WARNING]"), "\(ansi)")
    // The label and its bar are coloured (the plain text above is not).
    let coloured = try tmux.captureWithColours()
    #expect(coloured.contains(#/\x1B\[[0-9;]*m│ (?:\x1B\[[0-9;]*m)+Warning/#), "\(coloured.debugDescription)")
  }

  @Test func htmlHasGitHubsMarkupAndCommonMarkKeepsABlockQuote() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let file = try write(Self.notes, named: "alert.md", in: tmux)

    try tmux.start("render --format html '\(file)'")
    #expect(try tmux.waitForExit() == 0)
    let html = try tmux.waitFor("EXIT:0")
    #expect(
      html.contains(
        "<div class=\"markdown-alert markdown-alert-warning\">\n"
          + "<p class=\"markdown-alert-title\">Warning</p>\n<p>Back up your data first.</p>\n</div>"),
      "\(html)")

    try tmux.start("render --format html --flavor commonmark '\(file)'")
    #expect(try tmux.waitForExit() == 0)
    let commonMark = try tmux.waitFor("EXIT:0")
    #expect(commonMark.contains("<blockquote>\n<p>[!WARNING]"), "\(commonMark)")
    #expect(!commonMark.contains("markdown-alert"), "\(commonMark)")
  }

  @Test func theSheetShowsTheLabelNotTheMarker() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let content = tmux.directory.appendingPathComponent("Content")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    _ = try write(Self.notes, named: "Content/2.0.0.md", in: tmux)

    try tmux.start("notes 2.0.0 --content '\(content.path)'")
    let sheet = try tmux.waitFor("Back up your data first.")
    #expect(sheet.contains("│ Warning"), "\(sheet)")
    #expect(!sheet.contains("[!WARNING]"), "\(sheet)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  /// Writes `text` to `name` in the session's directory; returns its path.
  private func write(_ text: String, named name: String, in tmux: TmuxSession) throws -> String {
    let file = tmux.directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }
}
