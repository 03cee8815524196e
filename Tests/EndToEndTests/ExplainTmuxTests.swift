import Foundation
import TestSupport
import Testing

/// `demo --explain` in a real terminal: the report is printed once the terminal is given back,
/// into the shell's screen, never into the full-screen UI.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct ExplainTmuxTests {
  @Test func theReportAppearsOnlyAfterTheProgramExits() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    // Every byte the program writes to the terminal, to see where the report falls.
    let log = tmux.directory.appendingPathComponent("pane.log")
    _ = try tmux.command(["pipe-pane", "-o", "-t", "=0:", "cat >> '\(log.path)'"])
    try tmux.start(
      "demo --simulate upgrade --explain --content \(tmux.content)",
      environment: "WHATSNEW_STATE_DIR='\(tmux.directory.path)/state'")
    // The sheet, then the home screen: the report is on neither.
    let sheet = try tmux.waitFor("since 2.0.0")
    #expect(!sheet.contains("decision:") && !sheet.contains("launch:"))
    #expect(try tmux.display("#{alternate_on}") == "1")
    try tmux.keys("q")
    let home = try tmux.waitFor("Take the tour again")
    #expect(!home.contains("decision:") && !home.contains("launch:"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let shell = try tmux.waitFor("decision:")
    #expect(shell.contains("launch:       upgrade from 2.0.0 to 2.1.0"))
    #expect(try tmux.display("#{alternate_on}") == "0")
    // In the byte stream the report comes after the program left the alternate screen.
    let bytes = try tmux.waitUntilLogged(log, contains: "EXIT:0")
    let leave = try #require(bytes.lastRange(of: "\u{1B}[?1049l"), "the UI never left the alternate screen")
    let report = try #require(bytes.firstRange(of: "launch:"), "no report in the terminal's output")
    #expect(leave.upperBound <= report.lowerBound)
  }
}

extension TmuxSession {
  /// Polls until the file `log` holds `text` (at least `times` times); returns its content.
  func waitUntilLogged(_ log: URL, contains text: String, times: Int = 1, timeout: Double = 10) throws
    -> String
  {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let content = String(decoding: (try? Data(contentsOf: log)) ?? Data(), as: UTF8.self)
      if content.ranges(of: text).count >= times {
        sawScreen()
        return content
      }
      guard Date() < deadline else { throw Failure.timeout("\(text) in \(log.path)", screen: content) }
      usleep(50_000)
    }
  }
}

extension String {
  /// The range of the last occurrence of `text`.
  fileprivate func lastRange(of text: String) -> Range<String.Index>? {
    ranges(of: text).last
  }
}
