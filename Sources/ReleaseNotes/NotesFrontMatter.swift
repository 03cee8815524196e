import LaunchTracking
import MarkdownSyntax

/// A notes file's front matter, typed: its title, date and importance, read once from the
/// key/value lines `MarkdownSyntax`'s `FrontMatterParser` splits off (the one reader of front
/// matter, also the parser's), and the problems met reading them.
///
/// The catalog, lint, the screens and `notes --format json` all take their values from here,
/// and lint reports ``issues``. The keys and how each is read are one table, ``fields``: a new
/// key (say `actions:`) is one row there and one property here.
package struct NotesFrontMatter: Sendable, Equatable {
  /// `title:`, when given and not empty.
  package var title: String?
  /// `date:`, when it is a real day as `YYYY-MM-DD` (as written).
  package var date: String?
  /// `importance:`, when it is `major`, `minor` or `patch`.
  package var importance: ReleaseImportance?
  /// `channels:` (`[beta, nightly]` or `beta, nightly`), lowercased: the release is shown only
  /// to an app on one of them (``NotesAudience/accepts(channels:)``); nil when not given.
  package var channels: [String]?
  /// The 1-based line of each known key (its first occurrence), for messages.
  package var lines: [String: Int] = [:]
  /// What is wrong with the front matter, in the order of its lines: malformed lines and bad
  /// values are errors, unknown and repeated keys warnings.
  package var issues: [Issue] = []

  /// No front matter: nothing declared, nothing wrong.
  package init() {}

  /// Reads `frontMatter` (nil for a file without any): every known key through its row of
  /// ``fields`` (the first occurrence counts), every other key an unknown-key warning.
  package init(_ frontMatter: FrontMatter?) {
    guard let frontMatter else { return }
    for line in frontMatter.malformedLines {
      issues.append(Issue(.error, line: line, "malformed front matter line: expected key: value"))
    }
    for entry in frontMatter.entries {
      guard let field = Self.fields.first(where: { $0.key == entry.key }) else {
        issues.append(
          Issue(
            .warning, line: entry.line,
            "unknown front matter key \"\(entry.key)\" (known keys: \(Self.knownKeys.joined(separator: ", ")))"
          ))
        continue
      }
      guard lines[entry.key] == nil else {
        issues.append(
          Issue(
            .warning, line: entry.line, "front matter key \"\(entry.key)\" repeated; the first one is used"))
        continue
      }
      lines[entry.key] = entry.line
      if let problem = field.read(entry.value, &self) {
        issues.append(Issue(.error, line: entry.line, problem))
      }
    }
    issues.sort { $0.line < $1.line }
  }

  /// Reads the front matter at the top of `text` (``init(_:)`` of `FrontMatterParser.split`'s).
  package init(text: String) {
    self.init(FrontMatterParser.split(text).frontMatter)
  }

  /// The errors among ``issues``: what makes the file one lint fails.
  package var errors: [Issue] { issues.filter { $0.severity == .error } }

  // MARK: - The keys

  /// One key a notes file may use: its name, how its value is read into the value (returning
  /// nil, or what is wrong with it), and how the value writes it (nil: not written).
  package struct Field: Sendable {
    package var key: String
    package var read: @Sendable (_ value: String, _ into: inout NotesFrontMatter) -> String?
    package var write: @Sendable (NotesFrontMatter) -> String?
  }

  /// Every key a notes file may use, in the order lint names them and ``text`` writes them.
  package static let fields: [Field] = [
    Field(
      key: "title",
      read: { value, front in
        front.title = value.isEmpty ? nil : value
        return nil
      }, write: \.title),
    Field(
      key: "date",
      read: { value, front in
        guard isValidDate(value) else { return "bad date \"\(value)\": expected a real day as YYYY-MM-DD" }
        front.date = value
        return nil
      }, write: \.date),
    Field(
      key: "importance",
      read: { value, front in
        guard let importance = ReleaseImportance(frontMatter: value) else {
          return "bad importance \"\(value)\": expected major, minor or patch"
        }
        front.importance = importance
        return nil
      }, write: { $0.importance?.rawValue }),
    Field(
      key: "channels",
      read: { value, front in
        var list = Substring(value)
        if list.hasPrefix("[") && list.hasSuffix("]") { list = list.dropFirst().dropLast() }
        let names = list.split(separator: ",").map { $0.filter { $0 != " " && $0 != "\t" }.lowercased() }
        guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
          return "bad channels \"\(value)\": expected a list of channel names, like [beta, nightly]"
        }
        front.channels = names
        return nil
      }, write: { $0.channels.map { "[" + $0.joined(separator: ", ") + "]" } }),
  ]

  /// The front matter as a file starts with it (`---`, a `key: value` line per value, `---`),
  /// or "" when there is nothing to write.
  package var text: String {
    let lines = Self.fields.compactMap { field in field.write(self).map { "\(field.key): \($0)\n" } }
    return lines.isEmpty ? "" : "---\n" + lines.joined() + "---\n"
  }

  /// The keys a notes file may use.
  package static var knownKeys: [String] { fields.map(\.key) }

  /// Checks a `date:` value: `YYYY-MM-DD`, a real calendar day.
  package static func isValidDate(_ value: String) -> Bool {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return false }
    guard (1...12).contains(month), day >= 1 else { return false }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= days[month - 1]
  }

  /// One problem of the front matter: how bad, on which line of the file, and what to do.
  package struct Issue: Sendable, Equatable {
    package var severity: LintDiagnostic.Severity
    /// The 1-based line of the file.
    package var line: Int
    package var message: String

    package init(_ severity: LintDiagnostic.Severity, line: Int, _ message: String) {
      self.severity = severity
      self.line = line
      self.message = message
    }
  }
}
