import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

/// Records the order steps ran in.
typealias RunLog = WarningLog

struct StepFailure: Error, CustomStringConvertible {
  var description: String { "disk full" }
}

/// A switch a failing step reads.
final class Toggle: @unchecked Sendable {
  private let lock = NSLock()
  private var on: Bool
  init(_ on: Bool) { self.on = on }
  var value: Bool {
    get {
      lock.lock()
      defer { lock.unlock() }
      return on
    }
    set {
      lock.lock()
      on = newValue
      lock.unlock()
    }
  }
}

@Suite struct UpdateRunnerTests {
  private func step(
    _ id: String, _ v: String, log: RunLog, fresh: Bool = false, applicable: Bool = true, fails: Toggle? = nil
  ) -> UpdateStep {
    UpdateStep(
      id: id, version: v, summary: "step \(id)", runsOnFreshInstall: fresh,
      isApplicable: { applicable }
    ) {
      log.append(id)
      if fails?.value == true { throw StepFailure() }
    }
  }

  /// A store where 1.0.0 was launched once (not a fresh install any more).
  private func installed(_ v: String = "1.0.0", clock: TestClock) throws -> InMemoryLaunchStore {
    let store = InMemoryLaunchStore()
    try launch(v, store: store, clock: clock)
    clock.advance(days: 1)
    return store
  }

  @Test func stepsDeclaredOutOfOrderRunInVersionOrder() throws {
    let clock = TestClock()
    let store = try installed(clock: clock)
    let log = RunLog()
    let steps = [
      step("c", "1.3.0", log: log), step("a1", "1.1.0", log: log), step("b", "1.2.0", log: log),
      step("a2", "1.1.0", log: log), step("a0", "1.1", log: log),
    ]
    let record = try launch("1.3.0", store: store, clock: clock, steps: steps)
    #expect(log.all == ["a1", "a2", "a0", "b", "c"])  // declaration order within 1.1.0 == 1.1
    #expect(record.updates.completed == ["a1", "a2", "a0", "b", "c"])
    #expect(store.state?.updateSteps.completed.map(\.id) == ["a1", "a2", "a0", "b", "c"])
    #expect(store.state?.updateSteps.completed.first?.date == clock.now)
    #expect(store.state?.updateSteps.completed.first?.version == version("1.1.0"))
  }

  @Test func shortAndFullVersionAreTheSame() throws {
    let clock = TestClock()
    let store = try installed("0.9.0", clock: clock)
    let log = RunLog()
    try launch("1.0.0", store: store, clock: clock, steps: [step("x", "1.0", log: log)])
    #expect(log.all == ["x"])
    try launch("1.0", store: store, clock: clock, steps: [step("y", "1.0.0", log: log)])
    #expect(log.all == ["x", "y"])
  }

  @Test func jumpingVersionsRunsEveryStepBetweenOnce() throws {
    let clock = TestClock()
    let store = try installed(clock: clock)
    let log = RunLog()
    let steps = ["1.0.0", "1.5.0", "2.0.0", "2.5.0", "3.0.0", "3.0.1"].enumerated().map {
      step("s\($0.offset)", $0.element, log: log)
    }
    try launch("3.0.0", store: store, clock: clock, steps: steps)
    #expect(log.all == ["s0", "s1", "s2", "s3", "s4"])  // 3.0.1 is in the future
    clock.advance(days: 1)
    let second = try launch("3.0.0", store: store, clock: clock, steps: steps)
    #expect(second.updates == UpdateRunReport())
    #expect(log.all.count == 5)
    try launch("3.0.1", store: store, clock: clock, steps: steps)
    #expect(log.all == ["s0", "s1", "s2", "s3", "s4", "s5"])
  }

  @Test func futureStepsNeverRun() throws {
    let clock = TestClock()
    let store = try installed(clock: clock)
    let log = RunLog()
    let record = try launch(
      "1.0.0", store: store, clock: clock, steps: [step("later", "1.0.1-beta.1", log: log)])
    #expect(log.all.isEmpty)
    #expect(record.updates == UpdateRunReport())
    #expect(store.state?.updateSteps == UpdateStepLog())
  }

  @Test func failureStopsLaterStepsAndIsRetriedUntilItSucceeds() throws {
    let clock = TestClock()
    let store = try installed(clock: clock)
    let log = RunLog()
    let failing = Toggle(true)
    let steps = [
      step("a", "1.1.0", log: log), step("b", "1.2.0", log: log, fails: failing),
      step("c", "1.3.0", log: log),
    ]
    let first = try launch("2.0.0", store: store, clock: clock, steps: steps)
    #expect(log.all == ["a", "b"])
    #expect(first.updates.completed == ["a"])
    #expect(
      first.updates.failed == .init(id: "b", version: version("1.2.0"), message: "disk full", attempts: 1))
    #expect(first.updates.postponed == ["c"])
    #expect(store.state?.updateSteps.failed.map(\.attempts) == [1])
    #expect(store.state?.launchCount == 2)  // the launch itself was recorded

    clock.advance(days: 1)
    let second = try launch("2.0.0", store: store, clock: clock, steps: steps)
    #expect(second.updates.failed?.attempts == 2)
    #expect(log.all == ["a", "b", "b"])
    #expect(store.state?.updateSteps.failed.first?.message == "disk full")

    failing.value = false
    clock.advance(days: 1)
    let third = try launch("2.0.0", store: store, clock: clock, steps: steps)
    #expect(log.all == ["a", "b", "b", "b", "c"])
    #expect(third.updates.completed == ["b", "c"])
    #expect(third.updates.failed == nil)
    #expect(store.state?.updateSteps.failed == [])
    #expect(store.state?.updateSteps.completed.map(\.id) == ["a", "b", "c"])
    #expect(store.state?.updateSteps.completed.first { $0.id == "b" }?.attempts == 3)
  }

  @Test func freshInstallRecordsStepsThatDoNotRunOnItAsNotNeeded() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    let log = RunLog()
    let steps = [
      step("convert", "1.1.0", log: log), step("seed", "1.0.0", log: log, fresh: true),
      step("index", "2.0.0", log: log, fresh: true), step("future", "3.0.0", log: log, fresh: true),
    ]
    let record = try launch("2.0.0", store: store, clock: clock, steps: steps)
    #expect(log.all == ["seed", "index"])
    #expect(record.updates.notNeeded == ["convert"])
    #expect(store.state?.updateSteps.notNeeded.map(\.id) == ["convert"])
    #expect(store.state?.updateSteps.notNeeded.first?.reason == "fresh install")
    // Not needed is final: a later launch does not run it either.
    try launch("2.0.0", store: store, clock: clock, steps: steps)
    #expect(log.all == ["seed", "index"])
  }

  @Test func afterACorruptStateWasResetApplicableStepsStillRun() throws {
    // The old data may still need converting, so this is not treated as a fresh install.
    let scratch = try TemporaryDirectory("reset")
    let dir = scratch.path
    try Data("not json".utf8).write(to: URL(fileURLWithPath: dir + "/launch-state.json"))
    let log = RunLog()
    let store = FileLaunchStore(directory: dir, warn: { _ in })
    let record = try launch(
      "2.0.0", store: store, clock: TestClock(),
      steps: [step("convert", "1.1.0", log: log), step("gone", "1.2.0", log: log, applicable: false)])
    #expect(record.kind == .first && record.stateWasReset)
    #expect(log.all == ["convert"])
    #expect(record.updates.notNeeded == ["gone"])
  }

  @Test func inapplicableStepsAreRecordedAsNotNeeded() throws {
    let clock = TestClock()
    let store = try installed(clock: clock)
    let log = RunLog()
    let record = try launch(
      "1.1.0", store: store, clock: clock, steps: [step("skip", "1.1.0", log: log, applicable: false)])
    #expect(log.all.isEmpty)
    #expect(record.updates.notNeeded == ["skip"])
    #expect(store.state?.updateSteps.notNeeded.first?.reason == "not applicable")
  }

  @Test func duplicateIDsAreRefusedBeforeAnythingRuns() throws {
    let clock = TestClock()
    let store = try installed(clock: clock)
    let writes = store.writeCount
    let log = RunLog()
    let steps = [step("a", "1.0.0", log: log), step("b", "1.0.0", log: log), step("a", "1.1.0", log: log)]
    #expect(throws: UpdateStepError.duplicateID("a")) {
      try launch("1.1.0", store: store, clock: clock, steps: steps)
    }
    #expect(log.all.isEmpty)
    #expect(store.writeCount == writes)
    #expect(store.state?.launchCount == 1)
    #expect(UpdateStepError.duplicateID("a").description == "update step id \"a\" is declared more than once")
  }

  @Test func progressReportsStepIOfN() throws {
    let clock = TestClock()
    let store = try installed(clock: clock)
    let log = RunLog()
    var events: [UpdateProgress] = []
    _ = try tracker("1.2.0", store: store, clock: clock).recordLaunch(
      updateSteps: [step("a", "1.1.0", log: log), step("b", "1.2.0", log: log)]
    ) { events.append($0) }
    #expect(
      events.map { "\($0.index)/\($0.total) \($0.id) \($0.phase)" } == [
        "1/2 a started", "1/2 a completed", "2/2 b started", "2/2 b completed",
      ])
    #expect(events.first?.summary == "step a")
  }

  /// On a fresh install the progress counts only the steps that run there: the ones recorded
  /// as not needed are neither counted nor announced.
  @Test func freshInstallProgressCountsOnlyTheStepsThatRun() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    let log = RunLog()
    var events: [UpdateProgress] = []
    _ = try tracker("2.0.0", store: store, clock: clock).recordLaunch(
      updateSteps: [
        step("convert", "1.1.0", log: log), step("seed", "1.0.0", log: log, fresh: true),
        step("rename", "1.2.0", log: log), step("index", "2.0.0", log: log, fresh: true),
      ]
    ) { events.append($0) }
    #expect(
      events.map { "\($0.index)/\($0.total) \($0.id) \($0.phase)" } == [
        "1/2 seed started", "1/2 seed completed", "2/2 index started", "2/2 index completed",
      ])
    #expect(store.state?.updateSteps.notNeeded.map(\.id) == ["convert", "rename"])
  }

  @Test func stepsRunUnderTheStoreLock() async throws {
    // Many threads launching with one slow step: it runs exactly once.
    let scratch = try TemporaryDirectory("runner")
    let dir = scratch.path
    let clock = TestClock()
    let log = RunLog()
    let steps = [
      UpdateStep(id: "slow", version: "1.0.0", summary: "slow", runsOnFreshInstall: true) {
        usleep(50_000)
        log.append("slow")
      }
    ]
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          _ = try? launch(
            "1.0.0", store: FileLaunchStore(directory: dir, warn: { _ in }), clock: clock, steps: steps)
        }
      }
    }
    #expect(log.all == ["slow"])
  }

  // MARK: - Time limits and interrupts

  /// A step that works until it is asked to stop (at most 10 s: without a stop it completes).
  private func patient(_ id: String, log: RunLog, timeLimit: Duration? = UpdateStep.defaultTimeLimit)
    -> UpdateStep
  {
    UpdateStep(id: id, version: "1.0.0", summary: id, runsOnFreshInstall: true, timeLimit: timeLimit) {
      context in
      log.append(id + " started")
      for _ in 0..<1000 {
        try context.checkCancellation()
        usleep(10_000)
      }
    }
  }

  @Test func aStepPastItsTimeLimitIsStoppedAndRetriedNextLaunch() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    let log = RunLog()
    let record = try launch(
      "1.0.0", store: store, clock: clock, steps: [patient("slow", log: log, timeLimit: .milliseconds(100))])
    let failure = try #require(record.updates.failed)
    #expect(failure.id == "slow" && failure.attempts == 1)
    #expect(failure.message == "stopped: it ran past its time limit of 100 ms")
    #expect(record.updates.interrupted == nil && record.updates.completed.isEmpty)
    #expect(store.state?.updateSteps.failed.map(\.id) == ["slow"])
    // Retried on the next launch, where (given longer) it completes.
    let quick = UpdateStep(id: "slow", version: "1.0.0", summary: "slow", runsOnFreshInstall: true) {
    }
    let next = try launch("1.0.0", store: store, clock: clock, steps: [quick])
    #expect(next.updates.completed == ["slow"])
    #expect(store.state?.updateSteps.completed.first?.attempts == 2)
  }

  @Test func aStepThatIgnoresItsStopIsLeftRunningAndTheLaunchGoesOn() throws {
    let finished = RunLog()
    let stubborn = UpdateStep(
      id: "stubborn", version: "1.0.0", summary: "stubborn", runsOnFreshInstall: true,
      timeLimit: .milliseconds(50)
    ) {
      usleep(6_000_000)  // longer than its limit and the grace after it
      finished.append("stubborn")
    }
    // The progress hears at once that the step was asked to stop, not when the grace is over.
    let started = ContinuousClock.now
    var phases: [(UpdateProgress.Phase, Duration)] = []
    let record = try tracker("1.0.0", store: InMemoryLaunchStore(), clock: TestClock()).recordLaunch(
      updateSteps: [stubborn]
    ) { phases.append(($0.phase, started.duration(to: .now))) }
    #expect(
      record.updates.failed?.message
        == "stopped: it ran past its time limit of 50 ms; it did not stop within 2 s and was left running")
    #expect(finished.all.isEmpty, "the launch waited for the step")
    #expect(phases.map(\.0) == [.started, .stopping, .failed])
    let stopping = try #require(phases.first { $0.0 == .stopping }?.1)
    #expect(stopping < .milliseconds(500), "told of the stop after \(stopping)")
  }

  @Test func anInterruptStopsTheRunningStepAndPostponesTheRest() throws {
    let clock = TestClock()
    let store = InMemoryLaunchStore()
    let log = RunLog()
    let steps = [patient("first", log: log), patient("second", log: log)]
    // Ctrl-C once the first step has started.
    let record = try tracker("1.0.0", store: store, clock: clock).recordLaunch(updateSteps: steps) {
      _ in
    } interrupt: {
      log.all.isEmpty ? nil : .ctrlC
    }
    #expect(record.updates.interrupted == .ctrlC)
    #expect(record.updates.failed?.id == "first" && record.updates.failed?.message == "interrupted (Ctrl-C)")
    #expect(record.updates.postponed == ["second"])
    #expect(log.all == ["first started"])
    #expect(store.state?.updateSteps.failed.map(\.id) == ["first"])

    // A termination signal before a step starts: nothing runs, nothing fails.
    let signalled = try tracker("1.0.0", store: store, clock: clock).recordLaunch(updateSteps: steps) {
      _ in
    } interrupt: {
      UpdateInterrupt(signal: SIGTERM)
    }
    #expect(signalled.updates.interrupted == UpdateInterrupt(signal: SIGTERM))
    #expect(signalled.updates.postponed == ["first", "second"] && signalled.updates.failed == nil)
    #expect(log.all == ["first started"])
  }

  @Test func aStepThatFinishesAsItIsStoppedCountsAsCompleted() throws {
    let step = UpdateStep(
      id: "done", version: "1.0.0", summary: "done", runsOnFreshInstall: true,
      timeLimit: .milliseconds(20)
    ) { context in
      for _ in 0..<2000 where !context.isCancelled { usleep(5_000) }
      // Its work was done: it returns rather than throwing.
    }
    let record = try launch("1.0.0", store: InMemoryLaunchStore(), clock: TestClock(), steps: [step])
    #expect(record.updates.completed == ["done"] && record.updates.failed == nil)
  }

  // MARK: - async steps

  /// An `async` step that waits until its task is cancelled (at most 10 s), noting in `log`
  /// that it started and that its cancellation handler ran.
  private func cancellable(_ id: String, log: RunLog, timeLimit: Duration? = UpdateStep.defaultTimeLimit)
    -> UpdateStep
  {
    UpdateStep(id: id, version: "1.0.0", summary: id, runsOnFreshInstall: true, timeLimit: timeLimit) {
      log.append(id + " started")
      try await withTaskCancellationHandler {
        try await Task.sleep(for: .seconds(10))
      } onCancel: {
        log.append(id + " cancelled")
      }
    }
  }

  @Test func anAsyncStepRunsToItsEndAndIsRecorded() throws {
    let log = RunLog()
    let step = UpdateStep(id: "async", version: "1.0.0", summary: "async", runsOnFreshInstall: true) {
      context in
      try await Task.sleep(for: .milliseconds(30))
      log.append(context.isCancelled ? "asked to stop" : "finished")
    }
    let record = try launch("1.0.0", store: InMemoryLaunchStore(), clock: TestClock(), steps: [step])
    #expect(record.updates.completed == ["async"] && record.updates.failed == nil)
    #expect(log.all == ["finished"])
  }

  @Test func ctrlCCancelsAnAsyncStepsTaskAtOnce() throws {
    let log = RunLog()
    let store = InMemoryLaunchStore()
    let started = ContinuousClock.now
    let record = try tracker("1.0.0", store: store, clock: TestClock()).recordLaunch(
      updateSteps: [cancellable("sync-db", log: log), cancellable("after", log: log)]
    ) { _ in
    } interrupt: {
      log.all.isEmpty ? nil : .ctrlC
    }
    let elapsed = started.duration(to: .now)
    #expect(log.all == ["sync-db started", "sync-db cancelled"])
    #expect(record.updates.failed?.message == "interrupted (Ctrl-C)")
    #expect(record.updates.interrupted == .ctrlC && record.updates.postponed == ["after"])
    #expect(elapsed < .seconds(1), "the cancelled step took \(elapsed) to end")
    #expect(store.state?.updateSteps.failed.map(\.id) == ["sync-db"])
  }

  @Test func theTimeLimitCancelsAnAsyncStepsTask() throws {
    let log = RunLog()
    let record = try launch(
      "1.0.0", store: InMemoryLaunchStore(), clock: TestClock(),
      steps: [cancellable("slow", log: log, timeLimit: .milliseconds(50))])
    #expect(record.updates.failed?.message == "stopped: it ran past its time limit of 50 ms")
    #expect(log.all == ["slow started", "slow cancelled"])
  }

  /// An `async` step that does not look at its cancellation is waited for as a synchronous
  /// one is: "stopping" at once, then the grace, then left running.
  @Test func anAsyncStepThatIgnoresCancellationIsLeftRunningAfterTheGrace() throws {
    let finished = RunLog()
    let stubborn = UpdateStep(
      id: "stubborn", version: "1.0.0", summary: "stubborn", runsOnFreshInstall: true,
      timeLimit: .milliseconds(50)
    ) {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + 6) { continuation.resume() }
      }
      finished.append("stubborn")
    }
    var phases: [UpdateProgress.Phase] = []
    let record = try tracker("1.0.0", store: InMemoryLaunchStore(), clock: TestClock()).recordLaunch(
      updateSteps: [stubborn]
    ) { phases.append($0.phase) }
    #expect(
      record.updates.failed?.message
        == "stopped: it ran past its time limit of 50 ms; it did not stop within 2 s and was left running")
    #expect(finished.all.isEmpty, "the launch waited for the step")
    #expect(phases == [.started, .stopping, .failed])
  }
}
