/// A one-time step a host app runs when it is upgraded, e.g. converting a data file.
///
/// Steps run in version order (declaration order within a version), each once, also when
/// the user skipped versions; see ``UpdateRunner``.
public struct UpdateStep: Sendable {
  /// A unique id; the step is recorded under it.
  public let id: String
  /// The app version that introduced the step; it runs once the app is at least this.
  public let version: AppVersion
  /// One line for progress displays and `--explain`.
  public let summary: String
  /// Whether the step runs on a fresh install. When false, a fresh install records it as
  /// not needed (there is no old data to convert).
  public let runsOnFreshInstall: Bool
  /// Checked just before the step would run; false records it as not needed.
  public let isApplicable: @Sendable () -> Bool
  /// The work. Throwing records the step as failed and stops the steps after it.
  public let work: @Sendable () throws -> Void

  public init(
    id: String, version: AppVersion, summary: String, runsOnFreshInstall: Bool = false,
    isApplicable: @escaping @Sendable () -> Bool = { true },
    work: @escaping @Sendable () throws -> Void
  ) {
    self.id = id
    self.version = version
    self.summary = summary
    self.runsOnFreshInstall = runsOnFreshInstall
    self.isApplicable = isApplicable
    self.work = work
  }
}

/// Progress of an update run, for a progress bar: step `index` of `total`.
public struct UpdateProgress: Sendable, Equatable {
  /// What is happening to the step.
  public enum Phase: Sendable, Equatable {
    case started, completed, notNeeded, failed
  }
  /// 1-based position of the step in this run.
  public let index: Int
  /// How many steps this run considers.
  public let total: Int
  public let id: String
  public let summary: String
  public let phase: Phase
}

/// What one update run did.
public struct UpdateRunReport: Sendable, Equatable {
  /// Ids of the steps completed during this run, in order.
  public var completed: [String] = []
  /// Ids of the steps recorded as not needed during this run.
  public var notNeeded: [String] = []
  /// The step that failed during this run, if any.
  public var failed: Failure?
  /// Ids of the steps left for the next launch because an earlier one failed.
  public var postponed: [String] = []
  /// Why the steps did not run at all, if they did not.
  public var skippedReason: String?

  /// A failed step: its id, version, message and how many attempts it has had.
  public struct Failure: Sendable, Equatable {
    public var id: String
    public var version: AppVersion
    public var message: String
    public var attempts: Int
  }

  public init() {}
}

/// Why a list of update steps was refused.
public enum UpdateStepError: Error, Sendable, Equatable, CustomStringConvertible {
  case duplicateID(String)
  case emptyID(summary: String)

  public var description: String {
    switch self {
    case .duplicateID(let id): return "update step id \"\(id)\" is declared more than once"
    case .emptyID(let summary): return "update step \"\(summary)\" has an empty id"
    }
  }
}
