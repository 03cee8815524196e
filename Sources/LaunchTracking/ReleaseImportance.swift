/// How much a release matters to someone upgrading: the `importance:` front matter of its notes,
/// or, when the notes do not say, the size of the version bump to it from the release before.
///
/// The order is `patch < minor < major < critical`, so "at least minor" is
/// `importance >= .minor`. Only the notes make a release `critical` (a version bump never
/// does): the what's-new sheet shows it first and in full whatever the minimum importance, and
/// an update card for it comes back on every launch until the user runs it.
public enum ReleaseImportance: String, Sendable, Codable, CaseIterable, Comparable {
  /// A fix-only release.
  case patch
  /// A release with new features.
  case minor
  /// A release that changes how the app is used.
  case major
  /// A release the user should not skip (a security fix, say): declared as
  /// `importance: critical` with a `summary:` saying why.
  case critical

  /// The importance a bump from `previous` to `version` implies: a new major version is `major`,
  /// a new minor version `minor`, anything smaller (patch, revision, pre-release) `patch`.
  /// The first release (no `previous`) is `major`.
  ///
  /// ```swift
  /// ReleaseImportance.implied(from: AppVersion(1, 2, 3), to: AppVersion(1, 3, 0))  // .minor
  /// ```
  package static func implied(from previous: AppVersion?, to version: AppVersion) -> ReleaseImportance {
    guard let previous else { return .major }
    if version.major != previous.major { return .major }
    if version.minor != previous.minor { return .minor }
    return .patch
  }

  /// Parses the front-matter value (`critical`, `major`, `minor` or `patch`, any case,
  /// surrounding spaces ignored); nil for anything else.
  package init?(frontMatter value: String) {
    let trimmed = value.drop(while: { $0 == " " || $0 == "\t" })
      .reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()
    self.init(rawValue: String(trimmed).lowercased())
  }

  /// Less important first: patch < minor < major < critical.
  public static func < (a: ReleaseImportance, b: ReleaseImportance) -> Bool {
    a.rank < b.rank
  }

  private var rank: Int {
    switch self {
    case .patch: return 0
    case .minor: return 1
    case .major: return 2
    case .critical: return 3
    }
  }
}
