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

  // MARK: - Helpers

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
