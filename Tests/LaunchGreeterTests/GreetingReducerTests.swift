import LaunchScreens
import LaunchTracking
import Testing

@testable import LaunchGreeter

/// The effect-to-tracker rules, checked against an in-memory store: what each effect records,
/// and what stays pending.
@Suite struct GreetingReducerTests {
  private let clock = FixedClock()

  private func tracker(_ text: String, _ store: InMemoryLaunchStore) -> LaunchTracker {
    LaunchTracker(appID: "tally", version: version(text), store: store, now: clock.closure)
  }

  /// A store after a first launch of 1.0.0 (onboarding finished) and an upgrade to 2.0.0
  /// `days` later.
  private func upgraded(days: Int) throws -> (InMemoryLaunchStore, LaunchRecord) {
    let store = InMemoryLaunchStore()
    _ = try tracker("1.0.0", store).recordLaunch()
    try tracker("1.0.0", store).completeOnboarding()
    clock.advance(days: days)
    return (store, try tracker("2.0.0", store).recordLaunch())
  }

  private func decision(for record: LaunchRecord) -> PresentationDecision {
    PresentationDecision.decide(
      launch: record.launch, pending: record.state.pending,
      availableNotes: ["1.0.0", "1.5.0", "2.0.0"].map {
        version($0)
      }, invocation: Invocation(nonInteractiveReason: nil))
  }

  private func run(_ effects: [ScreenEffect], _ reducer: inout GreetingReducer, on tracker: LaunchTracker) {
    for effect in effects {
      #expect(GreetingReducer.apply(reducer.reduce(effect), to: tracker).isEmpty)
    }
  }

  @Test func dismissingTheSheetMarksItsReleasesSeen() throws {
    let (store, record) = try upgraded(days: 3)
    #expect(store.state?.pending == [.whatsNew(since: AppVersion("1.0.0")!)])
    var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
    #expect(
      reducer.reduce(.dismissed(.whatsNew(upTo: AppVersion("2.0.0")!))) == [
        .markDismissed(.whatsNew, upTo: AppVersion("2.0.0"))
      ])
    #expect(
      GreetingReducer.apply(
        [.markDismissed(.whatsNew, upTo: AppVersion("2.0.0"))], to: tracker("2.0.0", store)
      ).isEmpty)
    #expect(reducer.reduce(.quit) == [])
    #expect(reducer.exit == .done)
    #expect(store.state?.pending == [])
  }

  /// A release action dismisses the sheet (its releases are seen) and the exit carries the id.
  @Test func aReleaseActionIsDoneWithItsId() throws {
    let (_, record) = try upgraded(days: 3)
    var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
    #expect(
      reducer.reduce(.releaseAction(id: "try-export", dismissed: .whatsNew(upTo: AppVersion("2.0.0")!))) == [
        .markDismissed(.whatsNew, upTo: AppVersion("2.0.0"))
      ])
    #expect(reducer.reduce(.close).isEmpty)
    #expect(reducer.exit == .action(id: "try-export"))
  }

  @Test func aSheetHeadedByWelcomeBackDismissesTheWelcomeBackToo() throws {
    let (store, record) = try upgraded(days: 45)
    let decision = decision(for: record)
    guard case .whatsNew(_, _, _, let days) = decision else {
      Issue.record("expected the sheet, got \(decision)")
      return
    }
    #expect(days == 45)
    var reducer = GreetingReducer(decision: decision, isRecorded: true)
    #expect(
      reducer.reduce(.dismissed(.whatsNew(upTo: AppVersion("2.0.0")!))) == [
        .markDismissed(.whatsNew, upTo: AppVersion("2.0.0")), .markDismissed(.welcomeBack, upTo: nil),
      ])
    // Only once.
    #expect(
      reducer.reduce(.dismissed(.whatsNew(upTo: AppVersion("2.0.0")!))) == [
        .markDismissed(.whatsNew, upTo: AppVersion("2.0.0"))
      ])
    var applied = GreetingReducer(decision: decision, isRecorded: true)
    run([.dismissed(.whatsNew(upTo: AppVersion("2.0.0")!))], &applied, on: tracker("2.0.0", store))
    #expect(store.state?.pending == [])
  }

  @Test func aWelcomeBackDismissedIsSeen() throws {
    let store = InMemoryLaunchStore()
    _ = try tracker("1.0.0", store).recordLaunch()
    try tracker("1.0.0", store).completeOnboarding()
    clock.advance(days: 60)
    let record = try tracker("1.0.0", store).recordLaunch()
    let decision = decision(for: record)
    #expect(decision == .welcomeBack(days: 60))
    var reducer = GreetingReducer(decision: decision, isRecorded: true)
    #expect(reducer.reduce(.dismissed(.welcomeBack)) == [.markDismissed(.welcomeBack, upTo: nil)])
    var applied = GreetingReducer(decision: decision, isRecorded: true)
    run([.dismissed(.welcomeBack)], &applied, on: tracker("1.0.0", store))
    #expect(reducer.exit == .done)
    #expect(store.state?.pending == [])
  }

  @Test func onboardingRemembersItsPageAndCompletesOnce() throws {
    let store = InMemoryLaunchStore()
    let record = try tracker("1.0.0", store).recordLaunch()
    let decision = decision(for: record)
    #expect(decision == .onboarding(resumeAtPage: 0))
    var reducer = GreetingReducer(decision: decision, isRecorded: true)
    #expect(reducer.reduce(.onboardingProgress(page: 2)) == [.markOnboarding(page: 2)])
    var applied = GreetingReducer(decision: decision, isRecorded: true)
    run([.onboardingProgress(page: 2)], &applied, on: tracker("1.0.0", store))
    #expect(store.state?.pending == [.onboarding(page: 2)])
    #expect(reducer.reduce(.onboardingFinished(skippedAt: 2)) == [.completeOnboarding])
    #expect(reducer.reduce(.dismissed(.onboarding)) == [])  // already completed
    #expect(reducer.reduce(.onboardingProgress(page: 3)) == [])  // no longer open
    #expect(reducer.exit == .done)
  }

  @Test func closingWithoutFinishingIsLaterAndKeepsItPending() throws {
    let store = InMemoryLaunchStore()
    let record = try tracker("1.0.0", store).recordLaunch()
    var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
    run([.onboardingProgress(page: 1), .close, .quit], &reducer, on: tracker("1.0.0", store))
    #expect(reducer.exit == .later)
    #expect(store.state?.pending == [.onboarding(page: 1)])
  }

  @Test func ctrlCIsAnInterruptionAndMarksNothing() throws {
    let (store, record) = try upgraded(days: 3)
    var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
    #expect(reducer.reduce(.interrupt) == [])
    #expect(reducer.exit == .interrupted(signal: nil))
    #expect(store.state?.pending == [.whatsNew(since: AppVersion("1.0.0")!)])
  }

  @Test func aSignalAfterClosingIsAnInterruptionButNotAfterFinishing() {
    var closed = GreetingReducer(decision: .welcomeBack(days: 40), isRecorded: true)
    _ = closed.reduce(.close)
    closed.interrupt(signal: 15)
    #expect(closed.exit == .interrupted(signal: 15))
    var finished = GreetingReducer(decision: .welcomeBack(days: 40), isRecorded: true)
    _ = finished.reduce(.dismissed(.welcomeBack))
    finished.interrupt(signal: 15)
    #expect(finished.exit == .done)
  }

  @Test func anUnrecordableLaunchRecordsNothing() {
    var reducer = GreetingReducer(decision: .onboarding(resumeAtPage: 0), isRecorded: false)
    for effect: ScreenEffect in [
      .onboardingProgress(page: 1), .onboardingFinished(skippedAt: nil), .dismissed(.welcomeBack),
      .dismissed(.whatsNew(upTo: AppVersion("1.0.0")!)),
    ] {
      #expect(reducer.reduce(effect) == [], "\(effect)")
    }
  }

  @Test func effectsForTheAppAreNotTheTrackers() {
    var reducer = GreetingReducer(decision: .welcomeBack(days: 40), isRecorded: true)
    #expect(reducer.reduce(.app("open:whats-new")) == [])
    #expect(reducer.reduce(.app("crash")) == [])
    #expect(reducer.exit == nil)
  }

  @Test func laterKeepsTheSheetPendingAndHidesItForADay() throws {
    let (store, record) = try upgraded(days: 3)
    var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
    #expect(reducer.reduce(.remindLater(.whatsNew(upTo: AppVersion("2.0.0")!))) == [.remindLater])
    #expect(reducer.exit == .later)
    run([.close], &reducer, on: tracker("2.0.0", store))
    #expect(GreetingReducer.apply([.remindLater], to: tracker("2.0.0", store)).isEmpty)
    #expect(store.state?.pending == [.whatsNew(since: version("1.0.0"))])
    #expect(store.state?.whatsNewHiddenUntil == clock.closure().addingTimeInterval(86_400))
    #expect(reducer.exit == .later)
  }

  @Test func neverMarksTheSheetSeenAndTurnsSheetsOff() throws {
    let (store, record) = try upgraded(days: 3)
    var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
    let commands = reducer.reduce(.stopShowing(.whatsNew(upTo: AppVersion("2.0.0")!)))
    #expect(commands == [.markDismissed(.whatsNew, upTo: version("2.0.0")), .setWhatsNew(enabled: false)])
    #expect(GreetingReducer.apply(commands, to: tracker("2.0.0", store)).isEmpty)
    #expect(store.state?.pending == [])
    #expect(store.state?.whatsNewOff == true)
    #expect(reducer.exit == .done)
  }

  @Test func laterAndNeverAlsoDismissTheWelcomeBackHeadingTheSheet() throws {
    for effect in [
      ScreenEffect.remindLater(.whatsNew(upTo: AppVersion("2.0.0")!)),
      .stopShowing(.whatsNew(upTo: AppVersion("2.0.0")!)),
    ] {
      let (_, record) = try upgraded(days: 40)
      guard case .whatsNew(_, _, _, 40?) = decision(for: record) else {
        Issue.record("expected a sheet headed by a welcome-back")
        return
      }
      var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
      #expect(reducer.reduce(effect).contains(.markDismissed(.welcomeBack, upTo: nil)))
      // Once only.
      #expect(!reducer.reduce(effect).contains(.markDismissed(.welcomeBack, upTo: nil)))
    }
  }

  @Test func laterAndNeverOfOtherPresentationsRecordNothing() throws {
    let (_, record) = try upgraded(days: 3)
    var reducer = GreetingReducer(decision: decision(for: record), isRecorded: true)
    #expect(reducer.reduce(.remindLater(.welcomeBack)).isEmpty)
    #expect(reducer.reduce(.stopShowing(.onboarding)).isEmpty)
    var unrecorded = GreetingReducer(decision: decision(for: record), isRecorded: false)
    #expect(unrecorded.reduce(.stopShowing(.whatsNew(upTo: AppVersion("2.0.0")!))).isEmpty)
  }

  /// `x` on the checklist dismisses it for good, whatever the launch showed before it; the
  /// exit is the card's (done); an unrecorded launch records nothing.
  @Test func xOnTheChecklistDismissesItForGood() throws {
    let (store, _) = try upgraded(days: 3)
    var reducer = GreetingReducer(decision: .nothing(reason: ""), isRecorded: true)
    let commands = reducer.reduce(.stopShowing(.checklist))
    #expect(commands == [.dismissChecklist])
    #expect(GreetingReducer.apply(commands, to: tracker("2.0.0", store)).isEmpty)
    #expect(store.state?.checklistDismissed == true)
    #expect(reducer.exit == .done)
    #expect(
      reducer.reduce(.dismissed(.checklist)).isEmpty && reducer.reduce(.remindLater(.checklist)).isEmpty)
    var unrecorded = GreetingReducer(decision: .nothing(reason: ""), isRecorded: false)
    #expect(unrecorded.reduce(.stopShowing(.checklist)).isEmpty)
  }
}
