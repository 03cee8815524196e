import ArgumentParser
import LaunchGreeter
import LaunchTracking
import MarkdownSyntax
import NotesTools
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

  @Option(help: "Output format (default: ansi on a terminal, else plain).")
  var format: OutputFormat?

  @Option(help: "Width in terminal cells, 2 to 10000 (default: $COLUMNS, else 80).")
  var width: Int?

  @Option(help: "Markdown flavor: gfm is GitHub Flavored Markdown with front matter.")
  var flavor: MarkdownFlavor = .gfm

  @OptionGroup var appearance: AppearanceOptions

  @Flag(
    help: """
      With --format html, keep raw HTML and javascript:, vbscript:, file: and data: links \
      (by default raw HTML is omitted and those links get an empty address, as cmark does).
      """)
  var unsafe = false

  /// The width range accepted; wider output is useless and narrower cannot hold a wide grapheme.
  static let widths = 2...10000

  func validate() throws {
    if let width, !Self.widths.contains(width) {
      throw ValidationError("--width must be between 2 and 10000, not \(width)")
    }
  }

  func run() throws {
    Self.render(
      file: file, format: format, width: width, flavor: flavor, theme: appearance.theme,
      color: appearance.color, hyperlinks: appearance.hyperlinks, unsafe: unsafe)
  }

  /// The command's work, given its arguments. Exits the process: 0 when the output is written,
  /// 1 when the file cannot be read or the output written.
  static func render(
    file: String, format: OutputFormat?, width: Int?, flavor: MarkdownFlavor = .gfm,
    theme: GreeterTheme = .auto, color: GreeterColorMode = .auto, hyperlinks: GreeterHyperlinks = .auto,
    unsafe: Bool = false
  ) -> Never {
    let environment = Environment()
    // `--color never` draws with attributes only, `always` colours whatever NO_COLOR says.
    let noColor = color == .auto ? environment.noColor : color == .never
    let chosenFormat =
      format
      ?? (environment.stdoutIsTerminal && !noColor && !environment.dumbTerminal ? .ansi : .plain)
    var columns = 80
    if let width {
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
    let document = MarkdownParser.parse(bytes: bytes, flavor: flavor)
    let markdownTheme: Theme =
      noColor
      ? .monochrome : theme.resolved(colorFGBG: environment.value("COLORFGBG")).markdown
    // Links only in ansi output, and with `auto` only where the terminal shows them.
    let links =
      chosenFormat == .ansi
      && hyperlinks.decision(variable: environment.value, isTerminal: environment.stdoutIsTerminal).on
    // Plain text cannot strike through: struck text keeps its `~~` (issue 47).
    let options = RenderOptions(
      width: columns, theme: chosenFormat == .plain ? markdownTheme.markingStrikethrough() : markdownTheme,
      hyperlinks: links)
    render(document, format: chosenFormat, options: options, tagFilter: flavor == .gfm, unsafe: unsafe)
  }

  /// Writes `document` in `format`, then exits.
  private static func render(
    _ document: MarkdownDocument, format: OutputFormat, options: RenderOptions, tagFilter: Bool, unsafe: Bool
  ) -> Never {
    switch format {
    case .plain:
      // Serialised and written out a few hundred lines at a time as the blocks are rendered,
      // not held whole (the 65 KB changelog's output is 72 KB): a smaller peak.
      TerminalMarkdown.render(document, options: options, linesAtATime: 256) { lines in
        FileOutput.write(bytes: PlainSerializer.serializeUTF8(lines))
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
      // Raw HTML is omitted unless `unsafe` (then with GFM the tag filter applies), and control
      // characters are neutralised like on every other path, in case the HTML is shown on a
      // terminal; tabs are data here and stay. Written as the renderer's bytes: the input
      // was validated as UTF-8 once, and the HTML built from it is not validated again.
      let html = HTMLRenderer.renderUTF8(document, tagFilter: tagFilter, unsafe: unsafe)
      FileOutput.write(bytes: Sanitizer.sanitize(utf8: html, expandingTabs: false))
    }
    // The process is done: it exits without releasing the lines and the tree one by one (the
    // kernel frees the memory at once).
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
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
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
    report(Platform.writeAll(STDOUT_FILENO, text))
  }

  /// Writes all of `bytes` to standard output, like ``write(_:)``.
  static func write(bytes: [UInt8]) {
    report(Platform.writeAll(STDOUT_FILENO, bytes))
  }

  static func writeError(_ text: String) {
    Platform.writeAll(STDERR_FILENO, text)
  }

  /// Reports a failed write to standard output (one line) and exits 1.
  private static func report(_ failure: String?) {
    guard let failure else { return }
    writeError("whatsnew: cannot write to standard output: " + failure + "\n")
    systemExit(1)
  }

}
