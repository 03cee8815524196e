import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Whether tmux is installed, for the terminal UI tests.
enum TmuxAvailability {
  static let present = TestPaths.hasTool("tmux")
  /// Why they are skipped without it.
  static let missing = "tmux is not installed (scripts/setup --tests installs it)"
}

/// The terminal UI end to end: the built binary in a real terminal (tmux), driven by keys,
/// checked by what the pane shows and by the terminal modes it leaves behind.
///
/// A capture may catch a screen half painted, so every check waits (with a timeout) for the
/// thing it checks rather than asserting on the first capture that shows something else.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct TmuxTests {
  // MARK: - notes

  @Test func notesOpensTheSheetAndResizesCleanly() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.waitFor("Top")
    // The first frame's footer has no total ("1–20/…"); the rest is laid out right after.
    let total = #/1–20/(\d+)  Top/#
    let top = try tmux.waitUntil("the footer's total") { $0.contains(total) }
    let lines = try #require(top.firstMatch(of: total)).1
    try tmux.keys("G")
    try tmux.waitFor("Bot")
    #expect(try tmux.capture().contains("–\(lines)/\(lines)  Bot"))
    try resizeCleanly(tmux, title: "Release notes after 1.0.0", narrowTitle: "Release notes")
    try tmux.resize(width: 24, height: 6)
    try tmux.waitFor("Terminal too small")
    try tmux.resize(width: 80, height: 24)
    // Back at the size it had: the reader's place (the end) is kept through the resizes.
    try tmux.waitFor("–\(lines)/\(lines)  Bot")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func theSheetsArrowAndPageKeysAreDecoded() throws {
    // Sent as the terminal sends them in keypad mode (tmux turns `Down` into `\EOB` once the
    // program has asked for that mode with smkx): none may be read as Escape, which closes.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.keys("Down", "Down", "Down")
    try tmux.waitUntil("three lines down") { $0.contains(#/ 4–23/\d+ /#) }
    try tmux.keys("Up")
    try tmux.waitUntil("one line up") { $0.contains(#/ 3–22/\d+ /#) }
    try tmux.keys("NPage")
    try tmux.waitUntil("a page down") { $0.contains(#/ 2[2-4]–4[1-3]/\d+ /#) }
    try tmux.keys("PPage")
    try tmux.waitUntil("a page up") { $0.contains(#/ 3–22/\d+ /#) }
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func homeAndEndMoveTheSheetAndDoNotCloseIt() throws {
    // tmux sends `\E[4~` and `\E[1~` for End and Home, which the xterm-256color entry (the
    // pane's TERM) does not list: ncurses read them as Escape, which closed the sheet, and
    // three characters.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.keys("Down", "Down")
    try tmux.waitUntil("two lines down") { $0.contains(#/ 3–22/\d+ /#) }
    try tmux.keys("End")
    try tmux.waitFor("Bot")
    try tmux.keys("Home")
    try tmux.waitUntil("back at the top") { $0.contains(#/ 1–20/\d+  Top/#) }
    // Other spellings of the same keys (xterm's normal mode, rxvt), and Shift-Tab.
    for (bytes, expected) in [
      ([0x1B, 0x5B, 0x46], "Bot"), ([0x1B, 0x5B, 0x48], "Top"), ([0x1B, 0x5B, 0x38, 0x7E], "Bot"),
      ([0x1B, 0x5B, 0x37, 0x7E], "Top"), ([0x1B, 0x4F, 0x46], "Bot"), ([0x1B, 0x4F, 0x48], "Top"),
    ] as [([UInt8], String)] {
      try tmux.bytes(bytes)
      try tmux.waitFor(expected)
    }
    try tmux.keys("BTab")
    #expect(try tmux.capture().contains("Release notes after 1.0.0 up to"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func unknownEscapeSequencesAreIgnoredAndALoneEscapeCloses() throws {
    // An escape sequence ncurses does not know (ESC followed at once by more bytes) is read
    // whole and dropped, not as Escape (close) and stray characters (`[` is a key of the sheet).
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.keys("Down", "Down", "Down")
    try tmux.waitUntil("three lines down") { $0.contains(#/ 4–23/\d+ /#) }
    let unknown: [[UInt8]] = [
      Array("\u{1B}[15;5~".utf8),  // CSI with parameters (Ctrl-F5)
      Array("\u{1B}[99;9z".utf8),  // a CSI no terminal lists
      Array("\u{1B}[1;5H".utf8),  // Ctrl-Home in xterm
      Array("\u{1B}Oz".utf8),  // an SS3 sequence
      Array("\u{1B}[".utf8),  // Alt-[ (`[` is "previous release")
      Array("\u{1B}g".utf8),  // Alt-g (`g` is "top")
      Array("\u{1B}j".utf8),  // Alt-j (`j` is a line down)
      Array("\u{1B}k".utf8),  // Alt-k (`k` is a line up)
    ]
    for sequence in unknown { try tmux.bytes(sequence) }
    // Had any of them been read as keys, the sheet would be closed or elsewhere.
    try tmux.keys("Down")
    try tmux.waitUntil("one line further down") { $0.contains(#/ 5–24/\d+ /#) }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try tmux.capture().contains(#/ 5–24/\d+ /#))
    #expect(try tmux.display("#{alternate_on}") == "1")
    try tmux.keys("Escape")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func theMouseWheelScrollsTheSheet() throws {
    // The wheel as xterm reports it in SGR mode (`\E[<65;x;yM` down, `\E[<64;x;yM` up), which
    // ncurses decodes: the session's own escape handling must not take it for an unknown
    // sequence.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.bytes(Array("\u{1B}[<65;10;10M".utf8))
    try tmux.waitUntil("three lines down") { $0.contains(#/ 4–23/\d+ /#) }
    try tmux.bytes(Array("\u{1B}[<64;10;10M".utf8))
    try tmux.waitUntil("back at the top") { $0.contains(#/ 1–20/\d+  Top/#) }
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func aBadFileInARangeShowsItsErrorInTheSheetAndStillFailsTheCommand() throws {
    // The command reads the files of the releases it shows: a file that is not UTF-8 shows
    // its error in the sheet in place of its notes, and the command still ends with the
    // message and status 1 once the sheet is closed.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let content = tmux.directory.appendingPathComponent("Content")
    try FileManager.default.copyItem(at: TestPaths.content, to: content)
    try Data([0x2D, 0x2D, 0x2D, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A, 0x0A, 0xC3, 0x28, 0x0A])
      .write(to: content.appendingPathComponent("1.1.0.md"))
    try tmux.start("notes --from 1.0.0 --content '\(content.path)'")
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.keys("G")
    let bottom = try tmux.waitFor("not valid UTF-8")
    // The path is as long as the temporary directory makes it and may be broken across rows:
    // look for the file and line with the rows joined and the blanks left out.
    #expect(bottom.filter { !$0.isWhitespace }.contains("1.1.0.md:4:notvalidUTF-8"), "\(bottom)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 1)
    // The message is longer than the pane is wide: compare it with the lines joined.
    _ = try tmux.waitUntil("the error message") {
      $0.replacingOccurrences(of: "\n", with: "").contains(
        "whatsnew: \(content.path)/1.1.0.md:4: not valid UTF-8")
    }
    try expectRestored(tmux)
  }

  @Test func releasesReadAfterTheFirstFrameAreShownAndTheirErrorsStillFailTheCommand() throws {
    // `notes` reads before the sheet only the releases its first frame can show (10 on 24
    // rows) and the rest once that frame is out: with 30 releases, the oldest one's notes and
    // a bad file among the late ones are shown all the same, and the command still fails.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let content = tmux.directory.appendingPathComponent("Content")
    try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    for minor in 1...30 {
      try Data("---\ntitle: Release \(minor)\n---\n\nChange of 1.\(minor).0.\n".utf8)
        .write(to: content.appendingPathComponent("1.\(minor).0.md"))
    }
    try Data([0x2D, 0x2D, 0x2D, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A, 0x0A, 0xC3, 0x28, 0x0A])
      .write(to: content.appendingPathComponent("1.3.0.md"))
    try tmux.start("notes --from 1.0.0 --content '\(content.path)'")
    try tmux.waitFor("Release notes after 1.0.0 up to 1.30.0")
    try tmux.keys("G")
    let bottom = try tmux.waitFor("Change of 1.1.0.")
    #expect(bottom.contains("1.2.0 — Release 2"), "\(bottom)")
    #expect(bottom.filter { !$0.isWhitespace }.contains("1.3.0.md:4:notvalidUTF-8"), "\(bottom)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 1)
    _ = try tmux.waitUntil("the error message") {
      $0.replacingOccurrences(of: "\n", with: "").contains(
        "whatsnew: \(content.path)/1.3.0.md:4: not valid UTF-8")
    }
    try expectRestored(tmux)
  }

  /// Scrolling moves the terminal's rows (ncurses' scrolling region) rather than redrawing
  /// them: after j, k, space, G and g the pane must hold exactly what a full redraw at the same
  /// place shows (Ctrl-Z and `fg` clear the terminal and paint every cell), so no scroll leaves
  /// a stale row behind.
  @Test func scrollingTheSheetLeavesNoStaleRow() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    // Started on its own (a stopped job would let a command list run on).
    try tmux.run("clear; \(tmux.binary) notes --from 1.0.0 --content \(tmux.content)")
    let total = #/1–20/(\d+)  Top/#
    let top = try tmux.waitUntil("the footer's total") { $0.contains(total) }
    let match = try #require(top.firstMatch(of: total))
    let lines = try #require(Int(match.1))
    try #require(lines > 60, "the sheet needs a few pages of text")
    func press(_ key: String, showing range: String) throws {
      try tmux.keys(key)
      try tmux.waitFor("\(range)/\(lines)")
    }
    // The body's rows (3 to 22 at 80x24) at offset `offset` hold the first frame's rows moved
    // up by `offset` (the first frame paints every cell).
    let first = Self.lines(top)
    func expectBody(_ place: String, offset: Int) throws {
      let body = Self.lines(try tmux.capture())
      for row in 3..<(23 - offset) where body[row] != first[row + offset] {
        Issue.record(
          "\(place): row \(row) holds \(body[row]), the first frame's row \(row + offset) \(first[row + offset])"
        )
      }
    }
    func expectLikeAFullRedraw(_ place: String) throws {
      let scrolled = try tmux.capture()
      try tmux.keys("C-z")
      try tmux.waitFor("Stopped")
      try tmux.run("fg")
      do {
        try tmux.waitUntil("a full redraw like the scrolled pane") { $0 == scrolled }
      } catch {
        let redrawn = try tmux.capture()
        let differ = zip(Self.lines(scrolled), Self.lines(redrawn)).enumerated().filter {
          $0.element.0 != $0.element.1
        }
        Issue.record(
          "\(place): rows \(differ.map(\.offset)) differ from a full redraw:\n\(scrolled)\n---\n\(redrawn)")
      }
    }
    try press("j", showing: "2–21")
    try press("j", showing: "3–22")
    try press("j", showing: "4–23")
    try press("k", showing: "3–22")
    try expectBody("after j j j k", offset: 2)
    try expectLikeAFullRedraw("after j j j k")
    try press("Space", showing: "22–41")
    try press("j", showing: "23–42")
    try expectLikeAFullRedraw("after space j")
    try press("G", showing: "\(lines - 19)–\(lines)")
    try press("k", showing: "\(lines - 20)–\(lines - 1)")
    try press("k", showing: "\(lines - 21)–\(lines - 2)")
    try expectLikeAFullRedraw("after G k k")
    try press("g", showing: "1–20")
    try press("j", showing: "2–21")
    try expectBody("after g j", offset: 1)
    try expectLikeAFullRedraw("after g j")
    try tmux.keys("q")
    try tmux.run("echo \"EX\"\"IT:$?\"")
    try tmux.waitFor("EXIT:0")
  }

  // MARK: - demo --simulate

  @Test func firstLaunchWalksThroughEveryOnboardingPage() throws {
    let pages = Self.onboardingPageCount()
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("● " + Array(repeating: "○", count: pages - 1).joined(separator: " ") + "  1/\(pages)")
    for page in 2...pages {
      try tmux.keys("n")
      try tmux.waitFor("  \(page)/\(pages)")
    }
    try tmux.waitFor("n finish")
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
    try tmux.waitFor("What's new in Jot \(newest) — since 1.0.0")
    try tmux.waitFor("Covers " + covered.joined(separator: " · "))
    try tmux.waitFor("Top")
    try tmux.keys("G")
    try tmux.waitFor("Bot")
    try resizeCleanly(tmux, title: "What's new in Jot", narrowTitle: "What's new")
    try tmux.resize(width: 80, height: 24)
    try tmux.waitFor("x never")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  /// Every key the sheet knows, with resizes in between (down to the "too small" screen and
  /// back): the screen stays whole and the program ends cleanly. Under AddressSanitizer (CI's
  /// second pass drives the sanitized binary) this is the sheet's memory-safety run.
  @Test func everyKeyOfTheSheetWithResizes() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate upgrade --from 1.0.0 --away 60 --content \(tmux.content)")
    try tmux.waitFor("Welcome back")
    // Home and End come as tmux's own sequences (`\E[1~`, `\E[4~`), which the xterm-256color
    // entry the pane claims does not list: the session defines them itself.
    let keys = [
      "j", "k", "Down", "Up", "Space", "f", "NPage", "b", "PPage", "d", "u", "G", "g", "End", "Home", "]",
      "[",
      "Tab", "BTab", "?", "x",
      "]", "[",
    ]
    let sizes = [(40, 12), (120, 40), (20, 6), (30, 8), (80, 24)]
    for (index, key) in keys.enumerated() {
      try tmux.keys(key)
      if index % 5 == 4 {
        let (width, height) = sizes[(index / 5) % sizes.count]
        try tmux.resize(width: width, height: height)
      }
    }
    try tmux.resize(width: 80, height: 24)
    try tmux.waitFor("x never")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  /// A resize keeps the reader's place: after `]` `]` the third release's heading is the top
  /// line, and it stays in view at 40x12 and back at 100x30 (a row number kept across the
  /// resize showed another release, the text being wrapped into more rows when narrower).
  @Test func aResizeKeepsTheReleaseInView() throws {
    let covered = Self.releases(after: "1.0.0")
    try #require(covered.count >= 4, "Content/ has fewer releases than this test needs")
    let third = covered[2]
    let tmux = try TmuxSession(width: 100, height: 30)
    defer { tmux.kill() }
    // Away one day: no welcome-back greeting above the first release.
    try tmux.start("demo --simulate upgrade --from 1.0.0 --away 1 --content \(tmux.content)")
    try tmux.waitFor("What's new in Jot")
    try tmux.keys("]", "]")
    let heading = try tmux.waitUntil("\(third)'s heading at the top") {
      Self.lines($0).count > 3 && Self.lines($0)[3].contains("▍\(third)")
    }
    let line = Self.lines(heading)[3].trimmingCharacters(in: .whitespaces)
    try tmux.resize(width: 40, height: 12)
    try tmux.waitUntil("\(third)'s heading at 40x12") {
      $0.contains("▍\(third)") && Self.lines($0)[0].count <= 40
    }
    try tmux.resize(width: 100, height: 30)
    try tmux.waitUntil("\(third)'s heading back at 100x30: \(line)") {
      Self.lines($0).count > 3 && Self.lines($0)[3].trimmingCharacters(in: .whitespaces) == line
    }
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func returningGreetsWithTheDaysAway() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate returning --away 60 --content \(tmux.content)")
    try tmux.waitFor("Welcome back to Jot")
    try tmux.waitFor("60 days")
    try tmux.keys("Enter")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func aDeepLinkOpensThoseNotes() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate first --open whatsnew://notes/1.4.0 --content \(tmux.content)")
    try tmux.waitFor("Jot 1.4.0 release notes")
    try tmux.waitFor("▍1.4.0")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func ctrlZSuspendsAndFgRedraws() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    // Started on its own (a stopped job would let a command list run on).
    try tmux.run("clear; \(tmux.binary) demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("q later")
    try tmux.keys("C-z")
    try tmux.waitFor("Stopped")
    #expect(try tmux.display("#{alternate_on}") == "0")
    try tmux.run("fg")
    try tmux.waitFor("q later")
    #expect(try tmux.display("#{alternate_on}") == "1")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    try tmux.run("echo \"EX\"\"IT:$?\"")
    try tmux.waitFor("EXIT:0")
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  @Test func sigtstpFromOutsideSuspendsLikeCtrlZ() throws {
    // The session keeps SIGTSTP (so ncurses does not block it around every refresh): a
    // `kill -TSTP` still stops the program with the terminal given back, and `fg` redraws.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    // The pid goes to the file `pid()` reads, not to the screen: the program may be on the
    // alternate screen before `echo` runs, which would hide it.
    let pidFile = tmux.directory.appendingPathComponent("pid").path
    let notes = "\(tmux.binary) notes --from 1.0.0 --content \(tmux.content)"
    try tmux.run("clear; \(notes) & echo $! > '\(pidFile)'; fg")
    let pid = try tmux.pid()
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.keys("j")
    try tmux.waitUntil("a line down") { $0.contains(#/ 2–21/\d+ /#) }
    #expect(Glibc.kill(pid, SIGTSTP) == 0)
    try tmux.waitFor("Stopped")
    #expect(try tmux.display("#{alternate_on}") == "0")
    try tmux.run("fg")
    try tmux.waitUntil("the sheet where it was") { $0.contains(#/ 2–21/\d+ /#) }
    #expect(try tmux.display("#{alternate_on}") == "1")
    try tmux.keys("j")
    try tmux.waitUntil("keys read again") { $0.contains(#/ 3–22/\d+ /#) }
    try tmux.keys("q")
    try tmux.run("echo \"EX\"\"IT:$?\"")
    try tmux.waitFor("EXIT:0")
    #expect(try tmux.display("#{alternate_on}") == "0")
  }

  @Test func theSessionNeverResetsThePaletteWhileRunning() throws {
    // Getting ncurses out of its initial state (one write a frame) must not send `oc`
    // (`\E]104\a`), which resets the colours the user set in the terminal: not at start,
    // not on a key, not on a resize.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let log = tmux.directory.appendingPathComponent("pane.log")
    _ = try tmux.command(["pipe-pane", "-o", "-t", "=0:", "cat >> '\(log.path)'"])
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    try tmux.waitFor("Release notes after 1.0.0 up to")
    try tmux.keys("j", "G", "g")
    try tmux.waitUntil("back at the top") { $0.contains(#/ 1–20/\d+  Top/#) }
    try tmux.resize(width: 60, height: 20)
    try tmux.waitFor("Release notes after")
    try tmux.resize(width: 80, height: 24)
    try tmux.keys("j")
    try tmux.waitUntil("a line down after the resizes") { $0.contains(#/ 2–21/\d+ /#) }
    // The footer's range is in the log twice now (the first `j`, this one). ncurses writes
    // only what changed: "2–21" always, the "/160" after it only while the total was still
    // "…", so the log is waited on for the range alone.
    let bytes = try tmux.waitUntilLogged(log, contains: "2–21", times: 2)
    #expect(bytes.contains("\u{1B}[?1049h"))
    #expect(!bytes.contains("\u{1B}]104"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    try expectRestored(tmux)
  }

  @Test func theFirstFrameLeavesTheRowsItDoesNotUseAlone() throws {
    // The start-up's refresh clears the screen, so the first frame writes only text: it
    // erases no blank row (`\E[<row>d\E[K`). `use_default_colors` after `start_color` had
    // ncurses mark every cell of its idea of the screen as unknown (pair 0 redefined), and the
    // frame then cleared each blank row and each row's end, and took two `write`s.
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let log = tmux.directory.appendingPathComponent("pane.log")
    _ = try tmux.command(["pipe-pane", "-o", "-t", "=0:", "cat >> '\(log.path)'"])
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)")
    let bytes = try tmux.waitUntilLogged(log, contains: "1–20/")
    let start = try #require(bytes.range(of: "Release notes after 1.0.0"))
    let frame = bytes[start.lowerBound...]
    #expect(frame.contains("1–20/"))
    #expect(!frame.contains(#/\x1B\[\d+(;\d+)?[dH]\x1B\[K/#))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  // MARK: - Restoring the terminal on every way out

  /// Ctrl-C stops the demo as it stops `greet`: 130, on the walkthrough and on Jot's own
  /// home screen after it.
  @Test func ctrlCQuitsAndRestores() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("q later")
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)
    try expectRestored(tmux, "after Ctrl-C")

    try tmux.start("demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("q later")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)
    try expectRestored(tmux, "after Ctrl-C on the home screen")
  }

  /// A terminal without an alternate screen (`vt100`, `linux`): what was drawn stays on the
  /// screen, so the shell's next line must start below it, not over the footer.
  @Test func withoutAnAlternateScreenTheShellWritesBelowTheFooter() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 --content \(tmux.content)", environment: "TERM=vt100")
    try tmux.waitFor("q close")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    let screen = try tmux.waitFor("EXIT:0")
    let lines = Self.lines(screen)
    let exitLine = try #require(lines.firstIndex { $0.contains("EXIT:0") })
    #expect(lines[exitLine].trimmingCharacters(in: .whitespaces) == "EXIT:0", "\(screen)")
    let footerLine = lines.lastIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("q close") }
    #expect(footerLine.map { $0 < exitLine } == true, "the footer is gone or below:\n\(screen)")
  }

  @Test(arguments: [(SIGTERM, "TERM"), (SIGHUP, "HUP")])
  func terminationSignalRestores(signal: (Int32, String)) throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("demo --simulate first --content \(tmux.content)")
    try tmux.waitFor("q later")
    #expect(Glibc.kill(try tmux.pid(), signal.0) == 0)
    #expect(try tmux.waitForExit() == 128 + Int(signal.0), "killed by SIG\(signal.1)")
    try expectRestored(tmux, "after SIG\(signal.1)")
  }

  @Test func crashRestores() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "demo --simulate first --content \(tmux.content)", environment: "WHATSNEW_CRASH_FOR_TESTING=1")
    try tmux.waitFor("q later")
    try tmux.keys("q")
    try tmux.waitFor("? help")
    try tmux.waitFor("Explore")
    try tmux.keys("!")
    let status = try tmux.waitForExit()
    #expect(status == 128 + Int(trapSignal), "exit status \(status)")
    try expectRestored(tmux, "after a crash")
  }

  // MARK: - Colours

  @Test(arguments: [
    ("", "", true), ("NO_COLOR=1", "", false), ("", "--color never", false),
    ("NO_COLOR=1", "--color always", true),
  ])
  func coloursFollowNoColorAndTheColorOption(setting: (environment: String, option: String, coloured: Bool))
    throws
  {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start(
      "demo --simulate first \(setting.option) --content \(tmux.content)", environment: setting.environment)
    try tmux.waitFor("q later")
    let screen = try tmux.captureWithColours()
    // A colour is an SGR parameter 30-37, 40-47, 90-97, 100-107, or 38;5 / 48;5 (39 and 49
    // are the defaults).
    let colour = #"\x1B\[(?:[0-9]+;)*(?:3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5;[0-9]+|48;5;[0-9]+)(?:;[0-9]+)*m"#
    let hasColour = screen.range(of: colour, options: .regularExpression) != nil
    #expect(hasColour == setting.coloured, "\(setting): \(screen.debugDescription.prefix(400))")
    // Without colours the title bar is still set apart (reverse video).
    if !setting.coloured { #expect(screen.contains("\u{1B}[7m")) }
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)
  }

  @Test func aTerminalNcursesCannotDriveFallsBackAndKeepsItPending() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    try tmux.start(
      "demo --content \(tmux.content) --state-dir '\(state)'", environment: "TERM=no-such-terminal")
    #expect(try tmux.waitForExit() == 0)
    try tmux.waitFor("cannot drive this terminal (TERM=no-such-terminal)")
    let result = try Run.whatsnew(["state", "--json", "--state-dir", state])
    #expect(result.stdout.contains("\"onboarding\""), "\(result.stdout)")
    try expectRestored(tmux)
  }

  // MARK: - A real upgrade against a state directory

  @Test func realUpgradeIsSeenOnlyWhenDismissed() throws {
    let covered = Self.releases(after: "1.0.0")
    let newest = try #require(covered.first)
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"

    // 1.0.0: a new user; skip the walkthrough.
    try tmux.skipTheDemosWalkthroughAsVersion100(common)

    // The current version: the sheet covers every release in between. Killed before it is
    // dismissed, it stays pending.
    try tmux.start("demo --app-version \(newest) \(common)")
    try tmux.waitFor("What's new in Jot \(newest) — since 1.0.0")
    try tmux.waitFor("Covers " + covered.joined(separator: " · "))
    #expect(Glibc.kill(try tmux.pid(), SIGTERM) == 0)
    #expect(try tmux.waitForExit() == 128 + Int(SIGTERM))
    try expectRestored(tmux, "after SIGTERM on the sheet")

    try tmux.start("demo --app-version \(newest) \(common)")
    try tmux.waitFor("What's new in Jot \(newest) — since 1.0.0")
    try tmux.waitFor("q close")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)

    // Dismissed: the next launch goes straight to the home screen.
    try tmux.start("demo --app-version \(newest) \(common)")
    let screen = try tmux.waitFor("Explore")
    #expect(Self.lines(screen).first?.contains("Jot · notes for your terminal") == true, "\(screen)")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func updateStepsShowProgressAndAFailure() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.skipTheDemosWalkthroughAsVersion100(common)

    // The upgrade runs the steps for 1.1.0 and later, slowed down so the bar can be seen; the
    // one for 1.2.0 fails.
    try tmux.start(
      "demo \(common)", environment: "WHATSNEW_DEMO_STEP_DELAY_MS=300 WHATSNEW_DEMO_FAIL_STEP=add-tags")
    try tmux.waitFor("Step 1 of")
    try tmux.waitFor("%")
    try tmux.waitFor("An update step failed")
    try tmux.waitFor("add-tags")
    try tmux.keys("Enter")
    try tmux.waitFor("What's new in Jot")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 1)
    try tmux.waitFor("will be retried on the next launch")
    try expectRestored(tmux, "after a failed update step")
  }

  @Test func anInterruptedWalkthroughResumesOnItsPage() throws {
    let pages = Self.onboardingPageCount()
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.start("demo \(common)")
    try tmux.waitFor("  1/\(pages)")
    try tmux.keys("n", "n")
    try tmux.waitFor("  3/\(pages)")
    try tmux.keys("q")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)

    try tmux.start("demo \(common)")
    try tmux.waitFor("  3/\(pages)")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)

    // Skipped: finished, so the next launch goes to the home screen.
    try tmux.start("demo \(common)")
    let screen = try tmux.waitFor("Explore")
    #expect(!screen.contains("Welcome to Jot"))
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
  }

  @Test func theBrowserReopensWhereTheUserLeftIt() throws {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    let state = tmux.directory.appendingPathComponent("state").path
    let common = "--content \(tmux.content) --state-dir '\(state)'"
    try tmux.start("demo \(common)")
    try tmux.waitFor("q later")
    try tmux.keys("s")
    try tmux.waitFor("Explore")
    try tmux.keys("r")
    try tmux.waitFor("→ read")
    try tmux.keys("j", "Enter", "j", "j")
    try tmux.waitFor("3–")
    let before = try tmux.capture()
    try tmux.keys("C-c")
    #expect(try tmux.waitForExit() == 130)

    try tmux.start("demo \(common)")
    try tmux.waitUntil("the browser as it was left:\n\(before)") { $0 == before }
    try tmux.keys("q", "q")
    #expect(try tmux.waitForExit() == 0)

    // A damaged or stale restoration point is ignored: the demo opens on its home screen.
    let file = URL(fileURLWithPath: state).appendingPathComponent("ui-restoration.json")
    for junk in [
      "{not json", #"{"schema":1,"place":"releaseNotes","version":"9.9.9","scroll":3,"notesFocused":true}"#,
    ] {
      try Data(junk.utf8).write(to: file)
      try tmux.start("demo \(common)")
      let screen = try tmux.waitFor("Explore")
      #expect(
        Self.lines(screen).first?.contains("Jot · notes for your terminal") == true, "\(junk):\n\(screen)")
      try tmux.keys("q")
      #expect(try tmux.waitForExit() == 0)
    }
  }

  // MARK: - Helpers

  /// Checks the terminal came back: same modes as before, normal screen, a shell that answers.
  func expectRestored(_ tmux: TmuxSession, _ comment: Comment? = nil) throws {
    let stty = tmux.sttySnapshots()
    #expect(!stty.before.isEmpty)
    #expect(stty.before == stty.after, comment)
    #expect(try tmux.display("#{alternate_on}") == "0", comment)
    try tmux.run("echo still-\"\"alive")
    try tmux.waitFor("still-alive")
  }

  /// Resizes to 100x30 and to 30x8 and waits, each time, for a clean layout at that size.
  func resizeCleanly(_ tmux: TmuxSession, title: String, narrowTitle: String) throws {
    for (width, height, title) in [(100, 30, title), (30, 8, narrowTitle)] {
      try tmux.resize(width: width, height: height)
      let screen: String
      do {
        screen = try tmux.waitUntil("a clean \(width)x\(height) layout") {
          Self.problems($0, width: width, height: height, title: title, footer: "q close").isEmpty
        }
      } catch {
        let last = (try? tmux.capture()) ?? ""
        let problems = Self.problems(last, width: width, height: height, title: title, footer: "q close")
        Issue.record("\(problems.joined(separator: "; ")) at \(width)x\(height):\n\(last)")
        throw error
      }
      #expect(Self.lines(screen).first?.count ?? 0 > width - 10, "the title bar should span the width")
    }
  }

  /// What is wrong with `screen` as a layout at `width` x `height`: the title not on row 0 or
  /// not there exactly once, the footer not on the last row or not once, a row wider than the
  /// window, or a horizontal rule not exactly as wide as the window (a stale wider one would be
  /// cut, a narrower one would leave a gap). Empty when it is clean.
  static func problems(_ screen: String, width: Int, height: Int, title: String, footer: String) -> [String] {
    var problems: [String] = []
    let rows = lines(screen)
    if rows.first?.contains(title) != true { problems.append("no title on row 0") }
    if rows.filter({ $0.contains(title) }).count != 1 { problems.append("the title is not there once") }
    if !(rows.prefix(height).last ?? "").contains(footer) { problems.append("no footer on the last row") }
    if rows.filter({ $0.contains(footer) }).count != 1 { problems.append("the footer is not there once") }
    if rows.contains(where: { $0.count > width }) { problems.append("a row wider than \(width)") }
    if let rule = rows.first(where: { $0.hasPrefix("───") }), rule.count != width {
      problems.append("a rule of \(rule.count) cells")
    }
    return problems
  }

  /// The number of walkthrough pages in the repository's Content (level-1 headings).
  static func onboardingPageCount() -> Int {
    let url = TestPaths.content.appendingPathComponent("onboarding.md")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { $0.hasPrefix("# ") }.count
  }

  /// The releases (not pre-releases) in Content after `version`, newest first.
  static func releases(after version: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.content.path)) ?? []
    func parts(_ v: String) -> [Int] { v.split(separator: ".").map { Int($0) ?? 0 } }
    return names.filter { $0.hasSuffix(".md") && !$0.contains("-") && $0.first?.isNumber == true }
      .map { String($0.dropLast(3)) }
      .filter { parts(version).lexicographicallyPrecedes(parts($0)) }
      .sorted { parts($0).lexicographicallyPrecedes(parts($1)) }
      .reversed()
  }

  static func lines(_ screen: String) -> [String] {
    screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
