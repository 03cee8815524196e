import ArgumentParser
import Testing

@testable import whatsnew

/// `WhatsNew.main` parses a command line that names a subcommand first with that subcommand's
/// declarations alone, and the rest from the root. Both readings are ArgumentParser's over the
/// same declarations; these tests hold the shortcut to the root's parse: the same command with
/// the same values where it answers, and no answer (so the root's help, version and errors)
/// where the root would do something else.
@Suite struct SubcommandParseTests {
  /// Command lines the subcommand's own parse accepts.
  static let accepted: [[String]] = [
    ["demo"],
    [
      "demo", "--simulate", "upgrade", "--from", "1.0.0", "--away", "3", "--app-version", "2.0.0",
      "--app-id", "my-app", "--state-dir", "/tmp/state", "--content", "x y", "--returning-after", "7",
      "--open", "whatsnew://notes/1.0.0", "--explain", "--color", "never", "--theme", "light", "--accessible",
      "--hyperlinks", "never",
      "--min-importance", "minor",
    ],
    [
      "greet", "--app-id", "tool", "--app-version", "1.2.0", "--content", "Notes", "--state-dir=/tmp/s",
      "--report", "r.json", "--existing-install", "--explain",
    ],
    ["notes", "1.0.0", "--format", "plain", "--width", "40"],
    ["notes", "--from", "1.0.0", "--to", "2.0.0", "--content", "C"],
    ["notes", "--list", "--format", "json"],
    ["notes", "--theme", "mono"],
    ["notes", "--hyperlinks", "always", "--format", "ansi"],
    ["render", "--hyperlinks", "never", "CHANGELOG.md"],
    ["render", "--theme", "dark", "CHANGELOG.md"],
    ["render", "CHANGELOG.md", "--format", "html", "--flavor", "commonmark"],
    ["render", "--width", "20", "--", "-file-with-a-dash.md"],
    ["render", "greet"],
    ["lint", "--content", "Content"],
    ["state", "--json"],
  ]

  /// Command lines the root must read: help, version, completion, and errors, whose wording
  /// names the root (`whatsnew render --help`).
  static let leftToTheRoot: [[String]] = [
    ["greet", "--help"], ["render", "-h"], ["notes", "--version"], ["demo", "--no-such-option"],
    ["demo", "--simulate", "sideways"], ["notes", "--width", "5"], ["render", "a.md", "b.md"],
    ["greet", "--app-id", "tool"], ["demo", "--generate-completion-script", "bash"],
    ["greet", "--generate-completion-script"],
    ["render", "--experimental-dump-help"], ["help", "greet"], ["--help"], [], ["--color", "never"],
  ]

  @Test(arguments: accepted)
  func theSubcommandAloneReadsWhatTheRootReads(_ arguments: [String]) throws {
    let direct = try #require(WhatsNew.parseNamedSubcommand(["whatsnew"] + arguments))
    let root = try WhatsNew.parseAsRoot(arguments)
    #expect(type(of: direct) == type(of: root))
    #expect(dumped(direct) == dumped(root))
  }

  @Test(arguments: leftToTheRoot)
  func theRootReadsTheRest(_ arguments: [String]) {
    #expect(WhatsNew.parseNamedSubcommand(["whatsnew"] + arguments) == nil)
  }

  /// Each subcommand names the root as its super-command, so that parsing it alone skips the
  /// completion-script check only the root answers (a launch's cost: scripts/budget). A
  /// subcommand added without it would parse correctly and only be slower.
  @Test func everySubcommandNamesTheRoot() {
    for subcommand in WhatsNew.configuration.subcommands {
      #expect(
        subcommand.configuration._superCommandName == WhatsNew.commandName,
        "\(subcommand.configuration.commandName ?? "?")")
    }
  }

  /// Every stored value of a command, property wrappers included.
  private func dumped(_ command: ParsableCommand) -> String {
    var text = ""
    dump(command, to: &text)
    return text
  }
}
