import LaunchScreens
import TerminalRendering
import TestSupport
import Testing

@Suite struct ChecklistScreenTests {
  static let steps = [
    ChecklistScreen.Step(title: "Write", isDone: true),
    ChecklistScreen.Step(title: "Find", isDone: false),
    ChecklistScreen.Step(title: "Sync", isDone: false),
  ]
  let screen = ChecklistScreen(appName: "Jot", steps: steps, tour: Fixtures.onboarding)

  /// The steps with a tick or an empty mark, and how many are done, in the bar and the card.
  @Test(arguments: [(80, 24), (40, 12)])
  func snapshot(size: (Int, Int)) {
    let dump = ScreenRender.settled(screen, width: size.0, height: size.1).textDump()
    #expect(Golden.check(dump, named: "checklist-\(size.0)x\(size.1).txt") == nil)
    #expect(dump.contains("Get started with Jot") && dump.contains("1 of 3 done"))
    #expect(dump.contains("✓ Write") && dump.contains("○ Find") && dump.contains("○ Sync"))
  }

  @Test func theUsualKeysGoOnAndXDismissesForGood() {
    for key in [Key.enter, .char(" "), .char("q"), .escape] {
      var s = screen
      #expect(s.update(.key(key)) == [.close])
    }
    var s = screen
    #expect(s.update(.key(.char("x"))) == [.stopShowing(.checklist), .close])
    #expect(s.update(.key(.char("n"))) == [])
  }

  /// `t` opens the walkthrough over the card, from its first page; leaving it comes back to
  /// the card and records nothing.
  @Test func tOpensTheTourAndLeavingItComesBack() {
    var s = screen
    _ = s.update(.resize(width: 80, height: 24))
    #expect(s.update(.key(.char("t"))) == [])
    var dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(dump.contains("Welcome to Jot") && dump.contains("1/4"))
    #expect(s.bindings.contains { $0.help.action == "skip the tour" })
    #expect(s.update(.key(.char("n"))) == [], "a page turned is not the walkthrough's progress")
    #expect(s.update(.key(.char("s"))) == [], "skipping it completes nothing")
    dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(dump.contains("Get started with Jot"))
    // Again from the first page.
    _ = s.update(.key(.char("t")))
    #expect(ScreenRender.settled(s, width: 80, height: 24).textDump().contains("1/4"))
    #expect(s.update(.key(.char("q"))) == [])
    #expect(s.update(.key(.char("q"))) == [.close])
  }

  @Test func withoutATourTIsNotOffered() {
    var s = ChecklistScreen(appName: "Jot", steps: Self.steps)
    #expect(s.update(.key(.char("t"))) == [])
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(!dump.contains("t tour") && !dump.contains("shows the tour"))
    #expect(dump.contains("Get started with Jot"))
  }

  /// Too short for every step: as many as fit and how many more.
  @Test func manyStepsOnASmallTerminal() {
    let steps = (1...9).map { ChecklistScreen.Step(title: "Step \($0)", isDone: $0 == 2) }
    let dump = ScreenRender.settled(ChecklistScreen(appName: "Jot", steps: steps), width: 40, height: 10)
      .textDump()
    #expect(dump.contains("○ Step 1") && dump.contains("✓ Step 2") && dump.contains("… 6 more"), "\(dump)")
    #expect(!dump.contains("Step 4"))
  }

  /// The accessible form says done or not in words, one line per step.
  @Test func plainText() throws {
    let text = try #require(screen.plainText)
    #expect(
      text.lines(80).map(\.text) == [
        "Get started with Jot: 1 of 3 done", "", "Write: done", "Find: not done yet", "Sync: not done yet",
      ])
  }
}
