import LaunchTracking
import Synchronization

/// One release as the screens show it: its version, title, date and notes.
///
/// The title and date are either given, or found the first time a screen asks for them
/// (``init(version:notes:details:)``): the what's-new sheet lays out the releases below its
/// first frame only after painting it, so an app can leave reading their files until then.
package struct ReleaseSection: Sendable {
  /// The release's version.
  package var version: AppVersion
  /// The release's title from its front matter, if any.
  package var title: String? {
    get { details.title }
    set { source = .known(title: newValue, date: date) }
  }
  /// The release date as written in its front matter, if any.
  package var date: String? {
    get { details.date }
    set { source = .known(title: title, date: newValue) }
  }
  /// True for a pre-release (`2.0.0-beta.1`).
  package var isPrerelease: Bool { version.isPrerelease }
  /// The rendered notes.
  package var notes: LineSource
  /// Listed by its heading alone, without its notes (a release below the importance the app
  /// asked for).
  package var isBrief = false
  /// A word after the heading, in parentheses (a brief release's importance).
  package var detail: String?

  package init(
    version: AppVersion, title: String? = nil, date: String? = nil, notes: LineSource
  ) {
    self.version = version
    self.source = .known(title: title, date: date)
    self.notes = notes
  }

  /// A release whose title and date come from `details`, called the first time a screen needs
  /// them (its answer is kept).
  package init(
    version: AppVersion, notes: LineSource,
    details: @escaping @Sendable () -> (title: String?, date: String?)
  ) {
    self.version = version
    self.source = .deferred(Deferred(details))
    self.notes = notes
  }

  /// `2.1.0 — Tags and search · 2026-03-01`, as much as is known.
  var heading: String {
    var s = version.description
    let (title, date) = details
    if let title, !title.isEmpty { s += " — " + title }
    if let date, !date.isEmpty { s += " · " + date }
    if let detail, !detail.isEmpty { s += " (" + detail + ")" }
    return s
  }

  // MARK: - Helpers

  /// Where the title and date come from.
  private enum Source: Sendable {
    case known(title: String?, date: String?)
    case deferred(Deferred)
  }

  private var source: Source

  private var details: (title: String?, date: String?) {
    switch source {
    case .known(let title, let date): return (title, date)
    case .deferred(let deferred): return deferred.value
    }
  }

  /// A title and date found once, when first asked for.
  private final class Deferred: Sendable {
    private let find: @Sendable () -> (title: String?, date: String?)
    private let found = Mutex<(title: String?, date: String?)?>(nil)

    init(_ find: @escaping @Sendable () -> (title: String?, date: String?)) {
      self.find = find
    }

    var value: (title: String?, date: String?) {
      if let known = found.withLock({ $0 }) { return known }
      let value = find()
      found.withLock { $0 = value }
      return value
    }
  }
}
