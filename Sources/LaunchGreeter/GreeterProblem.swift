import LaunchTracking
import ReleaseNotes

/// A problem the greeter met and went on past (in ``GreetOutcome/problems``), or one that
/// stopped a call (thrown by ``LaunchGreeter/record(_:)`` and the settings): what it concerns
/// and, where there is one, the file, line or version. Its ``description`` is the one line
/// passed to ``LaunchGreeter/warn``.
///
/// ```swift
/// for problem in greeter.greet().problems where problem.kind == .notes {
///   log("notes: \(problem)")
/// }
/// ```
public struct GreeterProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// What a problem concerns.
  public enum Kind: Sendable, Hashable {
    /// The app's notes: a missing directory, a file that cannot be read or breaks a lint rule.
    case notes
    /// The state directory or its files: unreadable, unwritable, locked, owned by another user.
    case state
    /// The update feed: its cache, a fetch, a download that is not a feed.
    case feed
    /// An update step: a version that is not one, a failure, a time limit.
    case updateStep
    /// The terminal: it could not be opened or asked.
    case terminal
    /// The greeter's settings or the app's variables (`<PREFIX>_NOW`, an app version that
    /// is not a version, an event name that is not one).
    case settings
    /// Anything else.
    case other
  }

  /// What the problem concerns.
  public let kind: Kind
  /// The file it concerns (a notes file, the state file), when one does.
  public let file: String?
  /// The line of ``file`` it concerns, 1-based, when one does.
  public let line: Int?
  /// The version it concerns (a release's notes, an update step's), when one does.
  public let version: AppVersion?
  /// The problem in one line, as ``LaunchGreeter/warn`` receives it.
  public let description: String

  /// A problem of `kind`, worded as `description`.
  package init(
    _ description: String, kind: Kind, file: String? = nil, line: Int? = nil, version: AppVersion? = nil
  ) {
    self.description = description
    self.kind = kind
    self.file = file
    self.line = line
    self.version = version
  }
}

extension GreeterProblem {
  /// The problem `error` with the notes is, with what the greeter did about it after a `;`
  /// (`"left off the what's-new sheet"`), naming the file, line and version the error names.
  init(_ error: ReleaseNotesError, _ consequence: String? = nil) {
    var file: String?
    var line: Int?
    var version: AppVersion?
    switch error {
    case .directoryMissing(let path, _), .notADirectory(let path, _), .unreadable(let path, _),
      .missingFile(let path), .noReleaseNotes(let path):
      file = path
    case .notUTF8(let path, let at), .invalid(let path, let at, _):
      file = path
      line = at
    case .unknownVersion(let unknown, let directory, _):
      file = directory
      version = unknown
    case .invalidRange(let from, _):
      version = from
    case .onlyForOtherChannels(let versions):
      version = versions.first
    case .noContentDirectory:
      break
    }
    self.init(
      consequence.map { "\(error); \($0)" } ?? "\(error)", kind: .notes, file: file, line: line,
      version: version)
  }
}
