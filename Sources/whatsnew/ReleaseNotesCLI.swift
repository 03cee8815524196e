import ArgumentParser
import LaunchTracking
import ReleaseNotes
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the `notes`, `lint` and `import-changelog` subcommands share: finding the content
/// directory, and printing lines and one-line failures with control characters neutralised.
enum ReleaseNotesCLI {
  /// The content directory from `--content`, `WHATSNEW_CONTENT_DIR`, `./Content` or beside
  /// the executable.
  static func contentDirectory(option: String?) throws(ReleaseNotesError) -> String {
    let variable = ContentLocation.environmentKey
    return try ContentLocation.resolve(
      option: option, environment: option != nil ? [:] : environment(variable).map { [variable: $0] } ?? [:])
  }

  /// The notes `notes` and `demo` read: the content directory (`--content`,
  /// `WHATSNEW_CONTENT_DIR`, `./Content` or beside the executable), else the demo's own notes,
  /// compiled into the binary from `Content/` (`Sources/whatsnew/Notes` links to it), so the
  /// tool works from any directory. A directory named by the option or the variable must exist.
  /// `languages` are the user's, for translated notes.
  static func catalog(option: String?, languages: [String] = []) throws(ReleaseNotesError)
    -> ReleaseNotesCatalog
  {
    do {
      return try ReleaseNotesCatalog(directory: try contentDirectory(option: option), languages: languages)
    } catch .noContentDirectory {
      return ReleaseNotesCatalog(files: CompiledNotes.all, origin: builtInNotes, languages: languages)
    }
  }

  /// The one line for a notes error, with the tool's own hint where the library's message
  /// stops (how to name a content directory).
  static func message(_ error: ReleaseNotesError) -> String {
    if case .noContentDirectory = error {
      return error.description + "; pass --content DIR or set \(ContentLocation.environmentKey)"
    }
    return error.description
  }

  /// How messages name the notes compiled into the binary.
  static let builtInNotes = "the built-in notes"

  /// An environment variable (`getenv`, as `processEnvironment` answers it: the first of a
  /// name given twice), nil when unset or empty.
  static func environment(_ name: String) -> String? {
    guard let text = ProcessEnvironment.value(name), !text.isEmpty else { return nil }
    return text
  }

  /// The variables ``NotesLanguage/preferred(environment:)`` reads, as a dictionary of the set
  /// ones (empty values kept, as it treats them).
  static var languageEnvironment: [String: String] {
    var variables: [String: String] = [:]
    for name in NotesLanguage.environmentVariables {
      if let value = ProcessEnvironment.value(name) { variables[name] = value }
    }
    return variables
  }

  /// Prints `message` as one line on stderr and returns the exit code for a reported failure.
  static func failure(_ message: String) -> ExitCode {
    printError("whatsnew: " + message)
    return ExitCode(1)
  }

  /// Prints a line to stderr.
  static func printError(_ line: String) {
    Platform.writeAll(STDERR_FILENO, oneLine(line) + "\n")
  }

  /// Prints a line to stdout (sanitised: it may hold file names and changelog text).
  static func printLine(_ line: String) {
    print(oneLine(line))
  }

  /// `line` sanitised, with any line break in it (a file name can hold one) shown as `␤`, so
  /// one message stays one line.
  static func oneLine(_ line: String) -> String {
    Sanitizer.sanitize(line).replacing("\n", with: "\u{2424}").replacing("\r\n", with: "\u{2424}")
  }

  /// Writes text to stdout as it is (already rendered and sanitised).
  static func writeOut(_ text: String) {
    Platform.writeAll(STDOUT_FILENO, text)
  }

  /// True when stdin is a terminal.
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// True when stdout is a terminal.
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// The terminal's rows (`LINES`, else the tty's, else 24), as ncurses reads them.
  static func terminalHeight() -> Int {
    if let lines = environment("LINES"), let n = Int(lines), n > 0 { return n }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
    return 24
  }

  /// The terminal's width in cells (`COLUMNS`, else the tty's, else 80).
  static func terminalWidth() -> Int {
    if let columns = environment("COLUMNS"), let n = Int(columns), n > 0 { return n }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }
}
