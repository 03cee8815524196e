import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the user installed the app, as the update card's upgrade command depends on it
/// (``GreeterFeed/upgradeCommands``), read from where the running executable lives.
///
/// ```swift
/// greeter.feed?.upgradeCommands = [.brew: "brew upgrade tally", .pipx: "pipx upgrade tally"]
/// greeter.feed?.managedBy = [.apt]  // the distribution updates it: no card for apt installs
/// ```
public enum InstallMethod: String, Sendable, CaseIterable, Hashable {
  /// Homebrew: the executable is under a Homebrew prefix or its Cellar.
  case brew
  /// pipx: the executable is in a pipx virtual environment.
  case pipx
  /// pip: the executable is in a Python environment's scripts directory.
  case pip
  /// A Debian package: dpkg lists the executable's path (`apt`).
  case apt
  /// npm: the executable is in a global `node_modules`.
  case npm
}

/// Reads the file system for ``InstallMethodDetector``: paths only, nothing run. Tests give a
/// fake tree.
package protocol InstallFileSystem: Sendable {
  /// The path with every symbolic link resolved, or nil when it does not exist.
  func resolved(_ path: String) -> String?
  /// Whether something exists at `path`.
  func exists(_ path: String) -> Bool
  /// The names in a directory, or nil when it cannot be listed.
  func names(in directory: String) -> [String]?
  /// At most `limit` bytes of a file, or nil when it cannot be read.
  func contents(of path: String, limit: Int) -> [UInt8]?
  /// Whether a marker in `directory` can be trusted: the directory belongs to this user or
  /// root and neither its group nor others can write to it
  /// (``InstallMethodDetector/trusts(owner:mode:user:)``).
  func isTrusted(_ directory: String) -> Bool
}

/// Picks the ``InstallMethod`` from where the running executable lives, reading paths only
/// (no package manager is run, so a launch waits for none):
///
/// - **brew**: the path, or the one its links lead to, is under `$HOMEBREW_PREFIX`,
///   `$HOMEBREW_CELLAR`, `/opt/homebrew`, `/home/linuxbrew/.linuxbrew` or a `Cellar`
///   (`/usr/local/Cellar`: `/usr/local/bin` alone is not Homebrew's);
/// - **pipx**: under `$PIPX_HOME/venvs`, `~/.local/pipx/venvs` or `~/.local/share/pipx/venvs`;
/// - **npm**: in a global `…/lib/node_modules/`;
/// - **apt**: dpkg lists the path for a package whose name holds the executable's name
///   (`<dpkgInfo>/*.list`, at most ``dpkgFileLimit`` files of at most 1 MiB each);
/// - **pip**: a `pyvenv.cfg` in a directory above the executable, or a
///   `lib/python*/site-packages` beside its scripts directory.
///
/// A marker (`pyvenv.cfg`, `site-packages`, dpkg's lists) counts only in a directory that
/// only this user or root can change (``InstallFileSystem/isTrusted(_:)``): a `pyvenv.cfg`
/// planted in a directory others can write to (`/tmp`, a shared tree) is not believed.
///
/// The first that holds wins, in that order (a pipx environment also has a `pyvenv.cfg`).
package struct InstallMethodDetector: Sendable {
  /// What was found and why, for `--explain`.
  package struct Detection: Sendable, Equatable {
    package var method: InstallMethod?
    package var reason: String
  }

  package var fileSystem: any InstallFileSystem
  /// `HOME`, `HOMEBREW_PREFIX`, `HOMEBREW_CELLAR`, `PIPX_HOME`.
  package var environment: [String: String]
  /// dpkg's list directory.
  package var dpkgInfo = "/var/lib/dpkg/info"
  /// The most dpkg list files read for one detection.
  package static let dpkgFileLimit = 16

  package init(fileSystem: any InstallFileSystem, environment: [String: String]) {
    self.fileSystem = fileSystem
    self.environment = environment
  }

  /// How the executable at `path` was installed (nil method: none of the known ways).
  package func detect(executable path: String) -> Detection {
    let real = fileSystem.resolved(path) ?? path
    let paths = real == path ? [path] : [path, real]
    for (prefix, name) in homebrewPrefixes() {
      if let hit = paths.first(where: { $0.hasPrefix(prefix) }) {
        return Detection(method: .brew, reason: "\(hit) is under \(name)")
      }
    }
    if let hit = paths.first(where: { $0.contains(text: "/Cellar/") }) {
      return Detection(method: .brew, reason: "\(hit) is in a Homebrew Cellar")
    }
    for prefix in pipxPrefixes() {
      if let hit = paths.first(where: { $0.hasPrefix(prefix) }) {
        return Detection(method: .pipx, reason: "\(hit) is in a pipx environment (\(prefix))")
      }
    }
    if let hit = paths.first(where: { $0.contains(text: "/lib/node_modules/") }) {
      return Detection(method: .npm, reason: "\(hit) is in a global node_modules")
    }
    if let (listed, package) = dpkgPackage(listing: paths) {
      return Detection(method: .apt, reason: "dpkg lists \(listed) in package \(package)")
    }
    if let reason = pythonEnvironment(of: real) {
      return Detection(method: .pip, reason: reason)
    }
    return Detection(method: nil, reason: "\(real) is not in a known package manager's place")
  }

  // MARK: - Helpers

  private func homebrewPrefixes() -> [(String, String)] {
    var prefixes: [(String, String)] = []
    for name in ["HOMEBREW_PREFIX", "HOMEBREW_CELLAR"] {
      if let value = environment[name], value.hasPrefix("/"), value.count > 1 {
        prefixes.append((directoryPrefix(value), "$\(name) (\(value))"))
      }
    }
    for path in ["/opt/homebrew", "/home/linuxbrew/.linuxbrew"] {
      prefixes.append((path + "/", path))
    }
    return prefixes
  }

  private func pipxPrefixes() -> [String] {
    var prefixes: [String] = []
    if let pipx = environment["PIPX_HOME"], pipx.hasPrefix("/") {
      prefixes.append(directoryPrefix(pipx) + "venvs/")
    }
    if let home = environment["HOME"], home.hasPrefix("/"), home.count > 1 {
      let home = directoryPrefix(home)
      prefixes += [home + ".local/pipx/venvs/", home + ".local/share/pipx/venvs/"]
    }
    return prefixes
  }

  /// Whether a directory owned by `owner` with `mode` may hold a marker for `user`: it belongs
  /// to the user or root, and neither its group nor others can write to it (a sticky bit does
  /// not help: anyone may create a new name in `/tmp`).
  package static func trusts(owner: UInt32, mode: UInt32, user: UInt32) -> Bool {
    (owner == user || owner == 0) && mode & 0o022 == 0
  }

  /// The package whose dpkg list holds one of `paths`, among the packages whose name holds
  /// the executable's name: one directory listing and at most ``dpkgFileLimit`` files.
  private func dpkgPackage(listing paths: [String]) -> (path: String, package: String)? {
    let base = baseName(paths[0]).lowercased()
    guard !base.isEmpty, fileSystem.isTrusted(dpkgInfo), let names = fileSystem.names(in: dpkgInfo) else {
      return nil
    }
    // The package named as the executable first (`tally.list`, `tally:amd64.list`).
    let candidates = names.filter { $0.hasSuffix(".list") && $0.lowercased().contains(text: base) }.sorted {
      let (a, b) = (packageName($0).lowercased() == base, packageName($1).lowercased() == base)
      return a != b ? a : $0 < $1
    }
    let wanted = Set(paths)
    for name in candidates.prefix(Self.dpkgFileLimit) {
      guard let bytes = fileSystem.contents(of: dpkgInfo + "/" + name, limit: 1 << 20) else { continue }
      let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
      if let listed = lines.first(where: wanted.contains) { return (listed, packageName(name)) }
    }
    return nil
  }

  /// `tally` for `tally:amd64.list`.
  private func packageName(_ listName: String) -> String {
    let package = listName.dropLast(".list".count)
    return String(package.split(separator: ":").first ?? package)
  }

  /// Why `path` is in a Python environment (a `pyvenv.cfg` above it, or `site-packages`
  /// beside its directory), or nil.
  private func pythonEnvironment(of path: String) -> String? {
    var directory = parent(path)
    while directory != "/" && !directory.isEmpty {
      if fileSystem.exists(directory + "/pyvenv.cfg"), fileSystem.isTrusted(directory) {
        return "\(directory)/pyvenv.cfg is above \(path)"
      }
      directory = parent(directory)
    }
    let environment = parent(parent(path))
    guard environment != "/", !environment.isEmpty, fileSystem.isTrusted(environment) else { return nil }
    let lib = environment + "/lib"
    guard fileSystem.isTrusted(lib) else { return nil }
    for name in (fileSystem.names(in: lib) ?? []).sorted() where name.hasPrefix("python") {
      if fileSystem.exists(lib + "/" + name + "/site-packages"), fileSystem.isTrusted(lib + "/" + name) {
        return "\(lib)/\(name)/site-packages is beside \(parent(path))"
      }
    }
    return nil
  }

  private func directoryPrefix(_ path: String) -> String {
    path.hasSuffix("/") ? path : path + "/"
  }

  private func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  private func baseName(_ path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }
}

/// The system's file system, for ``InstallMethodDetector``.
package struct SystemInstallFileSystem: InstallFileSystem {
  package init() {}

  package func resolved(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  package func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  package func isTrusted(_ directory: String) -> Bool {
    var info = stat()
    guard stat(directory, &info) == 0 else { return false }
    return InstallMethodDetector.trusts(owner: info.st_uid, mode: UInt32(info.st_mode), user: geteuid())
  }

  package func names(in directory: String) -> [String]? {
    guard let stream = opendir(directory) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = Platform.withName(of: entry) { String(decoding: $0, as: UTF8.self) }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  package func contents(of path: String, limit: Int) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while bytes.count < limit {
      let count = buffer.withUnsafeMutableBytes {
        read(fd, $0.baseAddress, min($0.count, limit - bytes.count))
      }
      guard count > 0 else { break }
      bytes += buffer.prefix(count)
    }
    return bytes
  }
}
