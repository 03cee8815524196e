/// One release as the screens show it: its version, title, date and notes.
public struct ReleaseSection: Sendable {
  /// The version as written in the content (`2.0.0-beta.1`).
  public var version: String
  /// The release's title from its front matter, if any.
  public var title: String?
  /// The release date as written in its front matter, if any.
  public var date: String?
  public var isPrerelease: Bool
  /// The rendered notes.
  public var notes: LineSource
  /// Listed by its heading alone, without its notes (a release below the importance the app
  /// asked for).
  public var isBrief = false
  /// A word after the heading, in parentheses (a brief release's importance).
  public var detail: String?

  public init(
    version: String, title: String? = nil, date: String? = nil, isPrerelease: Bool = false, notes: LineSource
  ) {
    self.version = version
    self.title = title
    self.date = date
    self.isPrerelease = isPrerelease
    self.notes = notes
  }

  /// `2.1.0 — Tags and search · 2026-03-01`, as much as is known.
  var heading: String {
    var s = version
    if let title, !title.isEmpty { s += " — " + title }
    if let date, !date.isEmpty { s += " · " + date }
    if let detail, !detail.isEmpty { s += " (" + detail + ")" }
    return s
  }
}
