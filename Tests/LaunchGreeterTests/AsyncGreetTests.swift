import Foundation
import LaunchTracking
import Testing

@testable import LaunchGreeter

/// `await greeter.greet()` and `await greeter.present(_:)`: the greeting runs on a thread of
/// its own, so the awaiting task's actor stays free while it runs.
@Suite struct AsyncGreetTests {
  /// An app's actor that awaits the greeting, as an `AsyncParsableCommand`'s `run()` would.
  actor Host {
    private(set) var touched = false
    func touch() { touched = true }
    func greet(_ greeter: LaunchGreeter) async -> GreetOutcome { await greeter.greet() }
  }

  private func greeter(_ version: String, store: InMemoryLaunchStore = InMemoryLaunchStore()) -> LaunchGreeter
  {
    var greeter = LaunchGreeter.tally(
      version, notes: GreeterFlowTests.notes, store: store, clock: FixedClock())
    greeter.invocationOverride = Invocation(nonInteractiveReason: "a test")
    return greeter
  }

  /// The step needs the host's actor, which the host holds while it awaits the greeting: a
  /// greeting that blocked the actor's thread would keep the step out until its time limit.
  @Test func anAwaitedGreetingLeavesTheCallersActorFree() async {
    let host = Host()
    var greeter = greeter("1.0.0")
    greeter.updateSteps = [
      UpdateStep(
        id: "touch", version: "1.0.0", summary: "Touching the host", runsOnFreshInstall: true,
        timeLimit: .seconds(5)
      ) { await host.touch() }
    ]
    let outcome = await host.greet(greeter)
    #expect(outcome.updates.completed == ["touch"] && outcome.updates.failed == nil)
    #expect(await host.touched)
    #expect(outcome.launch?.kind == .first)
  }

  @Test func anAwaitedPresentationIsThePresentation() async {
    let store = InMemoryLaunchStore()
    _ = greeter("1.0.0", store: store).greet { _, _ in nil }
    let awaited = await greeter("1.0.0", store: store).present(.notes(from: "0.9.0"))
    let blocking = greeter("1.0.0", store: store).present(.notes(from: "0.9.0")) { _, _ in nil }
    #expect(awaited == blocking)
    #expect(awaited.reason != nil)
  }
}
