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
  /// The release's "try it" actions from its front matter: while it is on the what's-new
  /// sheet, each one's key ends the sheet with its id.
  package var actions: [ReleaseAction] = []
  /// True for a pre-release (`2.0.0-beta.1`).
  package var isPrerelease: Bool { version.isPrerelease }
  /// The rendered notes.
  package var notes: LineSource
  /// Listed by its heading alone, without its notes (a release below the importance the app
  /// asked for).
  package var isBrief = false
  /// A word after the heading, in parentheses (a brief release's importance).
  package var detail: String?
  /// The word that marks a critical release (`Security`), shown in brackets before its
  /// heading; nil for any other release.
  package var mark: String?

  package init(
    version: AppVersion, title: String? = nil, date: String? = nil, actions: [ReleaseAction] = [],
    notes: LineSource, mark: String? = nil
  ) {
    self.mark = mark
    self.version = version
    self.title = title
    self.date = date
    self.actions = actions
    self.notes = notes
  }

  /// `[Security] ` for a marked release (``mark``), else "".
  var markPrefix: String { mark.map { "[\($0)] " } ?? "" }

  /// `2.1.0 — Tags and search · 2026-03-01`, as much as is known, after ``markPrefix``.
  var heading: String { markPrefix + unmarkedHeading }

  /// ``heading`` without the mark.
  var unmarkedHeading: String {
    var s = version.description
    if let title, !title.isEmpty { s += " — " + title }
    if let date, !date.isEmpty { s += " · " + date }
    if let detail, !detail.isEmpty { s += " (" + detail + ")" }
    return s
  }
}

/// A release's "try it" action on the what's-new sheet: a key, the id the sheet ends with
/// (``ScreenEffect/releaseAction(id:dismissed:)``) and the footer's words for it.
package struct ReleaseAction: Sendable, Hashable {
  package var key: Character
  package var id: String
  package var label: String

  package init(key: Character, id: String, label: String) {
    self.key = key
    self.id = id
    self.label = label
  }
}
