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

  /// The parents a state directory's check walks: every one up to `/`, a relative path's
  /// from the working directory.
  @Test func theParentsOfAStateDirectoryGoUpToTheRoot() {
    #expect(
      Platform.parents(of: "/home/ann/.local/state/app") == [
        "/home/ann/.local/state", "/home/ann/.local", "/home/ann", "/home",
      ])
    #expect(Platform.parents(of: "/app").isEmpty)
    let here = FileManager.default.currentDirectoryPath
    #expect(Platform.parents(of: "state/app").prefix(2) == [here + "/state", here])
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
