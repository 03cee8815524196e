/// Finds the content directory: `--content`, else
/// `WHATSNEW_CONTENT_DIR`, else `./Content`, else `Content` next to the executable.
///
/// An explicitly given directory (option or environment) must exist; the two fallbacks are
/// only tried, and the error lists what was tried.
package enum ContentLocation {
  /// The name of the environment variable that names the content directory.
  package static let environmentKey = "WHATSNEW_CONTENT_DIR"

  /// Resolves the content directory.
  ///
  /// - Parameters:
  ///   - option: the value of `--content`, if given.
  ///   - environment: the process environment (only `WHATSNEW_CONTENT_DIR` is read).
  ///   - currentDirectory: where `./Content` is looked for; the process's by default.
  ///   - executableDirectory: where the executable lives; found from `/proc/self/exe` by default.
  package static func resolve(
    option: String?, environment: [String: String], currentDirectory: String? = nil,
    executableDirectory: String?? = nil
  ) throws(ReleaseNotesError) -> String {
    if let option {
      try requireDirectory(option, origin: "--content")
      return option
    }
    if let env = environment[environmentKey], !env.isEmpty {
      try requireDirectory(env, origin: environmentKey)
      return env
    }
    let cwd = currentDirectory ?? FileSystem.currentDirectory()
    var tried: [String] = []
    let local = joinPath(cwd, "Content")
    if FileSystem.kind(local) == .directory { return currentDirectory == nil ? "Content" : local }
    tried.append(currentDirectory == nil ? "./Content" : local)
    let exeDir = executableDirectory ?? FileSystem.executableDirectory()
    if let exeDir {
      let beside = joinPath(exeDir, "Content")
      if FileSystem.kind(beside) == .directory { return beside }
      tried.append(beside)
    }
    throw .noContentDirectory(tried: tried)
  }

  /// Throws unless `path` is an existing directory.
  package static func requireDirectory(_ path: String, origin: String) throws(ReleaseNotesError) {
    switch FileSystem.kind(path) {
    case .directory: return
    case .missing: throw .directoryMissing(path: path, origin: origin)
    case .file, .other: throw .notADirectory(path: path, origin: origin)
    }
  }
}
