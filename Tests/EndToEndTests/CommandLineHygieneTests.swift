import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bad command lines across every subcommand: unknown options, versions that do not parse,
/// missing, unreadable or wrong-kind files and directories, out-of-range widths, and
/// arguments that are themselves escape sequences. Each ends with exactly one line on
/// stderr, `whatsnew: ` first, no terminal control in it, nothing on stdout, and the
/// documented exit status: 2 for a usage error (ArgumentParser's and the options'
/// validation), 1 for a reported failure (input that cannot be used).
@Suite struct CommandLineHygieneTests {
  static let usage: Int32 = 2
  static let failure: Int32 = 1

  @Test func everyBadCommandLineGetsOneClearLine() throws {
    let dir = try TestPaths.makeTemporaryDirectory("cli-hygiene")
    defer { try? FileManager.default.removeItem(at: dir) }
    let content = TestPaths.content.path
    let file = dir.appendingPathComponent("plain-file.md").path
    try Data("# x\n".utf8).write(to: URL(fileURLWithPath: file))
    let missing = dir.appendingPathComponent("missing").path
    let state = dir.appendingPathComponent("state").path
    let esc = "\u{1B}"
    let hostile = "\(esc)]2;\(HostileContent.hostileTitle)\u{07}\(esc)[2J"

    let cases: [([String], Int32)] = [
      // Unknown options, subcommands and values.
      (["--no-such-option"], Self.usage), (["frobnicate"], Self.usage),
      (["render", file, "--no-such-option"], Self.usage),
      (["notes", "--bogus", "--content", content], Self.usage),
      (["render", file, "--format", "pdf"], Self.usage),
      (["notes", "--format", "pdf", "--content", content], Self.usage),
      (["demo", "--color", "purple", "--state-dir", state], Self.usage),
      (["demo", "--theme", "pink", "--state-dir", state], Self.usage),
      (["notes", "--theme", "pink", "--content", content], Self.usage),
      (["render", file, "--theme", "pink"], Self.usage),
      (["render", file, "--hyperlinks", "sometimes"], Self.usage),
      (["demo", "--hyperlinks", "yes", "--state-dir", state], Self.usage),
      (["notes", "--hyperlinks", "", "--content", content], Self.usage),
      (["demo", "--simulate", "sideways", "--content", content], Self.usage),
      (["import-changelog"], Self.usage), (["notes", "--list", "1.0.0", "--content", content], Self.usage),
      // Widths.
      (["render", file, "--width", "0"], Self.usage), (["render", file, "--width", "100000"], Self.usage),
      (["render", file, "--width", "-5"], Self.usage), (["render", file, "--width", "abc"], Self.usage),
      (["notes", "--width", "0", "--content", content], Self.usage),
      (["notes", "--width", "100000", "--content", content], Self.usage),
      // Versions that do not parse, or are not there.
      (["demo", "--app-version", "01.2.3", "--state-dir", state], Self.usage),
      (["demo", "--app-version", "1.0.0" + hostile, "--state-dir", state], Self.usage),
      (["demo", "--open", "whatsnew://notes/../../etc", "--state-dir", state], Self.usage),
      (["notes", "1.x", "--content", content], Self.failure),
      (["notes", "--from", "nope", "--content", content], Self.failure),
      (["notes", hostile, "--content", content], Self.failure),
      (["notes", "9.9.9", "--content", content], Self.failure),
      (["notes", "--from", "2.0.0", "--to", "1.0.0", "--content", content], Self.failure),
      // Missing, wrong-kind and hostile paths.
      (["render", missing], Self.failure), (["render", dir.path], Self.failure),
      (["render", "/tmp/" + hostile], Self.failure),
      (["notes", "--content", missing], Self.failure), (["notes", "--content", file], Self.failure),
      (["notes", "--content", "/tmp/" + hostile], Self.failure), (["lint", "--content", file], Self.failure),
      (["lint", "--content", missing], Self.failure),
      (["demo", "--content", missing, "--state-dir", state], Self.failure),
      (["import-changelog", missing], Self.failure), (["import-changelog", dir.path], Self.failure),
      (["state", "--state-dir", file], Self.failure), (["state", "--app-id", "x" + hostile], Self.usage),
      (["demo", "--state-dir", ""], Self.usage), (["reset", "--state-dir", state], Self.failure),
    ]
    for (arguments, status) in cases {
      let result = try BoundedRun.whatsnew(
        arguments, environment: ["WHATSNEW_NOW": "2026-01-01T00:00:00Z"], timeout: 30)
      expectOneClearLine(result, status: status, context: arguments)
    }
    print("CommandLineHygieneTests: \(cases.count) bad command lines, each one clear line")
  }

  @Test(.requires(UnreadableFiles.available, UnreadableFiles.missing))
  func anUnreadableFileIsAFailureInOneLine() throws {
    let dir = try TestPaths.makeTemporaryDirectory("cli-unreadable")
    chmod(dir.path, 0o755)
    defer { try? FileManager.default.removeItem(at: dir) }
    let secret = dir.appendingPathComponent("secret.md").path
    try Data("# secret\n".utf8).write(to: URL(fileURLWithPath: secret))
    chmod(secret, 0)
    let content = dir.appendingPathComponent("content").path
    try FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: false)
    try Data("# one\n".utf8).write(to: URL(fileURLWithPath: content + "/1.0.0.md"))
    chmod(content + "/1.0.0.md", 0)
    // Root reads anything: as root, run as user nobody instead (setpriv), a copy of the binary
    // nobody can reach.
    let prefix = UnreadableFiles.prefix
    let staged = try TemporaryDirectory("cli-unreadable-program")
    let program = try UnreadableFiles.stage(in: staged.url)
    for arguments in [
      ["render", secret], ["import-changelog", secret, "--into", dir.path + "/out"],
      ["notes", "1.0.0", "--content", content, "--format", "plain"],
    ] {
      let result = try BoundedRun.whatsnew(arguments, timeout: 30, executable: program.binary, prefix: prefix)
      expectOneClearLine(result, status: Self.failure, context: arguments)
      #expect(result.stderr.contains("ermission denied"), "\(arguments): \(result.stderr)")
    }
  }

  // MARK: - Helpers

  private func expectOneClearLine(_ result: BoundedRun.Result, status: Int32, context: [String]) {
    let shown = context.joined(separator: " ").debugDescription
    guard let outcome = result.outcome else {
      Issue.record("\(shown): did not end")
      return
    }
    #expect(outcome == .exited(status), "\(shown): \(outcome), stderr: \(result.stderr)")
    #expect(result.errorLines.count == 1, "\(shown): \(result.errorLines.count) lines: \(result.stderr)")
    #expect(result.stderr.hasPrefix("whatsnew: "), "\(shown): \(result.stderr)")
    #expect(result.stdout.isEmpty, "\(shown): printed on stdout: \(result.stdout.prefix(200))")
    if let control = HostileContent.firstControl(inBytes: result.stderrBytes) {
      Issue.record("\(shown): stderr holds \(control)")
    }
  }
}
