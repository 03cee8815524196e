import LaunchTracking
import MarkdownSyntax

/// The kinds of input `import-changelog` reads, and how each becomes ``ChangelogImporter``
/// sections.
extension ChangelogImporter {
  /// What an input to import is.
  package enum InputKind: String, Sendable, Equatable {
    /// A Markdown changelog (`CHANGELOG.md`), split on its version headings.
    case markdown
    /// A JSON array of GitHub releases, as `gh api repos/OWNER/REPO/releases` prints it.
    case githubReleases
    /// A changie `.changes/` directory: one `<version>.md` per release.
    case changie
  }

  /// What `path` holds: a directory is a changie `.changes/` directory (or a project whose
  /// `.changes/` subdirectory is one); a file whose first non-blank characters are `[` then
  /// `{` or `]` is a GitHub Releases JSON array; any other file is a Markdown changelog.
  /// Reads at most the first 4 KB of a file.
  package static func inputKind(of path: String) -> InputKind {
    if FileSystem.kind(path) == .directory { return .changie }
    guard let head = try? FileSystem.readPrefix(path, limit: 4096) else { return .markdown }
    return inputKind(ofText: head)
  }

  /// ``inputKind(of:)`` for the start of a file's bytes.
  package static func inputKind(ofText head: some Collection<UInt8>) -> InputKind {
    var significant = head.lazy.filter { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
      .makeIterator()
    guard significant.next() == UInt8(ascii: "[") else { return .markdown }
    let next = significant.next()
    return next == UInt8(ascii: "{") || next == UInt8(ascii: "]") ? .githubReleases : .markdown
  }

  /// Reads `path`, whatever its ``InputKind``, and splits it into sections.
  package init(importing path: String) throws(ChangelogImportError) {
    switch Self.inputKind(of: path) {
    case .markdown:
      do { try self.init(contentsOf: path) } catch { throw .cannotRead(error.description) }
    case .githubReleases:
      let bytes: [UInt8]
      do { bytes = try FileSystem.readFile(path) } catch {
        throw .cannotRead(ReleaseNotesError.unreadable(path: path, reason: error.message).description)
      }
      try self.init(githubReleasesJSON: bytes, source: path)
    case .changie:
      try self.init(changieDirectory: path)
    }
  }

  // MARK: - GitHub Releases

  /// One release of the GitHub REST API (`GET /repos/{owner}/{repo}/releases`): only the
  /// fields the import reads.
  struct GitHubRelease: Decodable {
    var tag_name: String
    var name: String?
    var body: String?
    var draft: Bool?
    var prerelease: Bool?
    var published_at: String?
  }

  /// Sections from a GitHub Releases JSON array (`source` names it in messages). Drafts are
  /// skipped; the tag is the version (`v1.2.0` is 1.2.0; a tag that is not a version is
  /// skipped with a warning); `published_at` gives the date; the release's name is the title
  /// unless it only repeats the version (a name like `v1.2.0 - Quieter` gives `Quieter`); the
  /// body is the notes, with headings moved up so the shallowest is `##`. A release marked
  /// pre-release whose tag is a release version is imported as a release, with a warning.
  /// ``ChangelogImporter/Section/lines`` and ``ChangelogImporter/skipped`` hold 1-based
  /// positions in the array.
  package init(githubReleasesJSON bytes: [UInt8], source: String) throws(ChangelogImportError) {
    self.init(text: "")
    self.kind = .githubReleases
    let releases: [GitHubRelease]
    do {
      releases = try StateJSONDecoder().decode([GitHubRelease].self, from: bytes)
    } catch let error as DecodingError {
      throw .badReleases(source: source, reason: Self.describe(error))
    } catch {
      throw .badReleases(source: source, reason: "not a JSON array of releases")
    }
    var positions: [AppVersion: Int] = [:]
    for (i, release) in releases.enumerated() {
      let position = i + 1
      if release.draft == true {
        skipped.append(("draft \(release.tag_name)", position))
        continue
      }
      guard let version = AppVersion(release.tag_name) else {
        skipped.append((release.tag_name, position))
        warnings.append(
          "release \(position) has the tag \"\(release.tag_name)\", which is not a version; skipped")
        continue
      }
      if release.prerelease == true && !version.isPrerelease {
        warnings.append(
          "release \(release.tag_name) is marked pre-release on GitHub, but \(version.canonical) is not a pre-release "
            + "version; it is imported as a release")
      }
      var date: String?
      if let published = release.published_at, published.utf8.count >= 10 {
        let day = String(decoding: published.utf8.prefix(10), as: UTF8.self)
        if NotesFrontMatter.isValidDate(day) { date = day }
      }
      let (front, body) = Self.splitFrontMatter(release.body ?? "")
      let markdown = Self.notes(fromBody: body)
      var section = Section(
        version: version, date: date, title: Self.title(fromName: release.name, version: version),
        lines: [position], markdown: markdown.isEmpty ? Self.emptySectionText : markdown,
        wasEmpty: markdown.isEmpty)
      section.markedPrerelease = release.prerelease == true
      section.bodyFrontMatter = front
      section.published = release.published_at.flatMap { $0.utf8.count <= 40 ? $0 : nil }
      if let at = positions[version] {
        warnings.append(
          "version \(version.canonical) is released twice (releases \(sections[at].lines[0]) and \(position)); "
            + "the first is imported")
        continue
      }
      positions[version] = sections.count
      sections.append(section)
    }
  }

  /// A release body's front matter (its keys in lower case, the first of a key kept) and the
  /// text after it; none and the whole body when it does not start with a closed `---` block.
  static func splitFrontMatter(_ body: String) -> (fields: [String: String], rest: String) {
    let split = FrontMatterParser.split(body)
    guard let front = split.frontMatter else { return ([:], body) }
    let fields = Dictionary(front.entries.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    return (fields, String(decoding: body.utf8.dropFirst(split.bodyOffset), as: UTF8.self))
  }

  /// The title a release's name gives: nil when empty or only the version; the words after
  /// the version when it starts with it. A title is one line: a newline or another control
  /// character in the name becomes a space, so a name cannot add keys to the front matter.
  static func title(fromName name: String?, version: AppVersion) -> String? {
    guard let name else { return nil }
    let trimmed = String(trimSpaces(Substring(NotesFrontMatter.oneLine(name))))
    guard !trimmed.isEmpty else { return nil }
    if let heading = versionHeading(trimmed), heading.version == version { return heading.title }
    return trimmed
  }

  /// One line for a JSON decoding failure: which release and which field.
  static func describe(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      guard let index = path.first?.intValue else { return "the top level" }
      let field = path.dropFirst().first.map { " field \"\($0.stringValue)\"" } ?? ""
      return "release \(index + 1)\(field)"
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(place(context.codingPath)) has no \"\(key.stringValue)\""
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      if context.codingPath.isEmpty { return "not a JSON array of releases" }
      return "\(place(context.codingPath)) has the wrong type"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty ? "not valid JSON" : "\(place(context.codingPath)) is not valid"
    @unknown default:
      return "not a JSON array of releases"
    }
  }

  // MARK: - changie

  /// Sections from a changie `.changes/` directory (`path` may also be the project holding
  /// it): every `<version>.md` (`v1.2.0.md` too) is one release. A version heading at its
  /// top (changie writes `## v1.2.0 - 2024-01-02`) gives the date and title and is not part of
  /// the notes; the file name gives the version. Other entries (`unreleased/`,
  /// `header.tpl.md`) are skipped. ``ChangelogImporter/Section/lines`` are 1-based lines of
  /// the version heading in its file (1 without one).
  package init(changieDirectory path: String) throws(ChangelogImportError) {
    self.init(text: "")
    self.kind = .changie
    let nested = joinPath(path, ".changes")
    let directory = FileSystem.kind(nested) == .directory ? nested : path
    let catalog: ReleaseNotesCatalog
    let index: VersionIndex
    do {
      catalog = try ReleaseNotesCatalog(directory: directory)
      index = try catalog.index()
    } catch {
      throw .cannotRead(error.description)
    }
    for invalid in index.invalidNames { skipped.append((invalid.name, 0)) }
    for dup in index.duplicates {
      warnings.append("\(dup.others.joined(separator: ", ")) repeat the version of \(dup.kept); skipped")
    }
    for entry in index.entries {
      let text: String
      do { text = try catalog.readText(entry.fileName) } catch { throw .cannotRead(error.description) }
      let split = ChangelogImporter(text: text)
      if let first = split.sections.first {
        if first.version != entry.version {
          warnings.append(
            "\(catalog.path(of: entry.fileName)) is headed \(first.version), not \(entry.version); "
              + "the file name is used")
        }
        let markdown = split.sections.map(\.markdown).filter { $0 != Self.emptySectionText }
          .joined(separator: "\n\n")
        if split.sections.count > 1 {
          warnings.append(
            "\(catalog.path(of: entry.fileName)) holds \(split.sections.count) version headings; "
              + "their notes are joined")
        }
        sections.append(
          Section(
            version: entry.version, date: first.date, title: first.title, lines: first.lines,
            markdown: markdown.isEmpty ? Self.emptySectionText : markdown, wasEmpty: markdown.isEmpty))
      } else {
        let markdown = Self.notes(fromBody: text)
        sections.append(
          Section(
            version: entry.version, date: nil, title: nil, lines: [1],
            markdown: markdown.isEmpty ? Self.emptySectionText : markdown, wasEmpty: markdown.isEmpty))
      }
    }
  }
}

extension ChangelogImporter {
  /// Reads and splits the changelog at `path`.
  package init(contentsOf path: String) throws(ReleaseNotesError) {
    switch FileSystem.kind(path) {
    case .missing: throw .unreadable(path: path, reason: "no such file")
    case .directory: throw .unreadable(path: path, reason: "is a directory")
    case .file, .other: break
    }
    let bytes: [UInt8]
    do { bytes = try FileSystem.readFile(path) } catch {
      throw .unreadable(path: path, reason: error.message)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .notUTF8(path: path, line: UTF8Validation.firstInvalidLine(bytes) ?? 1)
    }
    self.init(text: text)
  }
}
