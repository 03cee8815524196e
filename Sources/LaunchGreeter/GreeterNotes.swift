import LaunchTracking
import ReleaseNotes

/// Where an app's release notes, walkthrough and welcome-back text come from.
///
/// A notes folder holds `<version>.md` files (`1.0.0.md`, `2.0.0-beta.1.md`, each with
/// optional `title:`/`date:` front matter), `onboarding.md` (each level-1 heading starts a
/// page) and `welcome-back.md` (`{{days}}` becomes the days away). A `<language>/` subfolder
/// (`fr`, `pt-BR`, `zh-Hans`) translates any of those files; the user's language is read from
/// the environment (``GreeterAudience/languages``), and a file without a translation falls back
/// to the default one.
///
/// ```swift
/// let fromBinary = GreeterNotes.compiledIn(CompiledNotes.all)  // the CompileNotes plugin
/// let fromDisk = GreeterNotes.directory("/usr/share/tally/notes")
/// ```
public enum GreeterNotes: Sendable {
  /// Notes held in memory, file name to text: what the `CompileNotes` build-tool plugin
  /// generates from a target's `Notes/` folder, so a single installed binary greets with no
  /// files beside it.
  case compiledIn([String: String])
  /// Notes read from a directory the app names (only the files a screen needs are read).
  case directory(String)

  /// The catalog over these notes, named for messages as `origin` when in memory, reading
  /// translations for `languages` (most preferred first).
  func catalog(origin: String, languages: [String] = []) throws(ReleaseNotesError) -> ReleaseNotesCatalog {
    switch self {
    case .compiledIn(let files):
      return ReleaseNotesCatalog(files: files, origin: origin, languages: languages)
    case .directory(let path): return try ReleaseNotesCatalog(directory: path, languages: languages)
    }
  }
}
