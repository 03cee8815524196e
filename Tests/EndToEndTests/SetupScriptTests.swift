import Foundation
import TestSupport
import Testing

/// `scripts/setup` (issue 47): it says it needs root or sudo, and apt's output is shown only
/// when apt fails. Run with stand-ins for `id`, `dpkg`, `sudo` and `apt-get` on a PATH of their
/// own, so nothing is installed.
@Suite struct SetupScriptTests {
  /// A PATH directory with the tools the script needs and the stand-ins given (name: script).
  func fakeBin(_ standIns: [String: String]) throws -> URL {
    let dir = try TestPaths.makeTemporaryDirectory("setup-bin")
    for tool in ["mktemp", "rm", "cat"] {
      let real = ["/usr/bin/\(tool)", "/bin/\(tool)"].first { FileManager.default.fileExists(atPath: $0) }
      try FileManager.default.createSymbolicLink(
        atPath: dir.appendingPathComponent(tool).path, withDestinationPath: try #require(real))
    }
    // Not root; every package missing.
    let all = ["id": "echo 1000", "dpkg": "exit 1"].merging(standIns) { $1 }
    for (name, body) in all {
      let path = dir.appendingPathComponent(name).path
      try "#!/bin/bash\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    return dir
  }

  func setup(_ bin: URL) throws -> ProcessResult {
    try Run.process(
      URL(fileURLWithPath: "/bin/bash"), [TestPaths.packageRoot.appendingPathComponent("scripts/setup").path],
      environment: ["PATH": bin.path])
  }

  @Test func withoutRootOrSudoItSaysSoInOneLine() throws {
    let bin = try fakeBin([:])
    defer { try? FileManager.default.removeItem(at: bin) }
    let result = try setup(bin)
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(result.stderr.contains("needs root"))
    #expect(result.stderr.contains("libncurses-dev"))
  }

  @Test func aptsOutputIsQuietUnlessItFails() throws {
    let noisy = "echo 'debconf: unable to initialize frontend: Dialog'; echo 'Setting up libncurses-dev'"
    let bin = try fakeBin(["sudo": "exec \"$@\"", "apt-get": noisy])
    defer { try? FileManager.default.removeItem(at: bin) }
    let quiet = try setup(bin)
    #expect(quiet.status == 0, "\(quiet.stderr)")
    #expect(quiet.stdout.isEmpty)
    #expect(quiet.stderr == "setup: installing libncurses-dev (with sudo)\n")

    let failing = try fakeBin([
      "sudo": "exec \"$@\"", "apt-get": noisy + "; echo 'E: Unable to locate package' >&2; exit 100",
    ])
    defer { try? FileManager.default.removeItem(at: failing) }
    let failed = try setup(failing)
    #expect(failed.status == 1)
    #expect(failed.stderr.contains("debconf: unable to initialize frontend"))
    #expect(failed.stderr.contains("E: Unable to locate package"))
    #expect(failed.stderr.contains("setup: apt-get failed"))
  }
}
