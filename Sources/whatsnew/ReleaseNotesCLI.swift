import ArgumentParser
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
    var environment: [String: String] = [:]
    environment[ContentLocation.environmentKey] = Self.environment(ContentLocation.environmentKey)
    return try ContentLocation.resolve(option: option, environment: environment)
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

  /// How messages name the notes compiled into the binary.
  static let builtInNotes = "the built-in notes"

  /// An environment variable, nil when unset or empty.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }

  /// Prints `message` as one line on stderr and returns the exit code for a reported failure.
  static func failure(_ message: String) -> ExitCode {
    printError("whatsnew: " + message)
    return ExitCode(1)
  }

  /// Prints a line to stderr.
  static func printError(_ line: String) {
    let bytes = Array((oneLine(line) + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
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
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes {
        write(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += n
    }
  }

  /// True when stdin is a terminal.
  static var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// True when stdout is a terminal.
  static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// The terminal's width in cells (`COLUMNS`, else the tty's, else 80).
  static func terminalWidth() -> Int {
    if let columns = getenv("COLUMNS"), let n = Int(String(cString: columns)), n > 0 { return n }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }
}
