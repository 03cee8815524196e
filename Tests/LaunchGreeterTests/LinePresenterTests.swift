import Foundation
import LaunchScreens
import LaunchTracking
import TerminalRendering
import TestSupport
import Testing

@testable import LaunchGreeter

/// A line terminal that types scripted answers and keeps everything printed: the accessible
/// mode's loop (`LinePresenter.run`) with the terminal's reads and writes replaced.
final class ScriptedLineTerminal: GreetingTerminal {
  let palette = Palette.monochrome
  let theme = LinePresenter.theme
  var inputs: [LinePresenter.Input]
  let width: Int
  private(set) var printed = ""

  init(_ inputs: [LinePresenter.Input], width: Int = 80) {
    self.inputs = inputs
    self.width = width
  }

  func show(_ screen: some Screen) {
    if let line = LinePresenter.progressLine(screen) { printed += line + "\n" }
  }

  func run(_ stack: inout ScreenStack, perform: (ScreenEffect, inout ScreenStack) -> Void)
    -> GreeterTerminal.RunEnd
  {
    LinePresenter.run(
      &stack, width: { width }, write: { printed += $0 },
      read: { inputs.isEmpty ? .end : inputs.removeFirst() }, perform: perform)
  }

  func close() {}

  func pollInterrupt() -> UpdateInterrupt? { nil }
}

@Suite struct LinePresenterTests {
  static let notes: [String: String] = [
    "1.0.0.md": "---\ntitle: First\n---\n\nThe first release.\n",
    "1.1.0.md": "## Added\n\n- Sums by month\n",
    "2.0.0.md": "---\ntitle: Tally 2\ndate: 2026-06-15\n---\n\nEverything is faster.\n",
    "onboarding.md": "# Welcome\n\nTally counts things.\n\n# Keys\n\nPress n.\n\n# Done\n\nThat is all.\n",
    "welcome-back.md": "You were away {{days}} days.\n",
  ]

  /// One app, one store, one clock: launches are greeted through either kind of terminal.
  final class App {
    let clock = FixedClock()
    let store = InMemoryLaunchStore()
    let notes: [String: String]
    var minimumImportance = ReleaseImportance.patch

    init(notes: [String: String] = LinePresenterTests.notes) { self.notes = notes }

    func greeter(_ version: String) -> LaunchGreeter {
      var greeter = LaunchGreeter.tally(version, notes: notes, store: store, clock: clock)
      greeter.minimumImportance = minimumImportance
      return greeter
    }

    /// The full-screen UI, pressing `keys`.
    func greet(_ version: String, keys: [Key]) -> GreetOutcome {
      greeter(version).greet { _, _ in ScriptedTerminal(keys: keys) }
    }

    /// The accessible mode, answering `inputs`; returns what it printed too.
    func greet(_ version: String, answers inputs: [LinePresenter.Input], width: Int = 80)
      -> (GreetOutcome, String)
    {
      let terminal = ScriptedLineTerminal(inputs, width: width)
      let outcome = greeter(version).greet { _, _ in terminal }
      return (outcome, terminal.printed)
    }
  }

  /// A launch of a scenario: the days since the one before, the version, and what the user
  /// does in each UI.
  struct Launch: Sendable, CustomStringConvertible {
    var days = 0
    var version: String
    var keys: [Key]
    var answers: [LinePresenter.Input]

    var description: String { "\(version) after \(days) days: \(keys) / \(answers)" }
  }

  static let scenarios: [(String, [Launch])] = [
    (
      "walkthrough finished",
      [
        Launch(
          version: "1.0.0", keys: [.char("n"), .char("n"), .enter],
          answers: [.line(""), .line("n"), .line("")])
      ]
    ),
    (
      "walkthrough skipped on page 2",
      [Launch(version: "1.0.0", keys: [.char("n"), .char("s")], answers: [.line(""), .line("s")])]
    ),
    (
      "walkthrough left on page 2, resumed and finished",
      [
        Launch(version: "1.0.0", keys: [.char("n"), .char("q")], answers: [.line(""), .line("q")]),
        Launch(days: 1, version: "1.0.0", keys: [.char("n"), .char("n")], answers: [.line(""), .line("")]),
      ]
    ),
    (
      "walkthrough back and forth, then later",
      [
        Launch(
          version: "1.0.0", keys: [.char("n"), .char("n"), .char("p"), .char("q")],
          answers: [.line(""), .line(" N "), .line("p"), .line("Q")])
      ]
    ),
    (
      "walkthrough: end of input is later",
      [Launch(version: "1.0.0", keys: [.char("n"), .char("q")], answers: [.line(""), .end])]
    ),
    (
      "walkthrough: Ctrl-C",
      [Launch(version: "1.0.0", keys: [.char("n"), .ctrlC], answers: [.line(""), .signal(SIGINT)])]
    ),
    (
      "sheet done",
      [
        Launch(version: "1.0.0", keys: [.char("s")], answers: [.line("s")]),
        Launch(days: 2, version: "2.0.0", keys: [.char("q")], answers: [.line("")]),
        Launch(days: 1, version: "2.0.0", keys: [], answers: []),
      ]
    ),
    (
      "sheet: a wrong answer first",
      [
        Launch(version: "1.0.0", keys: [.char("s")], answers: [.line("s")]),
        Launch(days: 2, version: "2.0.0", keys: [.char("q")], answers: [.line("yes please"), .line("q")]),
      ]
    ),
    (
      "sheet: end of input keeps it pending",
      [
        Launch(version: "1.0.0", keys: [.char("s")], answers: [.line("s")]),
        Launch(days: 2, version: "2.0.0", keys: [], answers: [.end]),
      ]
    ),
    (
      "sheet: Ctrl-C keeps it pending",
      [
        Launch(version: "1.0.0", keys: [.char("s")], answers: [.line("s")]),
        Launch(days: 2, version: "2.0.0", keys: [.ctrlC], answers: [.signal(SIGINT)]),
      ]
    ),
    (
      "sheet headed by welcome back",
      [
        Launch(version: "1.0.0", keys: [.char("s")], answers: [.line("s")]),
        Launch(days: 60, version: "2.0.0", keys: [.char("q")], answers: [.line("")]),
      ]
    ),
    (
      "welcome back",
      [
        Launch(version: "1.0.0", keys: [.char("s")], answers: [.line("s")]),
        Launch(days: 45, version: "1.0.0", keys: [.enter], answers: [.line("")]),
      ]
    ),
    (
      "welcome back left with Ctrl-D",
      [
        Launch(version: "1.0.0", keys: [.char("s")], answers: [.line("s")]),
        Launch(days: 45, version: "1.0.0", keys: [], answers: [.end]),
      ]
    ),
  ]

  @Test(arguments: scenarios.indices)
  func theSameAnswersRecordWhatTheFullScreenUIRecords(_ index: Int) throws {
    let (name, launches) = Self.scenarios[index]
    let full = App()
    let lines = App()
    for launch in launches {
      full.clock.advance(days: launch.days)
      lines.clock.advance(days: launch.days)
      let expected = full.greet(launch.version, keys: launch.keys)
      let (outcome, printed) = lines.greet(launch.version, answers: launch.answers)
      #expect(outcome.decision == expected.decision, "\(name): \(launch)")
      #expect(outcome.exit == expected.exit, "\(name): \(launch)")
      #expect(outcome.pending == expected.pending, "\(name): \(launch)")
      #expect(lines.store.state == full.store.state, "\(name): \(launch)")
      #expect(printed.isEmpty == !expected.presented, "\(name): \(launch)")
    }
    #expect(lines.store.state != nil)
  }

  @Test func theSheetPrintsEveryReleaseAndWaitsForEnter() {
    let app = App()
    _ = app.greet("1.0.0", answers: [.line("s")])
    app.clock.advance(days: 2)
    let (outcome, printed) = app.greet("2.0.0", answers: [.line("later"), .line("")])
    #expect(outcome.exit == .done && outcome.pending.isEmpty)
    #expect(
      printed == """

        What's new in Tally 2.0.0 — since 1.0.0
        2 releases: 2.0.0, 1.1.0.

        2.0.0: Tally 2, released 2026-06-15

        Everything is faster.

        1.1.0

        Added

        • Sums by month

        End of the release notes.

        [Enter: done, l: later, x: no more release notes] Please type one of: Enter, l, x, or ? for help.
        [Enter: done, l: later, x: no more release notes] 
        """)
  }

  /// Twelve minor releases after 1.0.0: past ten, the sheet opens collapsed.
  static let longRange: [String: String] = {
    var notes = ["onboarding.md": "# Hello\n\nHi.\n", "1.0.0.md": "The start.\n"]
    for minor in 1...12 { notes["1.\(minor).0.md"] = "Change number \(minor).\n" }
    return notes
  }()

  @Test(arguments: [
    ([Key.char("e"), .char("q")], [LinePresenter.Input.line("e"), .line("")]),
    ([.char("q")], [.line("")]),
    ([.char("e"), .char("l")], [.line("e"), .line("l")]),
  ])
  func aLongRangeShowsTheNewestUntilEThenTheRestOnce(keys: [Key], answers: [LinePresenter.Input]) {
    let full = App(notes: Self.longRange)
    let lines = App(notes: Self.longRange)
    _ = full.greet("1.0.0", keys: [.char("s")])
    _ = lines.greet("1.0.0", answers: [.line("s")])
    let expected = full.greet("1.12.0", keys: keys)
    let (outcome, printed) = lines.greet("1.12.0", answers: answers)
    #expect(outcome.exit == expected.exit && outcome.pending == expected.pending)
    #expect(lines.store.state == full.store.state)
    #expect(printed.contains("Change number 12."))
    #expect(printed.contains("11 earlier releases are not shown; e shows them."))
    #expect(
      printed.contains("[Enter: done, e: show the earlier releases, l: later, x: no more release notes]"))
    let expanded = answers.first == .line("e")
    for minor in 1...11 {
      let count = printed.components(separatedBy: "Change number \(minor).\n").count - 1
      #expect(count == (expanded ? 1 : 0), "1.\(minor).0's notes printed \(count) times")
    }
    #expect(printed.components(separatedBy: "Change number 12.").count - 1 == 1)
    #expect(printed.contains("End of the release notes.") == expanded)
  }

  @Test func aReleaseBelowTheMinimumImportanceIsItsHeadingAlone() {
    let notes = [
      "onboarding.md": "# Hello\n\nHi.\n", "1.0.0.md": "The start.\n",
      "1.0.1.md": "---\ntitle: Small fix\n---\n\nA typo fixed.\n", "1.1.0.md": "Something new.\n",
    ]
    let full = App(notes: notes)
    let lines = App(notes: notes)
    full.minimumImportance = .minor
    lines.minimumImportance = .minor
    _ = full.greet("1.0.0", keys: [.char("s")])
    _ = lines.greet("1.0.0", answers: [.line("s")])
    let expected = full.greet("1.1.0", keys: [.char("q")])
    let (outcome, printed) = lines.greet("1.1.0", answers: [.line("")])
    #expect(outcome.exit == expected.exit && lines.store.state == full.store.state)
    #expect(
      printed.contains("\n1.1.0\n\nSomething new.\n\n1.0.1: Small fix (patch)\n\nEnd of the release notes."))
    #expect(!printed.contains("A typo fixed."))
  }

  @Test func theWalkthroughPrintsOnePageAtATime() {
    let app = App()
    let (outcome, printed) = app.greet("1.0.0", answers: [.line(""), .line("what?"), .line("?"), .end])
    #expect(outcome.exit == .later && outcome.pending == [.onboarding(page: 1)])
    #expect(
      printed == """

        Welcome to Tally, page 1 of 3

        Welcome

        Tally counts things.

        [Enter: next, s: skip, q: later] 
        Welcome to Tally, page 2 of 3

        Keys

        Press n.

        [Enter: next, p: back, s: skip, q: later] Please type one of: Enter, p, s, q, or ? for help.
        [Enter: next, p: back, s: skip, q: later] Enter: next
        p: back
        s: skip
        q: later
        [Enter: next, p: back, s: skip, q: later] 

        """)
  }

  @Test func welcomeBackAndUpdateStepsAreLines() {
    let app = App()
    _ = app.greet("1.0.0", answers: [.line("s")])
    app.clock.advance(days: 45)
    var greeter = app.greeter("1.0.0")
    greeter.updateSteps = [
      UpdateStep(
        id: "a", version: "1.0.0", summary: "Moving the config file", runsOnFreshInstall: true
      ) {},
      UpdateStep(id: "b", version: "1.0.0", summary: "Failing", runsOnFreshInstall: true) {
        throw StepFailure()
      },
    ]
    let terminal = ScriptedLineTerminal([.line(""), .line("")])
    let outcome = greeter.greet { _, _ in terminal }
    #expect(outcome.exit == .done && outcome.pending.isEmpty)
    #expect(
      terminal.printed == """
        Updating Tally to 1.0.0, step 1 of 2: Moving the config file ...
        Updating Tally to 1.0.0, step 2 of 2: Failing ...

        Tally could not finish updating.
        Step: b (1.0.0)
        Error: disk full
        Tally will try again on the next launch.

        [Enter: continue] 
        Welcome back to Tally, away 45 days

        You were away 45 days.

        [Enter: continue] 
        """)
  }

  @Test func aSignalOtherThanCtrlCEndsItAsTheSignal() {
    let app = App()
    let (outcome, _) = app.greet("1.0.0", answers: [.line(""), .signal(SIGTERM)])
    #expect(outcome.exit == .interrupted(signal: SIGTERM))
    #expect(outcome.pending == [.onboarding(page: 1)])
  }

  /// Notes that use every construct drawn with box-drawing characters, carry some of their
  /// own, and try to smuggle escape sequences.
  static let drawnNotes = """
    # Big news

    > Quoted, with a rule under a heading:
    >
    > ## Inside

    ---

    | key | what it does |
    |-----|--------------|
    | a   | adds         |

    ```
    ┌──┐ drawn by hand ▓▓
    └──┘
    ```

    Red \u{1B}[31malert\u{1B}[0m and a title change \u{1B}]0;pwned\u{07}.
    """

  @Test(arguments: [80, 40, 20])
  func noBoxDrawingNoBlocksNoEscapes(width: Int) throws {
    var notes = Self.notes
    notes["2.0.0.md"] = Self.drawnNotes
    let app = App(notes: notes)
    _ = app.greet("1.0.0", answers: [.line("s")])
    app.clock.advance(days: 2)
    let (outcome, printed) = app.greet("2.0.0", answers: [.line("")], width: width)
    #expect(outcome.exit == .done)
    let drawn = printed.unicodeScalars.filter(LinePresenter.isBoxDrawing)
    #expect(drawn.isEmpty, "box-drawing or block characters: \(String(String.UnicodeScalarView(drawn)))")
    #expect(!printed.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a control character")
    #expect(printed.contains("alert") && printed.contains("␛"))
    #expect(printed.contains("Big news") && printed.contains("> Quoted") && printed.contains("Inside"))
    #expect(printed.contains(width >= 40 ? "+--+ drawn by hand ##" : "+--+ drawn by"))
    for line in printed.split(separator: "\n") where !line.hasPrefix("[") {
      #expect(IndependentWidth.of(line) <= width, "wider than \(width): \(line)")
    }
    if width >= 40 { #expect(printed.contains("| a   | adds         |")) }
  }

  @Test func theVariableIsReadAsCIIs() {
    for value in ["1", "true", "yes", "TRUE", "on"] {
      #expect(GreeterAccessibleMode.isRequested(by: value), "\(value)")
    }
    for value in [nil, "", "0", "false", "False"] {
      #expect(!GreeterAccessibleMode.isRequested(by: value), "\(value ?? "unset")")
    }
    #expect(GreeterAccessibleMode.auto.isOn(environment: ["ACCESSIBLE": "1"]))
    #expect(!GreeterAccessibleMode.auto.isOn(environment: [:]))
    #expect(GreeterAccessibleMode.on.isOn(environment: ["ACCESSIBLE": "0"]))
    #expect(!GreeterAccessibleMode.off.isOn(environment: ["ACCESSIBLE": "1"]))
  }
}
