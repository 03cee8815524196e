import LaunchTracking

/// One release as the screens show it: its version, title, date and notes.
///
/// A section holds values only (its notes are a ``LineSource`` over text already read): the
/// caller reads the release's file before building it, so a screen never reads one.
package struct ReleaseSection: Sendable {
  /// The release's version.
  package var version: AppVersion
  /// The release's title from its front matter, if any.
  package var title: String?
  /// The release date as written in its front matter, if any.
  package var date: String?
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
    self.title = title
    self.date = date
    self.notes = notes
  }

  /// `2.1.0 — Tags and search · 2026-03-01`, as much as is known.
  var heading: String {
    var s = version.description
    if let title, !title.isEmpty { s += " — " + title }
    if let date, !date.isEmpty { s += " · " + date }
    if let detail, !detail.isEmpty { s += " (" + detail + ")" }
    return s
  }
}
