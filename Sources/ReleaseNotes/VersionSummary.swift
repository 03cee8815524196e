import LaunchTracking

/// A version in the list of versions: what its front matter says, without its notes.
package struct VersionSummary: Sendable, Equatable {
  /// The version, parsed from the file name.
  package var version: AppVersion
  /// The file's name inside the content directory (`1.2.0.md`).
  package var fileName: String
  /// The `title:` from the front matter, if any.
  package var title: String?
  /// The `date:` from the front matter, if any and a real day (`YYYY-MM-DD`), as written.
  package var date: String?
  /// The `importance:` from the front matter, if any and valid.
  package var importance: ReleaseImportance?
  /// The importance the release has: ``importance``, else the one the version bump from the
  /// previous release in the catalog implies (``ReleaseNotesCatalog/effectiveImportance(of:declared:in:)``).
  package var effectiveImportance: ReleaseImportance

  package init(
    version: AppVersion, fileName: String, title: String?, date: String?,
    importance: ReleaseImportance?, effectiveImportance: ReleaseImportance
  ) {
    self.version = version
    self.fileName = fileName
    self.title = title
    self.date = date
    self.importance = importance
    self.effectiveImportance = effectiveImportance
  }
}
