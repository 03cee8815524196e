import CNcurses
import LaunchScreens
import TerminalRendering
import TestSupport
import Testing

@testable import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct KeyDecoderTests {
  @Test func controlCharactersBecomeKeys() {
    #expect(KeyDecoder.decode(3, isFunctionKey: false) == .event(.key(.ctrlC)))
    #expect(KeyDecoder.decode(26, isFunctionKey: false) == .suspend)
    #expect(KeyDecoder.decode(13, isFunctionKey: false) == .event(.key(.enter)))
    #expect(KeyDecoder.decode(10, isFunctionKey: false) == .event(.key(.enter)))
    #expect(KeyDecoder.decode(27, isFunctionKey: false) == .event(.key(.escape)))
    #expect(KeyDecoder.decode(127, isFunctionKey: false) == .event(.key(.backspace)))
    #expect(KeyDecoder.decode(4, isFunctionKey: false) == .event(.key(.ctrl("d"))))
  }

  @Test func charactersIncludingWideOnes() {
    #expect(KeyDecoder.decode(Int32(UInt8(ascii: "q")), isFunctionKey: false) == .event(.key(.char("q"))))
    #expect(KeyDecoder.decode(0x65E5, isFunctionKey: false) == .event(.key(.char("日"))))
    // A surrogate is not a scalar: ignored, not a crash.
    #expect(KeyDecoder.decode(0xD800, isFunctionKey: false) == .ignored)
  }

  @Test func functionKeys() {
    #expect(KeyDecoder.decode(KEY_UP, isFunctionKey: true) == .event(.key(.up)))
    #expect(KeyDecoder.decode(KEY_NPAGE, isFunctionKey: true) == .event(.key(.pageDown)))
    #expect(KeyDecoder.decode(KEY_HOME, isFunctionKey: true) == .event(.key(.home)))
    #expect(KeyDecoder.decode(KEY_BTAB, isFunctionKey: true) == .event(.key(.backTab)))
    #expect(KeyDecoder.decode(whatsnew_key_resize(), isFunctionKey: true) == .resize)
    #expect(KeyDecoder.decode(whatsnew_key_mouse(), isFunctionKey: true) == .mouse)
    #expect(KeyDecoder.decode(whatsnew_key_f(1), isFunctionKey: true) == .event(.key(.function(1))))
    // The same number as a character is a character, not a function key.
    #expect(KeyDecoder.decode(KEY_UP, isFunctionKey: false) != .event(.key(.up)))
  }
}

/// What the painter gives ncurses for a cell holding a grapheme of several scalars. ncurses
/// keeps a cell's scalars only up to the first one that takes columns, so a joined emoji such as
/// 👨‍💻 reached the terminal as 👨 and a joiner, which then joined whatever came next.
@Suite struct PainterCellTests {
  @Test func aJoinedSequenceIsItsFirstEmojiWithoutTheJoiners() {
    #expect(Painter.characters(of: "\u{1F468}\u{200D}\u{1F4BB}") == [0x1F468])
    #expect(Painter.characters(of: "\u{1F469}\u{1F3FD}\u{200D}\u{1F680}") == [0x1F469, 0x1F3FD])
    #expect(Painter.characters(of: "\u{1F441}\u{FE0F}\u{200D}\u{1F5E8}\u{FE0F}") == [0x1F441, 0xFE0F])
    let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
    #expect(Painter.characters(of: Character(england)) == [0x1F3F4])
  }

  @Test func otherClustersGoWhole() {
    #expect(Painter.characters(of: "e\u{301}") == [0x65, 0x301])
    #expect(Painter.characters(of: "\u{2764}\u{FE0F}") == [0x2764, 0xFE0F])
    #expect(Painter.characters(of: "\u{1F1EB}\u{1F1F7}") == [0x1F1EB, 0x1F1F7])
  }
}

@Suite struct PainterColorTests {
  @Test func xtermColoursFallBackToTheBasicOnes() {
    #expect(Painter.approximate(1, colors: 16) == 1)
    #expect(Painter.approximate(9, colors: 8) == 1)
    #expect(Painter.approximate(196, colors: 16) == 9)  // bright red
    #expect(Painter.approximate(28, colors: 16) == 8)  // a dim green is closer to grey than to green
    #expect(Painter.approximate(46, colors: 8) == 2)  // green
    #expect(Painter.approximate(21, colors: 16) == 12)  // bright blue
    #expect(Painter.approximate(232, colors: 16) == 0)
    #expect(Painter.approximate(255, colors: 16) == 15)
  }

  @Test func colorModeHonoursNoColor() {
    #expect(ColorMode.auto.wantsColor(noColor: nil))
    #expect(ColorMode.auto.wantsColor(noColor: ""))
    #expect(!ColorMode.auto.wantsColor(noColor: "1"))
    #expect(ColorMode.always.wantsColor(noColor: "1"))
    #expect(!ColorMode.never.wantsColor(noColor: nil))
  }
}

/// Whether ncurses can find `xterm-256color` (part of ncurses-base on Debian); a note is
/// printed when it cannot.
enum TerminfoAvailability {
  static let present: Bool = {
    let found = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"].contains {
      access("\($0)/x/xterm-256color", R_OK) == 0
    }
    if !found { print("note: no terminfo entry for xterm-256color; skipping the painter tests") }
    return found
  }()
}

/// The painter writes only the part of each row that changed since its last paint; the
/// screen must end up exactly as if it had written every cell. Checked on two real ncurses
/// screens writing to /dev/null (no terminal needed), one painted by changes, one in full,
/// read back cell by cell.
@Suite(
  .serialized,
  .enabled(
    if: TerminfoAvailability.present, "no terminfo entry for xterm-256color; the painter tests are skipped"))
struct PainterDiffTests {
  /// An ncurses screen writing to /dev/null.
  final class Screen {
    let pointer: OpaquePointer
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>

    init() throws {
      output = try #require(fopen("/dev/null", "w"))
      input = try #require(fopen("/dev/null", "r"))
      pointer = try #require(newterm("xterm-256color", output, input))
    }

    func close() {
      set_term(pointer)
      endwin()
      delscreen(pointer)
      fclose(output)
      fclose(input)
    }

    /// Every cell as character and attributes, row by row.
    func cells() -> [String] {
      set_term(pointer)
      let window = whatsnew_stdscr()
      var rows: [String] = []
      for row in 0..<whatsnew_getmaxy(window) {
        var text = ""
        for column in 0..<whatsnew_getmaxx(window) {
          var ch: wchar_t = 0
          var attrs: attr_t = 0
          let ok = whatsnew_cell_at(row, column, &ch, &attrs) == OK
          text += ok ? "\(UInt32(bitPattern: ch)):\(attrs) " : "? "
        }
        rows.append(text)
      }
      return rows
    }
  }

  /// Runs `body` with two ncurses screens, in a UTF-8 locale on this thread only.
  func withScreens(_ body: (Screen, Screen) throws -> Void) throws {
    let utf8 = try #require(newlocale(LC_CTYPE_MASK, "C.UTF-8", nil))
    let previousLocale = uselocale(utf8)
    defer {
      uselocale(previousLocale)
      freelocale(utf8)
    }
    let a = try Screen()
    defer { a.close() }
    let b = try Screen()
    defer { b.close() }
    try body(a, b)
  }

  @Test(arguments: [0x9E37_79B9_7F4A_7C15, 42, 0xDEAD_BEEF] as [UInt64])
  func paintingChangesLeavesTheScreenAsPaintingEverything(seed: UInt64) throws {
    try withScreens { changes, full in
      set_term(changes.pointer)
      let width = Int(whatsnew_getmaxx(whatsnew_stdscr()))
      let height = Int(whatsnew_getmaxy(whatsnew_stdscr()))
      var painter = Painter(usesColor: false, colorCount: 0, pairLimit: 0, width: width, height: height)
      var reference = Painter(usesColor: false, colorCount: 0, pairLimit: 0, width: width, height: height)
      // A blank canvas over a blank screen writes nothing.
      painter.paint(Canvas(width: width, height: height))
      #expect(painter.cellsWritten == 0)

      var random = SeededRandom(seed: seed)
      let pieces = ["a", "bc", " ", "日", "本語", "é", "xy z", "😀", "e\u{301}", "👍🏽"]
      let styles = [
        Style.plain, Style(attributes: .bold), Style(attributes: .reverse), Style(attributes: .underline),
      ]
      var canvas = Canvas(width: width, height: height)
      var written = 0
      for round in 0..<300 {
        if round % 50 == 49 { canvas = Canvas(width: width, height: height) }
        for _ in 0..<Int.random(in: 1...12, using: &random) {
          let count = Int.random(in: 1...6, using: &random)
          let text = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
          canvas.put(
            text, row: Int.random(in: 0..<height, using: &random),
            column: Int.random(in: -1..<width, using: &random),
            style: styles.randomElement(using: &random) ?? .plain)
        }
        set_term(changes.pointer)
        painter.paint(canvas)
        written += painter.cellsWritten
        set_term(full.pointer)
        reference.invalidate()
        reference.paint(canvas)
        let got = changes.cells()
        let want = full.cells()
        let wrong = (0..<height).filter { got[$0] != want[$0] }
        if let row = wrong.first {
          let g = got[row].split(separator: " ")
          let w = want[row].split(separator: " ")
          let columns = (0..<min(g.count, w.count)).filter { g[$0] != w[$0] }
          let held = columns.map { String(g[$0]) }
          let full = columns.map { String(w[$0]) }
          Issue.record(
            "seed \(seed) round \(round) row \(row): columns \(columns) hold \(held), painting everything gives \(full)"
          )
          return
        }
        // The same canvas again writes nothing.
        set_term(changes.pointer)
        painter.paint(canvas)
        #expect(painter.cellsWritten == 0)
      }
      // Painting changes wrote far fewer cells than painting everything 300 times.
      #expect(written < 300 * width * height / 4)
      // After invalidate() every cell is written again.
      painter.invalidate()
      painter.paint(canvas)
      #expect(painter.cellsWritten == canvas.cells.filter { !$0.isContinuation }.count)
    }
  }

  /// With a scroll hint the painter scrolls `stdscr`'s rows first (`wscrl`); a hint that
  /// lies (an offset that does not match the rows) must not leave a stale row either.
  @Test(arguments: [ScrollHintUse.none, .truthful, .lying])
  func aScrollingTextPaintsAsPaintingEverything(hint: ScrollHintUse) throws {
    try withScreens { changes, full in
      set_term(changes.pointer)
      let width = Int(whatsnew_getmaxx(whatsnew_stdscr()))
      let height = Int(whatsnew_getmaxy(whatsnew_stdscr()))
      var painter = Painter(usesColor: false, colorCount: 0, pairLimit: 0, width: width, height: height)
      var reference = Painter(usesColor: false, colorCount: 0, pairLimit: 0, width: width, height: height)
      var random = SeededRandom(seed: 7)
      let pieces = ["word ", "日本 ", "é", "  ", "😀", "x", "e\u{301}"]
      let styles = [Style.plain, Style(attributes: .bold), Style(attributes: .reverse)]
      let document = (0..<200).map { _ in
        (
          text: (0..<Int.random(in: 0...14, using: &random)).map { _ in
            pieces.randomElement(using: &random) ?? ""
          }
          .joined(),
          style: styles.randomElement(using: &random) ?? .plain
        )
      }
      // A title row, a body of text lines from `offset`, a footer naming the offset: a pager.
      func frame(_ offset: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.put("Title", row: 0, column: 0, style: Style(attributes: .reverse))
        for row in 1..<(height - 1) {
          let line = document[offset + row - 1]
          canvas.put(line.text, row: row, column: 1, style: line.style)
        }
        canvas.put("line \(offset)", row: height - 1, column: width - 12)
        switch hint {
        case .none: break
        case .truthful: canvas.scrollHint = ScrollHint(rows: 1..<(height - 1), offset: offset)
        case .lying: canvas.scrollHint = ScrollHint(rows: 1..<(height - 1), offset: offset * 7 % 5)
        }
        return canvas
      }
      var offset = 50
      for step in 0..<120 {
        let move = Int.random(in: -4...4, using: &random)
        let previous = offset
        offset = max(0, min(200 - height, offset + move))
        let canvas = frame(offset)
        set_term(changes.pointer)
        painter.paint(canvas)
        set_term(full.pointer)
        reference.invalidate()
        reference.paint(canvas)
        let got = changes.cells()
        let want = full.cells()
        let wrong = (0..<height).filter { got[$0] != want[$0] }
        #expect(wrong.isEmpty, "step \(step) (moved \(move)): rows \(wrong) differ")
        if !wrong.isEmpty { return }
        // Unchanged rows (the title, and the body when it did not move) are not written; with
        // a true hint, a move of a few lines writes only the rows that came in.
        if step > 0 {
          #expect(painter.cellsWritten < (offset == previous ? 1 : reference.cellsWritten), "step \(step)")
          if hint == .truthful, offset != previous {
            #expect(painter.cellsWritten <= (abs(offset - previous) + 1) * width, "step \(step)")
          }
        }
      }
    }
  }
}

/// How a test frame sets its ``ScrollHint``.
enum ScrollHintUse: Sendable, CustomTestStringConvertible {
  case none, truthful, lying
  var testDescription: String { "\(self)" }
}

@Suite struct EscapeSequenceTests {
  /// Feeds the bytes after an Escape; returns the steps.
  private func steps(_ text: String) -> [KeyDecoder.EscapeStep] {
    var sequence = KeyDecoder.EscapeSequence()
    return text.unicodeScalars.map { sequence.next(Int32($0.value), isFunctionKey: false) }
  }

  @Test func csiSequencesRunToTheirFinalByte() {
    #expect(steps("[15;5~") == [.more, .more, .more, .more, .more, .end])
    #expect(steps("[1~") == [.more, .more, .end])
    #expect(steps("[Z") == [.more, .end])
    #expect(steps("[<0;1;2M") == Array(repeating: .more, count: 7) + [.end])
    #expect(steps("[ q") == [.more, .more, .end])
  }

  @Test func oscStringsRunToBELOrST() {
    // A background reply that came after the query stopped waiting: dropped whole.
    #expect(steps("]11;rgb:ffff/ffff/ffff\u{07}") == Array(repeating: .more, count: 22) + [.end])
    #expect(steps("]11;rgb:0/0/0\u{1B}\\") == Array(repeating: .more, count: 14) + [.end])
    #expect(steps("]11;rgba:ffff/ffff/ffff/ffff\u{1B}\\").last == .end)
    #expect(steps("]11;rgba:ffff/ffff/ffff/ffff\u{1B}\\").dropLast().allSatisfy { $0 == .more })
    // Ctrl-C is acted on; an Escape and another key ends the string before the key.
    #expect(steps("]11\u{03}") == [.more, .more, .more, .endBefore])
    #expect(steps("]11\u{1B}j") == [.more, .more, .more, .more, .endBefore])
    let run = steps("]" + String(repeating: "1", count: 100))
    #expect(run.firstIndex(of: .end) == KeyDecoder.EscapeSequence.maximumStringLength - 1)
  }

  /// A background reply (an OSC 11 string, or a CSI sequence that starts with `?` such as the
  /// DA1 reply) is known as one, so the session can drop its rest when it is cut short.
  @Test func backgroundRepliesAreKnown() {
    func sequence(_ text: String) -> KeyDecoder.EscapeSequence {
      var sequence = KeyDecoder.EscapeSequence()
      for scalar in text.unicodeScalars { _ = sequence.next(Int32(scalar.value), isFunctionKey: false) }
      return sequence
    }
    #expect(sequence("]11;rgb:ffff/").isReply)
    #expect(sequence("]11;rgb:ffff/").cut == .inString)
    #expect(sequence("]11;rgb:ffff/ffff/ffff\u{1B}").cut == .afterStringEscape)
    #expect(sequence("[?64;1").cut == .inReply)
    #expect(!sequence("]2;title").isReply)
    #expect(sequence("]2;title").cut == nil)
    #expect(!sequence("]1").isReply)
    #expect(sequence("[?64;1").isReply)
    #expect(sequence("[?64;1c").isDeviceAttributesReply)
    #expect(!sequence("[?64;1").isDeviceAttributesReply)
    #expect(!sequence("[1;5A").isReply)
    #expect(!sequence("[").isReply)
  }

  /// The rest of a reply cut short: read from where it was cut, it is dropped whole.
  @Test func theRestOfACutReplyIsDropped() {
    func steps(resuming cut: BackgroundQuery.Answer.Cut, _ text: String) -> [KeyDecoder.EscapeStep] {
      var sequence = KeyDecoder.EscapeSequence(resuming: cut)
      return text.unicodeScalars.map { sequence.next(Int32($0.value), isFunctionKey: false) }
    }
    #expect(steps(resuming: .inString, "ffff/ffff\u{1B}\\") == Array(repeating: .more, count: 10) + [.end])
    #expect(steps(resuming: .inString, "ff\u{07}") == [.more, .more, .end])
    #expect(steps(resuming: .afterStringEscape, "\\") == [.end])
    #expect(steps(resuming: .afterEscape, "]11;rgb:0/0/0\u{07}").last == .end)
    #expect(steps(resuming: .inReply, "4;1c") == [.more, .more, .more, .end])
    // After a lone Escape, a key that starts no reply is a key; Ctrl-C always is.
    #expect(steps(resuming: .afterEscape, "q") == [.endBefore])
    #expect(steps(resuming: .inString, "f\u{03}") == [.more, .endBefore])
  }

  @Test func ss3TakesOneByte() {
    #expect(steps("Oz") == [.more, .end])
    #expect(steps("OP") == [.more, .end])
  }

  @Test func altAndAKeyIsOneKey() {
    #expect(steps("j") == [.end])
    #expect(steps("[") == [.more])  // Alt-[ alone: the session ends it when nothing follows
    #expect(steps("日") == [.end])
    // ESC ESC [ A: Alt and an arrow the terminal sent as a sequence.
    #expect(steps("\u{1B}[A") == [.more, .more, .end])
  }

  @Test func controlKeysAndFunctionKeysAreNeverSwallowed() {
    // Ctrl-C after an Escape, or inside a sequence cut short, is a key of its own.
    #expect(steps("\u{03}") == [.endBefore])
    #expect(steps("[1\u{03}") == [.more, .more, .endBefore])
    #expect(steps("[1\u{1B}") == [.more, .more, .endBefore])
    #expect(steps("[1日") == [.more, .more, .endBefore])
    var sequence = KeyDecoder.EscapeSequence()
    #expect(sequence.next(KEY_UP, isFunctionKey: true) == .endBefore)
    var csi = KeyDecoder.EscapeSequence()
    #expect(csi.next(0x5B, isFunctionKey: false) == .more)
    #expect(csi.next(whatsnew_key_resize(), isFunctionKey: true) == .endBefore)
  }

  @Test func aSequenceThatNeverEndsIsCutOff() {
    let run = steps("[" + String(repeating: "1", count: 100))
    #expect(run.firstIndex(of: .end) == KeyDecoder.EscapeSequence.maximumLength - 1)
  }

  @Test func extraSequencesAreHomeEndAndBackTab() {
    let table = Dictionary(uniqueKeysWithValues: KeyDecoder.extraSequences.map { ($0.sequence, $0.code) })
    #expect(table["\u{1B}[1~"] == KEY_HOME)
    #expect(table["\u{1B}[4~"] == KEY_END)
    #expect(table["\u{1B}[Z"] == KEY_BTAB)
    // Every one decodes to the key it names, and is itself a whole escape sequence.
    for (sequence, code) in KeyDecoder.extraSequences {
      #expect(
        [Key.home, .end, .backTab].map { Input.event(.key($0)) }.contains(
          KeyDecoder.decode(code, isFunctionKey: true)))
      #expect(steps(String(sequence.dropFirst())).last == .end, "\(sequence)")
    }
  }
}

@Suite struct EffectDispatchTests {
  /// The last screen answers a key with two effects and a close: the stack is empty before
  /// any of them is performed, and the greeter's terminal stops on an empty stack, yet every
  /// effect of that update is still carried out (the second one was dropped).
  @Test func everyEffectOfAnUpdateIsPerformedBeforeTheLoopStops() {
    let effects: [ScreenEffect] = [.dismissed(.welcomeBack), .onboardingProgress(page: 1), .close]
    var stack = ScreenStack([EffectsFixture(effects: effects)])
    var performed: [ScreenEffect] = []
    let action = CursesSession.perform(stack.update(.key(.enter)), on: &stack) { effect, stack in
      performed.append(effect)
      return effect == .quit || stack.isEmpty ? .stop : .continue
    }
    #expect(action == .stop)
    #expect(performed == [.dismissed(.welcomeBack), .onboardingProgress(page: 1), .quit])
  }
}
