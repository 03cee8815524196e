import ArgumentParser
import Testing

@testable import whatsnew

/// An option several subcommands take is declared once, in an option group (SharedOptions.swift),
/// so each command's `--help` describes it in the same words and each refuses a bad value with
/// the same line.
@Suite struct SharedOptionTests {
  static let greet = ["greet", "--app-id", "a", "--app-version", "1.0.0", "--content", "C"]

  /// Each shared option, a bad value for it (nil: takes any), and the command lines (without
  /// the option) that take it.
  static let shared: [(option: String, bad: String?, commands: [[String]])] = [
    ("--theme", "pink", [greet, ["demo"], ["notes"], ["render", "x.md"]]),
    ("--hyperlinks", "sometimes", [greet, ["demo"], ["notes"], ["render", "x.md"]]),
    ("--color", "purple", [greet, ["demo"]]),
    ("--min-importance", "huge", [greet, ["demo"]]),
    ("--returning-after", "0", [greet, ["demo"]]),
    ("--channel", nil, [greet, ["notes"]]),
    ("--content", nil, [["demo"], ["notes"]]),
    ("--explain", nil, [greet, ["demo"]]),
    ("--accessible", nil, [greet, ["demo"]]),
  ]

  @Test(arguments: shared.map(\.option))
  func aSharedOptionHasOneHelpLine(_ option: String) throws {
    let entry = try #require(Self.shared.first { $0.option == option })
    let lines = try entry.commands.map { words in
      let command = try #require(
        WhatsNew.configuration.subcommands.first { $0.configuration.commandName == words[0] })
      return helpEntry(of: command, option: option)
    }
    #expect(lines.allSatisfy { !$0.isEmpty }, "\(option): \(lines)")
    #expect(Set(lines).count == 1, "\(option): \(lines)")
  }

  @Test(arguments: shared.map(\.option))
  func aBadValueGetsTheSameLineFromEveryCommand(_ option: String) throws {
    let entry = try #require(Self.shared.first { $0.option == option })
    guard let bad = entry.bad else { return }
    var lines: [String] = []
    for words in entry.commands {
      do {
        _ = try WhatsNew.parseAsRoot(words + [option, bad])
        Issue.record("\(words) \(option) \(bad) parsed")
      } catch {
        lines.append(WhatsNew.message(for: error))
      }
    }
    #expect(Set(lines).count == 1, "\(option): \(lines)")
    #expect(lines.allSatisfy { $0.contains(option) }, "\(lines)")
  }

  @Test func aGoodValueReachesEveryCommand() throws {
    for words in [Self.greet, ["demo"], ["notes"], ["render", "x.md"]] {
      let command = try WhatsNew.parseAsRoot(words + ["--theme", "light"])
      var text = ""
      dump(command, to: &text)
      #expect(text.contains("light"), "\(words): \(text)")
    }
  }

  /// The option's line in `command`'s help (one line: the help is not wrapped).
  private func helpEntry(of command: any ParsableCommand.Type, option: String) -> String {
    let lines = command.helpMessage(columns: 10_000).split(separator: "\n")
    return lines.first { $0.drop(while: { $0 == " " }).hasPrefix(option + " ") }.map(String.init) ?? ""
  }
}
