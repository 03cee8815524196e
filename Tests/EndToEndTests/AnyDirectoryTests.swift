import Foundation
import TestSupport
import Testing

/// The binary on its own: copied to a directory with nothing beside it and run from `/`, the
/// README's examples still work (the demo's notes are compiled in), and a mistyped command or
/// an option given to the wrong subcommand says what was meant.
@Suite struct AnyDirectoryTests {
  /// Runs a copy of the built binary, alone in a temporary directory, with `/` as the
  /// working directory and no content directory named in the environment.
  func runAlone(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessResult {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-alone")
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("whatsnew")
    // Copied by `cp`, not in this process: a descriptor open for writing here would be
    // inherited by another test's child between its fork and exec, and running the copy would
    // then fail with "Text file busy".
    let cp = try Run.process(URL(fileURLWithPath: "/bin/cp"), [TestPaths.whatsnewBinary.path, copy.path])
    try #require(cp.status == 0, "cp: \(cp.stderr)")
    var env = environment
    env["WHATSNEW_CONTENT_DIR"] = ""
    return try Run.process(copy, arguments, environment: env, currentDirectory: URL(fileURLWithPath: "/"))
  }

  @Test func notesListFromTheRoot() throws {
    let result = try runAlone(["notes", "--list"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("2.1.0") == true)
    #expect(lines.last?.hasPrefix("1.0.0") == true)
    #expect(lines.count == 9)
  }

  @Test func versionFromTheRoot() throws {
    let result = try runAlone(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1.1.0")
  }

  @Test func simulatedUpgradeFromTheRoot() throws {
    let state = try TestPaths.makeTemporaryDirectory("whatsnew-alone-state")
    defer { try? FileManager.default.removeItem(at: state) }
    let result = try runAlone(
      ["demo", "--simulate", "upgrade", "--explain"], environment: ["WHATSNEW_STATE_DIR": state.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("content:      the built-in notes (9 versions)"))
    #expect(result.stdout.contains("upgrade from 2.0.0 to 2.1.0"))
    #expect(result.stderr.isEmpty)
  }

  @Test func aNamedContentDirectoryStillWins() throws {
    let content = try TestPaths.makeTemporaryDirectory("whatsnew-alone-content")
    defer { try? FileManager.default.removeItem(at: content) }
    try "# Only\n\nOne release.\n".write(
      to: content.appendingPathComponent("3.0.0.md"), atomically: true, encoding: .utf8)
    let result = try runAlone(["notes", "--list", "--content", content.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "3.0.0\n")
  }

  @Test func aMistypedCommandNamesTheCommand() throws {
    let result = try runAlone(["lnt"])
    #expect(result.status == 2)
    #expect(
      result.stderr == "whatsnew: unknown command 'lnt': did you mean `lint`? (see 'whatsnew --help')\n")
  }

  @Test func anOptionOfAnotherCommandSaysWhose() throws {
    let result = try runAlone(["lint", "--width", "72"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "whatsnew: unknown option '--width' of `lint`: --width is an option of `notes` and `render` (see 'whatsnew lint --help')\n"
    )
    let unknown = try runAlone(["lint", "--no-such-option"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr == "whatsnew: Unknown option '--no-such-option' (see 'whatsnew lint --help')\n")
  }
}
