/// Whether the terminal shows OSC 8 hyperlinks, decided from the environment alone (pure, so
/// that the rules are tested as a table; the executable and the greeter both ask it).
///
/// Detection is conservative: a terminal that does not know OSC 8 may print the URL as
/// garbage, and multiplexers pass it on to whatever terminal they run in, which may be
/// anything (glamour's users hit that in tmux, screen and Apple Terminal). The rules, in
/// order, the first that applies deciding:
///
/// 1. `FORCE_HYPERLINK` set: on, unless its value is a number equal to 0 (`FORCE_HYPERLINK=0`
///    off, `=1` or empty on), as the `supports-hyperlinks` package reads it. It wins over
///    every rule below, a pipe included.
/// 2. Off when standard output is not a terminal.
/// 3. Off when `CI` or a coding agent's variable (``Invocation/agentVariables``) is set (as
///    ``Invocation/isSet(_:)`` reads it): their output is read by programs.
/// 4. Off inside a multiplexer: `TMUX` or `STY` (screen) set, or `TERM` starting with
///    `screen` or `tmux`.
/// 5. Off for `TERM_PROGRAM=Apple_Terminal`, and for `TERM` `dumb`, `linux` (the console) or
///    `vt100`.
/// 6. On for a terminal known to support OSC 8: `TERM_PROGRAM` `iTerm.app` with
///    `TERM_PROGRAM_VERSION` 3.1 or later, `WezTerm`, `vscode` (1.72 or later when it gives a
///    version) or `ghostty`; `VTE_VERSION` above 5000 (GNOME Terminal and other VTE
///    terminals; 0.50.0, `5000`, crashed on OSC 8); kitty (`TERM=xterm-kitty` or
///    `KITTY_WINDOW_ID`); Windows Terminal (`WT_SESSION`); Konsole (`KONSOLE_VERSION`
///    201200 or later); foot (`TERM` `foot` or `foot-…`); Alacritty (`TERM=alacritty` or
///    `ALACRITTY_WINDOW_ID`); `TERM=xterm-ghostty`.
/// 7. Off otherwise.
package enum HyperlinkSupport {
  /// Whether to send OSC 8 hyperlinks, and the reason (a few words for `--explain`: the
  /// variable that decided, `not a terminal`, `unknown terminal`).
  package static func detect(environment: [String: String], isTerminal: Bool) -> (on: Bool, reason: String) {
    detect(variable: { environment[$0] }, isTerminal: isTerminal)
  }

  /// ``detect(environment:isTerminal:)`` reading each variable through `variable` (a caller
  /// that has no dictionary of the environment passes `ProcessEnvironment.value`).
  package static func detect(variable env: (String) -> String?, isTerminal: Bool) -> (
    on: Bool, reason: String
  ) {
    if let force = env("FORCE_HYPERLINK") {
      let off = Int(force) == 0 && !force.isEmpty
      return (!off, "FORCE_HYPERLINK=\(force)")
    }
    if !isTerminal { return (false, "not a terminal") }
    if Invocation.isSet(env("CI")) { return (false, "CI is set") }
    if let agent = Invocation.agentVariables.first(where: { Invocation.isSet(env($0)) }) {
      return (false, "coding agent: \(agent) is set")
    }
    for variable in ["TMUX", "STY"] where !(env(variable) ?? "").isEmpty {
      return (false, "\(variable) is set")
    }
    let term = env("TERM") ?? ""
    if term.hasPrefix("screen") || term.hasPrefix("tmux") || ["dumb", "linux", "vt100"].contains(term) {
      return (false, "TERM=\(term)")
    }
    let program = env("TERM_PROGRAM") ?? ""
    let programVersion = env("TERM_PROGRAM_VERSION") ?? ""
    switch program {
    case "Apple_Terminal":
      return (false, "TERM_PROGRAM=\(program)")
    case "iTerm.app":
      if atLeast(programVersion, 3, 1) { return (true, "TERM_PROGRAM=\(program) \(programVersion)") }
    case "WezTerm", "ghostty":
      return (true, "TERM_PROGRAM=\(program)")
    case "vscode":
      if programVersion.isEmpty || atLeast(programVersion, 1, 72) {
        return (true, "TERM_PROGRAM=\(program)")
      }
    default:
      break
    }
    if let vte = env("VTE_VERSION"), let number = Int(vte), number > 5000 {
      return (true, "VTE_VERSION=\(vte)")
    }
    if term == "xterm-kitty" || term == "alacritty" || term == "foot" || term.hasPrefix("foot-")
      || term == "xterm-ghostty"
    {
      return (true, "TERM=\(term)")
    }
    for variable in ["KITTY_WINDOW_ID", "WT_SESSION", "ALACRITTY_WINDOW_ID"]
    where !(env(variable) ?? "").isEmpty {
      return (true, "\(variable) is set")
    }
    if let konsole = env("KONSOLE_VERSION"), let number = Int(konsole), number >= 201200 {
      return (true, "KONSOLE_VERSION=\(konsole)")
    }
    return (false, "unknown terminal")
  }

  // MARK: - Helpers

  /// Whether the dotted version `text` (`3.4.19`, `1.95.3`) is at least `major.minor`.
  private static func atLeast(_ text: String, _ major: Int, _ minor: Int) -> Bool {
    let parts = text.split(separator: ".").map { Int($0) }
    guard let first = parts.first ?? nil else { return false }
    if first != major { return first > major }
    return (parts.count > 1 ? parts[1] ?? 0 : 0) >= minor
  }
}
