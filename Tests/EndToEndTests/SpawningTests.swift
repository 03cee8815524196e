import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The processes the tests start inherit none of the test runner's descriptors, and a copied
/// executable can be run at once.
@Suite struct SpawningTests {
  @Test func aChildSeesOnlyItsStandardDescriptors() throws {
    let scratch = try TemporaryDirectory("spawning")
    // A descriptor this process holds open without close-on-exec, as FileManager's copies do.
    let held = open(scratch.path + "/held", O_WRONLY | O_CREAT, 0o644)
    #expect(held > 2)
    defer { close(held) }
    let listing = scratch.path + "/fds"
    let child = try KillableProcess(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "ls /proc/$$/fd"], environment: [:], outputFile: listing)
    #expect(child.wait(timeout: 30) == .exited(0))
    let fds = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").sorted()
    #expect(fds == ["0", "1", "2"], "the child holds \(fds)")
  }

  @Test func aCopiedExecutableRunsAtOnce() throws {
    let scratch = try TemporaryDirectory("spawning")
    let copy = scratch.path + "/whatsnew"
    try Spawning.copyExecutable(from: TestPaths.whatsnewBinary.path, to: copy)
    let result = try Run.process(URL(fileURLWithPath: copy), ["--version"])
    #expect(result.status == 0, "\(result.stderr)")
  }
}
