import LaunchTracking

/// Why the catalog could not answer. Every description is one line naming the file,
/// directory or version at fault.
package enum ReleaseNotesError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The content directory does not exist; `origin` says where its path came from.
  case directoryMissing(path: String, origin: String)
  /// The content path exists but is not a directory.
  case notADirectory(path: String, origin: String)
  /// No content directory was given and none was found in the usual places.
  case noContentDirectory(tried: [String])
  /// A directory or file could not be read.
  case unreadable(path: String, reason: String)
  /// A file is not valid UTF-8 (`line` is where the first bad byte is).
  case notUTF8(path: String, line: Int)
  /// There is no notes file for a version.
  case unknownVersion(AppVersion, directory: String, known: [AppVersion])
  /// A range whose start is newer than its end.
  case invalidRange(from: AppVersion, to: AppVersion)
  /// A required file (`onboarding.md`, `welcome-back.md`) is missing.
  case missingFile(path: String)
  /// The directory holds no release notes at all.
  case noReleaseNotes(directory: String)
  /// A file breaks a rule of ``NotesFile/errors``, which lint
  /// reports as an error: `line` is where.
  case invalid(path: String, line: Int, reason: String)
  /// Every release of a range is limited (`channels:`) to channels the app is not on.
  case onlyForOtherChannels([AppVersion])

  package var description: String {
    switch self {
    case .directoryMissing(let path, let origin):
      return "content directory \(path) does not exist (from \(origin))"
    case .notADirectory(let path, let origin):
      return "content path \(path) is not a directory (from \(origin))"
    case .noContentDirectory(let tried):
      return "no Content directory found (tried \(tried.joined(separator: ", ")))"
    case .unreadable(let path, let reason):
      return "cannot read \(path): \(reason)"
    case .notUTF8(let path, let line):
      return "\(path):\(line): not valid UTF-8"
    case .unknownVersion(let version, let directory, let known):
      let hint: String
      if let first = known.first, let last = known.last {
        hint =
          known.count == 1
          ? " (it has only \(first))" : " (it has \(known.count) versions, \(first) to \(last))"
      } else {
        hint = " (it has none)"
      }
      return "no release notes for version \(version) in \(directory)\(hint)"
    case .invalidRange(let from, let to):
      return "the range start \(from) is newer than its end \(to)"
    case .missingFile(let path):
      return "\(path) does not exist"
    case .noReleaseNotes(let directory):
      return "\(directory) holds no release notes (files named like 1.2.0.md)"
    case .invalid(let path, let line, let reason):
      return "\(path):\(line): \(reason)"
    case .onlyForOtherChannels(let versions):
      let names = versions.map(\.description).joined(separator: ", ")
      return
        "\(names) \(versions.count == 1 ? "is" : "are") only for other channels (channels: in front matter)"
    }
  }
}
