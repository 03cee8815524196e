import ArgumentParser
import Testing

@testable import whatsnew

/// `whatsnew notes` skips ArgumentParser for the command lines that open the what's-new
/// sheet or print a version. Whatever the fast path accepts must give the command
/// ArgumentParser would build from the same arguments; everything else must fall through to
/// it (nil), so help and error messages stay ArgumentParser's.
@Suite struct NotesFastPathTests {
  /// Every property of the command, so two commands can be compared.
  private func fields(_ c: NotesOptions) -> [String] {
    [
      "\(String(describing: c.version))", "\(String(describing: c.from))", "\(String(describing: c.to))",
      "\(c.list)", "\(c.format)", "\(String(describing: c.width))", "\(String(describing: c.content))",
    ]
  }

  private func viaArgumentParser(_ arguments: [String]) throws -> [String]? {
    let command = try WhatsNew.parseAsRoot(["notes"] + arguments)
    return (command as? NotesCommand).map { fields($0.options) }
  }

  @Test(arguments: [
    [],
    ["1.0.5"],
    ["1.0.5", "--format", "plain"],
    ["--format=plain", "1.0.5"],
    ["--from", "1.0.0", "--content", "Content"],
    ["--from=1.0.0", "--to=1.2.0", "--content=Content", "--format=ansi", "--width=72"],
    ["--width", "20", "--to", "2.0.0-beta.1"],
    ["--width", "1000", "--format", "json"],
    ["--content", "x y", "--format", "html"],
    ["--content=a=b", "--format", "auto"],
    ["--content", "notes"],
    ["--content", "list"],
    ["--from", "0.1.0", "--content", "../shared/corpus"],
    ["--content", "Content", "2.0.0"],
  ])
  func plainCommandLinesMatchArgumentParser(_ arguments: [String]) throws {
    let fast = try #require(NotesFastPath.command(arguments[...]))
    #expect(try fields(fast) == viaArgumentParser(arguments))
  }

  @Test func theDefaultsAreArgumentParsers() throws {
    let fast = try #require(NotesFastPath.command([]))
    #expect(fields(fast) == ["nil", "nil", "nil", "false", "auto", "nil", "nil"])
    #expect(try fields(fast) == viaArgumentParser([]))
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["help"], ["--list"], ["--list", "--format", "json"], ["--version"],
    ["--from"], ["--from", "--to", "1.0.0"], ["--from", "1.0.0", "--from", "1.1.0"],
    ["--from=1.0.0", "--from", "1.1.0"], ["--width", "72", "--width=80"],
    ["1.0.0", "1.0.1"], ["--", "1.0.0"], ["--from", "-1"], ["--content=-x"],
    ["--unknown", "x"], ["-w", "80"], ["--generate-completion-script", "bash"],
    ["--format"], ["--content", "a", "--content", "b"],
  ])
  func anythingElseFallsThrough(_ arguments: [String]) {
    #expect(NotesFastPath.command(arguments[...]) == nil)
  }

  @Test(arguments: [
    ["--width", "19"], ["--width", "1001"], ["--width", "wide"], ["--width="],
    ["--format", "pdf"], ["--format="], ["1.0.0", "--from", "0.9.0"], ["1.0.0", "--to", "2.0.0"],
  ])
  func invalidValuesFallThroughToArgumentParsersError(_ arguments: [String]) {
    #expect(NotesFastPath.command(arguments[...]) == nil)
    #expect(throws: (any Error).self) { try WhatsNew.parseAsRoot(["notes"] + arguments) }
  }
}
