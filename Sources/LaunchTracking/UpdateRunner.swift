import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs update steps inside a launch-state transaction (so under the store's lock).
///
/// Every step with `version <= current` that has neither completed nor been found not
/// needed runs, in version order and declaration order within a version, also when
/// versions were skipped. Steps of newer versions never run. On a fresh install, steps
/// that do not run on a fresh install are recorded as not needed. A completed step is
/// recorded by id with its version, date and attempts, and never runs again. A throwing
/// step is recorded as failed with its message and attempt count, the steps after it are
/// postponed, and it is retried on the next launch. The state is saved after every step.
///
/// A step's work runs on a thread of its own (an `async` step in a task of its own) while the
/// calling thread watches its time limit and asks `interrupt` (Ctrl-C, a termination signal)
/// every ``pollInterval``. When either calls for it, the step's ``UpdateStepContext`` is asked
/// to stop and an `async` step's task is cancelled; the step is recorded as
/// failed with the reason (unless it completed all the same) once it returns, or after
/// ``stopGrace`` if it does not, when it is left running and the launch goes on. An interrupt
/// also postpones the steps after it and is in ``UpdateRunReport/interrupted``.
package enum UpdateRunner {
  /// How long a step asked to stop has to return before the run goes on without it: 2 s.
  package static let stopGrace: Duration = .seconds(2)
  /// How often a running step's time limit and the interrupt are looked at: 20 ms.
  package static let pollInterval: Duration = .milliseconds(20)

  /// Refuses duplicate or empty ids.
  package static func validate(_ steps: [UpdateStep]) throws(UpdateStepError) {
    var seen: Set<String> = []
    for step in steps {
      if step.id.isEmpty { throw .emptyID(summary: step.summary) }
      if !seen.insert(step.id).inserted { throw .duplicateID(step.id) }
    }
  }

  /// The steps still to consider at `version`, in the order they run.
  package static func plan(_ steps: [UpdateStep], log: UpdateStepLog, version: AppVersion) -> [UpdateStep] {
    steps.enumerated()
      .filter { $0.element.version <= version && !log.isSettled($0.element.id) }
      .sorted { a, b in
        a.element.version != b.element.version ? a.element.version < b.element.version : a.offset < b.offset
      }
      .map(\.element)
  }

  /// Runs `steps` against the state in `tx` (which must hold a state).
  static func run(
    _ steps: [UpdateStep], in tx: LaunchStateTransaction, version: AppVersion, isFreshInstall: Bool,
    now: () -> Date, progress: (UpdateProgress) -> Void, interrupt: () -> UpdateInterrupt? = { nil }
  ) throws -> UpdateRunReport {
    var report = UpdateRunReport()
    guard var state = tx.state else { return report }
    let planned = plan(steps, log: state.updateSteps, version: version)
    // Progress counts only the steps that may run: on a fresh install the ones that do not run
    // there are recorded as not needed without a word (the progress screen would otherwise say
    // "Step 1 of 4" for a launch that runs one step).
    func skippedAsFresh(_ step: UpdateStep) -> Bool { isFreshInstall && !step.runsOnFreshInstall }
    let total = planned.filter { !skippedAsFresh($0) }.count
    var shown = 0
    for step in planned {
      if !skippedAsFresh(step) { shown += 1 }
      let index = shown
      func tell(_ phase: UpdateProgress.Phase) {
        guard !skippedAsFresh(step) else { return }
        progress(UpdateProgress(index: index, total: total, id: step.id, summary: step.summary, phase: phase))
      }
      if report.failed != nil || report.interrupted != nil {
        report.postponed.append(step.id)
        continue
      }
      let notNeededReason: String? =
        isFreshInstall && !step.runsOnFreshInstall
        ? "fresh install" : (step.isApplicable() ? nil : "not applicable")
      if let reason = notNeededReason {
        state.updateSteps.notNeeded.append(
          .init(id: step.id, version: step.version, date: now(), reason: reason))
        state.updateSteps.failed.removeAll { $0.id == step.id }
        report.notNeeded.append(step.id)
        tell(.notNeeded)
      } else if let interrupted = interrupt() {
        // Ctrl-C between two steps: the next one does not start.
        report.interrupted = interrupted
        report.postponed.append(step.id)
        continue
      } else {
        tell(.started)
        let previousAttempts = state.updateSteps.failed.first { $0.id == step.id }?.attempts ?? 0
        let (result, stop) = perform(step, interrupt: interrupt) { tell(.stopping) }
        if case .interrupted(let interrupted)? = stop { report.interrupted = interrupted }
        if case .success? = result {
          state.updateSteps.failed.removeAll { $0.id == step.id }
          state.updateSteps.completed.append(
            .init(id: step.id, version: step.version, date: now(), attempts: previousAttempts + 1))
          report.completed.append(step.id)
          tell(.completed)
        } else {
          // Asked to stop: the reason, whatever the step threw on its way out.
          var message = stop?.description ?? ""
          if case .failure(let error)? = result, stop == nil { message = "\(error)" }
          if result == nil {
            message += "; it did not stop within \(UpdateStepStop.text(stopGrace)) and was left running"
          }
          let failure = UpdateStepLog.Failure(
            id: step.id, version: step.version, message: message, attempts: previousAttempts + 1,
            lastAttemptDate: now())
          state.updateSteps.failed.removeAll { $0.id == step.id }
          state.updateSteps.failed.append(failure)
          report.failed = .init(
            id: step.id, version: step.version, message: failure.message, attempts: failure.attempts)
          tell(.failed)
        }
      }
      tx.state = state
      try tx.save()
    }
    return report
  }

  // MARK: - Helpers

  /// Runs `step`'s work (``start(_:context:done:)``), asking it to stop when its time limit
  /// passes or `interrupt` says so, and calling `stopping` as soon as it has asked. Returns how
  /// the work ended (nil: it did not return within ``stopGrace`` of being asked to stop) and why
  /// it was asked to stop, if it was.
  static func perform(
    _ step: UpdateStep, interrupt: () -> UpdateInterrupt?, stopping: () -> Void = {}
  ) -> (result: Result<Void, any Error>?, stop: UpdateStepStop?) {
    let context = UpdateStepContext(timeLimit: step.timeLimit)
    let finished = DispatchSemaphore(value: 0)
    let outcome = WorkOutcome()
    let cancel = start(step.work, context: context) { result in
      outcome.result.withLock { $0 = result }
      finished.signal()
    }
    let clock = ContinuousClock()
    let started = clock.now
    var giveUpAt: ContinuousClock.Instant?
    let interval = Int(pollInterval.components.attoseconds / 1_000_000_000_000_000)
    while finished.wait(timeout: .now() + .milliseconds(interval)) == .timedOut {
      if let giveUpAt {
        if clock.now >= giveUpAt { return (nil, context.stop) }
        continue
      }
      if let limit = step.timeLimit, started.duration(to: clock.now) >= limit {
        context.requestStop(.timeLimit(limit))
      } else if let interrupted = interrupt() {
        context.requestStop(.interrupted(interrupted))
      }
      if context.isCancelled {
        cancel()
        giveUpAt = clock.now.advanced(by: stopGrace)
        stopping()
      }
    }
    return (outcome.result.withLock { $0 }, context.stop)
  }

  /// Starts `work`, which calls `done` with how it ended: a synchronous step on a thread of
  /// its own, an `async` one in a task of its own. Returns what cancels that task (nothing, for
  /// a synchronous step, which only its context asks to stop).
  static func start(
    _ work: UpdateStep.Work, context: UpdateStepContext,
    done: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) -> @Sendable () -> Void {
    switch work {
    case .synchronous(let body):
      DispatchQueue.global().async { done(Result { try body(context) }) }
      return {}
    case .asynchronous(let body):
      let task = Task(executorPreference: StepExecutor()) {
        do {
          try await body(context)
          done(.success(()))
        } catch {
          done(.failure(error))
        }
      }
      return { task.cancel() }
    }
  }

  /// Where an `async` step's task runs: a Dispatch queue of its own, not the cooperative
  /// pool. The thread that waits for the step may be one of that pool's few threads (a
  /// synchronous `greet()` called from async code), as may the host's own tasks; a step's task
  /// queued behind them would never start, and would be stopped by its time limit.
  final class StepExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "update-step")

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      let executor = asUnownedTaskExecutor()
      queue.async { job.runSynchronously(on: executor) }
    }
  }

  /// How a step's work ended, handed from its thread to the runner's.
  private final class WorkOutcome: Sendable {
    let result = Mutex<Result<Void, any Error>?>(nil)
  }
}
