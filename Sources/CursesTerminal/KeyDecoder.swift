import CNcurses
import LaunchScreens

/// What one `wget_wch` result means to the session.
enum Input: Equatable {
  case event(ScreenEvent)
  /// The terminal changed size (`KEY_RESIZE`).
  case resize
  /// A mouse event to read with `getmouse`.
  case mouse
  /// Ctrl-Z: suspend like a shell job.
  case suspend
  /// Nothing to act on.
  case ignored
}

/// Turns ncurses key codes into ``Key``s. Pure, so it is tested without a terminal.
enum KeyDecoder {
  /// Decodes `code`, a function-key code when `isFunctionKey` (ncurses returned
  /// `KEY_CODE_YES`), else a character.
  static func decode(_ code: Int32, isFunctionKey: Bool) -> Input {
    if isFunctionKey { return decodeFunctionKey(code) }
    switch code {
    case 3: return .event(.key(.ctrlC))
    case 26: return .suspend
    case 9: return .event(.key(.tab))
    case 10, 13: return .event(.key(.enter))
    case 27: return .event(.key(.escape))
    case 8, 127: return .event(.key(.backspace))
    case 1...31:
      guard let scalar = Unicode.Scalar(UInt32(code) + 96) else { return .ignored }
      return .event(.key(.ctrl(Character(scalar))))
    default:
      guard code > 31, let scalar = Unicode.Scalar(UInt32(code)) else { return .ignored }
      return .event(.key(.char(Character(scalar))))
    }
  }

  private static func decodeFunctionKey(_ code: Int32) -> Input {
    switch code {
    case KEY_UP: return .event(.key(.up))
    case KEY_DOWN: return .event(.key(.down))
    case KEY_LEFT: return .event(.key(.left))
    case KEY_RIGHT: return .event(.key(.right))
    case KEY_PPAGE: return .event(.key(.pageUp))
    case KEY_NPAGE: return .event(.key(.pageDown))
    case KEY_HOME, KEY_A1: return .event(.key(.home))
    case KEY_END, KEY_C1: return .event(.key(.end))
    case KEY_ENTER: return .event(.key(.enter))
    case KEY_BACKSPACE: return .event(.key(.backspace))
    case KEY_BTAB: return .event(.key(.backTab))
    case whatsnew_key_resize(): return .resize
    case whatsnew_key_mouse(): return .mouse
    default:
      let f0 = whatsnew_key_f(0)
      if code > f0, code <= f0 + 12 { return .event(.key(.function(Int(code - f0)))) }
      return .ignored
    }
  }
}

extension KeyDecoder {
  /// Key sequences that terminals and multiplexers send and terminfo entries often lack, with
  /// the key each means. tmux sends `\E[1~` and `\E[4~` for Home and End whatever entry the
  /// pane's `TERM` names, and xterm-256color lists only `\EOH` and `\EOF`. The session gives
  /// ncurses those the terminal's entry does not define (`define_key`), so a Home is never read
  /// as Escape and three characters.
  static let extraSequences: [(sequence: String, code: Int32)] = [
    ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END),  // tmux, screen, linux console, VT220
    ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),  // rxvt
    ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END),  // xterm's normal cursor mode
    ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END),  // xterm's application cursor mode
    ("\u{1B}[Z", KEY_BTAB),  // Shift-Tab (back tab)
  ]

  /// What to do with the key read after an Escape.
  enum EscapeStep: Equatable {
    /// The key is part of the sequence, which goes on: read another.
    case more
    /// The key ends the sequence, which is dropped.
    case end
    /// The sequence ended before this key, which is not part of it: act on the key.
    case endBefore
  }

  /// Reads an escape sequence ncurses did not recognise, one key at a time after the Escape
  /// that starts it, so the whole of it can be dropped instead of being read as Escape (which
  /// closes a screen) and stray characters.
  ///
  /// What follows the Escape: `[` starts a CSI sequence (parameter and intermediate bytes
  /// `0x20...0x3F`, up to a final byte `0x40...0x7E`); `O` an SS3 one (one byte more); `]` an
  /// OSC string up to BEL or `ESC \` (a terminal's reply that came after its query gave up, such
  /// as the background colour's, so its text is not read as keys); another
  /// Escape an Alt-modified sequence (the Escape sequence that follows); anything else is
  /// Alt and that character. A function key ncurses decoded ends the sequence before it (Alt
  /// and an arrow acts as the arrow), as does a control character (Ctrl-C is never lost). The session
  /// reads the keys only while they come at once (an Escape alone is the Escape key).
  struct EscapeSequence {
    private enum State { case start, csi, ss3, osc, oscEscape }
    private var state = State.start
    private var length = 0
    /// How much of `11;` the OSC string has begun with (3: it is the background reply; -1: it
    /// began otherwise).
    private var stringPrefix = 0
    /// The first byte of a CSI sequence after the `[`, or nil before it.
    private var firstParameter: Int32?
    /// Set when resumed after a lone Escape: only a reply's `]` or `[` goes on from there.
    private var onlyAReply = false
    /// True once the sequence read is a terminal's reply: an OSC 11 string (the background
    /// colour), or a CSI sequence that starts with `?` (the DA1 reply). A user's key never
    /// sends one, so the rest of one cut short is dropped too (``init(resuming:)``).
    private(set) var isReply = false
    /// True once the sequence ended as the DA1 reply (`ESC [ ? … c`), the background query's
    /// last: nothing of the query's answer is still to come.
    private(set) var isDeviceAttributesReply = false
    /// A sequence longer than this is garbage: it ends, so input cannot be swallowed forever.
    static let maximumLength = 32
    /// The same for an OSC string (`rgba:ffff/ffff/ffff/ffff` and its frame fit).
    static let maximumStringLength = 64

    init() {}

    /// Goes on with a reply cut short where `cut` says (by the background query's wait, or by a
    /// pause in the key loop), so that its rest is dropped as the whole would have been.
    init(resuming cut: BackgroundQuery.Answer.Cut) {
      isReply = true
      switch cut {
      case .betweenReplies: break
      case .afterEscape: onlyAReply = true
      case .inString: state = .osc
      case .afterStringEscape: state = .oscEscape
      case .inReply:
        state = .csi
        firstParameter = 0x3F
      }
    }

    /// Where this sequence stands, as a reply whose end has not come: nil when it is not a reply
    /// or not inside a string or a CSI sequence.
    var cut: BackgroundQuery.Answer.Cut? {
      guard isReply else { return nil }
      switch state {
      case .osc: return .inString
      case .oscEscape: return .afterStringEscape
      case .csi: return .inReply
      case .start, .ss3: return nil
      }
    }

    /// Takes the next key (`isFunctionKey` as in ``KeyDecoder/decode(_:isFunctionKey:)``).
    mutating func next(_ code: Int32, isFunctionKey: Bool) -> EscapeStep {
      if isFunctionKey { return .endBefore }
      length += 1
      if length >= (state == .osc || state == .oscEscape ? Self.maximumStringLength : Self.maximumLength) {
        return .end
      }
      switch state {
      case .start:
        if onlyAReply, code != 0x5B, code != 0x5D { return .endBefore }
        switch code {
        case 0x5B:  // [
          state = .csi
          return .more
        case 0x4F:  // O
          state = .ss3
          return .more
        case 0x5D:  // ]
          state = .osc
          return .more
        case 27:
          // ESC ESC: Alt with a sequence (or Alt-Escape, which nothing follows).
          return .more
        case 0..<0x20, 0x7F:
          // A control key (Ctrl-C among them) is acted on, not taken as Alt's.
          return .endBefore
        default:
          // Alt and a key.
          return .end
        }
      case .ss3:
        return .end
      case .osc:
        if (0..<3).contains(stringPrefix) {
          // The string so far begins `11;`: one more byte of it, or it is not the reply.
          if code == (stringPrefix < 2 ? 0x31 : 0x3B) {
            stringPrefix += 1
            if stringPrefix == 3 { isReply = true }
          } else {
            stringPrefix = -1
          }
        }
        switch code {
        case 0x07: return .end  // BEL
        case 27:
          state = .oscEscape
          return .more
        case 0..<0x20, 0x7F: return .endBefore  // a control key typed: acted on
        default: return .more
        }
      case .oscEscape:
        // `ESC \` ends the string; anything else after the Escape is a key of its own.
        return code == 0x5C ? .end : .endBefore
      case .csi:
        if firstParameter == nil {
          firstParameter = code
          if code == 0x3F { isReply = true }
        }
        switch code {
        case 0x20...0x3F: return .more
        case 0x40...0x7E:
          isDeviceAttributesReply = code == 0x63 && firstParameter == 0x3F
          return .end
        default:
          // Not a CSI byte: the sequence was cut short, and this is a key of its own.
          return .endBefore
        }
      }
    }
  }
}
