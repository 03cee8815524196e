import Foundation
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
    #expect(result.status == 2)
  }
}

@Suite struct BrokenPipeTests {
  /// A child that exits without reading its input must not take the test runner down with
  /// SIGPIPE (it did once, under load).
  @Test func writingToAChildThatExitedIsHarmless() throws {
    let big = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
    let result = try Run.process(URL(fileURLWithPath: "/bin/true"), [], stdin: big)
    #expect(result.status == 0)
  }
}
