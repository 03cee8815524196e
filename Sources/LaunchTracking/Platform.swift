#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX calls launch tracking needs, in one place: files, locks, terminals.
enum Platform {
  /// The message for the current `errno`.
  static func errnoMessage(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  /// Creates `path` and its missing parents with `mode`. Returns an error message on failure.
  static func makeDirectories(_ path: String, mode: mode_t = 0o700) -> String? {
    var st = stat()
    if stat(path, &st) == 0 {
      return (st.st_mode & S_IFMT) == S_IFDIR ? nil : "\(path) is not a directory"
    }
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part
      if mkdir(prefix, mode) != 0 && errno != EEXIST {
        return "cannot create \(prefix): \(errnoMessage())"
      }
      prefix += "/"
    }
    if stat(path, &st) != 0 || (st.st_mode & S_IFMT) != S_IFDIR {
      return "\(path) is not a directory"
    }
    return nil
  }

  /// `flock` retried on EINTR. Returns an error message on failure.
  static func lock(_ fd: Int32, exclusive: Bool) -> String? {
    while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 {
      if errno != EINTR { return errnoMessage() }
    }
    return nil
  }

  /// Reads the whole of `fd`.
  static func readAll(_ fd: Int32) -> [UInt8]? {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if n == 0 { return out }
      out.append(contentsOf: buffer[0..<n])
    }
  }

  /// Writes all of `bytes` to `fd`. Returns an error message on failure.
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress?.advanced(by: offset), $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        return errnoMessage()
      }
      offset += n
    }
    return nil
  }

  /// The kind of file at `path`, without following a final symbolic link.
  enum FileKind {
    case missing, regular, symlink, other
    case error(String)
  }

  static func fileKind(_ path: String) -> FileKind {
    var st = stat()
    if lstat(path, &st) != 0 {
      return errno == ENOENT ? .missing : .error(errnoMessage())
    }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFLNK: return .symlink
    default: return .other
    }
  }

  /// Sleeps for `milliseconds`.
  static func sleep(milliseconds: Int) {
    guard milliseconds > 0 else { return }
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  /// True when `fd` is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The current user's home directory: `$HOME`, else the password database.
  static func homeDirectory(environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    if let pw = getpwuid(getuid()), let dir = pw.pointee.pw_dir { return String(cString: dir) }
    return "/"
  }

  /// `seconds` since 1970 as `YYYYMMDDTHHMMSSZ`, for file names.
  static func compactUTC(_ seconds: Double) -> String {
    var t = time_t(seconds.rounded(.down))
    var parts = tm()
    gmtime_r(&t, &parts)
    func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
  }
}
