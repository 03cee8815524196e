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
package enum UpdateRunner {
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
    now: () -> Date, progress: (UpdateProgress) -> Void
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
      if report.failed != nil {
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
      } else {
        tell(.started)
        let previousAttempts = state.updateSteps.failed.first { $0.id == step.id }?.attempts ?? 0
        do {
          try step.work()
          state.updateSteps.failed.removeAll { $0.id == step.id }
          state.updateSteps.completed.append(
            .init(id: step.id, version: step.version, date: now(), attempts: previousAttempts + 1))
          report.completed.append(step.id)
          tell(.completed)
        } catch {
          let failure = UpdateStepLog.Failure(
            id: step.id, version: step.version, message: "\(error)", attempts: previousAttempts + 1,
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
}
