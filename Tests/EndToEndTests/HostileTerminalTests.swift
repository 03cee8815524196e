import Foundation
import TestSupport
import Testing

/// The hostile corpus in a real terminal (tmux): `render` writing ANSI to the terminal and
/// the `notes` sheet paged from top to bottom leave the window title and the clipboard as
/// they were, and the sheet keeps its layout (title on row 0, footer on the last row, no row
/// wider than the window) on every page. A raw OSC 2 and OSC 52 at the end show that this
/// terminal does obey them, so the checks can fail.
@Suite(.requires(TmuxAvailability.present, TmuxAvailability.missing))
struct HostileTerminalTests {
  static let title = "KNOWN-TITLE"

  @Test func titleClipboardAndLayoutSurviveTheHostileCorpus() throws {
    let content = try TestPaths.makeTemporaryDirectory("hostile-terminal")
    defer { try? FileManager.default.removeItem(at: content) }
    var all: [UInt8] = []
    for (i, document) in HostileContent.documents.enumerated()
    where String(validating: document.bytes, as: UTF8.self) != nil {
      try Data(document.bytes).write(to: content.appendingPathComponent("1.\(i).0.md"))
      all += document.bytes
    }
    let allPath = content.appendingPathComponent("all-hostile.markdown").path
    try Data(all).write(to: URL(fileURLWithPath: allPath))

    let tmux = try TmuxSession(width: 80, height: 24)
    defer { tmux.kill() }
    try tmux.command(["set-option", "-g", "set-clipboard", "on"])
    try tmux.command(["select-pane", "-t", "=0:", "-T", Self.title])
    #expect(try tmux.display("#{pane_title}") == Self.title)

    // render: ANSI straight to the terminal.
    try tmux.start("render '\(allPath)'")
    #expect(try tmux.waitForExit(timeout: 60) == 0)
    try expectUntouched(tmux, "after render")

    // The notes sheet, every page of it.
    try tmux.start("notes --from 0.99.0 --content '\(content.path)'")
    try tmux.waitFor("Top", timeout: 30)
    var pages = 0
    var screen = try tmux.capture()
    while pages < 400 {
      let problems = TmuxTests.problems(
        screen, width: 80, height: 24, title: "Release notes after 0.99.0", footer: "q close")
      #expect(problems.isEmpty, "page \(pages): \(problems.joined(separator: "; "))\n\(screen)")
      if screen.contains("Bot") || !problems.isEmpty { break }
      let before = screen
      try tmux.keys("Space")
      screen = try tmux.waitUntil("the next page", timeout: 20) { $0 != before }
      pages += 1
    }
    try tmux.keys("q")
    #expect(try tmux.waitForExit(timeout: 20) == 0)
    try expectUntouched(tmux, "after paging the sheet")
    print(
      "HostileTerminalTests: render and \(pages) pages of the notes sheet left the title and clipboard alone")

    // The control: this terminal obeys a raw title and clipboard sequence.
    try tmux.run("printf '\\033]2;CHANGED\\007\\033]52;c;aGk=\\007'; echo SENT-\"\"DONE")
    try tmux.waitFor("SENT-DONE")
    _ = try tmux.waitUntil("the title to change", timeout: 10) { _ in
      (try? tmux.display("#{pane_title}")) == "CHANGED"
    }
    #expect(!(try tmux.command(["list-buffers"]).isEmpty), "OSC 52 did not reach the clipboard: no proof")
  }

  private func expectUntouched(_ tmux: TmuxSession, _ when: String) throws {
    #expect(try tmux.display("#{pane_title}") == Self.title, "the window title changed \(when)")
    let buffers = try tmux.command(["list-buffers"])
    #expect(buffers.isEmpty, "the clipboard got a buffer \(when): \(buffers)")
  }
}
