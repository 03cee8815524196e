import Foundation
import Testing

@testable import LaunchTracking

/// "Later", "never", the minimum importance and late adoption, decided without a terminal.
@Suite struct WhatsNewRulesTests {
  let notes = ["1.0.0", "1.0.1", "1.1.0", "1.1.1", "2.0.0"].map(version)
  let interactive = Invocation(nonInteractiveReason: nil)

  /// The user launched 1.0.0, finished onboarding, and `days` later upgraded to `to`.
  private func upgrade(to: String, days: Double = 1) throws -> (InMemoryLaunchStore, LaunchRecord, TestClock)
  {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    try launch("1.0.0", store: store, clock: clock)
    try tracker("1.0.0", store: store, clock: clock).completeOnboarding()
    clock.advance(days: days)
    return (store, try launch(to, store: store, clock: clock), clock)
  }

  private func decide(_ record: LaunchRecord, _ rules: WhatsNewRules) -> PresentationDecision {
    PresentationDecision.decide(
      launch: record.launch, pending: record.state.pending, availableNotes: notes, invocation: interactive,
      whatsNew: rules)
  }

  @Test func offShowsNoSheetButKeepsItPendingAndWelcomesBack() throws {
    let (_, record, clock) = try upgrade(to: "1.1.0", days: 40)
    let rules = WhatsNewRules(state: record.state, now: clock.now)
    #expect(decide(record, rules).isSheet)
    var off = rules
    off.isOff = true
    #expect(decide(record, off) == .welcomeBack(days: 40))
    var quiet = record.state
    quiet.setPending(.welcomeBack, to: nil)
    #expect(
      PresentationDecision.decide(
        launch: record.launch, pending: quiet.pending, availableNotes: notes, invocation: interactive,
        whatsNew: off) == .nothing(reason: "what's new is off for this app"))
  }

  @Test func laterHidesTheSheetFor24Hours() throws {
    let (store, record, clock) = try upgrade(to: "1.1.0")
    try tracker("1.1.0", store: store, clock: clock).remindLater()
    let state = try #require(store.state)
    #expect(state.whatsNewHiddenUntil == clock.now.addingTimeInterval(86_400))
    #expect(state.pending(.whatsNew) != nil)
    clock.advance(days: 1.0 / 24)
    let anHourLater = try launch("1.1.0", store: store, clock: clock)
    #expect(!decide(anHourLater, WhatsNewRules(state: anHourLater.state, now: clock.now)).isSheet)
    clock.advance(days: 1)
    let aDayLater = try launch("1.1.0", store: store, clock: clock)
    #expect(decide(aDayLater, WhatsNewRules(state: aDayLater.state, now: clock.now)).isSheet)
    #expect(aDayLater.state.pending == record.state.pending)
    // Dismissing the sheet ends the "later".
    try tracker("1.1.0", store: store, clock: clock).markDismissed(.whatsNew)
    #expect(store.state?.whatsNewHiddenUntil == nil)
  }

  @Test func laterWithNothingPendingRecordsNothing() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    try launch("1.0.0", store: store, clock: clock)
    try tracker("1.0.0", store: store, clock: clock).remindLater()
    #expect(store.state?.whatsNewHiddenUntil == nil)
  }

  @Test func theSwitchTurnsSheetsOffAndOn() throws {
    let (store, _, clock) = try upgrade(to: "1.1.0")
    let t = tracker("1.1.0", store: store, clock: clock)
    try t.remindLater()
    #expect(try t.setWhatsNew(enabled: false))
    #expect(store.state?.whatsNewOff == true)
    #expect(try LaunchTracker.setWhatsNew(enabled: true, in: store))
    #expect(store.state?.whatsNewOff == false && store.state?.whatsNewHiddenUntil == nil)
    #expect(try !LaunchTracker.setWhatsNew(enabled: true, in: InMemoryLaunchStore()))
  }

  @Test func aPatchOnlyRangeBelowTheMinimumShowsNothingAndCountsAsSeen() throws {
    let (_, record, clock) = try upgrade(to: "1.0.1")
    let rules = WhatsNewRules(
      state: record.state, now: clock.now, minimumImportance: .minor, importance: [(version("1.0.1"), .patch)]
    )
    guard case .nothing(let reason) = decide(record, rules) else {
      Issue.record("a patch-only upgrade was shown at minimum minor")
      return
    }
    #expect(reason.contains("reaches minor") && reason.contains("counted as seen"))
    #expect(
      PresentationDecision.rangeCountedAsSeen(
        launch: record.launch, pending: record.state.pending, availableNotes: notes, invocation: interactive,
        whatsNew: rules) == version("1.0.1"))
    // Not interactive: nothing is counted, everything stays pending.
    #expect(
      PresentationDecision.rangeCountedAsSeen(
        launch: record.launch, pending: record.state.pending, availableNotes: notes,
        invocation: Invocation(nonInteractiveReason: "piped"), whatsNew: rules) == nil)
  }

  @Test func aRangeWithOneImportantReleaseShowsAllOfIt() throws {
    let (_, record, clock) = try upgrade(to: "1.1.1")
    let rules = WhatsNewRules(
      state: record.state, now: clock.now, minimumImportance: .minor,
      importance: [(version("1.0.1"), .patch), (version("1.1.0"), .minor), (version("1.1.1"), .patch)])
    #expect(
      decide(record, rules)
        == .whatsNew(
          from: version("1.0.0"), to: version("1.1.1"), versions: ["1.1.1", "1.1.0", "1.0.1"].map(version),
          welcomeBackDays: nil))
    let layout = rules.layout(of: ["1.1.1", "1.1.0", "1.0.1"].map(version))
    #expect(layout.full == [version("1.1.0")])
    #expect(layout.brief == ["1.1.1", "1.0.1"].map(version))
    #expect(!layout.collapsesEarlier)
    #expect(
      PresentationDecision.rangeCountedAsSeen(
        launch: record.launch, pending: record.state.pending, availableNotes: notes, invocation: interactive,
        whatsNew: rules) == nil)
  }

  @Test func aRangeWithNoNotesShowsNothingAndStaysPending() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    try launch("2.0.0", store: store, clock: clock)
    try tracker("2.0.0", store: store, clock: clock).completeOnboarding()
    let record = try launch("2.0.3", store: store, clock: clock)
    let rules = WhatsNewRules(state: record.state, now: clock.now, minimumImportance: .minor)
    #expect(decide(record, rules) == .nothing(reason: "no release notes after 2.0.0 up to 2.0.3"))
    #expect(
      PresentationDecision.rangeCountedAsSeen(
        launch: record.launch, pending: record.state.pending, availableNotes: notes, invocation: interactive,
        whatsNew: rules) == nil)
    #expect(record.state.pending == [.whatsNew(since: version("2.0.0"))])
  }

  @Test func pastTenReleasesTheEarlierOnesCollapse() {
    let ten = (1...10).map { version("1.\($0).0") }
    #expect(!WhatsNewRules().layout(of: ten).collapsesEarlier)
    #expect(WhatsNewRules().layout(of: ten + [version("2.0.0")]).collapsesEarlier)
  }

  @Test func anExistingInstallIsAnUpgradeFromAnUnknownVersion() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    let t = LaunchTracker(
      appID: "test-app", version: version("1.1.0"), store: store, isExistingInstall: { true },
      now: clock.closure)
    let record = try t.recordLaunch()
    #expect(record.kind == .upgrade && record.launch.from == nil)
    #expect(record.state.pending == [.whatsNew(since: version("1.1.0-0"))])
    #expect(record.state.history.map(\.arrivedBy) == [.upgrade])
    #expect(
      decide(record, WhatsNewRules())
        == .whatsNew(
          from: version("1.1.0-0"), to: version("1.1.0"), versions: [version("1.1.0")], welcomeBackDays: nil))
    // Asked only when there is no state.
    clock.advance(days: 1)
    let again = try t.recordLaunch()
    #expect(again.kind == .regular)
  }

  @Test func historyRecordsHowEachVersionCame() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    try launch("1.0.0", store: store, clock: clock)
    clock.advance(days: 1)
    try launch("1.1.0", store: store, clock: clock)
    clock.advance(days: 1)
    try launch("1.0.1", store: store, clock: clock)
    clock.advance(days: 1)
    try launch("1.1.0", store: store, clock: clock)
    var state = try #require(store.state)
    #expect(state.history.map(\.version) == ["1.0.0", "1.1.0", "1.0.1"].map(version))
    #expect(state.history.map(\.arrivedBy) == [.first, .upgrade, .downgrade])
    #expect(state.history.allSatisfy { !$0.isInferred })
    // A file from before `arrivedBy` was recorded: worked out from the entry before.
    for i in state.versionHistory.indices { state.versionHistory[i].arrivedBy = nil }
    #expect(state.history.map(\.arrivedBy) == [.first, .upgrade, .downgrade])
    #expect(state.history.allSatisfy { $0.isInferred })
  }
}

extension PresentationDecision {
  fileprivate var isSheet: Bool {
    if case .whatsNew = self { return true }
    return false
  }
}
