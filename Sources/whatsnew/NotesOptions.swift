import ArgumentParser
import LaunchGreeter
import LaunchTracking
import MarkdownSyntax
import ReleaseNotes
import TerminalRendering

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `whatsnew notes` was asked, as plain values, and the work of answering it; built from
/// ``NotesCommand``.
struct NotesOptions: Equatable {
  typealias Format = NotesCommand.Format

  var version: String?
  var from: String?
  var to: String?
  var list = false
  var format: Format = .auto
  var width: Int?
  var content: String?
  /// The release channel (``ReleaseNotes/NotesAudience``); the platform is this one.
  var channel: String?
  var theme: GreeterTheme = .auto
  /// `--color`: never draws with attributes only, always colours whatever `NO_COLOR` says.
  var color: GreeterColorMode = .auto
  /// OSC 8 links in ansi output and the sheet.
  var hyperlinks: GreeterHyperlinks = .auto
  /// `--since`: the agent mode (``AgentNotes``); with `--until` and `--min-importance`.
  var since: String?
  var until: String?
  var minImportance: String?

  func validate() throws {
    if let width, !(20...1000).contains(width) {
      throw ValidationError("--width must be between 20 and 1000, not \(width)")
    }
    if version != nil && (from != nil || to != nil) {
      throw ValidationError("give either a VERSION or --from/--to, not both")
    }
    if list && (version != nil || from != nil || to != nil) {
      throw ValidationError("--list shows every version; it takes no VERSION, --from or --to")
    }
    try validateSince()
  }

  /// `--since` and its options: versions and importance that parse, and only the formats the
  /// agent mode has; `--format markdown|digest` only with `--since`.
  private func validateSince() throws {
    guard let since else {
      if until != nil || minImportance != nil {
        throw ValidationError("--until and --min-importance go with --since")
      }
      if format == .markdown || format == .digest {
        throw ValidationError("--format \(format.rawValue) goes with --since VERSION")
      }
      return
    }
    if version != nil || from != nil || to != nil || list {
      throw ValidationError("--since takes no VERSION, --from, --to or --list")
    }
    _ = try Self.version(since, option: "--since")
    if let until { _ = try Self.version(until, option: "--until") }
    if let minImportance, ReleaseImportance(frontMatter: minImportance) == nil {
      throw ValidationError(
        "--min-importance must be patch, minor, major or critical, not \"\(minImportance)\"")
    }
    if ![.auto, .json, .markdown, .digest].contains(format) {
      throw ValidationError("--since prints json, markdown or digest, not \(format.rawValue)")
    }
  }

  /// `text` parsed as a version, or a usage error naming `option` and the text.
  private static func version(_ text: String, option: String) throws -> AppVersion {
    do {
      return try AppVersion(parsing: text)
    } catch {
      throw ValidationError("\(option): \(error.description)")
    }
  }

  /// `notes --since`: the releases for a script or an agent (``AgentNotes``).
  private func showSince(_ since: String) throws {
    let catalog = try ReleaseNotesCLI.catalog(
      option: content, languages: NotesLanguage.preferred(environment: ReleaseNotesCLI.languageEnvironment)
    ).with(audience: NotesAudience(channel: channel))
    let start = try Self.version(since, option: "--since")
    let releases = try AgentNotes.releases(
      in: catalog, since: start, until: try until.map { try Self.version($0, option: "--until") },
      minimumImportance: minImportance.flatMap { ReleaseImportance(frontMatter: $0) } ?? .patch)
    switch format {
    case .json:
      ReleaseNotesCLI.writeOut(Self.escapingTerminalControls(AgentNotes.json(releases, since: start)))
    case .digest:
      ReleaseNotesCLI.writeOut(
        Sanitizer.sanitize(AgentNotes.digest(releases, since: start), expandingTabs: false))
    default:
      ReleaseNotesCLI.writeOut(Sanitizer.sanitize(AgentNotes.markdown(releases), expandingTabs: false))
    }
  }

  func run() throws {
    do {
      if let since { try showSince(since) } else { try show() }
    } catch let error as ReleaseNotesError {
      throw ReleaseNotesCLI.failure(error.description)
    } catch let error as AppVersion.ParseError {
      throw ReleaseNotesCLI.failure(error.description)
    }
  }

  // MARK: - Helpers

  private func show() throws {
    // Sent before any note is read, so the terminal answers while they are; read or drained
    // (on every way out, errors included) before this returns.
    var query: GreeterBackgroundQuery? =
      NotesSheet.willShow(format: self.format, list: list)
      ? TerminalUI.sendQuery(color: color.rawValue, theme: theme) : nil
    let catalog = try ReleaseNotesCLI.catalog(
      option: content, languages: NotesLanguage.preferred(environment: ReleaseNotesCLI.languageEnvironment)
    ).with(audience: NotesAudience(channel: channel))
    let directory = catalog.directory
    let format = resolvedFormat

    if list {
      let summaries = try catalog.summaries().reversed()
      if format == .json {
        try printJSON(CatalogJSON(content: directory, versions: summaries.map(VersionJSON.init), notes: nil))
      } else {
        printList(Array(summaries))
      }
      return
    }

    // Read (not parsed) first: the sheet parses each release only when it shows it. The sheet
    // gets what was read as values (a file's error included) and reads nothing itself.
    var texts: [ReleaseNoteText] = []
    var range: [ReleaseNotesCatalog.Entry]?
    var notesSince: AppVersion?
    var rangeText = ""
    if let version {
      texts = [try catalog.noteText(for: try AppVersion(parsing: version))]
    } else if from != nil || to != nil {
      let index = try catalog.index()
      let start = try from.map { text throws(AppVersion.ParseError) in try AppVersion(parsing: text) }
      guard
        let end = try to.map({ text throws(AppVersion.ParseError) in try AppVersion(parsing: text) })
          ?? index.newestRelease ?? index.newest
      else { throw ReleaseNotesError.noReleaseNotes(directory: directory) }
      range = try index.entries(after: start, upTo: end)
      notesSince = start
      rangeText = start.map { "after \($0) up to \(end)" } ?? "up to \(end)"
    } else {
      let index = try catalog.index()
      guard let newest = index.newestRelease ?? index.newest else {
        throw ReleaseNotesError.noReleaseNotes(directory: directory)
      }
      texts = [try catalog.noteText(for: newest)]
    }

    let sheet =
      format != .json && self.format == .auto && ReleaseNotesCLI.stdoutIsTerminal
      && ReleaseNotesCLI.stdinIsTerminal
    if let range {
      let read = { (entry: ReleaseNotesCatalog.Entry) in
        (version: entry.version, text: Result { () throws(ReleaseNotesError) in try catalog.noteText(entry) })
      }
      // The sheet is built from the notes it shows, read first (a file that cannot be read
      // shows its error in its place).
      let loaded = range.map(read)
      if sheet, !range.isEmpty,
        try NotesSheet.present(
          loaded, since: notesSince, color: color.rawValue, theme: theme, hyperlinks: links(isTerminal: true),
          query: &query)
      {
        return
      }
      texts = try loaded.map { entry throws(ReleaseNotesError) in try entry.text.get() }
    }

    if format == .json {
      let versions = try catalog.summaries().reversed().map(VersionJSON.init)
      try printJSON(CatalogJSON(content: directory, versions: versions, notes: texts.map(NoteJSON.init)))
      return
    }
    if texts.isEmpty {
      ReleaseNotesCLI.printError("whatsnew: no release notes \(rangeText) in \(directory)")
      return
    }
    if sheet,
      NotesSheet.present(
        texts, since: notesSince, color: color.rawValue, theme: theme, hyperlinks: links(isTerminal: true),
        query: &query)
    {
      return
    }
    let notes = texts.map { $0.parsed() }
    let document = WhatsNewDocument.make(notes)
    switch format {
    case .html:
      ReleaseNotesCLI.writeOut(NotesOutput.html(document))
    case .ansi:
      let noColor =
        color == .auto ? ReleaseNotesCLI.environment("NO_COLOR") != nil : color == .never
      let resolved = theme.resolved(colorFGBG: ReleaseNotesCLI.environment("COLORFGBG"))
      ReleaseNotesCLI.writeOut(
        NotesOutput.ansi(
          document, width: outputWidth, noColor: noColor, theme: resolved,
          hyperlinks: links(isTerminal: ReleaseNotesCLI.stdoutIsTerminal)))
    case .plain, .auto, .json, .markdown, .digest:
      ReleaseNotesCLI.writeOut(NotesOutput.plain(document, width: outputWidth))
    }
  }

  /// Whether `--hyperlinks` turns links on, output going to a terminal or not.
  private func links(isTerminal: Bool) -> Bool {
    hyperlinks.decision(variable: ReleaseNotesCLI.environment, isTerminal: isTerminal).on
  }

  /// `auto` made concrete: ansi in a terminal (unless `TERM=dumb`), plain in a pipe.
  private var resolvedFormat: Format {
    guard format == .auto else { return format }
    let dumb = ReleaseNotesCLI.environment("TERM") == "dumb"
    return ReleaseNotesCLI.stdoutIsTerminal && !dumb ? .ansi : .plain
  }

  private var outputWidth: Int {
    if let width { return width }
    return ReleaseNotesCLI.stdoutIsTerminal ? ReleaseNotesCLI.terminalWidth() : 80
  }

  private func printList(_ summaries: [VersionSummary]) {
    let versionWidth = summaries.map { $0.version.description.count }.max() ?? 0
    for summary in summaries {
      let version = summary.version.description
      var line = version + String(repeating: " ", count: versionWidth - version.count)
      line += "  " + (summary.date ?? String(repeating: " ", count: 10))
      if let title = summary.title { line += "  " + title }
      while line.last == " " { line.removeLast() }
      ReleaseNotesCLI.printLine(line)
    }
  }

  private func printJSON(_ value: CatalogJSON) throws {
    let bytes = try StateJSONEncoder(escapingSlashes: false).encode(value)
    print(Self.escapingTerminalControls(String(decoding: bytes, as: UTF8.self)))
  }

  /// JSON with the characters a terminal could act on, which JSON allows raw (DEL, C1
  /// controls such as U+009B CSI, bidi controls), written as `\\uXXXX` escapes instead. They
  /// can only occur inside strings, where the escape means the same character.
  static func escapingTerminalControls(_ json: String) -> String {
    guard json.unicodeScalars.contains(where: { Sanitizer.isControl($0) && $0.value >= 0x7F }) else {
      return json
    }
    var out = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      if scalar.value >= 0x7F && Sanitizer.isControl(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out.append(
          contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }
}

// MARK: - JSON

/// `notes --format json`: the catalog, and the notes asked for.
private struct CatalogJSON: Encodable {
  var content: String
  /// Every version, newest first.
  var versions: [VersionJSON]
  /// The notes shown (absent with --list).
  var notes: [NoteJSON]?
}

private struct VersionJSON: Encodable {
  var version: String
  var file: String
  var title: String?
  var date: String?
  /// The release's importance: its front matter's, else the one its version bump implies.
  var importance: String
  /// Whether ``importance`` comes from the front matter (false: implied by the version bump).
  var importanceDeclared: Bool
  var prerelease: Bool

  init(_ summary: VersionSummary) {
    version = summary.version.description
    file = summary.fileName
    title = summary.title
    date = summary.date
    importance = summary.effectiveImportance.rawValue
    importanceDeclared = summary.importance != nil
    prerelease = summary.version.isPrerelease
  }
}

private struct NoteJSON: Encodable {
  var version: String
  var file: String
  var title: String?
  var date: String?
  /// The `importance:` front matter, when given (the effective one is in `versions`).
  var importance: String?
  /// `summary:`, when given.
  var summary: String?
  /// A critical release's mark (`critical-label:`, else "Security"); absent for others.
  var mark: String?
  var markdown: String

  init(_ note: ReleaseNoteText) {
    version = note.version.description
    file = note.fileName
    title = note.title
    date = note.date
    importance = note.importance?.rawValue
    summary = note.summary
    mark = note.criticalMark
    markdown = note.markdown
  }
}
