import LaunchTracking

/// A version in the list of versions: what its front matter says, without its notes.
public struct VersionSummary: Sendable, Equatable {
  public var version: AppVersion
  public var fileName: String
  public var title: String?
  public var date: String?

  public init(version: AppVersion, fileName: String, title: String?, date: String?) {
    self.version = version
    self.fileName = fileName
    self.title = title
    self.date = date
  }
}
