import CursesTerminal
import Foundation
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// When `--theme auto` asks the terminal for its background, and what it makes of the answer:
/// decided without a terminal.
@Suite struct ThemeQueryTests {
  private let interactive = ["TERM": "xterm-256color"]

  private func reason(
    _ theme: GreeterTheme = .auto, colorsOn: Bool = true, environment: [String: String]? = nil,
    stdin: Bool = true, stdout: Bool = true, remembered: Bool = false
  ) -> String? {
    theme.reasonNotToAsk(
      colorsOn: colorsOn, environment: environment ?? interactive, stdinIsTerminal: stdin,
      stdoutIsTerminal: stdout, remembersNoAnswer: remembered)
  }

  @Test func autoAsksAnInteractiveTerminal() {
    #expect(reason() == nil)
    #expect(reason(environment: ["TERM": "xterm", "CI": "false", "CLAUDECODE": "0"]) == nil)
  }

  @Test func nothingElseAsks() {
    for theme in [GreeterTheme.dark, .light, .mono] { #expect(reason(theme) == "the theme is set") }
    #expect(reason(colorsOn: false) == "colours are off")
    #expect(reason(stdin: false) == "not asked: standard input is not a terminal")
    #expect(reason(stdout: false) == "not asked: standard output is not a terminal")
    #expect(reason(environment: ["TERM": "xterm", "CI": "1"]) == "not asked: CI is set")
    for agent in Invocation.agentVariables {
      #expect(
        reason(environment: ["TERM": "xterm", agent: "1"]) == "not asked: coding agent: \(agent) is set")
    }
    #expect(reason(environment: ["TERM": "dumb"]) == "not asked: TERM is dumb")
    #expect(reason(environment: [:]) == "not asked: TERM is unset")
    #expect(
      reason(environment: ["TERM": "xterm", "WHATSNEW_DISABLE": "1"]) == "not asked: WHATSNEW_DISABLE=1")
    #expect(reason(remembered: true) == "not asked: no answer from this terminal before")
  }

  @Test func theTerminalsAnswerComesFirst() {
    let white = BackgroundColor(red: 1, green: 1, blue: 1)
    let black = BackgroundColor(red: 0, green: 0, blue: 0)
    #expect(GreeterTheme.auto.choice(reply: .color(white), notAsked: nil, colorFGBG: "15;0").theme == .light)
    #expect(GreeterTheme.auto.choice(reply: .color(black), notAsked: nil, colorFGBG: "0;15").theme == .dark)
    #expect(
      GreeterTheme.auto.choice(reply: .color(white), notAsked: nil, colorFGBG: nil).explanation()
        == "light, from the terminal's background #ffffff")
  }

  @Test func thenCOLORFGBGThenDark() {
    let fromVariable = GreeterTheme.auto.choice(reply: .noColor, notAsked: nil, colorFGBG: "0;15")
    #expect(fromVariable.theme == .light)
    #expect(
      fromVariable.explanation() == "light, from COLORFGBG=0;15 (the terminal did not say its background)")
    let silent = GreeterTheme.auto.choice(reply: .noAnswer, notAsked: nil, colorFGBG: nil)
    #expect(silent.theme == .dark)
    #expect(
      silent.explanation()
        == "dark, the default (no answer from the terminal in \(BackgroundQuery.timeoutMilliseconds) ms; COLORFGBG says nothing)"
    )
    let notAsked = GreeterTheme.auto.choice(reply: nil, notAsked: "colours are off", colorFGBG: "0;x")
    #expect(notAsked.explanation() == "dark, the default (colours are off; COLORFGBG says nothing)")
  }

  @Test func aSetThemeIsItself() {
    let white = BackgroundColor(red: 1, green: 1, blue: 1)
    for theme in [GreeterTheme.dark, .light, .mono] {
      let choice = theme.choice(reply: .color(white), notAsked: nil, colorFGBG: "0;15")
      #expect(choice == GreeterThemeChoice(theme: theme, source: .set))
      #expect(choice.explanation(setBy: "--theme") == "\(theme.rawValue), --theme")
    }
  }

  @Test func aTerminalThatDidNotAnswerIsRememberedByTERMAndTERMPROGRAM() throws {
    let directory = try TestPaths.makeTemporaryDirectory("theme-memory")
    defer { TestPaths.removeTree(directory.path) }
    let memory = UnansweringTerminals(directory: directory.path + "/state")
    let slow = UnansweringTerminals.key(environment: ["TERM": "xterm", "TERM_PROGRAM": "Slow\nTerm"])
    let other = UnansweringTerminals.key(environment: ["TERM": "xterm"])
    #expect(try !memory.contains(slow))
    try memory.remember(slow)
    try memory.remember(slow)
    #expect(try memory.contains(slow))
    #expect(try !memory.contains(other))
    let file = try String(
      contentsOfFile: directory.path + "/state/" + UnansweringTerminals.fileName, encoding: .utf8)
    #expect(file == "xterm\tSlowTerm\n")
    #expect(try !UnansweringTerminals(directory: nil).contains(slow))
  }

  /// The memory planted as a link (to a file, to a missing file) or a FIFO is neither read
  /// nor written through, and remembering does not wait on the FIFO (it would, once ncurses
  /// has the screen). Reading and remembering each say so in one line naming the file and
  /// how to clear it.
  @Test(arguments: StatePlant.allCases)
  func theMemoryIsNeverFollowedOrWaitedFor(_ plant: StatePlant) throws {
    let directory = try TemporaryDirectory("theme-memory")
    let outside = try TemporaryDirectory("theme-memory-outside")
    let path = directory.path + "/" + UnansweringTerminals.fileName
    var planted = try plant.plant(at: path, outside: outside.path)
    let key = UnansweringTerminals.key(environment: ["TERM": "xterm"])
    if plant == .linkToAFile {
      planted.bytes = Data((key + "\n").utf8)
      try planted.bytes?.write(to: URL(fileURLWithPath: planted.target))
    }
    let memory = UnansweringTerminals(directory: directory.path)
    let said = StatePlant.finishing(within: 1, unblocking: [path]) {
      var lines: [String] = []
      do throws(Platform.Failure) { _ = try memory.contains(key) } catch { lines.append(error.message) }
      do throws(Platform.Failure) { try memory.remember(key) } catch { lines.append(error.message) }
      return lines
    }
    let lines = try #require(said, "\(plant) was waited for")
    #expect(lines.count == 2, "\(plant): \(lines)")
    for line in lines {
      #expect(line.hasPrefix(path + " is "), "\(plant): \(line)")
      #expect(line.hasSuffix("rm " + path), "\(plant): \(line)")
    }
    #expect(plant.writtenThrough(planted) == nil)
  }
}
