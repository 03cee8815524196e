import LaunchTracking
import ReleaseNotes

/// The demo's view of its `Content/`: where it is and which versions have notes.
///
/// Found with ``ContentLocation`` (`--content`, `WHATSNEW_CONTENT_DIR`, `./Content`, beside
/// the executable) and listed with the ``ReleaseNotesCatalog``'s index: file names only,
/// no notes file is read on a launch.
struct DemoContent {
  /// The content directory, if one was found.
  let directory: String?
  /// Every version with a notes file, oldest first.
  let versions: [AppVersion]

  /// Finds and lists the content directory. None found is not an error here (the demo can
  /// run with `--app-version`); an explicit directory that does not exist is.
  static func locate(flag: String?) throws -> DemoContent {
    do {
      let directory = try ContentLocation.resolve(option: flag, environment: processEnvironment)
      let index = try ReleaseNotesCatalog(directory: directory).index()
      return DemoContent(directory: directory, versions: index.versions)
    } catch {
      if case .noContentDirectory = error { return DemoContent(directory: nil, versions: []) }
      throw CommandFailure(error.description)
    }
  }

  /// The newest release (non-pre-release) version.
  var newestRelease: AppVersion? { versions.last { !$0.isPrerelease } }

  /// The newest release before `version`.
  func release(before version: AppVersion) -> AppVersion? {
    versions.last { !$0.isPrerelease && $0 < version }
  }
}
