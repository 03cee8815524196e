import Foundation
import LaunchScreens
import LaunchTracking
import Testing

@testable import LaunchGreeter

/// Each step of `present(_:)` on its own: prepare, the context, the outcome before the screen,
/// run the screen, finish. `PresentTests` drive them together.
@Suite struct PresentationStagesTests {
  let clock = FixedClock()
  let store = InMemoryLaunchStore()
  let problems = ProblemLog()

  private func greeter(_ version: String, env: [String: String] = [:]) -> LaunchGreeter {
    LaunchGreeter.tally(version, notes: GreeterFlowTests.notes, store: store, clock: clock, environment: env)
  }

  /// Records a launch of `version` that leaves what it decided pending (nothing is shown).
  private func recordQuietly(_ version: String) {
    var quiet = greeter(version, env: ["CI": "true"])
    quiet.invocationOverride = nil
    _ = quiet.greet { _, _ in nil }
    clock.advance(days: 1)
  }

  /// `screen` prepared by a greeter of `version`, or the failure.
  private func prepare(_ screen: GreeterScreen, _ version: String = "2.0.0") -> Result<
    PreparedScreen, PresentationFailed
  > {
    Result { () throws(PresentationFailed) in try greeter(version).prepare(screen, problems) }
  }

  /// Why preparing `screen` failed; nil when it did not.
  private func failure(_ screen: GreeterScreen, _ version: String = "2.0.0") -> PresentationFailed? {
    guard case .failure(let failed) = prepare(screen, version) else { return nil }
    return failed
  }

  // MARK: Prepare

  @Test func prepareReadsTheScreensTextAndTheRecordedStateAndRecordsNothing() throws {
    recordQuietly("1.0.0")
    let before = store.state
    let prepared = try prepare(.notes("1.1.0")).get()
    #expect(prepared.text.decision == .openNotes(version("1.1.0")))
    #expect(prepared.state?.launchCount == 1 && prepared.state?.pending == [.onboarding(page: 0)])
    #expect(prepared.context.version == version("2.0.0"))
    #expect(store.state == before && problems.lines == [])
  }

  @Test func aVersionThatCannotBeUsedFailsWithOneProblemLineAndBadNotesSayWhy() throws {
    #expect(failure(.walkthrough, "two") == PresentationFailed())
    #expect(problems.lines.count == 1)

    #expect(failure(.notes("latest")) == PresentationFailed())
    #expect(problems.lines.last == #""latest" is not a version; nothing shown"#)

    let failed = try #require(failure(.notes(from: "2.0.0", to: "1.0.0")), "a range that runs backwards")
    #expect(failed.notesProblem != nil)
    #expect(problems.lines.last == "\(failed.notesProblem ?? ""); nothing shown")
    #expect(problems.lines.count == 3)
  }

  @Test func aPresentationOpensNoDeepLinkAndIsInteractiveOnlyAsALaunchWouldBe() throws {
    var greeter = greeter("2.0.0", env: ["CI": "true"])
    greeter.openNotes = "1.1.0"
    greeter.invocationOverride = nil
    let context = greeter.presentationContext(["CI": "true"], version: version("2.0.0"), problems)
    #expect(context.invocation.deepLink == nil)
    #expect(!context.invocation.isInteractive)
    #expect(problems.lines == [], "the notes to open are not read")
  }

  // MARK: The outcome

  @Test func theOutcomeBeforeTheScreenIsTheRecordedState() throws {
    recordQuietly("1.0.0")
    let outcome = GreetOutcome(presenting: try prepare(.walkthrough).get())
    #expect(outcome.decision == .onboarding(resumeAtPage: 0))
    #expect(outcome.launchCount == 1 && outcome.isRecorded && outcome.pending == [.onboarding(page: 0)])
    #expect(!outcome.presented && outcome.exit == .nothingShown && outcome.reason == nil)

    let again = GreetOutcome(presenting: try prepare(.walkthrough).get())
    #expect(again.launchCount == 1, "the presentation recorded no launch")
  }

  // MARK: Run and finish

  @Test func finishingTheWalkthroughCompletesItOnlyWhenOneIsPending() {
    #expect(LaunchGreeter.presentationKeeps(.completeOnboarding, onboardingPending: true))
    #expect(!LaunchGreeter.presentationKeeps(.completeOnboarding, onboardingPending: false))
    #expect(LaunchGreeter.presentationKeeps(.remindLater, onboardingPending: false))
    #expect(LaunchGreeter.presentationKeeps(.markOnboarding(page: 1), onboardingPending: false))
  }

  @Test func theRunRecordsADismissalAsItHappensAndTheFinishReadsItBack() throws {
    recordQuietly("1.0.0")
    let greeter = greeter("1.0.0")
    let prepared = try prepare(.walkthrough, "1.0.0").get()
    let run = greeter.runPresentation(prepared, on: ScriptedTerminal(keys: [.char("s")]))
    #expect(store.state?.pending == [], "skipping the pending walkthrough completes it")

    var outcome = GreetOutcome(presenting: prepared)
    greeter.finishPresentation(&outcome, after: run, prepared)
    #expect(outcome.presented && !outcome.showedChecklist)
    #expect(outcome.exit == .done && outcome.pending == [])
  }

  @Test func theChecklistIsACardAndLeavingItIsLater() throws {
    let prepared = try prepare(.walkthrough).get()
    let checklist = PreparedScreen(
      context: prepared.context, catalog: prepared.catalog, state: nil,
      text: GreetingText(decision: .nothing(reason: "the checklist"), content: .checklist(pages: [])))
    var outcome = GreetOutcome(presenting: checklist)
    let run = ScreensRun(
      end: .finished, reducer: GreetingReducer(decision: checklist.text.decision, isRecorded: false),
      ctrlC: false)
    greeter("2.0.0").finishPresentation(&outcome, after: run, checklist)
    #expect(outcome.showedChecklist && !outcome.presented)
    #expect(outcome.exit == .later)
  }
}
