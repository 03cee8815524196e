#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The POSIX calls of the package, in one place: files, locks, terminals. The file helpers
/// (`writeAll`, `readAll`/`readFile` with one size cap, `makeDirectories` with one mode) are
/// `package`: the notes catalog and the executable use these, not copies.
package enum Platform {
  /// Calls `body` with the name of a directory entry that `readdir` returned, its bytes read in
  /// place up to the NUL. `d_name` is declared as 256 bytes, but an entry holds only its name:
  /// copying the whole field (`withUnsafeBytes(of: entry.pointee.d_name)`) reads past the end
  /// of `readdir`'s buffer for the last entries (AddressSanitizer: heap-buffer-overflow).
  package static func withName<Result>(
    of entry: UnsafeMutablePointer<dirent>, _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
      let start = UnsafeRawPointer(field)
      return try body(
        UnsafeRawBufferPointer(start: start, count: strlen(start.assumingMemoryBound(to: CChar.self))))
    }
  }

  /// The message for the current `errno`.
  package static func errnoMessage(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
  }

  /// A failed file call: the C library's message, or the size limit's.
  package struct Failure: Error, Equatable {
    package var message: String
    package init(message: String) { self.message = message }
  }

  /// The mode of every directory the package creates (before the umask): private to the user,
  /// as the XDG Base Directory spec asks of the state directory and its missing parents (which
  /// apps a person runs, and when, is theirs). A notes directory made by `import-changelog` is an
  /// author's working copy; git does not record directory modes, and a package installs its own.
  package static let directoryMode: mode_t = 0o700

  /// The largest file read (notes, `render` input, standard input): a bigger one, or one that
  /// never ends (`/dev/zero`), is refused rather than held in memory.
  package static let maximumFileSize = 16 << 20
  /// ``maximumFileSize`` as messages say it.
  package static let maximumFileSizeText = "16 MiB"

  /// Creates `path` and its missing parents (mode ``directoryMode``). Returns an error message
  /// on failure.
  package static func makeDirectories(_ path: String) -> String? {
    let mode = directoryMode
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

  /// `text` as one word for a POSIX shell: as it is when it holds nothing the shell reads
  /// specially, else in single quotes.
  package static func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "/._-+:,@%".unicodeScalars.contains($0)
    }
    if plain && !text.isEmpty { return text }
    return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#)
      + "'"
  }

  /// What ``lock(_:exclusive:waitingAtMost:)`` got.
  enum LockResult: Equatable {
    case locked
    /// Another open file held the lock for the whole wait.
    case busy
    case failed(String)
  }

  /// `flock` that waits at most `wait` for a lock held elsewhere: it tries without blocking,
  /// then again after pauses that grow from 1 ms to 20 ms, until the wait is over.
  static func lock(_ fd: Int32, exclusive: Bool, waitingAtMost wait: Duration) -> LockResult {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: wait)
    var pause = 1
    while true {
      if flock(fd, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 { return .locked }
      let code = errno
      if code == EINTR { continue }
      guard code == EWOULDBLOCK || code == EAGAIN else { return .failed(errnoMessage(code)) }
      if clock.now >= deadline { return .busy }
      sleep(milliseconds: pause)
      pause = min(pause * 2, 20)
    }
  }

  /// Reads `fd` to its end, refusing more than ``maximumFileSize`` bytes. A regular file is
  /// read straight into an array of its size (one more byte shows the end): no second buffer
  /// and no regrowth.
  package static func readAll(_ fd: Int32) throws(Failure) -> [UInt8] {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return try readAll(fd, info: nil) }
    return try readAll(fd, info: info)
  }

  /// ``readAll(_:)`` with the file's `fstat`, when known: a regular file is read into an array
  /// of its size plus one byte, and a read that stops exactly at that size is its end (one
  /// read in all; a file that grew meanwhile fills the extra byte and is read on).
  private static func readAll(_ fd: Int32, info: stat?) throws(Failure) -> [UInt8] {
    let tooLarge = Failure(message: "is larger than \(maximumFileSizeText)")
    if let info, info.st_mode & S_IFMT == S_IFREG {
      if info.st_size > maximumFileSize { throw tooLarge }
      let size = Int(info.st_size)
      var failure: Int32?
      var atEnd = false
      var bytes = [UInt8](repeating: 0, count: size + 1)
      var count = 0
      while count < bytes.count {
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress.map { $0 + count }, $0.count - count) }
        if n == 0 {
          atEnd = true
          break
        }
        if n < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        count += n
        if count == size {
          // Short of the extra byte, at the size fstat gave: the end of the file.
          atEnd = true
          break
        }
      }
      bytes.removeLast(bytes.count - count)
      if let failure { throw Failure(message: errnoMessage(failure)) }
      if atEnd { return bytes }
      // The file grew while it was read: go on below.
      return try readRest(fd, after: bytes, tooLarge: tooLarge)
    }
    return try readRest(fd, after: [], tooLarge: tooLarge)
  }

  private static func readRest(_ fd: Int32, after start: [UInt8], tooLarge: Failure) throws(Failure)
    -> [UInt8]
  {
    var bytes = start
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n == 0 { return bytes }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(message: errnoMessage())
      }
      bytes.append(contentsOf: buffer[0..<n])
      if bytes.count > maximumFileSize { throw tooLarge }
    }
  }

  /// Opens `path` for reading if it is a regular file (after links). Opening does not block,
  /// so a FIFO is refused instead of waiting forever for a writer.
  package static func openRegularFile(_ path: String) throws(Failure) -> Int32 {
    var info = stat()
    return try openRegularFile(path, info: &info)
  }

  /// ``openRegularFile(_:)``, giving the open file's `fstat` in `info`.
  private static func openRegularFile(_ path: String, info: inout stat) throws(Failure) -> Int32 {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw Failure(message: errnoMessage()) }
    guard fstat(fd, &info) == 0 else {
      let message = errnoMessage()
      close(fd)
      throw Failure(message: message)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      return fd
    case S_IFDIR:
      close(fd)
      throw Failure(message: "is a directory")
    default:
      close(fd)
      throw Failure(message: "is not a regular file")
    }
  }

  /// The whole content of the regular file at `path` (``readAll(_:)``'s limit): open, one
  /// `fstat`, one read, close.
  package static func readFile(_ path: String) throws(Failure) -> [UInt8] {
    var info = stat()
    let fd = try openRegularFile(path, info: &info)
    defer { close(fd) }
    return try readAll(fd, info: info)
  }

  // MARK: - Files in a state directory

  /// Opens `path`, a file in a state directory, with `flags` (`O_RDONLY`,
  /// `O_WRONLY | O_CREAT | O_APPEND`, ...) as every such file is opened: never through a
  /// symbolic link (`O_NOFOLLOW`, so neither a link to a file nor one to a missing file is
  /// followed), never waiting on a FIFO or a device (`O_NONBLOCK`, then `fstat` requires a
  /// regular file), closed on `exec`. A new file has mode 0600. The error says what is there
  /// instead (`is a symbolic link`, `is not a regular file`) or gives the C library's message.
  /// A relative `path` is taken in `directory`, an open state directory
  /// (``openStateDirectory(_:create:)``), as are those of the functions below.
  package static func openStateFile(_ path: String, _ flags: Int32, in directory: Int32 = AT_FDCWD)
    throws(Failure) -> Int32
  {
    let fd = openat(directory, path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      let code = errno
      throw Failure(message: foreignKind(path, in: directory) ?? errnoMessage(code))
    }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw Failure(message: "is not a regular file")
    }
    // A regular file: reads and writes never wait, and a child handed it sees plain flags.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }

  /// Creates `path`, a file in a state directory, afresh for writing (mode 0600): whatever is
  /// there (a file left by a killed process, a planted link or FIFO) is removed, and the new
  /// file is made with `O_EXCL | O_NOFOLLOW`, so it is this process's own and nothing else.
  package static func createStateFile(_ path: String, in directory: Int32 = AT_FDCWD) throws(Failure) -> Int32
  {
    unlinkat(directory, path, 0)
    let fd = openat(directory, path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw Failure(message: "cannot create \(path): \(errnoMessage())") }
    fchmod(fd, 0o600)
    return fd
  }

  /// The whole content of `path`, a regular file in a state directory opened as
  /// ``openStateFile(_:_:)`` does (``readAll(_:)``'s limit).
  package static func readStateFile(_ path: String, in directory: Int32 = AT_FDCWD) throws(Failure) -> [UInt8]
  {
    let fd = try openStateFile(path, O_RDONLY, in: directory)
    defer { close(fd) }
    return try readAll(fd)
  }

  /// ``readStateFile(_:)``, or nil when nothing is at `path`.
  package static func readStateFileIfPresent(_ path: String, in directory: Int32 = AT_FDCWD) throws(Failure)
    -> [UInt8]?
  {
    if case .missing = fileKind(path, in: directory) { return nil }
    return try readStateFile(path, in: directory)
  }

  /// Replaces `path`, a file in a state directory, with `bytes`: they are written to
  /// `temporary` (in the same directory, made by ``createStateFile(_:)``), which is renamed
  /// over `path`. A crash leaves the old file or the new one, never a torn one; a rename
  /// replaces a link or FIFO at `path`, never its target. When `durable`, the file is fsynced
  /// before the rename and the directory after it. `beforeRename` runs between the two (the
  /// crash tests aim there).
  package static func replaceFile(
    _ path: String, with bytes: [UInt8], temporary: String, durable: Bool, in directory: Int32 = AT_FDCWD,
    beforeRename: () -> Void = {}
  ) throws(Failure) {
    let fd = try createStateFile(temporary, in: directory)
    var problem = writeAll(fd, bytes)
    if problem == nil && durable && fsync(fd) != 0 { problem = errnoMessage() }
    close(fd)
    if problem == nil {
      beforeRename()
      if renameat(directory, temporary, directory, path) != 0 { problem = errnoMessage() }
    }
    if let problem {
      unlinkat(directory, temporary, 0)
      throw Failure(message: problem)
    }
    if durable {
      if directory == AT_FDCWD { syncDirectory(of: path) } else { fsync(directory) }
    }
  }

  /// Fsyncs the directory holding `path`, so a rename in it lasts.
  package static func syncDirectory(of path: String) {
    let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let fd = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  /// What is at `path` when it is not a regular file or missing: `is a symbolic link` or
  /// `is not a regular file`.
  private static func foreignKind(_ path: String, in directory: Int32) -> String? {
    switch fileKind(path, in: directory) {
    case .symlink: return "is a symbolic link"
    case .other: return "is not a regular file"
    default: return nil
    }
  }

  /// Ignores `SIGXFSZ` for the rest of the process, so that a write past a file-size limit
  /// (`ulimit -f`, `RLIMIT_FSIZE`) fails with `EFBIG` and is reported as one line, instead of
  /// killing the process (exit 153). For an executable's `main` only (`whatsnew`,
  /// `whatsnew-greet`): a signal's disposition is the whole process's, so the `LaunchGreeter`
  /// library, a guest in an app's process, leaves it to the app (setting it around its own
  /// writes would change it for the app's other threads meanwhile). A child that is handed a
  /// shell (update steps) gets the default action back.
  package static func ignoreFileSizeSignal() { signal(SIGXFSZ, SIG_IGN) }

  /// `count` bytes of `fd` from `offset` (fewer at its end), or nil when they cannot be read.
  static func readBytes(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let n = bytes.withUnsafeMutableBytes {
        pread(fd, $0.baseAddress.map { $0 + done }, count - done, off_t(offset + done))
      }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { return nil }
      if n == 0 { break }
      done += n
    }
    bytes.removeLast(count - done)
    return bytes
  }

  /// The byte at `size - 1` in `fd` (a file of `size` bytes), or nil when it cannot be read.
  static func lastByte(of fd: Int32, size: off_t) -> UInt8? {
    var byte: UInt8 = 0
    let n = withUnsafeMutableBytes(of: &byte) { pread(fd, $0.baseAddress, 1, size - 1) }
    return n == 1 ? byte : nil
  }

  // MARK: - Writing

  /// Writes all of `bytes` to `fd`, retrying after a signal. Returns an error message on
  /// failure.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> String? {
    var offset = 0
    while offset < bytes.count {
      let n = write(fd, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
      if n < 0 {
        if errno == EINTR { continue }
        return errnoMessage()
      }
      if n == 0 { return "nothing was written" }
      offset += n
    }
    return nil
  }

  /// Writes all of an array to `fd`, as for a buffer.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> String? {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
  }

  /// Writes all of a string's UTF-8 to `fd`, as for a buffer.
  @discardableResult
  package static func writeAll(_ fd: Int32, _ text: String) -> String? {
    var text = text
    return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
  }

  /// The kind of file at `path`, without following a final symbolic link.
  enum FileKind {
    case missing, regular, symlink, other
    case error(String)
  }

  static func fileKind(_ path: String, in directory: Int32 = AT_FDCWD) -> FileKind {
    var st = stat()
    if fstatat(directory, path, &st, AT_SYMLINK_NOFOLLOW) != 0 {
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
