/// Why an import wrote nothing (or stopped). Each description is one line naming the file.
package enum ChangelogImportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The changelog has no version headings.
  case noVersions(changelog: String)
  /// A file for a version exists already and `--force` was not given.
  case exists(path: String, version: String)
  /// The target exists and is not a directory.
  case notADirectory(path: String)
  /// A file or the directory could not be written.
  case cannotWrite(path: String, reason: String)
  /// The input could not be read; the message names the file.
  case cannotRead(String)
  /// A GitHub Releases file that is not a JSON array of releases.
  case badReleases(source: String, reason: String)
  /// A GitHub Releases file or changie directory with no release to import.
  case noReleases(source: String)

  package var description: String {
    switch self {
    case .noVersions(let changelog):
      return "\(changelog) has no version headings (like ## 1.2.3 or ## [1.2.3] - 2024-01-02)"
    case .exists(let path, let version):
      return "\(path) already holds the notes for \(version); nothing was written (pass --force to overwrite)"
    case .notADirectory(let path):
      return "\(path) is not a directory"
    case .cannotWrite(let path, let reason):
      return "cannot write \(path): \(reason)"
    case .cannotRead(let message):
      return message
    case .badReleases(let source, let reason):
      return
        "\(source): \(reason) (expected a JSON array of GitHub releases, as gh api repos/OWNER/REPO/releases prints)"
    case .noReleases(let source):
      return "\(source) has no release to import (drafts are skipped)"
    }
  }
}
