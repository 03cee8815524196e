import Foundation
import Testing

@testable import LaunchTracking

/// The package's one set of file helpers.
@Suite struct PlatformIOTests {
  func scratch() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("platform-io-\(UUID().uuidString)").path
  }

  @Test func writeAllThenReadFileRoundTrips() throws {
    let dir = scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(Platform.makeDirectories(dir + "/a/b") == nil)
    let path = dir + "/a/b/file.txt"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0)
    let text = String(repeating: "line of text é\n", count: 10_000)
    #expect(Platform.writeAll(fd, text) == nil)
    close(fd)
    #expect(try Platform.readFile(path) == Array(text.utf8))
    // One mode for every directory the package makes (before the umask).
    let mode = try FileManager.default.attributesOfItem(atPath: dir + "/a")[.posixPermissions] as? NSNumber
    let bits = (mode?.uint16Value ?? 0) & 0o777
    #expect(bits & ~UInt16(Platform.directoryMode) == 0 && bits & 0o700 == 0o700)
  }

  /// The walk that opens a state directory from `/`: through the user's own links (to a
  /// relative or an absolute target) and `..`, to the directory they lead to; a missing one is
  /// created only when asked, a file or a loop of links is no directory.
  @Test func aStateDirectoryIsWalkedFromTheRoot() throws {
    let dir = scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(Platform.makeDirectories(dir + "/real") == nil)
    #expect(symlink("real", dir + "/relative") == 0 && symlink(dir + "/real", dir + "/absolute") == 0)
    #expect(symlink("loop", dir + "/loop") == 0)
    var real = stat()
    #expect(stat(dir + "/real", &real) == 0)
    for path in [dir + "/relative", dir + "/absolute/", dir + "/relative/../absolute/.", dir + "/real"] {
      guard case .opened(let fd) = Platform.openStateDirectory(path, create: false) else {
        Issue.record("\(path) was not opened")
        continue
      }
      var info = stat()
      #expect(fstat(fd, &info) == 0 && info.st_ino == real.st_ino, "\(path)")
      close(fd)
    }
    guard case .missing = Platform.openStateDirectory(dir + "/new/state", create: false) else {
      Issue.record("a missing directory")
      return
    }
    if case .opened(let fd) = Platform.openStateDirectory(dir + "/relative/new/state", create: true) {
      close(fd)
    }
    #expect(FileManager.default.fileExists(atPath: dir + "/real/new/state"))
    #expect(FileManager.default.createFile(atPath: dir + "/file", contents: nil))
    guard case .unusable(let problem) = Platform.openStateDirectory(dir + "/file", create: true) else {
      Issue.record("a file")
      return
    }
    #expect(problem == "\(dir)/file is not a directory")
    guard case .unusable(let loop) = Platform.openStateDirectory(dir + "/loop", create: true) else {
      Issue.record("a loop")
      return
    }
    #expect(loop == "cannot follow the symbolic link \(dir)/loop")
  }

  @Test func readingRefusesDirectoriesFifosAndFilesOverTheOneLimit() throws {
    let dir = scratch()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    #expect(Platform.makeDirectories(dir) == nil)
    #expect(throws: Platform.Failure(message: "is a directory")) { try Platform.readFile(dir) }
    #expect(mkfifo(dir + "/fifo", 0o600) == 0)
    #expect(throws: Platform.Failure(message: "is not a regular file")) {
      try Platform.readFile(dir + "/fifo")
    }
    let big = dir + "/big"
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    #expect(truncate(big, off_t(Platform.maximumFileSize + 1)) == 0)
    #expect(throws: Platform.Failure(message: "is larger than 16 MiB")) { try Platform.readFile(big) }
    #expect(Platform.makeDirectories(big) == "\(big) is not a directory")
  }
}
