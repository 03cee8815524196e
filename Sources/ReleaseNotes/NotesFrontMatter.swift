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
  /// `importance:`, when it is `critical`, `major`, `minor` or `patch`.
  package var importance: ReleaseImportance?
  /// `summary:`, one line saying why the release matters; a `critical` release needs one.
  package var summary: String?
  /// `critical-label:`, the word that marks a critical release (``defaultCriticalLabel`` when
  /// not given).
  package var criticalLabel: String?
  /// `channels:` (`[beta, nightly]` or `beta, nightly`), lowercased: the release is shown only
  /// to an app on one of them (``NotesAudience/accepts(channels:)``); nil when not given.
  package var channels: [String]?
  /// `actions:`, the release's "try it" actions (``Action``), in order.
  package var actions: [Action] = []
  /// A tip's `id:` (`tips/*.md`): letters a-z, digits and `-`.
  package var id: String?
  /// A tip's `after-launches:`, `after-days:` (whole numbers, 0 or more), `when-used:`,
  /// `unless-used:` (event names) and `max-shows:` (1 or more); see `TipRule`.
  package var afterLaunches: Int?
  package var afterDays: Int?
  package var whenUsed: String?
  package var unlessUsed: String?
  package var maxShows: Int?
  /// `done-when:` (`onboarding.md`): for each walkthrough page in order, the usage event that
  /// marks it done (`[-, create, search]`; nil for `-`, a page done by reading it).
  package var doneWhen: [String?]?
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
      let items = frontMatter.lists[entry.line] ?? []
      if let readList = field.readList {
        if !entry.value.isEmpty {
          issues.append(
            Issue(.error, line: entry.line, "\"\(entry.key):\" takes a list of \"- key: value\" items"))
        }
        issues += readList(items, &self)
      } else if let item = items.first {
        issues.append(Issue(.error, line: item.line, "\"\(entry.key):\" takes one value, not a list"))
      } else if let problem = field.read(entry.value, &self) {
        issues.append(Issue(.error, line: entry.line, problem))
      }
    }
    issues += criticalIssues
    issues.sort { $0.line < $1.line }
  }

  /// The word that marks a critical release when its notes give no `critical-label:`.
  package static let defaultCriticalLabel = "Security"

  /// The mark of a critical release (its ``criticalLabel``, else ``defaultCriticalLabel``);
  /// nil for any other release.
  package var criticalMark: String? {
    importance == .critical ? criticalLabel ?? Self.defaultCriticalLabel : nil
  }

  /// A critical release without a `summary:` is an error (the sheet and the update card say
  /// why it matters in that line); a `critical-label:` on another release is a warning.
  private var criticalIssues: [Issue] {
    if importance == .critical, summary == nil {
      return [
        Issue(
          .error, line: lines["importance"] ?? 1,
          "importance: critical needs a one-line \"summary:\" saying why the release matters")
      ]
    }
    if importance != .critical, let line = lines["critical-label"] {
      return [Issue(.warning, line: line, "\"critical-label:\" is used only with importance: critical")]
    }
    return []
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
    /// For a key that takes a list (`actions:`): reads its items, returning what is wrong.
    package var readList:
      (@Sendable (_ items: [FrontMatterItem], _ into: inout NotesFrontMatter) -> [Issue])? = nil
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
          return "bad importance \"\(value)\": expected critical, major, minor or patch"
        }
        front.importance = importance
        return nil
      }, write: { $0.importance?.rawValue }),
    Field(
      key: "summary",
      read: { value, front in
        front.summary = value.isEmpty ? nil : value
        return nil
      }, write: \.summary),
    Field(
      key: "critical-label",
      read: { value, front in
        guard !value.isEmpty, value.count <= 24, !value.contains(where: { $0 == "[" || $0 == "]" }) else {
          return
            "bad critical-label \"\(value)\": expected a word or two (at most 24 characters, no brackets)"
        }
        front.criticalLabel = value
        return nil
      }, write: \.criticalLabel),
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
    Field(key: "actions", read: { _, _ in nil }, write: { _ in nil }, readList: Action.read),
    Field(
      key: "id",
      read: { value, front in
        guard Action.isValidID(value) else {
          return "bad id \"\(value)\": expected letters a-z, digits and -"
        }
        front.id = value
        return nil
      }, write: \.id),
    number("after-launches", least: 0, \.afterLaunches),
    number("after-days", least: 0, \.afterDays),
    event("when-used", \.whenUsed),
    event("unless-used", \.unlessUsed),
    number("max-shows", least: 1, \.maxShows),
    Field(
      key: "done-when",
      read: { value, front in
        var list = Substring(value)
        if list.hasPrefix("[") && list.hasSuffix("]") { list = list.dropFirst().dropLast() }
        let items = list.split(separator: ",", omittingEmptySubsequences: false).map {
          String($0.filter { $0 != " " && $0 != "\t" })
        }
        var events: [String?] = []
        for item in items {
          if item == "-" {
            events.append(nil)
          } else if let problem = UsageEvents.problem(withName: item) {
            return "bad done-when \"\(value)\": \(problem) (a list of event names, - for a page without one, "
              + "like [-, create])"
          } else {
            events.append(item)
          }
        }
        front.doneWhen = events
        return nil
      }, write: { $0.doneWhen.map { "[" + $0.map { $0 ?? "-" }.joined(separator: ", ") + "]" } }),
  ]

  /// The keys only a tip (`tips/*.md`) reads.
  package static let tipKeys: Set<String> = [
    "id", "after-launches", "after-days", "when-used", "unless-used", "max-shows",
  ]

  /// A key whose value is a whole number of at least `least`.
  private static func number(
    _ key: String, least: Int, _ property: WritableKeyPath<NotesFrontMatter, Int?> & Sendable
  ) -> Field {
    Field(
      key: key,
      read: { value, front in
        guard value.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(value), n >= least else {
          return "bad \(key) \"\(value)\": expected a whole number, \(least) or more"
        }
        front[keyPath: property] = n
        return nil
      }, write: { $0[keyPath: property].map(String.init) })
  }

  /// A key whose value is a usage event's name (`UsageEvents.problem(withName:)`).
  private static func event(
    _ key: String, _ property: WritableKeyPath<NotesFrontMatter, String?> & Sendable
  ) -> Field {
    Field(
      key: key,
      read: { value, front in
        if let problem = UsageEvents.problem(withName: value) { return "bad \(key): \(problem)" }
        front[keyPath: property] = value
        return nil
      }, write: { $0[keyPath: property] })
  }

  /// The front matter as a file starts with it (`---`, a `key: value` line per value, each
  /// value made ``oneLine(_:)``, `---`), or "" when there is nothing to write.
  package var text: String {
    let lines = Self.fields.compactMap { field in
      field.write(self).map { "\(field.key): \(Self.oneLine($0))\n" }
    }
    return lines.isEmpty ? "" : "---\n" + lines.joined() + "---\n"
  }

  /// `value` as one line of front matter: each control character (a newline, a carriage
  /// return, an escape) and each Unicode line or paragraph separator becomes a space.
  package static func oneLine(_ value: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator: scalars.append(" ")
      default: scalars.append(scalar)
      }
    }
    return String(scalars)
  }

  /// The keys a notes file may use.
  package static var knownKeys: [String] { fields.map(\.key) }

  /// Checks a `date:` value: `YYYY-MM-DD` in ASCII digits, a real calendar day.
  package static func isValidDate(_ value: String) -> Bool {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return false }
    guard (1...12).contains(month), day >= 1 else { return false }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let days =
      switch month {
      case 2: leap ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    return day <= days
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

extension NotesFrontMatter {
  /// A "try it" action of a release (`actions:`): while the release is on the what's-new
  /// sheet, the footer names ``label`` under ``key``, and the key closes the sheet with
  /// ``id`` for the app to act on. Nothing of a notes file is ever run: the id is a name the
  /// app looks up in its own code.
  ///
  /// ```
  /// actions:
  ///   - key: t
  ///     id: try-export
  ///     label: Try the new export
  /// ```
  package struct Action: Sendable, Equatable {
    /// The one character that triggers it.
    package var key: Character
    /// What the outcome reports: letters `a`-`z`, digits and `-`.
    package var id: String
    /// The footer's words for it (the id when not given).
    package var label: String
    /// The 1-based line of its `- `.
    package var line: Int

    package init(key: Character, id: String, label: String, line: Int) {
      self.key = key
      self.id = id
      self.label = label
      self.line = line
    }

    /// Checks an id: not empty, only `a`-`z`, `0`-`9` and `-`.
    package static func isValidID(_ id: String) -> Bool {
      !id.isEmpty && id.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 45 }
    }

    /// Reads the items of `actions:`: each needs a `key:` of one printable character other
    /// than a space and a valid `id:`; `label:` is optional. A bad item is an error and left out.
    static func read(_ items: [FrontMatterItem], into front: inout NotesFrontMatter) -> [Issue] {
      var issues: [Issue] = []
      for item in items {
        for field in item.fields where !["key", "id", "label"].contains(field.key) {
          issues.append(
            Issue(.warning, line: field.line, "unknown action field \"\(field.key)\" (known: key, id, label)")
          )
        }
        let id = item["id"] ?? ""
        guard isValidID(id) else {
          issues.append(
            Issue(
              .error, line: item.line,
              "bad action id \"\(id)\": expected letters a-z, digits and -, not empty"))
          continue
        }
        let keyText = item["key"] ?? ""
        guard keyText.count == 1, let key = keyText.first, key.isASCII, !key.isWhitespace,
          key.asciiValue.map({ $0 >= 33 && $0 < 127 }) == true
        else {
          issues.append(
            Issue(
              .error, line: item.line,
              "bad key \"\(keyText)\" for action \(id): expected one printable ASCII character"))
          continue
        }
        if let other = front.actions.first(where: { $0.key == key }) {
          issues.append(Issue(.error, line: item.line, "action \(id) uses key \(key), as \(other.id) does"))
          continue
        }
        let label = item["label"].flatMap { $0.isEmpty ? nil : $0 } ?? id
        front.actions.append(Action(key: key, id: id, label: label, line: item.line))
      }
      return issues
    }
  }
}
