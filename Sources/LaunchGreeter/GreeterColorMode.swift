import CursesTerminal
import LaunchTracking

/// How the greeter's screens are coloured: `auto` (colours unless `NO_COLOR` is set),
/// `always` or `never` (attributes only).
public enum GreeterColorMode: String, Sendable, CaseIterable {
  /// Colours unless `NO_COLOR` is set (to anything) or the terminal has none.
  case auto
  /// Colours whenever the terminal has them, whatever `NO_COLOR` says.
  case always
  /// Attributes only (bold, reverse, underline): no colour.
  case never

  /// The driver's mode.
  var driver: ColorMode {
    switch self {
    case .auto: .auto
    case .always: .always
    case .never: .never
    }
  }

  /// Whether colours are wanted, before asking the terminal. `noColor` is `$NO_COLOR`.
  package func wantsColor(noColor: String?) -> Bool { driver.wantsColor(noColor: noColor) }
}

/// What a crash while the terminal is in use does once the terminal is restored.
public enum GreeterCrashAction: Sendable, Equatable {
  /// Go on to the handler installed before the greeter's (the default): the Swift runtime's
  /// backtrace or the app's crash reporter, as without the greeter.
  case previousHandler
  /// Die of the signal with no report (a program that promises never to print a stack trace).
  case defaultAction

  /// The driver's action.
  var driver: Signals.CrashAction {
    switch self {
    case .previousHandler: .previousHandler
    case .defaultAction: .defaultAction
    }
  }
}
