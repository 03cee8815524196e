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
