import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an attacker on the same machine plants where a state file goes: a symbolic link to an
/// existing file, one to a missing file, or a FIFO. The tests of each state-directory file
/// plant each and check that no link was followed and no FIFO waited for.
package enum StatePlant: String, CaseIterable, Sendable, CustomStringConvertible {
  case linkToAFile = "a link to an existing file"
  case danglingLink = "a link to a missing file"
  case fifo = "a FIFO"

  package var description: String { rawValue }

  /// What was planted: the link's target and what it held (nil: it must stay missing).
  package struct Planted: Sendable {
    package var path: String
    package var target: String
    package var bytes: Data?
  }

  /// Plants this at `path`; the link targets go in `outside`, named after `path`'s last
  /// component.
  @discardableResult
  package func plant(at path: String, outside: String) throws -> Planted {
    let name = (path as NSString).lastPathComponent
    switch self {
    case .linkToAFile:
      let target = outside + "/precious-" + name
      let bytes = Data("precious \(name)\n".utf8)
      try bytes.write(to: URL(fileURLWithPath: target))
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
      return Planted(path: path, target: target, bytes: bytes)
    case .danglingLink:
      let target = outside + "/never-created-" + name
      try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
      return Planted(path: path, target: target, bytes: nil)
    case .fifo:
      guard mkfifo(path, 0o600) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
      }
      return Planted(path: path, target: path, bytes: nil)
    }
  }

  /// Why `planted` shows it was written through (a link's target changed or created), or nil.
  package func writtenThrough(_ planted: Planted) -> String? {
    switch self {
    case .linkToAFile:
      let now = FileManager.default.contents(atPath: planted.target)
      return now == planted.bytes ? nil : "\(planted.target) was written through the link"
    case .danglingLink:
      return FileManager.default.fileExists(atPath: planted.target)
        ? "\(planted.target) was created through the link" : nil
    case .fifo:
      return nil
    }
  }

  /// Runs `body` on a thread of its own and returns its result if it ends within `seconds`.
  /// Otherwise every FIFO in `fifos` is opened at both ends (which releases an `open` or a
  /// `write` waiting on it) and nil is returned, so a test of a hang fails instead of hanging.
  package static func finishing<T: Sendable>(
    within seconds: Double, unblocking fifos: [String] = [], _ body: @escaping @Sendable () -> T
  ) -> T? {
    let box = ResultBox<T>()
    let thread = Thread {
      let value = body()
      box.lock.lock()
      box.value = value
      box.done = true
      box.lock.unlock()
    }
    thread.start()
    let deadline = Date().addingTimeInterval(seconds)
    func finished() -> (Bool, T?) {
      box.lock.lock()
      defer { box.lock.unlock() }
      return (box.done, box.value)
    }
    while Date() < deadline {
      let (done, value) = finished()
      if done { return value }
      usleep(5_000)
    }
    // Release the waiting call: a reader and a writer on each FIFO, drained a moment.
    var held: [Int32] = []
    for fifo in fifos { held.append(open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)) }
    let release = Date().addingTimeInterval(10)
    while Date() < release && !finished().0 {
      var buffer = [UInt8](repeating: 0, count: 4096)
      for fd in held where fd >= 0 { _ = read(fd, &buffer, buffer.count) }
      usleep(5_000)
    }
    for fd in held where fd >= 0 { close(fd) }
    return nil
  }
}

/// The result of a body run on another thread, under a lock.
private final class ResultBox<T>: @unchecked Sendable {
  let lock = NSLock()
  var value: T?
  var done = false
}
