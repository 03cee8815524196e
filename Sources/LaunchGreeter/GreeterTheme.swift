import LaunchScreens
import LaunchTracking
import TerminalRendering

/// The colours the greeting's screens are drawn in, for the terminal's background.
///
/// Colours off (`GreeterColorMode.never`, or `NO_COLOR` under `GreeterColorMode.auto`)
/// always draw in attributes only, whatever the theme: `NO_COLOR` and `--color never` win
/// over `--theme`. ``mono`` asks for those attributes while colours are on.
public enum GreeterTheme: String, Sendable, CaseIterable {
  /// The terminal's background: when a screen is going to be shown to a person at the
  /// terminal, the greeter asks it (OSC 11, sent as soon as that is known and read just before
  /// the first frame, waiting at most 150 ms from sending, once per process; a
  /// terminal that does not answer in time is remembered in the app's state directory and not
  /// asked again) and picks ``light`` when dark text contrasts more with the colour it reports.
  /// Without an answer, ``light`` when `COLORFGBG` (`fg;bg`, set by rxvt, Konsole and others)
  /// names background colour 7 or 15, else ``dark``.
  case auto
  /// Bright colours, for dark backgrounds.
  case dark
  /// Darker, non-bright colours, for light backgrounds.
  case light
  /// Bold, underline, reverse and dim only: reads the same on any background.
  case mono

  /// The theme ``auto`` stands for, given `COLORFGBG`; any other theme is itself.
  package func resolved(colorFGBG: String?) -> GreeterTheme {
    guard self == .auto else { return self }
    return Self.background(colorFGBG: colorFGBG) ?? .dark
  }

  /// ``light`` or ``dark`` as `COLORFGBG` says (its last field is the background's colour
  /// number: 7 or 15 light, 0 to 6 or 8 dark), or nil when it says neither.
  package static func background(colorFGBG: String?) -> GreeterTheme? {
    guard let value = colorFGBG,
      let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
      let number = Int(last)
    else { return nil }
    switch number {
    case 7, 15: return .light
    case 0...6, 8: return .dark
    default: return nil
    }
  }

  /// The Markdown theme, colours being on (``auto`` as ``dark``: resolve it first).
  package var markdown: Theme {
    switch self {
    case .auto, .dark: return .dark
    case .light: return .light
    case .mono: return .monochrome
    }
  }

  /// The chrome's palette, colours being on (``auto`` as ``dark``: resolve it first).
  package var palette: Palette {
    switch self {
    case .auto, .dark: return .dark
    case .light: return .light
    case .mono: return .monochrome
    }
  }
}
