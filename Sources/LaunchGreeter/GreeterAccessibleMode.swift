import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether ``LaunchGreeter`` shows its greeting full screen or in the accessible mode: plain
/// lines appended to the scrollback and answers typed line by line, for screen readers and
/// for anyone who wants the notes kept in the terminal's history.
///
/// In the accessible mode the greeter never switches to the alternate screen, draws no
/// box-drawing or block characters and no progress bar (each update step is one line,
/// `Updating Tally to 2.0.0, step 2 of 3: Moving the config file ...`). The walkthrough is
/// printed page by page (`[Enter: next, s: skip, q: later]`), the what's-new sheet prints
/// every release in the range at once (`[Enter: done, l: later, x: no more release notes]`),
/// and the welcome-back card and an update failure wait for Enter. The answers record exactly
/// what the same choices record in the full-screen UI. The end of input (Ctrl-D) leaves at once and dismisses nothing, so what
/// was not yet dismissed stays pending; Ctrl-C is the full-screen UI's Ctrl-C
/// (``GreetOutcome/Exit/interrupted(signal:)`` with no signal).
///
/// ```swift
/// var greeter = LaunchGreeter(
///   app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
///   notes: .compiledIn(CompiledNotes.all))
/// greeter.appearance.accessible = .on  // e.g. from the app's own --accessible flag
/// greeter.greet()
/// ```
public enum GreeterAccessibleMode: Sendable, Equatable {
  /// The accessible mode when the `ACCESSIBLE` environment variable asks for it (set, and
  /// not `0` or `false`), the full-screen UI otherwise.
  case auto
  /// Always the accessible mode.
  case on
  /// Always the full-screen UI, whatever `ACCESSIBLE` says.
  case off

  /// The environment variable ``auto`` reads, as charmbracelet/huh and gum do.
  package static let variable = "ACCESSIBLE"

  /// Whether a value of `ACCESSIBLE` asks for the accessible mode: any non-empty value but
  /// `0` and `false` (in any case), as `CI` is read. Unset (nil) does not.
  package static func isRequested(by value: String?) -> Bool {
    guard let value, !value.isEmpty else { return false }
    let lowered = value.lowercased()
    return lowered != "0" && lowered != "false"
  }

  /// Whether this mode shows the accessible mode, with `ACCESSIBLE` read from `environment`
  /// (nil: the process's environment).
  package func isOn(environment: [String: String]?) -> Bool {
    switch self {
    case .on: return true
    case .off: return false
    case .auto:
      if let environment { return Self.isRequested(by: environment[Self.variable]) }
      return Self.isRequested(by: ProcessEnvironment.value(Self.variable))
    }
  }
}
