import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system calls the catalog needs, straight on the C library: listing a
/// directory with `opendir`/`readdir` (no `stat` per entry), reading one file, writing one
/// file. Keeping them here keeps the rest of the target platform-free and fast to start.
package enum FileSystem {
  /// What is at a path.
  package enum Kind: Equatable {
    case missing, file, directory, other
  }

  /// Why a call failed: the C library's message for `errno`.
  package struct Failure: Error, Equatable {
    package var message: String
  }

  /// What `path` is (following symbolic links).
  package static func kind(_ path: String) -> Kind {
    var info = stat()
    guard stat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The names in a directory, without `.` and `..`, in no particular order.
  package static func list(_ path: String) throws(Failure) -> [String] {
    try list(path, suffix: []) { _ in true }
  }

  /// The names in a directory that end in `suffix` and, when `versionPrefix` is given, start
  /// with it (after an optional `v`), compared as bytes before any `String` is made; names
  /// starting with `.` are skipped when filtering. `keep` then filters the strings.
  static func list(
    _ path: String, suffix: [UInt8], versionPrefix: [UInt8]? = nil, keep: (String) -> Bool
  ) throws(Failure) -> [String] {
    guard let dir = opendir(path) else { throw Failure(message: lastError()) }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name: String? = Platform.withName(of: entry) { raw in
        let length = raw.count
        guard length > 0, length >= suffix.count else { return nil }
        if raw[0] == UInt8(ascii: ".") {
          // `.`, `..` and, when filtering, hidden files.
          if !suffix.isEmpty || length == 1 || (length == 2 && raw[1] == UInt8(ascii: ".")) { return nil }
        }
        if !suffix.isEmpty && !raw[(length - suffix.count)..<length].elementsEqual(suffix) { return nil }
        if let versionPrefix {
          var start = 0
          if raw[0] == UInt8(ascii: "v") || raw[0] == UInt8(ascii: "V") { start = 1 }
          guard length - start >= versionPrefix.count,
            raw[start..<(start + versionPrefix.count)].elementsEqual(versionPrefix)
          else { return nil }
        }
        return String(decoding: raw[0..<length], as: UTF8.self)
      }
      if let name, keep(name) { names.append(name) }
    }
    return names
  }

  /// The whole content of a regular file (at most `Platform.maximumFileSize` bytes, the
  /// package's one limit).
  package static func readFile(_ path: String) throws(Failure) -> [UInt8] {
    do { return try Platform.readFile(path) } catch { throw Failure(message: error.message) }
  }

  /// Up to `limit` bytes from the start of a file (for front matter).
  static func readPrefix(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let fd: Int32
    do { fd = try Platform.openRegularFile(path) } catch { throw Failure(message: error.message) }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + filled }, limit - filled) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(message: errno == EISDIR ? "is a directory" : lastError())
      }
      if n == 0 { break }
      filled += n
    }
    return Array(bytes[0..<filled])
  }

  /// Writes `bytes` to `path` (mode 0644). Unless `overwrite`, fails when the file exists.
  package static func writeFile(_ bytes: [UInt8], to path: String, overwrite: Bool) throws(Failure) {
    let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (overwrite ? O_TRUNC : O_EXCL)
    let fd = open(path, flags, 0o644)
    guard fd >= 0 else { throw Failure(message: lastError()) }
    defer { close(fd) }
    if let problem = Platform.writeAll(fd, bytes) { throw Failure(message: problem) }
  }

  /// Creates a directory and its parents when it does not exist yet (`Platform.makeDirectories`).
  package static func makeDirectory(_ path: String) throws(Failure) {
    if let problem = Platform.makeDirectories(path) { throw Failure(message: problem) }
  }

  /// The directory of the running executable (`/proc/self/exe` on Linux), if known.
  static func executableDirectory() -> String? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: 4096)
      let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      if n > 0 {
        let path = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return parentDirectory(of: path)
      }
    #endif
    guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
    return parentDirectory(of: first)
  }

  /// The current working directory.
  static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// Joins a directory and a name with one slash.
func joinPath(_ directory: String, _ name: String) -> String {
  if directory.isEmpty { return name }
  return directory.hasSuffix("/") ? directory + name : directory + "/" + name
}
