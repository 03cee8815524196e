import MarkdownSyntax

/// A file of the notes (a release's notes, `onboarding.md`, `welcome-back.md`) read once: its
/// front matter split off and typed (``NotesFrontMatter``), its body, and what makes it unusable.
///
/// Lint and the catalog both read a file through this value, so they agree by construction:
/// lint reports each of ``errors`` as an error (`whatsnew lint` fails) and the front matter's
/// warnings beside them; the catalog refuses a file with any error
/// (`ReleaseNotesError.invalid`), so a launch leaves that release off its sheet, or skips that
/// screen, with one problem line instead of showing it.
package struct NotesFile: Sendable {
  /// Where the front matter ends and the body starts.
  package var split: FrontMatterSplit
  /// The front matter, typed.
  package var front: NotesFrontMatter
  /// The text after the front matter.
  package var body: String
  /// What makes the file unusable, in the order of their lines: front matter that is never
  /// closed, the front matter's own errors (a line that is not `key: value`, a bad `date:` or
  /// `importance:`), platform/channel markers that do not pair up (``NotesAudience``), and a
  /// body with nothing in it (``isEmpty``).
  package var errors: [NotesFrontMatter.Issue]

  /// Reads `text`, the file named `fileName` (`1.2.0.md`, `onboarding.md`: it words the
  /// message for an empty body); a tip (`tips/*.md`, `isTip`) also needs an `id:`.
  package init(text: String, fileName: String, isTip: Bool = false) {
    split = FrontMatterParser.split(text)
    front = NotesFrontMatter(split.frontMatter)
    body = String(decoding: text.utf8.dropFirst(split.bodyOffset), as: UTF8.self)
    errors = []
    if split.unclosed {
      errors.append(.init(.error, line: 1, "front matter is never closed: add a line --- after its last key"))
    }
    errors += front.errors
    for problem in NotesAudience.markerProblems(body) {
      errors.append(.init(.error, line: problem.line + split.bodyFirstLine - 1, problem.message))
    }
    if isTip && front.id == nil && front.lines["id"] == nil {
      errors.append(.init(.error, line: 1, "a tip needs an id: add id: <letters a-z, digits and ->"))
    }
    if isEmpty {
      let what =
        switch fileName {
        case _ where isTip: "empty tip: nothing to show"
        case ReleaseNotesCatalog.onboardingFileName: "empty onboarding file"
        case ReleaseNotesCatalog.welcomeBackFileName: "empty welcome-back file"
        default: "empty notes file: the sheet would show nothing for this version"
        }
      errors.append(.init(.error, line: split.bodyFirstLine, what))
    }
  }

  /// True when the body holds nothing to show (white space only).
  package var isEmpty: Bool { body.allSatisfy(\.isWhitespace) }

  /// The front matter's warnings (unknown and repeated keys): lint's alone, a launch ignores
  /// them.
  package var warnings: [NotesFrontMatter.Issue] { front.issues.filter { $0.severity == .warning } }
}
