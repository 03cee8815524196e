import ArgumentParser
import LaunchTracking
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `whatsnew` executable: argument parsing and wiring only. Each subcommand lives in
/// its own file; the work is done by the library targets.
@main
struct WhatsNew: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "whatsnew",
    abstract: "Greets terminal users: onboarding, what's new, welcome back.",
    discussion: """
      Without a subcommand, runs the demo app as 'whatsnew demo' does; its options follow 'demo'. \
      The demo needs a terminal: with standard output not one, 'whatsnew' alone says so and exits 1.
      """,
    version: WhatsNewVersion.current,
    subcommands: [
      DemoCommand.self, GreetCommand.self, NotesCommand.self, RenderCommand.self, LintCommand.self,
      StateCommand.self, HistoryCommand.self, SettingsCommand.self, TipsCommand.self, ResetCommand.self,
      EventCommand.self,
      ImportChangelogCommand.self,
    ]
  )

  /// `whatsnew` alone: the demo app with its defaults. The demo is not the default subcommand,
  /// which would have every command line read the demo's options as well as its own.
  /// With standard output not a terminal (`whatsnew | cat`) there is no one to show the demo
  /// to: one line says so and the exit status is 1 (docs/terminal-ui.md), instead of a silent 0.
  func run() throws {
    guard isatty(1) == 1 else { throw CommandFailure(Self.needsTerminal) }
    try DemoCommand.parse([]).run()
  }

  /// The line `whatsnew` alone prints when standard output is not a terminal.
  static let needsTerminal =
    "the demo needs a terminal (standard output is not one); "
    + "'whatsnew demo --explain' says what it would show, 'whatsnew --help' lists the commands"

  /// Runs the command and maps every error to the project's exit codes: 0 success (and
  /// help), 1 a reported failure, 2 a usage error (ArgumentParser's 64). Errors print one
  /// sanitised line on stderr, never a stack trace.
  static func main() {
    Platform.ignoreFileSizeSignal()
    let arguments = Array(CommandLine.arguments.dropFirst())
    // `-V`, as many tools spell `--version`.
    if arguments == ["-V"] {
      Console.out(WhatsNewVersion.current)
      return
    }
    do {
      var command = try parseAsRoot(arguments)
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
        if isUsage { line = UsageHints.line(for: line, arguments: arguments) }
        Console.error("whatsnew: " + line)
      }
      Self.exit(withError: ExitCode(isUsage ? 2 : code))
    }
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
