import TestSupport
import Testing

@Suite struct HelpTests {
  @Test func helpListsEverySubcommand() throws {
    let result = try Run.whatsnew(["--help"])
    #expect(result.status == 0)
    for name in ["demo", "notes", "render", "lint", "state", "reset", "import-changelog"] {
      #expect(result.stdout.contains(name), "help lacks \(name)")
    }
  }

  @Test func unknownOptionIsAUsageError() throws {
    let result = try Run.whatsnew(["--no-such-option"])
    #expect(result.status == 64 || result.status == 2)
  }
}
