import LaunchGreeter
import LaunchTracking
import ReleaseNotes

/// The demo's view of its notes: where they come from and which versions have notes.
///
/// Found by ``ReleaseNotesCLI/catalog(option:)`` (`--content`, `WHATSNEW_CONTENT_DIR`,
/// `./Content`, beside the executable, else the notes compiled into the binary) and listed
/// with the ``ReleaseNotesCatalog``'s index: file names only, no notes file is read on a launch.
struct DemoContent {
  /// The content directory, or how messages name the built-in notes.
  let origin: String
  /// The notes for the greeter.
  let notes: GreeterNotes
  /// The versions with a notes file (file names only).
  let index: VersionIndex

  /// Every version with a notes file, oldest first.
  var versions: [AppVersion] { index.versions }

  /// Finds and lists the notes. An explicit directory that does not exist is an error.
  static func locate(flag: String?) throws -> DemoContent {
    do {
      let catalog = try ReleaseNotesCLI.catalog(option: flag)
      let index = try catalog.index()
      if catalog.isInMemory {
        return DemoContent(origin: catalog.directory, notes: .compiledIn(CompiledNotes.all), index: index)
      }
      return DemoContent(origin: catalog.directory, notes: .directory(catalog.directory), index: index)
    } catch {
      throw CommandFailure(error.description)
    }
  }

  /// The newest release (non-pre-release) version.
  var newestRelease: AppVersion? { index.newestRelease }

  /// The newest release before `version` (the index's rule, as for importance).
  func release(before version: AppVersion) -> AppVersion? {
    index.previousRelease(before: version)
  }
}
