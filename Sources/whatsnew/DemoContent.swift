import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The demo's view of its `Content/`: where it is and which versions have notes.
///
/// Deliberately small: it only lists file names (`<version>.md`). The release-notes
/// catalog is the full model; this can be replaced by it.
struct DemoContent {
  /// The content directory, if one was found.
  let directory: URL?
  /// Every version with a notes file, unsorted.
  let versions: [AppVersion]

  /// Finds the content directory: `--content`, else `WHATSNEW_CONTENT_DIR`, else
  /// `./Content`, else `Content` next to the executable. An explicit directory that does not
  /// exist is an error.
  static func locate(flag: String?) throws -> DemoContent {
    let fm = FileManager.default
    func isDirectory(_ path: String) -> Bool {
      var st = stat()
      return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
    if let explicit = flag
      ?? processEnvironment["WHATSNEW_CONTENT_DIR"].flatMap({
        $0.isEmpty ? nil : $0
      })
    {
      guard isDirectory(explicit) else {
        throw CommandFailure("content directory \(explicit) does not exist")
      }
      return try list(URL(fileURLWithPath: explicit))
    }
    let candidates = [
      fm.currentDirectoryPath + "/Content",
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("Content").path,
    ]
    for path in candidates where isDirectory(path) {
      return try list(URL(fileURLWithPath: path))
    }
    return DemoContent(directory: nil, versions: [])
  }

  private static func list(_ url: URL) throws -> DemoContent {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: url.path)
    } catch {
      throw CommandFailure("cannot list content directory \(url.path)")
    }
    let versions = names.compactMap { name -> AppVersion? in
      guard name.hasSuffix(".md") else { return nil }
      return AppVersion(String(name.dropLast(3)))
    }
    return DemoContent(directory: url, versions: versions)
  }

  /// The newest release (non-pre-release) version.
  var newestRelease: AppVersion? { versions.filter { !$0.isPrerelease }.max() }

  /// The newest release before `version`.
  func release(before version: AppVersion) -> AppVersion? {
    versions.filter { !$0.isPrerelease && $0 < version }.max()
  }
}
