import Foundation
import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

@testable import LaunchGreeter

/// Tips through `greet()`: one interruption per launch, the cooldown, the off switches, and
/// the block printed on standard error.
@Suite struct GreeterTipTests {
  static let notes = GreeterFlowTests.notes.merging([
    "tips/find.md":
      "---\nid: find\nafter-launches: 3\nmax-shows: 2\n---\nFind any note with `tally find WORD`.\n",
    "tips/later.md": "---\nid: later\nafter-days: 30\n---\nA month in.\n",
  ]) { a, _ in a }

  let clock = FixedClock()
  let store = InMemoryLaunchStore()

  private func greeter(
    _ version: String = "1.0.0", env: [String: String] = [:], tips: GreeterTips = .manual,
    stderrIsTerminal: Bool = true
  ) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(
      version, notes: Self.notes, store: store, clock: clock, environment: env)
    greeter.seams.stderrIsTerminal = stderrIsTerminal
    greeter.tips = tips
    return greeter
  }

  /// Greets, leaving any screen with `keys`.
  private func greet(_ greeter: LaunchGreeter, keys: [Key] = [.char("s")]) -> GreetOutcome {
    greeter.greet { _, _ in ScriptedTerminal(keys: keys) }
  }

  /// Launch 1 (the walkthrough, skipped), then launches a day apart until launch `n`.
  private func launches(upTo n: Int, _ make: () -> LaunchGreeter) -> [GreetOutcome] {
    var outcomes: [GreetOutcome] = []
    for _ in 1...n {
      outcomes.append(greet(make()))
      clock.advance(days: 1)
    }
    return outcomes
  }

  @Test func aTipAfterTheThirdLaunchNotOnTheWalkthroughsLaunchAndRetiredAfterTwoShows() throws {
    let outcomes = launches(upTo: 5) { greeter() }
    #expect(outcomes[0].shown == .onboarding && outcomes[0].tip == nil)
    #expect(outcomes[1].tip == nil)
    let third = try #require(outcomes[2].tip)
    #expect(third.id == "find" && third.isFirstShowing)
    #expect(third.text == "Find any note with tally find WORD.")
    #expect(third.markdown == "Find any note with `tally find WORD`.\n")
    #expect(outcomes[3].tip?.id == "find" && outcomes[3].tip?.isFirstShowing == false)
    #expect(outcomes[4].tip == nil, "max-shows: 2 retired it")
    #expect(store.state?.tips["find"]?.shows == 2)
  }

  @Test func aLaunchThatShowsTheSheetShowsNoTipAndSaysWhy() throws {
    _ = launches(upTo: 3) { greeter() }
    let upgrade = greet(greeter("1.1.0"), keys: [.char("q")])
    #expect(upgrade.shown != nil && upgrade.tip == nil)
    #expect(upgrade.heldBack == [.item(.tip(id: "find"), .screenShown)])
    #expect(store.state?.tips["find"]?.shows == 1)
  }

  @Test func theCooldownHoldsTheNextTipForADay() throws {
    _ = launches(upTo: 3) { greeter() }
    clock.advance(days: -1)  // back to the day launch 3 showed the tip
    var again = greeter()
    let held = greet(again)
    #expect(held.tip == nil)
    guard case .item(.tip(id: "find"), .cooldown(let until))? = held.heldBack.first else {
      Issue.record("expected the cooldown, got \(held.heldBack)")
      return
    }
    #expect(until == clock.closure().addingTimeInterval(86_400))
    again.cooldown = .zero
    #expect(greet(again).tip?.id == "find")
  }

  @Test func theOffSwitchesShowNoTip() throws {
    _ = launches(upTo: 2) { greeter() }
    let variable = greet(greeter(env: ["TALLY_NO_TIPS": "1"]))
    #expect(variable.tip == nil && variable.tipsOff == .variable("TALLY_NO_TIPS"))
    #expect(try greeter().setTips(enabled: false))
    let setting = greet(greeter())
    #expect(setting.tip == nil && setting.tipsOff == .setting)
    #expect(greet(greeter(tips: .off)).tip == nil)
    #expect(store.state?.tips.isEmpty == true, "nothing was counted")
    #expect(try greeter().setTips(enabled: true))
    #expect(greet(greeter()).tip?.id == "find")
  }

  @Test func noTipWhenNotInteractiveOrStandardErrorIsNoTerminal() throws {
    _ = launches(upTo: 2) { greeter() }
    var ci = greeter()
    ci.invocationOverride = Invocation(nonInteractiveReason: "CI is set")
    #expect(greet(ci).tip == nil)
    #expect(greet(greeter(tips: .atExit, stderrIsTerminal: false)).tip == nil)
    #expect(store.state?.tips.isEmpty == true)
    // The app that prints the tip itself decides where.
    #expect(greet(greeter(tips: .manual, stderrIsTerminal: false)).tip?.id == "find")
  }

  @Test func anEventRetiresAnUnlessUsedTipAndMakesAWhenUsedTipDue() throws {
    _ = launches(upTo: 2) { greeter() }
    try store.transaction { tx in
      tx.state?.events.record("search", at: clock.closure())
    }
    var notes = Self.notes
    notes["tips/find.md"] = "---\nid: find\nafter-launches: 3\nunless-used: search\n---\nFind.\n"
    notes["tips/next.md"] = "---\nid: next\nwhen-used: search\n---\nSearch by tag too.\n"
    var make = greeter()
    make.notes = .compiledIn(notes)
    #expect(greet(make).tip?.id == "next")
    #expect(LaunchGreeter.usedEvents(try #require(store.state))("search"))
    #expect(!LaunchGreeter.usedEvents(try #require(store.state))("export"))
  }

  @Test func theUpdateCardAndATipShareTheCooldown() throws {
    _ = launches(upTo: 3) { greeter() }
    #expect(store.state?.lastTipOrCardDate == clock.closure().addingTimeInterval(-86_400))
    let budget = InterruptionBudget(lastTipOrCard: store.state?.lastTipOrCardDate)
    #expect(budget.cooldownUntil(now: clock.closure().addingTimeInterval(-3_600)) != nil)
    #expect(budget.cooldownUntil(now: clock.closure().addingTimeInterval(-3_600), exempt: true) == nil)
  }

  @Test func theBlockSaysTipInBoldAndHowToTurnTipsOffOnTheFirstShowing() {
    let tip = GreetOutcome.Tip(id: "find", markdown: "Find with `find`.\n", text: "", isFirstShowing: true)
    let block = TipBlock.text(tip, offVariable: "TALLY_NO_TIPS", width: 80)
    #expect(block.hasSuffix("\n"))
    let plain = block.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(plain == "Tip: Find with find.\n     (tips off: TALLY_NO_TIPS=1)\n")
    #expect(block.contains("\u{1B}[0;1mTip: ") && block.contains("\u{1B}[0;2m(tips off"))
    var again = tip
    again.isFirstShowing = false
    #expect(
      TipBlock.text(again, offVariable: "TALLY_NO_TIPS", width: 80).replacing(/\u{1B}\[[0-9;]*m/, with: "")
        == "Tip: Find with find.\n")
    let long = GreetOutcome.Tip(
      id: "x", markdown: String(repeating: "word ", count: 12), text: "", isFirstShowing: false)
    let wrapped = TipBlock.text(long, offVariable: "X", width: 30).replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(wrapped.split(separator: "\n").count == 3)
    #expect(wrapped.split(separator: "\n").dropFirst().allSatisfy { $0.hasPrefix("     word") })
  }
}

/// One tip turned off (`setTip(_:enabled:)`, `whatsnew tips --off`): never shown, the others
/// still are, `--explain`'s data says it was muted, and it comes back when turned on.
@Suite struct GreeterMutedTipTests {
  static let notes = GreeterTipTests.notes.merging([
    "tips/today.md": "---\nid: today\nafter-launches: 3\n---\nSee today's counts with `tally today`.\n"
  ]) { a, _ in a }

  let clock = FixedClock()
  let store = InMemoryLaunchStore()

  private func greeter(notes: [String: String] = GreeterMutedTipTests.notes) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally("1.0.0", notes: notes, store: store, clock: clock, environment: [:])
    greeter.seams.stderrIsTerminal = true
    greeter.tips = .manual
    greeter.cooldown = .zero
    return greeter
  }

  private func launch(_ greeter: LaunchGreeter) -> GreetOutcome {
    defer { clock.advance(days: 1) }
    return greeter.greet { _, _ in ScriptedTerminal(keys: [.char("s")]) }
  }

  @Test func aMutedTipIsNotShownTheOthersAreAndItComesBackWhenTurnedOn() throws {
    #expect(try !greeter().setTip("find", enabled: false), "no launch recorded yet: nothing to change")
    _ = launch(greeter())
    _ = launch(greeter())
    #expect(try greeter().setTip("find", enabled: false))
    #expect(store.state?.mutedTips == ["find"])
    let muted = launch(greeter())
    #expect(muted.tip?.id == "today", "the other tip due is shown")
    #expect(muted.heldBack.contains(.item(.tip(id: "find"), .muted)))
    for _ in 1...3 { #expect(launch(greeter()).tip?.id != "find") }
    #expect(store.state?.tips["find"] == nil, "never counted as shown")
    #expect(try greeter().setTip("find", enabled: true))
    #expect(store.state?.mutedTips.isEmpty == true)
    let back = launch(greeter())
    #expect(back.tip?.id == "find" && back.tip?.isFirstShowing == true)
    #expect(!back.heldBack.contains(.item(.tip(id: "find"), .muted)))
  }

  @Test func aMutedTipAloneLeavesNoTipAndSaysSo() throws {
    _ = launch(greeter(notes: GreeterTipTests.notes))
    _ = launch(greeter(notes: GreeterTipTests.notes))
    #expect(try greeter(notes: GreeterTipTests.notes).setTip("find", enabled: false))
    let outcome = launch(greeter(notes: GreeterTipTests.notes))
    #expect(outcome.tip == nil && outcome.heldBack == [.item(.tip(id: "find"), .muted)])
  }

  @Test func anIdThatIsNoTipOfTheNotesIsAProblemOfKindSettings() throws {
    _ = launch(greeter())
    for (id, message) in [
      ("fnd", #"there is no tip "fnd" (the notes' tips: find, later, today)"#),
      ("Find", #"the tip id "Find" must be letters a-z, digits and '-'"#),
    ] {
      #expect(throws: GreeterProblem.self) { try greeter().setTip(id, enabled: false) }
      do {
        try greeter().setTip(id, enabled: false)
      } catch {
        #expect(error.kind == .settings && error.description == message)
      }
    }
    #expect(store.state?.mutedTips.isEmpty == true)
  }

  @Test func theFirstShowingNamesTheCommandThatHidesTheTipWhenTheAppHasOne() {
    let tip = GreetOutcome.Tip(id: "find", markdown: "Find with `find`.\n", text: "", isFirstShowing: true)
    let block = TipBlock.text(
      tip, offVariable: "TALLY_NO_TIPS", offCommand: "whatsnew tips --app-id tally --off {tip}", width: 80)
    #expect(
      block.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        == "Tip: Find with find.\n     (hide this tip: whatsnew tips --app-id tally --off find)\n")
    #expect(block.contains("\u{1B}[0;2m(hide this tip"))
  }
}
