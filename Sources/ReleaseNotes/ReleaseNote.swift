import LaunchTracking
import MarkdownSyntax

/// The notes for one version: what its file says, with the front matter split off.
public struct ReleaseNote: Sendable, Equatable {
  /// The version, parsed from the file name.
  public var version: AppVersion
  /// The file's name inside the content directory (`1.2.0.md`).
  public var fileName: String
  /// The `title:` from the front matter, if any.
  public var title: String?
  /// The `date:` from the front matter, if any (as written; lint checks it is `YYYY-MM-DD`).
  public var date: String?
  /// The `importance:` from the front matter, if any and valid (``ReleaseNotesCatalog/effectiveImportance(of:declared:in:)``
  /// gives the importance a release has when its notes do not say).
  public var importance: ReleaseImportance?
  /// The Markdown after the front matter, as written.
  public var markdown: String
  /// The language of the translation the title and notes come from; nil for the default file.
  public var language: String?
  /// True when the default notes are shown to a user whose language the catalog has
  /// translations for, but not this version's: the sheet marks them (``ReleaseNoteText/untranslatedMarker``).
  public var isUntranslated = false
  /// The 1-based line of the file where ``markdown`` starts (add `line - 1` to a line in
  /// ``document`` to get the file's line).
  public var firstBodyLine: Int
  /// ``markdown`` parsed.
  public var document: MarkdownDocument

  public init(
    version: AppVersion, fileName: String, title: String?, date: String?,
    importance: ReleaseImportance? = nil, markdown: String, firstBodyLine: Int = 1,
    document: MarkdownDocument
  ) {
    self.version = version
    self.fileName = fileName
    self.title = title
    self.date = date
    self.importance = importance
    self.markdown = markdown
    self.firstBodyLine = firstBodyLine
    self.document = document
  }

  /// The heading the sheet shows above these notes: `2.1.0 — Daily notes`.
  public var heading: String {
    guard let title, !title.isEmpty else { return version.description }
    return "\(version) — \(title)"
  }
}
