import LaunchTracking

/// Whether links in release notes are clickable: OSC 8 hyperlinks around a link's text, which
/// the terminal opens on a click (Ctrl- or Cmd-click in most).
///
/// The text is the same either way: each link keeps its number (`[1]`) and the URLs are
/// listed after the paragraph, so copying the text still gives them, and a terminal that
/// does not follow the link still shows where it goes. Only `http`, `https` and `mailto` URLs
/// with no control characters are linked; any other link is text, as with links off.
///
/// ```swift
/// var greeter = LaunchGreeter(
///   app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
///   notes: .compiledIn(CompiledNotes.all))
/// greeter.appearance.hyperlinks = .never  // e.g. from the app's own --hyperlinks never
/// greeter.greet()
/// ```
public enum GreeterHyperlinks: String, Sendable, CaseIterable {
  /// Links where the terminal is known to support them, detected conservatively from the
  /// environment: never inside tmux or screen, in Apple's Terminal, on the Linux console, in
  /// CI or under a coding agent; on in iTerm2 3.1+, WezTerm, VS Code, Ghostty, kitty,
  /// Windows Terminal, Konsole, foot, Alacritty and VTE terminals (GNOME Terminal).
  /// `FORCE_HYPERLINK=1` or `=0` decides instead, as in other tools.
  case auto
  /// Always links, whatever the terminal.
  case always
  /// Never links.
  case never

  /// Whether links are on, and why (a few words for `--explain`), given the environment and
  /// whether the output is a terminal.
  package func decision(environment: [String: String], isTerminal: Bool) -> (on: Bool, reason: String) {
    decision(variable: { environment[$0] }, isTerminal: isTerminal)
  }

  /// ``decision(environment:isTerminal:)``, reading each variable through `variable`.
  package func decision(variable: (String) -> String?, isTerminal: Bool) -> (on: Bool, reason: String) {
    switch self {
    case .always: return (true, "always")
    case .never: return (false, "never")
    case .auto: return HyperlinkSupport.detect(variable: variable, isTerminal: isTerminal)
    }
  }

  /// The line `--explain` prints for this choice: `on (TERM_PROGRAM=WezTerm)`, `off (TMUX is set)`.
  package func explanation(environment: [String: String], isTerminal: Bool) -> String {
    let (on, reason) = decision(environment: environment, isTerminal: isTerminal)
    return (on ? "on" : "off") + " (" + (self == .auto ? reason : "--hyperlinks " + reason) + ")"
  }
}
