import Testing

@testable import whatsnew

/// `whatsnew render` skips ArgumentParser for plain invocations; everything else must fall
/// through to it (nil), so help and error messages stay ArgumentParser's.
@Suite struct RenderFastPathTests {
  private func parse(_ arguments: [String]) -> [String?]? {
    RenderCommand.fastPath(arguments[...]).map { [$0.file, $0.format, $0.width] }
  }

  @Test func plainInvocationsAreParsed() {
    #expect(parse([]) == ["-", nil, nil])
    #expect(parse(["notes.md"]) == ["notes.md", nil, nil])
    #expect(parse(["-", "--format", "ansi"]) == ["-", "ansi", nil])
    #expect(parse(["--width=40", "a.md", "--format=json"]) == ["a.md", "json", "40"])
    #expect(parse(["--width", "0", "a.md"]) == ["a.md", nil, "0"])
    #expect(parse(["--", "-odd.md"]) == ["-odd.md", nil, nil])
  }

  @Test func anythingElseFallsThrough() {
    #expect(parse(["--help"]) == nil)
    #expect(parse(["-h"]) == nil)
    #expect(parse(["a.md", "b.md"]) == nil)
    #expect(parse(["--format"]) == nil)
    #expect(parse(["--width", "--format", "plain"]) == nil)
    #expect(parse(["--format", "plain", "--format", "ansi"]) == nil)
    #expect(parse(["--theme", "dark"]) == nil)
    #expect(parse(["--generate-completion-script", "bash"]) == nil)
  }
}
