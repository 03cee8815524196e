import Foundation
import Testing

@testable import LaunchTracking

/// Which tip is due (`TipSchedule`) and when tips and update cards wait (`InterruptionBudget`):
/// pure, events passed in.
@Suite struct TipScheduleTests {
  let start = Date(timeIntervalSince1970: 1_780_000_000)

  func schedule(
    launches: Int = 1, days: Int = 0, used: Set<String> = [], records: [String: TipRecord] = [:]
  ) -> TipSchedule {
    TipSchedule(launchCount: launches, daysSinceInstall: days, used: { used.contains($0) }, records: records)
  }

  @Test func afterLaunchesWaitsForThatLaunch() {
    let rule = TipRule(id: "find", afterLaunches: 3)
    #expect(schedule(launches: 1).status(of: rule) == .waitingForLaunch(3))
    #expect(schedule(launches: 2).status(of: rule) == .waitingForLaunch(3))
    #expect(schedule(launches: 3).status(of: rule) == .due)
    #expect(schedule(launches: 4).next(among: [rule]) == rule)
  }

  @Test func afterDaysCountsFromTheInstall() {
    let rule = TipRule(id: "today", afterDays: 2)
    #expect(schedule(days: 1).status(of: rule) == .waitingForDay(2))
    #expect(schedule(days: 2).status(of: rule) == .due)
    var state = LaunchState(appID: "a", version: AppVersion(1, 0, 0), date: start)
    state.launchCount = 5
    let later = TipSchedule(state: state, now: start.addingTimeInterval(2.5 * 86_400), used: { _ in false })
    #expect(later.daysSinceInstall == 2 && later.launchCount == 5)
  }

  @Test func whenUsedWaitsForTheEventAndUnlessUsedRetiresTheTip() {
    let next = TipRule(id: "sync", whenUsed: "new-note")
    let find = TipRule(id: "find", unlessUsed: "search")
    #expect(schedule().status(of: next) == .waitingForEvent("new-note"))
    #expect(schedule(used: ["new-note"]).status(of: next) == .due)
    #expect(schedule().status(of: find) == .due)
    #expect(schedule(used: ["search"]).status(of: find) == .retiredUsed(event: "search"))
    #expect(schedule(used: ["search"]).next(among: [find]) == nil)
  }

  @Test func maxShowsRetiresTheTip() {
    let rule = TipRule(id: "find", maxShows: 2)
    let once = ["find": TipRecord(shows: 1, lastShown: start)]
    let twice = ["find": TipRecord(shows: 2, lastShown: start)]
    #expect(schedule(records: once).status(of: rule) == .due)
    #expect(schedule(records: twice).status(of: rule) == .retiredShown(shows: 2))
    #expect(
      schedule(records: ["x": TipRecord(shows: 3, lastShown: start)]).status(of: TipRule(id: "x")).isRetired)
  }

  @Test func aMutedTipIsNeverNextAndIsListedAsMutedWhileDue() {
    let find = TipRule(id: "find")
    let sync = TipRule(id: "sync", afterLaunches: 5)
    let today = TipRule(id: "today")
    var muted = schedule()
    muted.muted = ["find", "sync"]
    #expect(muted.status(of: find) == .due, "the status is the tip's own; muting is an off switch")
    #expect(muted.next(among: [find, today]) == today)
    #expect(muted.next(among: [find]) == nil)
    #expect(muted.mutedDue(among: [find, sync, today]) == ["find"], "sync is not due yet")
    var state = LaunchState(appID: "a", version: AppVersion(1, 0, 0), date: start)
    state.mutedTips = ["find"]
    #expect(TipSchedule(state: state, now: start, used: { _ in false }).next(among: [find, today]) == today)
  }

  @Test func setTipsMutesAndUnmutesInOneWriteAndNeedsALaunch() throws {
    let store = InMemoryLaunchStore()
    #expect(try !LaunchTracker.setTips(["find": false], in: store), "no launch recorded: nothing to change")
    #expect(store.state == nil)
    try store.transaction { $0.state = LaunchState(appID: "a", version: AppVersion(1, 0, 0), date: start) }
    #expect(try LaunchTracker.setTips(["find": false, "sync": false], in: store))
    #expect(store.state?.mutedTips == ["find", "sync"])
    #expect(try LaunchTracker.setTips(["find": true, "today": true], in: store))
    #expect(store.state?.mutedTips == ["sync"])
  }

  @Test func theMostImportantThenTheLeastShownThenTheFirstIsNext() {
    let a = TipRule(id: "a")
    let b = TipRule(id: "b")
    let c = TipRule(id: "c", importance: .minor)
    #expect(schedule().next(among: [a, b]) == a)
    #expect(schedule(records: ["a": TipRecord(shows: 1, lastShown: start)]).next(among: [a, b]) == b)
    #expect(schedule().next(among: [a, b, c]) == c)
    #expect(schedule().next(among: []) == nil)
  }

  @Test func theCooldownHoldsTipsAndCardsForADayUnlessExempt() {
    let budget = InterruptionBudget(lastTipOrCard: start)
    #expect(budget.cooldownUntil(now: start.addingTimeInterval(3_600)) == start.addingTimeInterval(86_400))
    #expect(budget.cooldownUntil(now: start.addingTimeInterval(3_600), exempt: true) == nil)
    #expect(budget.cooldownUntil(now: start.addingTimeInterval(86_400)) == nil)
    #expect(InterruptionBudget(lastTipOrCard: nil).cooldownUntil(now: start) == nil)
    let none = InterruptionBudget(cooldown: .zero, lastTipOrCard: start)
    #expect(none.cooldownUntil(now: start) == nil)
    // A clock set back does not hold them for ever.
    #expect(budget.cooldownUntil(now: start.addingTimeInterval(-60)) == nil)
  }

  @Test func recordingAShowCountsItAndStartsTheCooldown() throws {
    let store = InMemoryLaunchStore()
    #expect(throws: LaunchTracker.NotRecorded.self) {
      try LaunchTracker.recordTipShown("find", now: start, in: store)
    }
    try store.transaction { tx in
      tx.state = LaunchState(appID: "a", version: AppVersion(1, 0, 0), date: start)
    }
    try LaunchTracker.recordTipShown("find", now: start, in: store)
    try LaunchTracker.recordTipShown("find", now: start.addingTimeInterval(60), in: store)
    let state = try #require(store.state)
    #expect(state.tips["find"] == TipRecord(shows: 2, lastShown: start.addingTimeInterval(60)))
    #expect(state.lastTipOrCardDate == start.addingTimeInterval(60))
    #expect(try LaunchTracker.setTips(enabled: false, in: store))
    #expect(store.state?.tipsOff == true)
    #expect(try LaunchTracker.setTips(enabled: true, in: store))
    #expect(store.state?.tipsOff == false)
  }

  @Test func theStateRemembersAtMostTwoHundredTips() {
    var state = LaunchState(appID: "a", version: AppVersion(1, 0, 0), date: start)
    for n in 0..<205 { state.recordTipShown("tip-\(n)", now: start.addingTimeInterval(Double(n))) }
    #expect(state.tips.count == LaunchState.maxTipRecords)
    #expect(state.tips["tip-0"] == nil && state.tips["tip-204"] != nil && state.tips["tip-5"] != nil)
  }
}

/// The checklist's state: showing it starts the one cooldown; `x` dismisses it for good, and
/// `settings checklist on` brings it back.
@Suite struct ChecklistStateTests {
  let start = Date(timeIntervalSince1970: 1_780_000_000)

  @Test func showingStartsTheCooldownAndXDismissesUntilTurnedOnAgain() throws {
    let store = InMemoryLaunchStore()
    #expect(throws: LaunchTracker.NotRecorded.self) {
      try LaunchTracker.recordChecklistShown(now: start, in: store)
    }
    #expect(try !LaunchTracker.setChecklist(enabled: false, in: store))
    try store.transaction { tx in
      tx.state = LaunchState(appID: "a", version: AppVersion(1, 0, 0), date: start)
    }
    #expect(store.state?.checklistDismissed == false)
    try LaunchTracker.recordChecklistShown(now: start.addingTimeInterval(60), in: store)
    #expect(store.state?.lastTipOrCardDate == start.addingTimeInterval(60))
    #expect(try LaunchTracker.setChecklist(enabled: false, in: store))
    #expect(store.state?.checklistDismissed == true)
    #expect(try LaunchTracker.setChecklist(enabled: true, in: store))
    #expect(store.state?.checklistDismissed == false)
  }
}
