import LaunchGreeter
import LaunchScreens
import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal for `notes`: one ``GreeterTerminal`` at a time, closed on every path (the
/// normal end, an error thrown past the command through an `atexit` hook, and a termination
/// signal, which is re-raised once the terminal is restored).
enum TerminalUI {
  /// Sends the background query for a screen about to be shown in `color` and `theme` (when
  /// ``GreeterTheme/auto`` asks), for ``open(color:theme:query:)`` to read.
  static func sendQuery(color: String, theme: GreeterTheme) -> GreeterBackgroundQuery {
    GreeterBackgroundQuery.send(
      color: GreeterColorMode(rawValue: color) ?? .auto, noColor: ReleaseNotesCLI.environment("NO_COLOR"),
      theme: theme, asking: asking())
  }

  /// Opens the terminal, or returns nil when there is none to drive: reading the reply to
  /// `query` when one was sent (``sendQuery(color:theme:)``, with the same colour and theme),
  /// else asking now.
  static func open(color: String, theme: GreeterTheme = .auto, query: inout GreeterBackgroundQuery?)
    -> GreeterTerminal?
  {
    let mode = GreeterColorMode(rawValue: color) ?? .auto
    let noColor = ReleaseNotesCLI.environment("NO_COLOR")
    let sent = query.take() ?? sendQuery(color: color, theme: theme)
    guard
      let terminal = GreeterTerminal.open(
        color: mode, noColor: noColor, theme: theme, colorFGBG: ReleaseNotesCLI.environment("COLORFGBG"),
        query: sent, crashAction: .defaultAction)
    else { return nil }
    current = terminal
    atexit { TerminalUI.current?.close() }
    return terminal
  }

  /// Runs `stack` on `terminal` until it quits, then closes the terminal; a termination
  /// signal is re-raised after that, so the process ends as killed by it.
  static func run(_ stack: inout ScreenStack, on terminal: GreeterTerminal) {
    let end = terminal.run(&stack) { _, _ in }
    terminal.close()
    current = nil
    if case .signal(let signal) = end { GreeterTerminal.exit(killedBy: signal) }
  }

  // MARK: - Helpers

  /// What the background query reads. The tool keeps no state for `notes`: a terminal that
  /// does not answer costs the wait once per run.
  private static func asking() -> BackgroundAsking {
    var variables: [String: String] = [:]
    for name in BackgroundAsking.variables { variables[name] = ReleaseNotesCLI.environment(name) }
    return BackgroundAsking(environment: variables)
  }

  /// Only touched from the main thread, which is the only thread that uses the terminal.
  nonisolated(unsafe) private static var current: GreeterTerminal?
}
