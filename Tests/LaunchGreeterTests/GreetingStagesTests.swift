import Foundation
import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

@testable import LaunchGreeter

/// Each stage of `greet()` on its own: identify, record and run steps, decide, read text,
/// look at the feed, present, record dismissals. `GreeterFlowTests` drive them together.
@Suite struct GreetingStagesTests {
  let clock = FixedClock()
  let store = InMemoryLaunchStore()
  let problems = ProblemLog()

  private func greeter(
    _ version: String, notes: [String: String] = GreeterFlowTests.notes, env: [String: String] = [:],
    interactive: Bool = true
  ) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(version, notes: notes, store: store, clock: clock, environment: env)
    greeter.invocationOverride = Invocation(nonInteractiveReason: interactive ? nil : "CI is set")
    return greeter
  }

  /// The launch recorded by `greeter`, its context and the record.
  private func recorded(_ greeter: LaunchGreeter) throws -> (LaunchContext, LaunchRecord) {
    let context = try #require(greeter.identify(greeter.environment ?? [:], problems))
    guard case .recorded(let record) = greeter.recordAndRunSteps(context, terminal: noTerminal) else {
      throw StageFailure()
    }
    return (context, record)
  }

  private var noTerminal: TerminalOnDemand { TerminalOnDemand(allowed: false) { nil } }

  private struct StageFailure: Error {}

  // MARK: Identify

  @Test func identifyRefusesAnInvalidVersionAndHonoursThePretendVersion() throws {
    #expect(greeter("two").identify([:], problems) == nil)
    #expect(problems.lines == ["invalid app version \"two\"; nothing recorded"])

    let pretend = try #require(greeter("1.0.0").identify(["TALLY_PRETEND_VERSION": "3.0.0"], problems))
    #expect(pretend.version == version("3.0.0"))
    #expect(pretend.invocation.isInteractive)
  }

  @Test func identifyTurnsTheAppsDeepLinkIntoTheInvocations() throws {
    var greeter = greeter("2.0.0", interactive: false)
    greeter.openNotes = "1.1.0"
    let context = try #require(greeter.identify([:], problems))
    #expect(context.invocation.deepLink?.version == version("1.1.0"))
    #expect(!context.invocation.isInteractive)
  }

  @Test func notesToOpenThatAreNoVersionAreAProblemAndNoDeepLink() throws {
    var greeter = greeter("2.0.0")
    greeter.openNotes = "latest"
    let context = try #require(greeter.identify([:], problems))
    #expect(context.invocation.deepLink == nil)
    #expect(problems.lines == ["notes to open: \"latest\" is not a version; the launch goes on without them"])
  }

  @Test func theOutcomeSaysWhatTheAppActsOn() throws {
    let (context, record) = try recorded(greeter("1.0.0"))
    var outcome = GreetOutcome(record: record, decided: greeter("1.0.0").decide(record, context), shows: true)
    #expect(
      outcome.kind == .first && outcome.shown == nil && outcome.actionID == nil && !outcome.wasInterrupted)
    outcome.presented = true
    outcome.exit = .action(id: "try-sums")
    #expect(outcome.shown == .onboarding && outcome.actionID == "try-sums")
    outcome.exit = .interrupted(signal: nil)
    #expect(outcome.wasInterrupted && outcome.actionID == nil)
  }

  @Test func theTerminalOpensOnceAndOnlyWhenAllowed() {
    var opened = 0
    let terminal = TerminalOnDemand(allowed: true) {
      opened += 1
      return ScriptedTerminal(keys: [])
    }
    #expect(terminal.opened == nil)
    #expect(terminal.get() != nil && terminal.get() != nil)
    #expect(opened == 1)
    #expect(TerminalOnDemand(allowed: false) { ScriptedTerminal(keys: []) }.get() == nil)
  }

  @Test func theLaunchMayOpenATerminalWhenInteractiveOrOpeningNotesAndPassesNoColor() throws {
    var asked: [String?] = []
    func open(_ greeter: LaunchGreeter, _ env: [String: String] = [:]) throws -> (any GreetingTerminal)? {
      let context = try #require(greeter.identify(env, problems))
      return greeter.terminalOnDemand(context) { _, noColor in
        asked.append(noColor)
        return ScriptedTerminal(keys: [])
      }.get()
    }
    #expect(try open(greeter("1.0.0"), ["NO_COLOR": "1"]) != nil)
    #expect(asked == ["1"])
    #expect(try open(greeter("1.0.0", interactive: false)) == nil)
    #expect(asked.count == 1, "not opened for a launch nobody sees")
    var opening = greeter("1.0.0", interactive: false)
    opening.openNotes = "1.0.0"
    #expect(try open(opening) != nil, "the app opens notes itself")
    #expect(asked == ["1", nil])
  }

  // MARK: Record and run steps

  @Test func recordingRunsTheStepsAndLeavesOutOneWithoutAVersion() throws {
    var greeter = greeter("1.0.0")
    greeter.updateSteps = [
      UpdateStep(id: "ok", version: "1.0.0", summary: "Works", runsOnFreshInstall: true) { _ in },
      UpdateStep(id: "bad", version: "one", summary: "Never runs", runsOnFreshInstall: true) { _ in },
    ]
    let (_, record) = try recorded(greeter)
    #expect(record.kind == .first && record.isRecorded)
    #expect(record.updates.completed == ["ok"])
    #expect(problems.lines == ["update step \"bad\": \"one\" is not a version; not run"])
  }

  @Test func ctrlCOnTheProgressScreenInterruptsTheSteps() throws {
    var greeter = greeter("1.0.0")
    greeter.updateSteps = [
      UpdateStep(id: "slow", version: "1.0.0", summary: "Slow", runsOnFreshInstall: true) { context in
        for _ in 0..<1000 {  // until asked to stop (10 s at most)
          try context.checkCancellation()
          usleep(10_000)
        }
      }
    ]
    let context = try #require(greeter.identify([:], problems))
    let scripted = ScriptedTerminal(keys: [])
    scripted.pressesCtrlCDuringSteps = true
    let terminal = TerminalOnDemand(allowed: true) { scripted }
    guard
      case .interrupted(let record, let interrupt) = greeter.recordAndRunSteps(context, terminal: terminal)
    else {
      Issue.record("expected the steps to be interrupted")
      return
    }
    #expect(interrupt == .ctrlC)
    #expect(record.updates.completed.isEmpty)
  }

  // MARK: Decide

  @Test func aFirstLaunchDecidesTheWalkthrough() throws {
    let greeter = greeter("1.0.0")
    let (context, record) = try recorded(greeter)
    let decided = greeter.decide(record, context)
    #expect(decided.decision == .onboarding(resumeAtPage: 0))
    #expect(decided.catalog != nil && decided.notesProblem == nil)
  }

  @Test func notesThatCannotBeReadDecideNothingAndSayWhy() throws {
    var greeter = greeter("1.0.0")
    greeter.notes = .directory("/nonexistent/tally-notes")
    let (context, record) = try recorded(greeter)
    let decided = greeter.decide(record, context)
    #expect(decided.decision == .nothing(reason: "the notes cannot be read"))
    #expect(decided.notesProblem != nil && problems.lines.count == 1)
    #expect(decided.pending == [.onboarding(page: 0)])
  }

  @Test func aLaunchThatCannotRememberVetoesAPresentationButNotADeepLink() throws {
    let greeter = greeter("1.0.0")
    let (context, record) = try recorded(greeter)
    let busy = LaunchRecord(
      state: record.state, notRecordedReason: "busy", updates: record.updates, lockWasBusy: true)
    let vetoed = greeter.vetoed(.onboarding(resumeAtPage: 0), record: busy, invocation: context.invocation)
    #expect(vetoed.reason?.hasPrefix("another launch of Tally holds the state lock") == true)
    let readOnly = LaunchRecord(
      state: record.state, notRecordedReason: "read-only file", updates: record.updates)
    #expect(
      greeter.vetoed(.onboarding(resumeAtPage: 0), record: readOnly, invocation: context.invocation).reason
        == "the launch cannot be recorded (read-only file), so a presentation would return on every launch")
    let deepLink = Invocation(
      nonInteractiveReason: nil, deepLink: DeepLink(version: version("1.0.0"), scheme: "tally"))
    #expect(
      greeter.vetoed(.openNotes(version("1.0.0")), record: busy, invocation: deepLink)
        == .openNotes(version("1.0.0")))
  }

  // MARK: Read text

  @Test func theTextOfTheDecisionIsRead() throws {
    let greeter = greeter("1.0.0")
    let (context, record) = try recorded(greeter)
    var decided = greeter.decide(record, context)
    let text = try #require(greeter.readText(&decided, record: record, context))
    #expect(text.decision == .onboarding(resumeAtPage: 0))
    #expect(decided.decision == .onboarding(resumeAtPage: 0))
  }

  @Test func aMissingWalkthroughIsSkippedAndCountedAsSeen() throws {
    let greeter = greeter("1.0.0", notes: ["1.0.0.md": "First.\n"])
    let (context, record) = try recorded(greeter)
    var decided = greeter.decide(record, context)
    #expect(greeter.readText(&decided, record: record, context) == nil)
    #expect(!decided.decision.isPresentation)
    #expect(decided.pending == [])
    #expect(problems.lines.isEmpty, "a missing onboarding.md is no problem, only the reason")
    #expect(store.state?.pending == [])
  }

  // MARK: Feed

  @Test func theFeedIsLookedAtOnlyWithAFeedAndWithoutTheOptOut() throws {
    var greeter = greeter("1.0.0")
    let (context, record) = try recorded(greeter)
    #expect(greeter.lookAtFeed(record, context, nothingElseShown: true) == FeedLook())
    greeter.feed = GreeterFeed(url: "https://example.com/tally.json")
    let optedOut = try #require(greeter.identify(["TALLY_NO_UPDATE_CHECK": "1"], problems))
    #expect(
      greeter.lookAtFeed(record, optedOut, nothingElseShown: true)
        == FeedLook(explanation: "TALLY_NO_UPDATE_CHECK=1; not checked"))
  }

  // MARK: Interruption

  @Test func aTipWaitsForAScreenOrAFailedStepAndIsCountedWhenChosen() throws {
    let notes = GreeterFlowTests.notes.merging(["tips/hello.md": "---\nid: hello\n---\nHello.\n"]) { a, _ in a
    }
    var greeter = greeter("1.0.0", notes: notes)
    greeter.tips = .manual
    let (context, record) = try recorded(greeter)
    let decided = greeter.decide(record, context)
    let waits = Interruption(tip: TipChoice(heldBack: .item(.tip(id: "hello"), .screenShown)))
    #expect(
      greeter.chooseInterruption(record, context, decided: decided, textShown: true, stepFailed: false)
        == waits)
    #expect(
      greeter.chooseInterruption(record, context, decided: decided, textShown: false, stepFailed: true)
        == waits)
    #expect(store.state?.tips["hello"] == nil)

    let chosen = greeter.chooseInterruption(
      record, context, decided: decided, textShown: false, stepFailed: false)
    #expect(chosen.tip.tip?.rule.id == "hello" && chosen.tip.isFirstShowing)
    #expect(store.state?.tips["hello"]?.shows == 1, "counted as shown before it is shown")
  }

  @Test func theOutcomeSaysWhatTheInterruptionChoseAndWhatWaitedInOrder() throws {
    let (context, record) = try recorded(greeter("1.0.0"))
    var outcome = GreetOutcome(record: record, decided: greeter("1.0.0").decide(record, context), shows: true)
    let until = Date(timeIntervalSince1970: 1_800_000_000)
    outcome.note(
      Interruption(
        feed: FeedLook(
          explanation: "2.0.0 is available", available: version("2.0.0"), critical: version("2.0.0"),
          heldBack: .item(.updateCard(version: version("2.0.0")), .screenShown)),
        tip: TipChoice(heldBack: .item(.tip(id: "find"), .screenShown)),
        checklist: ChecklistChoice(
          status: .due(done: 1, steps: 2), heldBack: .item(.checklist, .cooldown(until: until)))))
    #expect(outcome.feedExplanation == "2.0.0 is available")
    #expect(outcome.availableVersion == version("2.0.0") && outcome.criticalVersion == version("2.0.0"))
    #expect(outcome.tip == nil && outcome.tipsOff == nil)
    #expect(outcome.checklist == .due(done: 1, steps: 2))
    #expect(
      outcome.heldBack == [
        .item(.updateCard(version: version("2.0.0")), .screenShown), .item(.tip(id: "find"), .screenShown),
        .item(.checklist, .cooldown(until: until)),
      ])
  }

  // MARK: Present and record dismissals

  @Test func theStackShowsTheTextAndTheRunRecordsItsDismissal() throws {
    let greeter = greeter("1.0.0")
    let (context, record) = try recorded(greeter)
    var decided = greeter.decide(record, context)
    let text = greeter.readText(&decided, record: record, context)
    let catalog = try #require(decided.catalog)
    let terminal = ScriptedTerminal(keys: [.char("s")])
    var outcome = GreetOutcome(record: record, decided: decided, shows: text != nil)
    var stack = greeter.screenStack(
      text: text, announce: nil, catalog: catalog, record: record, on: terminal, context, outcome: &outcome)
    #expect(outcome.presented && outcome.reason == nil)
    #expect(store.state?.pending == [.onboarding(page: 0)])

    let run = greeter.runScreens(
      &stack, on: terminal, reducer: GreetingReducer(decision: decided.decision, isRecorded: true), context)
    #expect(store.state?.pending == [], "skipping the walkthrough completes it as it happens")
    greeter.finish(&outcome, after: run, context)
    #expect(outcome.exit == .done && outcome.pending == [])
  }

  @Test func aSignalDuringTheScreensEndsTheOutcomeAsInterrupted() throws {
    let greeter = greeter("1.0.0")
    let (context, record) = try recorded(greeter)
    let decided = greeter.decide(record, context)
    var outcome = GreetOutcome(record: record, decided: decided, shows: true)
    outcome.presented = true
    var reducer = GreetingReducer(decision: decided.decision, isRecorded: true)
    reducer.interrupt(signal: SIGTERM)
    greeter.finish(
      &outcome, after: ScreensRun(end: .signal(SIGTERM), reducer: reducer, ctrlC: false), context)
    #expect(outcome.exit == .interrupted(signal: SIGTERM))
    #expect(outcome.pending == [.onboarding(page: 0)])
  }
}
