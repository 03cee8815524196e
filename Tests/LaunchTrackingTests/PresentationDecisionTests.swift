import Foundation
import Testing

@testable import LaunchTracking

@Suite struct PresentationDecisionTests {
  let notes = ["1.0.0", "1.1.0", "1.2.0", "2.0.0-beta.1", "2.0.0", "2.1.0-rc.1"].map(version)
  let interactive = Invocation(nonInteractiveReason: nil)
  let scripted = Invocation(nonInteractiveReason: "standard output is not a terminal")

  private func decide(_ record: LaunchRecord, _ invocation: Invocation) -> PresentationDecision {
    PresentationDecision.decide(
      launch: record.launch, pending: record.state.pending, availableNotes: notes, invocation: invocation)
  }

  /// A store whose user launched `v` once and finished onboarding.
  private func onboarded(_ v: String, clock: TestClock) throws -> InMemoryLaunchStore {
    let store = InMemoryLaunchStore()
    try launch(v, store: store, clock: clock)
    try tracker(v, store: store, clock: clock).completeOnboarding()
    clock.advance(days: 1)
    return store
  }

  @Test func firstLaunchOnboardsWithoutNotes() throws {
    let record = try launch("2.0.0", store: InMemoryLaunchStore(), clock: TestClock())
    #expect(decide(record, interactive) == .onboarding(resumeAtPage: 0))
  }

  @Test func upgradeShowsEverySkippedReleaseNewestFirst() throws {
    let clock = TestClock()
    let store = try onboarded("1.0.0", clock: clock)
    let record = try launch("2.0.0", store: store, clock: clock)
    #expect(
      decide(record, interactive)
        == .whatsNew(
          from: version("1.0.0"), to: version("2.0.0"), versions: ["2.0.0", "1.2.0", "1.1.0"].map(version),
          welcomeBackDays: nil))
  }

  @Test func preReleasesAreShownOnlyWhenTheTargetIsOne() throws {
    let clock = TestClock()
    let store = try onboarded("1.2.0", clock: clock)
    let record = try launch("2.1.0-rc.1", store: store, clock: clock)
    guard case .whatsNew(_, _, let versions, _) = decide(record, interactive) else {
      Issue.record("expected what's new")
      return
    }
    #expect(versions == ["2.1.0-rc.1", "2.0.0", "2.0.0-beta.1"].map(version))
  }

  @Test func returningWelcomesBack() throws {
    let clock = TestClock()
    let store = try onboarded("1.0.0", clock: clock)
    clock.advance(days: 44)
    let record = try launch("1.0.0", store: store, clock: clock)
    #expect(record.kind == .returning)
    #expect(decide(record, interactive) == .welcomeBack(days: 45))
  }

  @Test func returningAndUpgradedGetsTheSheetHeadedByWelcomeBack() throws {
    let clock = TestClock()
    let store = try onboarded("1.1.0", clock: clock)
    clock.advance(days: 89)
    let record = try launch("1.2.0", store: store, clock: clock)
    #expect(record.kind == .upgrade)
    #expect(
      decide(record, interactive)
        == .whatsNew(
          from: version("1.1.0"), to: version("1.2.0"), versions: [version("1.2.0")], welcomeBackDays: 90))
  }

  @Test func interruptedOnboardingResumesAtItsPage() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    try launch("1.0.0", store: store, clock: clock)
    try tracker("1.0.0", store: store, clock: clock).markOnboarding(page: 2)
    clock.advance(days: 1)
    let record = try launch("1.0.0", store: store, clock: clock)
    #expect(decide(record, interactive) == .onboarding(resumeAtPage: 2))
  }

  @Test func nonInteractiveKeepsEverythingPending() throws {
    let clock = TestClock()
    let store = try onboarded("1.0.0", clock: clock)
    let record = try launch("1.1.0", store: store, clock: clock)
    guard case .nothing(let reason) = decide(record, scripted) else {
      Issue.record("a scripted launch must present nothing")
      return
    }
    #expect(reason.contains("not interactive") && reason.contains("whats-new since 1.0.0"))
    #expect(store.state?.pending == [.whatsNew(since: version("1.0.0"))])
  }

  @Test func sheetEarnedInScriptedRunsCoversEverythingSinceLastSeen() throws {
    let clock = TestClock()
    let store = try onboarded("1.0.0", clock: clock)
    // Two scripted upgrades, then a plain interactive launch of the same version.
    _ = decide(try launch("1.1.0", store: store, clock: clock), scripted)
    clock.advance(days: 1)
    _ = decide(try launch("1.2.0", store: store, clock: clock), scripted)
    clock.advance(days: 1)
    let record = try launch("1.2.0", store: store, clock: clock)
    #expect(record.kind == .regular)
    #expect(
      decide(record, interactive)
        == .whatsNew(
          from: version("1.0.0"), to: version("1.2.0"), versions: ["1.2.0", "1.1.0"].map(version),
          welcomeBackDays: nil))
  }

  @Test func dismissalClearsPendingWork() throws {
    let clock = TestClock()
    let store = try onboarded("1.0.0", clock: clock)
    clock.advance(days: 40)
    let record = try launch("1.2.0", store: store, clock: clock)
    #expect(record.state.pending.map(\.kind) == [.whatsNew, .welcomeBack])
    let t = tracker("1.2.0", store: store, clock: clock)
    try t.markDismissed(.whatsNew)
    try t.markDismissed(.welcomeBack)
    #expect(store.state?.pending == [])
    clock.advance(days: 1)
    let next = try launch("1.2.0", store: store, clock: clock)
    #expect(decide(next, interactive) == .nothing(reason: "regular launch, nothing pending"))
  }

  @Test func partialDismissalKeepsTheRest() throws {
    let clock = TestClock()
    let store = try onboarded("1.0.0", clock: clock)
    try launch("2.0.0", store: store, clock: clock)
    try tracker("2.0.0", store: store, clock: clock).markDismissed(.whatsNew, upTo: version("1.1.0"))
    #expect(store.state?.pending == [.whatsNew(since: version("1.1.0"))])
    let record = try launch("2.0.0", store: store, clock: clock)
    guard case .whatsNew(let from, _, let versions, _) = decide(record, interactive) else {
      Issue.record("expected what's new")
      return
    }
    #expect(from == version("1.1.0") && versions == ["2.0.0", "1.2.0"].map(version))
  }

  @Test func completingOnboardingClearsIt() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    try launch("1.0.0", store: store, clock: clock)
    try tracker("1.0.0", store: store, clock: clock).completeOnboarding()
    let record = try launch("1.0.0", store: store, clock: clock)
    #expect(decide(record, interactive) == .nothing(reason: "regular launch, nothing pending"))
  }

  @Test func newUserGetsNoReleaseNotesEvenAfterAnUpgrade() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    try launch("1.0.0", store: store, clock: clock)  // onboarding never finished
    clock.advance(days: 50)
    let record = try launch("2.0.0", store: store, clock: clock)
    // Recorded, so `state` shows it, but onboarding comes first ...
    #expect(
      record.state.pending == [
        .onboarding(page: 0), .whatsNew(since: version("1.0.0")), .welcomeBack(days: 50),
      ])
    #expect(decide(record, interactive) == .onboarding(resumeAtPage: 0))
    // ... and finishing it leaves no release notes behind.
    try tracker("2.0.0", store: store, clock: clock).completeOnboarding()
    let next = try launch("2.0.0", store: store, clock: clock)
    #expect(next.state.pending == [])
    #expect(decide(next, interactive) == .nothing(reason: "regular launch, nothing pending"))
  }

  @Test func deepLinkGoesStraightThereAndKeepsTheRestPending() throws {
    let clock = TestClock()
    let store = try onboarded("1.0.0", clock: clock)
    let record = try launch("2.0.0", store: store, clock: clock)
    let link = try DeepLink(parsing: "whatsnew://notes/1.1.0", scheme: "whatsnew")
    #expect(
      decide(record, Invocation(nonInteractiveReason: nil, deepLink: link)) == .openNotes(version("1.1.0")))
    #expect(store.state?.pending == [.whatsNew(since: version("1.0.0"))])
  }

  @Test func downgradeBelowTheSheetDropsIt() throws {
    let clock = TestClock()
    let store = try onboarded("1.1.0", clock: clock)
    try launch("2.0.0", store: store, clock: clock)
    let down = try launch("1.1.0", store: store, clock: clock)
    #expect(down.kind == .downgrade && down.state.pending == [])
  }

  @Test func upgradeWithoutNotesInRangeSaysSo() throws {
    let clock = TestClock()
    let store = try onboarded("2.0.0", clock: clock)
    let record = try launch("2.0.1", store: store, clock: clock)
    #expect(decide(record, interactive) == .nothing(reason: "no release notes after 2.0.0 up to 2.0.1"))
  }
}
