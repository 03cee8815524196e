import LaunchTracking

/// One release as the screens show it: its version, title, date and notes.
public struct ReleaseSection: Sendable {
  /// The release's version.
  public var version: AppVersion
  /// The release's title from its front matter, if any.
  public var title: String?
  /// The release date as written in its front matter, if any.
  public var date: String?
  /// True for a pre-release (`2.0.0-beta.1`).
  public var isPrerelease: Bool { version.isPrerelease }
  /// The rendered notes.
  public var notes: LineSource
  /// Listed by its heading alone, without its notes (a release below the importance the app
  /// asked for).
  public var isBrief = false
  /// A word after the heading, in parentheses (a brief release's importance).
  public var detail: String?

  public init(
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
