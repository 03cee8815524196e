import LaunchTracking
import MarkdownSyntax

/// The notes for one version: what its file says (``text``, front matter split off) and its
/// Markdown parsed. Every field of ``ReleaseNoteText`` reads through: `note.version`,
/// `note.title`, `note.markdown`.
@dynamicMemberLookup
package struct ReleaseNote: Sendable, Equatable {
  /// The file as read: version, file name, front matter and Markdown.
  package var text: ReleaseNoteText
  /// ``ReleaseNoteText/markdown`` parsed (add `firstBodyLine - 1` to a line in it to get the
  /// file's line).
  package var document: MarkdownDocument

  /// A note of `text` whose Markdown parses to `document`.
  package init(text: ReleaseNoteText, document: MarkdownDocument) {
    self.text = text
    self.document = document
  }

  /// A note from its parts (as ``ReleaseNoteText/init(version:fileName:title:date:importance:markdown:firstBodyLine:)``).
  package init(
    version: AppVersion, fileName: String, title: String?, date: String?,
    importance: ReleaseImportance? = nil, markdown: String, firstBodyLine: Int = 1,
    document: MarkdownDocument
  ) {
    self.init(
      text: ReleaseNoteText(
        version: version, fileName: fileName, title: title, date: date, importance: importance,
        markdown: markdown, firstBodyLine: firstBodyLine),
      document: document)
  }

  /// A field of ``text``.
  package subscript<Value>(dynamicMember keyPath: WritableKeyPath<ReleaseNoteText, Value>) -> Value {
    get { text[keyPath: keyPath] }
    set { text[keyPath: keyPath] = newValue }
  }

  /// The heading the sheet shows above these notes: `2.1.0 — Daily notes`, and
  /// `[Security] 2.1.1 — Token fix` for a critical release.
  package var heading: String {
    let mark = text.criticalMark.map { "[\($0)] " } ?? ""
    guard let title = text.title, !title.isEmpty else { return mark + text.version.description }
    return "\(mark)\(text.version) — \(title)"
  }
}
