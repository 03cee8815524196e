import Testing

@testable import LaunchTracking

/// ``HyperlinkSupport/detect(environment:isTerminal:)``: each rule of its doc comment, as a
/// table of environments and the answer.
@Suite struct HyperlinkSupportTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var environment: [String: String]
    var isTerminal = true
    var on: Bool
    var testDescription: String { "\(environment) terminal=\(isTerminal) -> \(on)" }
  }

  static let cases: [Case] = [
    // Known terminals.
    Case(environment: ["TERM_PROGRAM": "WezTerm"], on: true),
    Case(environment: ["TERM_PROGRAM": "ghostty"], on: true),
    Case(environment: ["TERM": "xterm-ghostty"], on: true),
    Case(environment: ["TERM_PROGRAM": "vscode", "TERM_PROGRAM_VERSION": "1.95.3"], on: true),
    Case(environment: ["TERM_PROGRAM": "vscode", "TERM_PROGRAM_VERSION": "1.71.0"], on: false),
    Case(environment: ["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.5.0"], on: true),
    Case(environment: ["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.1"], on: true),
    Case(environment: ["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "3.0.15"], on: false),
    Case(environment: ["TERM_PROGRAM": "iTerm.app", "TERM_PROGRAM_VERSION": "2.9"], on: false),
    Case(environment: ["TERM_PROGRAM": "iTerm.app"], on: false),
    Case(environment: ["TERM": "xterm-256color", "VTE_VERSION": "7600"], on: true),
    Case(environment: ["TERM": "xterm-256color", "VTE_VERSION": "5000"], on: false),
    Case(environment: ["TERM": "xterm-256color", "VTE_VERSION": "4601"], on: false),
    Case(environment: ["TERM": "xterm-kitty"], on: true),
    Case(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], on: true),
    Case(environment: ["WT_SESSION": "5a1f"], on: true),
    Case(environment: ["KONSOLE_VERSION": "230804"], on: true),
    Case(environment: ["KONSOLE_VERSION": "200400"], on: false),
    Case(environment: ["TERM": "foot"], on: true),
    Case(environment: ["TERM": "foot-extra"], on: true),
    Case(environment: ["TERM": "alacritty"], on: true),
    Case(environment: ["ALACRITTY_WINDOW_ID": "94"], on: true),
    // Unknown terminals, multiplexers, consoles, Apple's Terminal.
    Case(environment: [:], on: false),
    Case(environment: ["TERM": "xterm-256color"], on: false),
    Case(environment: ["TERM_PROGRAM": "Apple_Terminal", "TERM": "xterm-256color"], on: false),
    Case(environment: ["TERM_PROGRAM": "WezTerm", "TMUX": "/tmp/tmux-1000/default,1,0"], on: false),
    Case(environment: ["TERM": "xterm-kitty", "STY": "1234.pts-0.host"], on: false),
    Case(environment: ["KITTY_WINDOW_ID": "1", "TERM": "tmux-256color"], on: false),
    Case(environment: ["VTE_VERSION": "7600", "TERM": "screen-256color"], on: false),
    Case(environment: ["WT_SESSION": "x", "TERM": "screen"], on: false),
    Case(environment: ["TERM": "linux"], on: false),
    Case(environment: ["TERM": "vt100", "WT_SESSION": "x"], on: false),
    Case(environment: ["TERM": "dumb", "TERM_PROGRAM": "WezTerm"], on: false),
    // Not a terminal, CI, agents.
    Case(environment: ["TERM_PROGRAM": "WezTerm"], isTerminal: false, on: false),
    Case(environment: ["TERM_PROGRAM": "WezTerm", "CI": "true"], on: false),
    Case(environment: ["TERM_PROGRAM": "WezTerm", "CI": "0"], on: true),
    Case(environment: ["TERM_PROGRAM": "WezTerm", "CLAUDECODE": "1"], on: false),
    Case(environment: ["TERM": "xterm-kitty", "AI_AGENT": "some-agent"], on: false),
    Case(environment: ["TERM": "xterm-kitty", "CURSOR_AGENT": "false"], on: true),
    // FORCE_HYPERLINK decides over everything, as supports-hyperlinks reads it.
    Case(environment: ["FORCE_HYPERLINK": "1"], isTerminal: false, on: true),
    Case(environment: ["FORCE_HYPERLINK": "1", "TMUX": "x", "CLAUDECODE": "1"], on: true),
    Case(environment: ["FORCE_HYPERLINK": ""], on: true),
    Case(environment: ["FORCE_HYPERLINK": "0", "TERM_PROGRAM": "WezTerm"], on: false),
    Case(environment: ["FORCE_HYPERLINK": "00", "TERM": "xterm-kitty"], on: false),
  ]

  @Test(arguments: cases)
  func detection(_ c: Case) {
    let (on, reason) = HyperlinkSupport.detect(environment: c.environment, isTerminal: c.isTerminal)
    #expect(on == c.on, "\(reason)")
    #expect(!reason.isEmpty)
  }

  @Test func theReasonNamesTheVariableThatDecided() {
    #expect(HyperlinkSupport.detect(environment: ["TMUX": "x"], isTerminal: true).reason == "TMUX is set")
    #expect(
      HyperlinkSupport.detect(environment: ["CLAUDECODE": "1"], isTerminal: true).reason
        == "coding agent: CLAUDECODE is set")
    #expect(HyperlinkSupport.detect(environment: [:], isTerminal: false).reason == "not a terminal")
  }
}
