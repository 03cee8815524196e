import ArgumentParser
import LaunchTracking
import TerminalRendering

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `whatsnew` executable: argument parsing and wiring only. Each subcommand lives in
/// its own file; the work is done by the library targets.
@main
struct WhatsNew: ParsableCommand {
  /// The root's name. Every subcommand's configuration names it as its `_superCommandName`:
  /// ArgumentParser then skips, when ``parseNamedSubcommand(_:)`` parses that subcommand
  /// alone, its check for `--generate-completion-script`, which only the root answers (the
  /// subcommand's parse refuses the option and leaves it to the root anyway). The check
  /// reflected over two more commands on every launch. Nothing else reads a subcommand's
  /// `_superCommandName`: help and completion scripts read the root's configuration.
  static let commandName = "whatsnew"

  static let configuration = CommandConfiguration(
    commandName: commandName,
    abstract: "Greets terminal users: onboarding, what's new, welcome back.",
    version: WhatsNewVersion.current,
    subcommands: [
      DemoCommand.self, GreetCommand.self, NotesCommand.self, RenderCommand.self, LintCommand.self,
      StateCommand.self, HistoryCommand.self, SettingsCommand.self, ResetCommand.self,
      ImportChangelogCommand.self,
    ],
    defaultSubcommand: DemoCommand.self
  )

  /// Runs the command and maps every error to the project's exit codes: 0 success (and
  /// help), 1 a reported failure, 2 a usage error (ArgumentParser's 64). Errors print one
  /// sanitised line on stderr, never a stack trace.
  static func main() {
    do {
      let arguments = CommandLine.arguments
      if arguments.count == 2, arguments[1] == "-V" {
        Console.out(WhatsNewVersion.current)
        return
      }
      var command = try parseNamedSubcommand(arguments) ?? parseAsRoot()
      try command.run()
    } catch {
      let code = exitCode(for: error).rawValue
      if code == 0 {
        let text = fullMessage(for: error)
        if !text.isEmpty { print(text) }
        Self.exit(withError: ExitCode(0))
      }
      let isUsage = code == ExitCode.validationFailure.rawValue
      let first = message(for: error).split(separator: "\n").first.map(String.init) ?? ""
      if !first.isEmpty {
        var line = first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
        if isUsage { line = UsageHints.line(for: line, arguments: Array(CommandLine.arguments.dropFirst())) }
        Console.error("whatsnew: " + line)
      }
      Self.exit(withError: ExitCode(isUsage ? 2 : code))
    }
  }

  /// The command when `arguments` name a subcommand first and that subcommand's own
  /// declarations accept the rest; nil otherwise, and the root parses them (so help, version,
  /// completion scripts and every error are the root's, with the root's wording).
  ///
  /// The same grammar, read from the subcommand down: the root's parse first reflects over the
  /// named subcommand and over `demo` (the default one) to see whether either captures all
  /// remaining input, which is most of what ArgumentParser costs a launch
  /// (docs/benchmarks.md, "Parsing the command line").
  static func parseNamedSubcommand(_ arguments: [String]) -> ParsableCommand? {
    guard arguments.count >= 2,
      let subcommand = configuration.subcommands.first(where: { $0.configuration.commandName == arguments[1] }
      )
    else { return nil }
    // A help request parses as ArgumentParser's help command, which would name the
    // subcommand as the root: that is the root's to answer too.
    guard let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst(2))),
      type(of: command) == subcommand
    else { return nil }
    return command
  }
}

/// A failure the command has reported: one line on stderr and exit code 1.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Writing to the terminal's standard streams, always sanitised.
enum Console {
  /// Writes one line to stderr.
  static func error(_ line: String) {
    write(2, Sanitizer.sanitize(line) + "\n")
  }

  /// Writes text (newline added) to stdout.
  static func out(_ text: String) {
    write(1, Sanitizer.sanitize(text) + "\n")
  }

  /// Writes `text` to stdout without a newline (for prompts).
  static func prompt(_ text: String) {
    write(1, Sanitizer.sanitize(text))
  }

  private static func write(_ fd: Int32, _ text: String) {
    Platform.writeAll(fd, text)
  }
}
