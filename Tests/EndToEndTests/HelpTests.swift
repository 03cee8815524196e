import Foundation
import TestSupport
import Testing

@testable import whatsnew

/// `whatsnew --help` and each subcommand's `--help`, as the installed binary prints them.
@Suite struct HelpTests {
  /// Every subcommand, in the root's order, with an option only it or few take.
  static let subcommands: [(name: String, option: String)] = [
    ("demo", "--simulate"), ("greet", "--app-version"), ("notes", "--list"), ("render", "--flavor"),
    ("lint", "--content"), ("state", "--json"), ("history", "--json"), ("settings", "--state-dir"),
    ("tips", "--cooldown"),
    ("reset", "--yes"), ("event", "--app-id"), ("import-changelog", "--into"),
  ]

  /// The table above is the root's list of subcommands: a new one fails here until it is
  /// added, so its help is checked too.
  @Test func theTableIsEverySubcommand() {
    let names = WhatsNew.configuration.subcommands.compactMap { $0.configuration.commandName }
    #expect(names == Self.subcommands.map(\.name))
  }

  /// README's "Usage" lists the subcommands as `whatsnew --help` does, in its order.
  @Test func theReadmeListsEverySubcommand() throws {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let list = try #require(readme.firstMatch(of: /`whatsnew --help` lists the subcommands \(([^)]+)\)/))
    let names = list.output.1.split(separator: ",").map {
      $0.trimmingCharacters(in: CharacterSet(charactersIn: " `\n"))
    }
    #expect(names == Self.subcommands.map(\.name))
  }

  @Test func helpListsEverySubcommand() throws {
    let result = try Run.whatsnew(["--help"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let section = try #require(result.stdout.split(separator: "SUBCOMMANDS:\n").last)
    let listed = section.split(separator: "\n").compactMap { line in
      line.hasPrefix("  ") ? line.split(separator: " ").first.map(String.init) : nil
    }
    #expect(Self.subcommands.allSatisfy { listed.contains($0.name) }, "\(listed)")
  }

  /// Each subcommand's help: exit 0, its own usage line, its abstract, one of its options, and
  /// `--help`; `whatsnew help NAME` prints the same.
  @Test(arguments: subcommands.map(\.name))
  func eachSubcommandHasItsOwnHelp(_ name: String) throws {
    let entry = try #require(Self.subcommands.first { $0.name == name })
    let command = try #require(
      WhatsNew.configuration.subcommands.first { $0.configuration.commandName == name })
    let result = try Run.whatsnew([name, "--help"])
    #expect(result.status == 0, "\(name): \(result.stderr)")
    #expect(result.stderr.isEmpty, "\(name): \(result.stderr)")
    let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.hasPrefix("OVERVIEW: " + command.configuration.abstract), "\(name): \(words)")
    #expect(words.contains("USAGE: whatsnew \(name) "), "\(name): \(words)")
    #expect(words.contains(" \(entry.option) "), "\(name): \(words)")
    #expect(words.contains("-h, --help Show help information."), "\(name): \(words)")
    let viaHelp = try Run.whatsnew(["help", name])
    #expect(viaHelp.status == 0)
    #expect(viaHelp.stdout == result.stdout)
  }

  /// A closed set of values is listed in help with its default, by ArgumentParser.
  @Test func helpListsTheValuesOfAnEnumOption() throws {
    let result = try Run.whatsnew(["notes", "--help"])
    let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains("(values: auto, plain, ansi, html, json, markdown, digest; default: auto)"), "\(words)")
    #expect(words.contains("(values: auto, dark, light, mono; default: auto)"), "\(words)")
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
