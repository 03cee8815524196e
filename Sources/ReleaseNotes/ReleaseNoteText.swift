import LaunchTracking
import MarkdownSyntax

/// The notes for one version as read from its file, front matter split off, Markdown not yet
/// parsed.
///
/// Reading a notes file is cheap and is where it can fail (unreadable, not UTF-8, or what lint
/// calls an error: ``NotesFile/errors``); parsing
/// cannot fail and costs most. The greeter's sheet reads every release up front (its importance
/// decides how each is shown), so a bad file is reported before anything is shown, and parses
/// each one only when it comes into view (``parsed()``); `notes --from` in a terminal reads
/// them all first too, shows a bad one's error in its place, and reports it after the sheet.
package struct ReleaseNoteText: Sendable, Equatable {
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
  /// `summary:` from the front matter of the file shown (else the default file's): why the
  /// release matters, which a critical one must say.
  package var summary: String?
  /// The word that marks a critical release (`critical-label:`, else "Security"); nil for
  /// any other release.
  package var criticalMark: String?
  /// `actions:` from the front matter of the file shown (a translation words its own labels).
  package var actions: [NotesFrontMatter.Action] = []
  /// The Markdown after the front matter, as written.
  package var markdown: String
  /// The language of the translation the title and notes come from; nil for the default file.
  package var language: String?
  /// True when the default notes are shown to a user whose language the catalog has
  /// translations for, but not this version's: the sheet marks them (``ReleaseNoteText/untranslatedMarker``).
  package var isUntranslated = false
  /// The 1-based line of the file where ``markdown`` starts.
  package var firstBodyLine: Int

  package init(
    version: AppVersion, fileName: String, title: String?, date: String?,
    importance: ReleaseImportance? = nil, markdown: String, firstBodyLine: Int = 1
  ) {
    self.version = version
    self.fileName = fileName
    self.title = title
    self.date = date
    self.importance = importance
    self.markdown = markdown
    self.firstBodyLine = firstBodyLine
  }

  /// The note with its Markdown parsed (as a body: no front matter of its own).
  package func parsed() -> ReleaseNote {
    ReleaseNote(text: self, document: MarkdownParser.parse(markdown, frontMatter: false))
  }

  /// The line a screen shows above notes that are not translated into the user's language
  /// (``isUntranslated``), in the default notes' language as the text below it.
  package static let untranslatedMarker = "(not translated)"

  /// True for a release whose notes declare `importance: critical`: the sheet shows it first,
  /// in full and marked.
  package var isCritical: Bool { importance == .critical }

  /// The Markdown a screen shows: ``markdown``, under ``untranslatedMarker`` in emphasis when
  /// ``isUntranslated``, and under a critical release's ``summary`` in bold.
  package var displayMarkdown: String {
    var text = markdown
    if isCritical, let summary { text = "**" + Self.escapingMarkdown(summary) + "**\n\n" + text }
    if isUntranslated { text = "_\(Self.untranslatedMarker)_\n\n" + text }
    return text
  }

  /// `text` with every ASCII punctuation character backslash-escaped, so Markdown shows it as
  /// written.
  static func escapingMarkdown(_ text: String) -> String {
    var out = ""
    for character in text {
      if let ascii = character.asciiValue, ascii > 32, ascii < 127, !character.isLetter, !character.isNumber {
        out.append("\\")
      }
      out.append(character)
    }
    return out
  }
}
