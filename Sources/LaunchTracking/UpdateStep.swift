import Synchronization

/// A one-time step a host app runs when it is upgraded, e.g. converting a data file.
///
/// Steps run in version order (declaration order within a version), each once, also when
/// the user skipped versions; see `UpdateRunner`.
///
/// A step's work is synchronous or `async`. A synchronous step runs on a thread of its own; an
/// `async` one runs in a `Task` of its own, so it can await the app's async APIs:
///
/// ```swift
/// UpdateStep(id: "move-db", version: "2.0.0", summary: "Moving the database") {
///   try await database.migrate()  // cancelled by Ctrl-C, as any task is
/// }
/// ```
///
/// A step never holds up a launch for good: it has a ``timeLimit`` (``defaultTimeLimit``, a
/// minute, unless the app gives another), and Ctrl-C stops it. Either way its
/// ``UpdateStepContext`` says so, and an `async` step's task is cancelled: its
/// `withTaskCancellationHandler` handlers run, and `Task.sleep`, `Task.checkCancellation()` and
/// whatever else checks cancellation throw at once. A synchronous step that takes a while
/// checks ``UpdateStepContext/checkCancellation()`` between units of work (or reads
/// ``UpdateStepContext/stop``, or kills the process it waits for). The step is then recorded as
/// failed (`ran past its time limit of 60 s`, `interrupted`) and retried on the next launch. A
/// step that does not stop within 2 seconds of being asked (the progress screen says
/// "Stopping…" meanwhile) is left running on its thread or in its task, recorded as failed all
/// the same, and the launch goes on.
public struct UpdateStep: Sendable {
  /// How long a step may run unless it says otherwise: 60 seconds.
  public static let defaultTimeLimit: Duration = .seconds(60)

  /// A unique id; the step is recorded under it.
  package let id: String
  /// The app version that introduced the step; it runs once the app is at least this.
  package let version: AppVersion
  /// One line for progress displays and `--explain`.
  package let summary: String
  /// Whether the step runs on a fresh install. When false, a fresh install records it as
  /// not needed (there is no old data to convert).
  package let runsOnFreshInstall: Bool
  /// How long the step may run before it is asked to stop; nil: no limit (only Ctrl-C stops it).
  package let timeLimit: Duration?
  /// Checked just before the step would run; false records it as not needed.
  package let isApplicable: @Sendable () -> Bool
  /// The work, run while the runner watches the clock and the keyboard. Throwing records the
  /// step as failed and stops the steps after it.
  package let work: Work
  /// The version as the app wrote it, when that is not a version: the greeter does not run such a step, and says so in one problem line.
  package private(set) var unparsedVersion: String?

  /// A step for a version written as text (`"2.0.0"`, `"v2.1"`), whose work reads its
  /// ``UpdateStepContext``. Text that is not a version makes a step the greeter does not run
  /// (``unparsedVersion``), with one problem line naming the step.
  ///
  /// ```swift
  /// let step = UpdateStep(id: "move-db", version: "2.0.0", summary: "Moving the database") { context in
  ///   try context.checkCancellation()
  /// }
  /// ```
  public init(
    id: String, version: String, summary: String, runsOnFreshInstall: Bool = false,
    timeLimit: Duration? = Self.defaultTimeLimit,
    isApplicable: @escaping @Sendable () -> Bool = { true },
    work: @escaping @Sendable (UpdateStepContext) throws -> Void
  ) {
    self.init(
      id: id, version: version, summary: summary, runsOnFreshInstall: runsOnFreshInstall,
      timeLimit: timeLimit, isApplicable: isApplicable, work: Work.synchronous(work))
  }

  /// A step for a version written as text whose work is `async`: it runs in a `Task` of its
  /// own, which Ctrl-C, a termination signal or the time limit cancels (its
  /// ``UpdateStepContext`` says which). Text that is not a version makes a step the greeter
  /// does not run.
  ///
  /// ```swift
  /// let step = UpdateStep(id: "upload", version: "2.0.0", summary: "Uploading the drafts") { context in
  ///   for draft in try drafts() {
  ///     try context.checkCancellation()  // says why: "interrupted (Ctrl-C)", a time limit
  ///     try await upload(draft)
  ///   }
  /// }
  /// ```
  public init(
    id: String, version: String, summary: String, runsOnFreshInstall: Bool = false,
    timeLimit: Duration? = Self.defaultTimeLimit,
    isApplicable: @escaping @Sendable () -> Bool = { true },
    work: @escaping @Sendable (UpdateStepContext) async throws -> Void
  ) {
    self.init(
      id: id, version: version, summary: summary, runsOnFreshInstall: runsOnFreshInstall,
      timeLimit: timeLimit, isApplicable: isApplicable, work: Work.asynchronous(work))
  }

  /// A step for a version written as text whose `async` work needs no context: it stops
  /// through its task's cancellation (`Task.checkCancellation()`, `Task.sleep`,
  /// `withTaskCancellationHandler`). Text that is not a version makes a step the greeter does
  /// not run.
  public init(
    id: String, version: String, summary: String, runsOnFreshInstall: Bool = false,
    timeLimit: Duration? = Self.defaultTimeLimit,
    isApplicable: @escaping @Sendable () -> Bool = { true },
    work: @escaping @Sendable () async throws -> Void
  ) {
    self.init(
      id: id, version: version, summary: summary, runsOnFreshInstall: runsOnFreshInstall,
      timeLimit: timeLimit, isApplicable: isApplicable, work: Work.asynchronous { _ in try await work() })
  }

  private init(
    id: String, version: String, summary: String, runsOnFreshInstall: Bool, timeLimit: Duration?,
    isApplicable: @escaping @Sendable () -> Bool, work: Work
  ) {
    let parsed = AppVersion(version)
    self.id = id
    self.version = parsed ?? AppVersion(0, 0, 0)
    self.summary = summary
    self.runsOnFreshInstall = runsOnFreshInstall
    self.timeLimit = timeLimit
    self.isApplicable = isApplicable
    self.work = work
    if parsed == nil { unparsedVersion = version }
  }

  /// A step for a version written as text, whose work is quick enough not to check whether it
  /// should stop; text that is not a version makes a step the greeter does not run.
  public init(
    id: String, version: String, summary: String, runsOnFreshInstall: Bool = false,
    timeLimit: Duration? = Self.defaultTimeLimit,
    isApplicable: @escaping @Sendable () -> Bool = { true },
    work: @escaping @Sendable () throws -> Void
  ) {
    self.init(
      id: id, version: version, summary: summary, runsOnFreshInstall: runsOnFreshInstall,
      timeLimit: timeLimit, isApplicable: isApplicable, work: { _ in try work() })
  }

  /// A step's work: a synchronous function, run on a thread of its own, or an `async` one, run
  /// in a task of its own that stopping the step cancels.
  package enum Work: Sendable {
    /// Work that blocks its thread until it returns.
    case synchronous(@Sendable (UpdateStepContext) throws -> Void)
    /// Work that runs in a task of its own.
    case asynchronous(@Sendable (UpdateStepContext) async throws -> Void)
  }
}

/// What a running step can ask: whether it has been asked to stop, and why. Thread-safe.
///
/// When an `async` step is asked to stop, its task is cancelled as well, so
/// `Task.isCancelled` and this context agree.
public final class UpdateStepContext: Sendable {
  /// The step's time limit in this run, nil for none.
  package let timeLimit: Duration?

  private let requested = Mutex<UpdateStepStop?>(nil)

  /// A context for a step with `timeLimit` (the runner makes these; a test of a step may too).
  package init(timeLimit: Duration? = nil) {
    self.timeLimit = timeLimit
  }

  /// Why the step has been asked to stop, or nil while it may go on.
  package var stop: UpdateStepStop? { requested.withLock { $0 } }

  /// True once the step has been asked to stop.
  public var isCancelled: Bool { stop != nil }

  /// Throws the reason to stop, once there is one: call it between units of work.
  public func checkCancellation() throws(UpdateStepStop) {
    if let stop { throw stop }
  }

  /// Asks the step to stop for `reason` (the first reason given stays).
  package func requestStop(_ reason: UpdateStepStop) {
    requested.withLock { if $0 == nil { $0 = reason } }
  }
}

/// Ctrl-C (`signal` nil) or a termination signal, which stops the running step and the
/// steps after it.
public struct UpdateInterrupt: Sendable, Equatable {
  /// The signal, or nil for Ctrl-C.
  public package(set) var signal: Int32?

  /// An interrupt by `signal` (nil: Ctrl-C).
  package init(signal: Int32?) {
    self.signal = signal
  }

  /// Ctrl-C.
  package static let ctrlC = UpdateInterrupt(signal: nil)
}

/// Why a running step was asked to stop; as an error, what its failure records.
public enum UpdateStepStop: Error, Sendable, Equatable, CustomStringConvertible {
  /// It ran past its time limit.
  case timeLimit(Duration)
  /// Ctrl-C or a termination signal.
  case interrupted(UpdateInterrupt)

  /// What the step's failure records: `stopped: it ran past its time limit of 60 s`,
  /// `interrupted (Ctrl-C)`, `interrupted by signal 15`.
  public var description: String {
    switch self {
    case .timeLimit(let limit): return "stopped: it ran past its time limit of \(Self.text(limit))"
    case .interrupted(let interrupt):
      return interrupt.signal.map { "interrupted by signal \($0)" } ?? "interrupted (Ctrl-C)"
    }
  }

  /// `60 s`, or `250 ms` under a second.
  static func text(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if seconds >= 1 && attoseconds == 0 { return "\(seconds) s" }
    if seconds >= 1 { return "\(Double(seconds) + Double(attoseconds) / 1e18) s" }
    return "\(attoseconds / 1_000_000_000_000_000) ms"
  }
}

/// Progress of an update run, for a progress bar: step `index` of `total`.
package struct UpdateProgress: Sendable, Equatable {
  /// What is happening to the step.
  package enum Phase: Sendable, Equatable {
    /// The step began to run.
    case started
    /// The step was asked to stop (Ctrl-C, a termination signal, its time limit) and has not
    /// returned yet: told at once, so a progress display can say so while the step has up to
    /// 2 s (`UpdateRunner.stopGrace`) to return before it is left running.
    case stopping
    /// The step ran to its end.
    case completed
    /// The step's `isApplicable` said this install does not need it.
    case notNeeded
    /// The step threw, ran past its time limit or was interrupted.
    case failed
  }
  /// 1-based position of the step in this run.
  package let index: Int
  /// How many steps this run considers.
  package let total: Int
  /// The step's id.
  package let id: String
  /// The step's one-line summary, as the progress screen shows it.
  package let summary: String
  /// What is happening to the step.
  package let phase: Phase
}

/// What one update run did.
public struct UpdateRunReport: Sendable, Equatable {
  /// Ids of the steps completed during this run, in order.
  public package(set) var completed: [String] = []
  /// Ids of the steps recorded as not needed during this run.
  public package(set) var notNeeded: [String] = []
  /// The step that failed during this run, if any.
  public package(set) var failed: Failure?
  /// Ids of the steps left for the next launch because an earlier one failed or the run was
  /// interrupted.
  package var postponed: [String] = []
  /// Set when Ctrl-C or a termination signal stopped the run (the step running then is in
  /// ``failed``, the rest in ``postponed``).
  package var interrupted: UpdateInterrupt?
  /// Why the steps did not run at all, if they did not.
  package var skippedReason: String?

  /// A failed step: its id, version, message and how many attempts it has had.
  public struct Failure: Sendable, Equatable {
    /// The step's id.
    public package(set) var id: String
    /// The version the step belongs to.
    public package(set) var version: AppVersion
    /// Why it failed, one line.
    public package(set) var message: String
    /// How many launches have tried it, this one included.
    package var attempts: Int
  }

  /// A run that did nothing (yet).
  package init() {}
}

/// Why a list of update steps was refused.
package enum UpdateStepError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Two steps share this id.
  case duplicateID(String)
  /// The step with this summary has an empty id.
  case emptyID(summary: String)

  /// One line naming the step.
  package var description: String {
    switch self {
    case .duplicateID(let id): return "update step id \"\(id)\" is declared more than once"
    case .emptyID(let summary): return "update step \"\(summary)\" has an empty id"
    }
  }
}
