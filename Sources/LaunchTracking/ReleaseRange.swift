/// The releases an upgrade covers: every version `v` with `from < v <= to`, leaving
/// pre-releases out unless `to` is one. The one rule behind the what's-new sheet
/// (``PresentationDecision/notes(after:upTo:in:)``), the notes catalog's ranges and
/// `whatsnew notes --from/--to`.
///
/// ```swift
/// let range = try ReleaseRange(after: "1.0.0", upTo: "2.0.0")
/// range.contains(AppVersion("1.0.0")!)        // false: the user had it
/// range.contains(AppVersion("2.0.0-beta.1")!) // false: 2.0.0 is a release
/// range.contains(AppVersion("2.0.0")!)        // true
/// ```
package struct ReleaseRange: Sendable, Equatable {
  /// The version upgraded from (not in the range); nil: from the oldest.
  package var from: AppVersion?
  /// The version upgraded to (in the range).
  package var to: AppVersion

  /// The range after `from` (nil: from the oldest) up to and including `to`, each written as
  /// text (`"1.0.0"`, `"v2.1"`). Throws when either is not a version.
  package init(after from: String?, upTo to: String) throws(AppVersion.ParseError) {
    self.init(
      after: try from.map(AppVersion.init(parsing:)),
      upTo: try AppVersion(parsing: to))
  }

  /// The range after `from` (nil: from the oldest) up to and including `to`.
  package init(after from: AppVersion?, upTo to: AppVersion) {
    self.from = from
    self.to = to
  }

  /// Whether `from` is newer than `to` (a range nothing can be in, which callers report).
  package var isInverted: Bool {
    guard let from else { return false }
    return from > to
  }

  /// Whether `version` is in the range.
  package func contains(_ version: AppVersion) -> Bool {
    guard version <= to else { return false }
    if let from, version <= from { return false }
    return to.isPrerelease || !version.isPrerelease
  }
}
