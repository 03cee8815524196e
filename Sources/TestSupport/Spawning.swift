import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Keeping the test runner's file descriptors out of the processes the tests start. The tests
/// run in parallel threads of one process, so a descriptor one test has open (a pipe it reads
/// to its end, a file it is writing) must not live on in a child another test starts: least of
/// all in a tmux server, a daemon that keeps what it inherits. An executable still open for
/// writing in some process cannot be run ("Text file busy").
package enum Spawning {
  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc
  /// module does not declare (it is a GNU extension), looked up at run time.
  private static let closeFrom: CloseFrom? = {
    guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
    return unsafeBitCast(symbol, to: CloseFrom.self)
  }()

  /// Adds "close every descriptor from 3 up" to `actions` (after the actions that set up 0, 1
  /// and 2). Returns false when this C library cannot.
  @discardableResult
  package static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) -> Bool {
    guard let closeFrom else { return false }
    return closeFrom(&actions, 3) == 0
  }

  /// Copies the executable at `source` to `destination` (mode 0755), writing through a
  /// descriptor that no child started meanwhile inherits (`O_CLOEXEC`), so the copy can be run
  /// at once.
  package static func copyExecutable(from source: String, to destination: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
    let fd = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination])
    }
    defer { close(fd) }
    try bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, base + offset, buffer.count - offset)
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination]) }
        offset += n
      }
    }
  }
}

/// Holds a file's `flock` as another process would (an open file of its own), until
/// ``release()`` or `seconds`, whichever comes first: a test of a lock that must not be waited
/// for fails, rather than hangs, when it is waited for.
public final class HeldLock: @unchecked Sendable {
  private let lock = NSLock()
  private var fd: Int32

  /// Locks `path` exclusively, creating it if needed.
  public init(_ path: String, seconds: Double = 10) throws {
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    guard flock(fd, LOCK_EX) == 0 else {
      close(fd)
      throw POSIXError(.EIO)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.release() }
  }

  /// Lets the lock go (again: nothing).
  public func release() {
    lock.lock()
    defer { lock.unlock() }
    if fd >= 0 { close(fd) }
    fd = -1
  }
}
