import Foundation
import LaunchScreens
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// Keys typed ahead are the shell's (issue 46): a launch that finds input waiting opens no
/// terminal (so nothing reads the keys), keeps its screen pending with one reminder line, and
/// the next launch shows the screen.
@Suite struct TypedAheadFlowTests {
  let clock = FixedClock()
  let store = InMemoryLaunchStore()

  private func greeter(_ version: String, typedAhead: Bool, reminders: WarningSink) -> LaunchGreeter {
    var greeter = LaunchGreeter.tally(
      version, notes: GreeterFlowTests.notes, store: store, clock: clock, environment: [:])
    greeter.seams.keysTypedAhead = typedAhead
    greeter.remind = reminders.sink
    return greeter
  }

  /// Greets, counting the terminals opened and playing `keys` into one.
  private func greet(_ greeter: LaunchGreeter, keys: [Key] = []) -> (GreetOutcome, ScriptedTerminal?) {
    var terminal: ScriptedTerminal?
    let outcome = greeter.greet { _, _ in
      let made = ScriptedTerminal(keys: keys)
      terminal = made
      return made
    }
    return (outcome, terminal)
  }

  @Test func theWalkthroughWaitsWithAReminderAndShowsOnTheNextLaunch() throws {
    let reminders = WarningSink()
    let (held, none) = greet(greeter("1.0.0", typedAhead: true, reminders: reminders))
    #expect(none == nil, "no terminal is opened: nothing reads the keys")
    #expect(!held.presented && held.exit == .nothingShown && held.shown == nil)
    #expect(held.pending == [.onboarding(page: 0)])
    #expect(held.reason?.contains("keys were typed ahead") == true, "\(held.reason ?? "nil")")
    let line = "Tally 1.0.0: the walkthrough shows on the next launch (keys were typed ahead)"
    #expect(held.reminder == line)
    #expect(reminders.all == [line], "the reminder goes out once")

    clock.advance(days: 1)
    let (next, terminal) = greet(
      greeter("1.0.0", typedAhead: false, reminders: reminders), keys: [.char("s")])
    #expect(next.presented && next.decision == .onboarding(resumeAtPage: 0))
    #expect(terminal?.shown.first?.contains("Welcome") == true)
    #expect(next.reminder == nil && reminders.all == [line])
  }

  @Test func theSheetSaysItsRangeAndUpdateStepsRunWithoutAProgressScreen() throws {
    let reminders = WarningSink()
    _ = greet(greeter("1.0.0", typedAhead: false, reminders: reminders), keys: [.char("s")])
    clock.advance(days: 1)
    var upgraded = greeter("2.0.0", typedAhead: true, reminders: reminders)
    let ran = WarningSink()
    upgraded.updateSteps = [
      UpdateStep(id: "migrate", version: "2.0.0", summary: "Migrating") { ran.sink("migrate") }
    ]
    let (held, none) = greet(upgraded)
    #expect(none == nil, "not even for the steps' progress")
    #expect(ran.all == ["migrate"] && held.updates.completed == ["migrate"])
    #expect(held.pending == [.whatsNew(since: AppVersion("1.0.0")!)])
    #expect(
      reminders.all == [
        "Tally 2.0.0: what's new since 1.0.0 shows on the next launch (keys were typed ahead)"
      ])
  }

  @Test func nothingDueMeansNoReminder() {
    let reminders = WarningSink()
    _ = greet(greeter("1.0.0", typedAhead: false, reminders: reminders), keys: [.char("s")])
    let (quiet, none) = greet(greeter("1.0.0", typedAhead: true, reminders: reminders))
    #expect(none == nil && quiet.reminder == nil && reminders.all.isEmpty)
  }
}
