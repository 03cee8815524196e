import ArgumentParser
import LaunchGreeter
import LaunchTracking
import MarkdownSyntax
import TerminalRendering

#if canImport(Glibc)
  import Glibc
  private let systemExit = Glibc.exit
#elseif canImport(Musl)
  import Musl
  private let systemExit = Musl.exit
#elseif canImport(Darwin)
  import Darwin
  private let systemExit = Darwin.exit
#endif

/// `whatsnew render [FILE|-] [--format plain|ansi|html|json] [--width N] [--flavor commonmark|gfm]`:
/// renders a Markdown file the way the what's-new sheet does, for previewing and for scripts.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    _superCommandName: WhatsNew.commandName,
    abstract: "Renders a Markdown file for the terminal, as HTML or as its syntax tree (JSON).",
    discussion: """
      The default format is 'ansi' when standard output is a terminal (and NO_COLOR and \
      TERM=dumb are unset), else 'plain'. The width is --width, else $COLUMNS, else 80; it \
      must be between 2 and 10000. With NO_COLOR set, 'ansi' uses only bold, underline, \
      reverse and dim, as --theme mono does; --theme auto (the default) is light when \
      COLORFGBG's background is 7 or 15, else dark. With --hyperlinks always (or auto in a \
      terminal known to show them), 'ansi' makes each http, https or mailto link's text an \
      OSC 8 hyperlink; the numbered references stay. --flavor commonmark reads plain CommonMark 0.31.2: no tables, \
      strikethrough, task lists, extended autolinks, footnotes, front matter or HTML tag filter.
      """
  )

  @Argument(help: "The Markdown file, or '-' (the default) for standard input.")
  var file = "-"

  @Option(help: "Output format: plain, ansi, html or json.")
  var format: String?

  @Option(help: "Width in terminal cells (2...10000).")
  var width: String?

  @Option(
    help: "Markdown flavor: gfm (the default: GitHub Flavored Markdown and front matter) or commonmark.")
  var flavor: String?

  var theme = SharedOptions.theme

  var hyperlinks = SharedOptions.hyperlinks

  /// The width range accepted; wider output is useless and narrower cannot hold a wide grapheme.
  static let widths = 2...10000

  func validate() throws {
    _ = try SharedOptions.theme(theme.wrappedValue)
    _ = try SharedOptions.hyperlinks(hyperlinks.wrappedValue)
  }

  func run() throws {
    Self.render(
      file: file, format: format, width: width, flavor: flavor,
      theme: try SharedOptions.theme(theme.wrappedValue),
      hyperlinks: try SharedOptions.hyperlinks(hyperlinks.wrappedValue))
  }

  /// The command's work, given its arguments (`format`, `width` and `flavor` as typed, checked
  /// here with the command's own messages). Exits the process: 0 when the output is written, 1 when the file cannot be read
  /// or the output written, 2 for a bad option value.
  static func render(
    file: String, format: String?, width: String?, flavor: String? = nil, theme: GreeterTheme = .auto,
    hyperlinks: GreeterHyperlinks = .auto
  ) -> Never {
    let environment = Environment()
    var markdownFlavor = MarkdownFlavor.gfm
    if let flavor {
      guard let parsed = MarkdownFlavor(rawValue: flavor) else {
        fail("invalid --flavor '\(flavor)': expected commonmark or gfm", code: 2)
      }
      markdownFlavor = parsed
    }
    let chosenFormat: OutputFormat
    if let format {
      guard let parsed = OutputFormat(rawValue: format) else {
        fail("invalid --format '\(format)': expected plain, ansi, html or json", code: 2)
      }
      chosenFormat = parsed
    } else {
      chosenFormat =
        environment.stdoutIsTerminal && !environment.noColor && !environment.dumbTerminal ? .ansi : .plain
    }
    var columns = 80
    if let width {
      guard let width = Int(width), Self.widths.contains(width) else {
        fail("invalid --width \(width): expected a number of cells from 2 to 10000", code: 2)
      }
      columns = width
    } else if let fromEnvironment = environment.columns, Self.widths.contains(fromEnvironment) {
      columns = fromEnvironment
    }

    let bytes: [UInt8]
    do {
      bytes = try FileInput.read(file)
    } catch {
      fail("cannot read \(file == "-" ? "standard input" : file): \(error.message)", code: 1)
    }
    let document = MarkdownParser.parse(bytes: bytes, flavor: markdownFlavor)
    let markdownTheme: Theme =
      environment.noColor
      ? .monochrome : theme.resolved(colorFGBG: environment.value("COLORFGBG")).markdown
    // Links only in ansi output, and with `auto` only where the terminal shows them.
    let links =
      chosenFormat == .ansi
      && hyperlinks.decision(variable: environment.value, isTerminal: environment.stdoutIsTerminal).on
    let options = RenderOptions(width: columns, theme: markdownTheme, hyperlinks: links)
    render(document, format: chosenFormat, options: options, tagFilter: markdownFlavor == .gfm)
  }

  /// Writes `document` in `format`, then exits.
  private static func render(
    _ document: MarkdownDocument, format: OutputFormat, options: RenderOptions, tagFilter: Bool
  ) -> Never {
    switch format {
    case .plain:
      // Serialised and written out a few hundred lines at a time as the blocks are rendered,
      // not held whole (the 65 KB changelog's output is 72 KB): a smaller peak.
      TerminalMarkdown.render(document, options: options, linesAtATime: 256) { lines in
        PlainSerializer.serializeUTF8(lines).withUnsafeBufferPointer { FileOutput.write(buffer: $0) }
      }
    case .ansi:
      let lines = TerminalMarkdown.render(document, options: options)
      withExtendedLifetime(lines) {
        FileOutput.write(ANSISerializer.serialize(lines))
        systemExit(0)
      }
    case .json:
      FileOutput.write(SyntaxTreeJSON.encode(document) + "\n")
    case .html:
      // Raw HTML passes through (with GFM, tag filter applied), but control characters are
      // neutralised like on every other path, in case the HTML is shown on a terminal; tabs
      // are data here and stay.
      let html = HTMLRenderer.render(document, tagFilter: tagFilter)
      FileOutput.write(Sanitizer.sanitize(html, expandingTabs: false))
    }
    // Exit while the lines are still alive: the process is done, and releasing them (and the
    // tree) one by one would cost more instructions than rendering did (the kernel frees the
    // memory at once).
    systemExit(0)
  }

  /// Prints `whatsnew: message` (sanitised) on standard error and exits with `code`.
  private static func fail(_ message: String, code: Int32) -> Never {
    FileOutput.writeError("whatsnew: " + Sanitizer.sanitize(message) + "\n")
    systemExit(code)
  }
}

// MARK: - Helpers

/// The output formats of `render`.
enum OutputFormat: String {
  case plain, ansi, html, json
}

/// What `render` reads from its environment.
private struct Environment {
  var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
  var noColor: Bool { value("NO_COLOR").map { !$0.isEmpty } ?? false }
  var dumbTerminal: Bool { value("TERM") == "dumb" }
  var columns: Int? { value("COLUMNS").flatMap { Int($0) } }

  func value(_ name: String) -> String? { ProcessEnvironment.value(name) }
}

/// A failed read, with the C library's message.
struct FileError: Error {
  var message: String
}

/// Reads whole files (or standard input) as bytes through `Platform.readAll`, the package's
/// one reader, with its one limit (16 MiB: a bigger input, or an endless one like
/// `/dev/zero`, is refused instead of held in memory).
enum FileInput {
  static func read(_ path: String) throws(FileError) -> [UInt8] {
    let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError(message: String(cString: strerror(errno))) }
    defer { if fd != STDIN_FILENO { close(fd) } }
    do { return try Platform.readAll(fd) } catch { throw FileError(message: error.message) }
  }
}

/// Writes to standard output and standard error with the C library.
enum FileOutput {
  /// Writes all of `text` to standard output; on failure, reports it (one line) and exits 1.
  static func write(_ text: String) {
    var text = text
    text.withUTF8 { write(buffer: $0) }
  }

  /// Writes all of `buffer` to standard output, like ``write(_:)``.
  static func write(buffer: UnsafeBufferPointer<UInt8>) {
    if let failure = Platform.writeAll(STDOUT_FILENO, UnsafeRawBufferPointer(buffer)) {
      writeError("whatsnew: cannot write to standard output: " + failure + "\n")
      systemExit(1)
    }
  }

  static func writeError(_ text: String) {
    Platform.writeAll(STDERR_FILENO, text)
  }
}
