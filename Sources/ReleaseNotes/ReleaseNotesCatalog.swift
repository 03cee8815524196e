import LaunchTracking
import MarkdownSyntax

/// The demo app's `Content/` (or any app's): release notes keyed by version, the
/// onboarding pages and the welcome-back text.
///
/// Opening a catalog only checks that the directory exists; nothing is listed or read until
/// a question needs it. One version's notes open the canonically named file directly
/// (`1.2.0.md`), and only when it does not exist list the directory and parse the names that
/// can spell that version; a range lists the directory and reads the files in the range; only
/// ``summaries()`` reads the front matter of every file. Notes files are named by their
/// version (`1.2.0.md`, also `1.2.md` or `v1.2.0.md`); `onboarding.md` and
/// `welcome-back.md` are special; other files are ignored (and reported by ``ContentLinter``).
package struct ReleaseNotesCatalog: Sendable {
  /// The file name of the onboarding walkthrough.
  package static let onboardingFileName = "onboarding.md"
  /// The file name of the welcome-back screen.
  package static let welcomeBackFileName = "welcome-back.md"

  /// The directory, as given; for notes held in memory, the name given to them (it is used
  /// the same way in messages: `<directory>/1.2.0.md`).
  package let directory: String

  /// The files when the notes are held in memory (``init(files:origin:languages:)``), by name.
  private let memory: [String: String]?

  /// The user's languages, most preferred first (``NotesLanguage/preferred(environment:)``):
  /// each file is read from the first `<language>/` folder that translates it, else the
  /// default file.
  package private(set) var languages: [String]

  /// The platform and channel the notes are read for (``NotesAudience``): release notes show
  /// only their blocks for it, and a range leaves out releases whose `channels:` exclude it.
  package private(set) var audience = NotesAudience()

  /// Whether the notes are held in memory rather than read from a directory.
  package var isInMemory: Bool { memory != nil }

  /// One notes file and the version its name spells.
  package struct Entry: Sendable, Equatable {
    package var version: AppVersion
    package var fileName: String
  }

  /// Opens `directory`: checks that it is a directory, nothing more (listing waits for a
  /// question that needs it). Throws when it is missing or not a directory. `languages` are
  /// the user's (see ``languages``).
  package init(directory: String, languages: [String] = []) throws(ReleaseNotesError) {
    try ContentLocation.requireDirectory(directory, origin: "the content directory")
    self.directory = directory
    self.memory = nil
    self.languages = languages
  }

  /// A catalog of notes held in memory: file name (`1.2.0.md`, `onboarding.md`,
  /// `welcome-back.md`, and `fr/1.2.0.md` for a translation) to its text, as an app compiles
  /// its notes folder into its binary. Names follow the rules of a directory; `origin` stands
  /// for the directory in messages.
  package init(files: [String: String], origin: String = "notes", languages: [String] = []) {
    self.directory = origin
    self.memory = files
    self.languages = languages
  }

  /// The same notes for other languages.
  package func with(languages: [String]) -> ReleaseNotesCatalog {
    var copy = self
    copy.languages = languages
    return copy
  }

  /// The same notes for another platform or channel.
  package func with(audience: NotesAudience) -> ReleaseNotesCatalog {
    var copy = self
    copy.audience = audience
    return copy
  }

  /// Every name in the directory, as listed (no order), except `.` and `..`.
  package func allNames() throws(ReleaseNotesError) -> [String] {
    if let memory { return Array(memory.keys) }
    do {
      return try FileSystem.list(directory)
    } catch {
      throw .unreadable(path: directory, reason: error.message)
    }
  }

  /// Every name in the directory that could be a notes file: ending in `.md`, not hidden, not
  /// one of the special files. Names are filtered as bytes before any `String` is made.
  package func candidateNames() throws(ReleaseNotesError) -> [String] {
    if let memory {
      return memory.keys.filter {
        $0.hasSuffix(".md") && !$0.hasPrefix(".") && !$0.contains("/") && $0 != Self.onboardingFileName
          && $0 != Self.welcomeBackFileName
      }
    }
    do {
      return try FileSystem.list(directory, suffix: Self.notesSuffix) { name in
        name != Self.onboardingFileName && name != Self.welcomeBackFileName
      }
    } catch {
      throw .unreadable(path: directory, reason: error.message)
    }
  }

  private static let notesSuffix = Array(".md".utf8)

  /// The version a notes file name spells (`1.2.md` gives 1.2, i.e. 1.2.0), or nil.
  package static func version(forFileName name: String) -> AppVersion? {
    guard name.hasSuffix(".md") else { return nil }
    return AppVersion(String(name.dropLast(3)))
  }

  /// The path of a file in the directory.
  package func path(of fileName: String) -> String { joinPath(directory, fileName) }

  // MARK: - Versions

  /// Every notes file, oldest version first, one per version (see ``VersionIndex``). Lists
  /// the directory and parses every name; reads no file.
  package func index() throws(ReleaseNotesError) -> VersionIndex {
    VersionIndex(names: try candidateNames())
  }

  /// The notes file for `version`. When the canonically named file (`1.2.0.md`) exists, that
  /// is the answer without listing the directory (it is also the file a listing would
  /// prefer); otherwise the directory is listed, and only the names that start with the
  /// version's first two numbers (checked as bytes) become strings and are parsed.
  package func entry(for version: AppVersion) throws(ReleaseNotesError) -> Entry? {
    let canonical = version.canonical + ".md"
    // The entry names the version as its file does (`1.4.0`, asked as `1.4` or `v1.4.0`).
    let named = Self.version(forFileName: canonical) ?? version
    if let memory {
      if memory[canonical] != nil { return Entry(version: named, fileName: canonical) }
    } else if FileSystem.kind(path(of: canonical)) == .file {
      return Entry(version: named, fileName: canonical)
    }
    let prefix = Array("\(version.major).\(version.minor)".utf8)
    let names: [String]
    if memory != nil {
      names = try candidateNames()
    } else {
      do {
        names = try FileSystem.list(directory, suffix: Self.notesSuffix, versionPrefix: prefix) { _ in true }
      } catch {
        throw .unreadable(path: directory, reason: error.message)
      }
    }
    var matches: [Entry] = []
    for name in names {
      if let parsed = Self.version(forFileName: name), parsed == version {
        matches.append(Entry(version: parsed, fileName: name))
      }
    }
    return VersionIndex.preferred(matches)
  }

  // MARK: - Notes

  /// The notes for one version. Throws ``ReleaseNotesError/unknownVersion(_:directory:known:)``
  /// when there is no file for it.
  package func note(for version: AppVersion) throws(ReleaseNotesError) -> ReleaseNote {
    try noteText(for: version).parsed()
  }

  /// The notes for one version, read but not parsed; throws like ``note(for:)``.
  package func noteText(for version: AppVersion) throws(ReleaseNotesError) -> ReleaseNoteText {
    guard let entry = try entry(for: version) else {
      throw .unknownVersion(version, directory: directory, known: try index().versions)
    }
    return try noteText(entry)
  }

  /// The notes for every version `v` with `from < v <= to`, newest first. Pre-releases are
  /// left out when `to` is a release. A nil `from` starts at the oldest version. Throws when
  /// `from` is newer than `to`.
  package func notes(after from: AppVersion?, upTo to: AppVersion) throws(ReleaseNotesError) -> [ReleaseNote]
  {
    try noteTexts(after: from, upTo: to).map { $0.parsed() }
  }

  /// The same versions as ``notes(after:upTo:)``, read but not parsed: every file is read
  /// (so an unreadable one throws here), and the caller parses each when it needs it.
  package func noteTexts(after from: AppVersion?, upTo to: AppVersion) throws(ReleaseNotesError)
    -> [ReleaseNoteText]
  {
    try noteTexts(try index().entries(after: from, upTo: to))
  }

  /// Reads the notes files of `entries` (from ``index()``, for a caller that already has
  /// it), in the order given, leaving out releases whose `channels:` exclude ``audience``.
  package func noteTexts(_ entries: [Entry]) throws(ReleaseNotesError) -> [ReleaseNoteText] {
    var result: [ReleaseNoteText] = []
    result.reserveCapacity(entries.count)
    for entry in entries {
      var channels: [String]?
      let text = try noteText(entry, channels: &channels)
      if audience.accepts(channels: channels) { result.append(text) }
    }
    return result
  }

  /// Reads and parses one notes file.
  package func note(_ entry: Entry) throws(ReleaseNotesError) -> ReleaseNote {
    try noteText(entry).parsed()
  }

  /// Reads one notes file and splits off its front matter, without parsing the Markdown. With
  /// ``languages``, the title and notes come from the first translation of the file; the date
  /// and importance always come from the default file (they belong to the release, and a
  /// translation's `date` says when it was translated).
  package func noteText(_ entry: Entry) throws(ReleaseNotesError) -> ReleaseNoteText {
    var channels: [String]?
    return try noteText(entry, channels: &channels)
  }

  /// ``noteText(_:)``, also giving the release's `channels:`. Only the blocks for ``audience``
  /// are in its Markdown.
  package func noteText(_ entry: Entry, channels: inout [String]?) throws(ReleaseNotesError)
    -> ReleaseNoteText
  {
    let localized = localizedFile(entry.fileName)
    let file = try readUsable(localized.path)
    let (scan, body, front) = (file.split, file.body, file.front)
    let release = localized.language == nil ? front : try frontMatter(of: entry)
    var note = ReleaseNoteText(
      version: entry.version, fileName: entry.fileName, title: front.title, date: release.date,
      importance: release.importance, markdown: audience.filter(body), firstBodyLine: scan.bodyFirstLine)
    channels = release.channels
    note.actions = front.actions
    note.summary = front.summary ?? release.summary
    if release.importance == .critical { note.criticalMark = front.criticalLabel ?? release.criticalMark }
    note.language = localized.language
    note.isUntranslated = localized.isUntranslated
    return note
  }

  /// Every version with its title, date and importance, oldest first. Reads the start of
  /// every file.
  package func summaries() throws(ReleaseNotesError) -> [VersionSummary] {
    var result: [VersionSummary] = []
    var previousRelease: AppVersion?
    for entry in try index().entries {
      let front = try frontMatter(of: entry)
      let declared = front.importance
      var title = front.title
      let localized = localizedFile(entry.fileName)
      if localized.language != nil { title = try self.frontMatter(ofFile: localized.path).title }
      result.append(
        VersionSummary(
          version: entry.version, fileName: entry.fileName, title: title, date: front.date,
          importance: declared,
          effectiveImportance: declared ?? ReleaseImportance.implied(from: previousRelease, to: entry.version)
        ))
      if !entry.version.isPrerelease { previousRelease = entry.version }
    }
    return result
  }

  /// The front matter of one notes file, read from the start of the file (the whole file
  /// only when the front matter is longer than 4 KB).
  package func frontMatter(of entry: Entry) throws(ReleaseNotesError) -> NotesFrontMatter {
    try frontMatter(ofFile: entry.fileName)
  }

  /// The front matter of a file of the catalog (`1.2.0.md`, `fr/1.2.0.md`), as
  /// ``frontMatter(of:)`` reads it.
  package func frontMatter(ofFile fileName: String) throws(ReleaseNotesError) -> NotesFrontMatter {
    NotesFrontMatter(try rawFrontMatter(ofFile: fileName))
  }

  /// The key/value lines of a file's front matter, untyped.
  private func rawFrontMatter(ofFile fileName: String) throws(ReleaseNotesError) -> FrontMatter? {
    let head: String
    if let text = memory?[fileName] {
      head = String(decoding: text.utf8.prefix(4096), as: UTF8.self)
    } else {
      do {
        let bytes = try FileSystem.readPrefix(path(of: fileName), limit: 4096)
        head = String(decoding: bytes, as: UTF8.self)
      } catch {
        throw .unreadable(path: path(of: fileName), reason: error.message)
      }
    }
    let scan = FrontMatterParser.split(head)
    if scan.unclosed && head.utf8.count == 4096 {
      // Front matter longer than the prefix: read the whole file.
      return FrontMatterParser.split(try readText(fileName)).frontMatter
    }
    return scan.frontMatter
  }

  // MARK: - Languages

  /// Where a file is read from for the user's ``languages``.
  package struct LocalizedFile: Sendable, Equatable {
    /// The path inside the catalog: `fr/1.2.0.md`, or the default `1.2.0.md`.
    package var path: String
    /// The language of the translation read; nil for the default file.
    package var language: String?
    /// True when the default file is read although the catalog is translated into one of the
    /// user's languages (its folder exists) but not this file: the screen says so.
    package var isUntranslated: Bool
  }

  /// The file to read for `fileName`: the first of ``languages`` whose folder holds it, else
  /// the default file.
  package func localizedFile(_ fileName: String) -> LocalizedFile {
    guard !languages.isEmpty else {
      return LocalizedFile(path: fileName, language: nil, isUntranslated: false)
    }
    var translated = false
    for language in languages {
      let candidate = language + "/" + fileName
      if let memory {
        if memory[candidate] != nil {
          return LocalizedFile(path: candidate, language: language, isUntranslated: false)
        }
        if !translated { translated = memory.keys.contains { $0.hasPrefix(language + "/") } }
      } else {
        if FileSystem.kind(path(of: candidate)) == .file {
          return LocalizedFile(path: candidate, language: language, isUntranslated: false)
        }
        if !translated { translated = FileSystem.kind(path(of: language)) == .directory }
      }
    }
    return LocalizedFile(path: fileName, language: nil, isUntranslated: translated)
  }

  /// The language folders of the catalog (names that are language tags, ``NotesLanguage/isFolderName(_:)``),
  /// sorted.
  package func languageFolders() throws(ReleaseNotesError) -> [String] {
    if let memory {
      let folders = memory.keys.compactMap { key -> String? in
        guard let slash = key.firstIndex(of: "/") else { return nil }
        return String(key[..<slash])
      }
      return Array(Set(folders)).filter(NotesLanguage.isFolderName).sorted()
    }
    return try allNames().filter {
      NotesLanguage.isFolderName($0) && FileSystem.kind(path(of: $0)) == .directory
    }
    .sorted()
  }

  /// The names in one language folder (`fr`), as listed.
  package func names(inLanguage language: String) throws(ReleaseNotesError) -> [String] {
    if let memory {
      return memory.keys.filter { $0.hasPrefix(language + "/") }.map {
        String($0.dropFirst(language.count + 1))
      }
    }
    do {
      return try FileSystem.list(path(of: language))
    } catch {
      throw .unreadable(path: path(of: language), reason: error.message)
    }
  }

  // MARK: - Importance

  /// The importance of `version`: what its notes declare (`importance:` front matter), else
  /// the one implied by the bump to it from the previous release in the catalog (the newest
  /// version older than it that is not a pre-release; none makes it `major`). Pre-releases
  /// never count as the previous release, so `2.0.0` after `2.0.0-rc.1` and `1.4.0` is major.
  ///
  /// Pure: `index` is the catalog's ``index()``; `declared` is ``ReleaseNote/importance``
  /// (or ``ReleaseNoteText/importance``) of the version's notes.
  package static func effectiveImportance(
    of version: AppVersion, declared: ReleaseImportance?, in index: VersionIndex
  ) -> ReleaseImportance {
    declared ?? ReleaseImportance.implied(from: index.previousRelease(before: version), to: version)
  }

  /// The importance of `version` (see ``effectiveImportance(of:declared:in:)``), reading only
  /// the front matter of its notes. A version without a notes file has only the implied one.
  package func effectiveImportance(of version: AppVersion) throws(ReleaseNotesError) -> ReleaseImportance {
    var declared: ReleaseImportance?
    if let entry = try entry(for: version) { declared = try frontMatter(of: entry).importance }
    return Self.effectiveImportance(of: version, declared: declared, in: try index())
  }

  // MARK: - Onboarding and welcome back

  /// The onboarding walkthrough, one page per level-1 heading. Text before the first
  /// heading, if any, is a page without a title. Read from the user's language when
  /// translated (``localizedFile(_:)``). Each page carries its `done-when:` event, if any.
  package func onboardingPages() throws(ReleaseNotesError) -> [OnboardingPage] {
    let file = try readUsable(localizedFile(Self.onboardingFileName).path, required: true)
    var pages = Self.pages(of: file.body)
    for (i, event) in (file.front.doneWhen ?? []).enumerated() where pages.indices.contains(i) {
      pages[i].doneWhen = event
    }
    return pages
  }

  /// Splits Markdown into pages at its level-1 headings.
  package static func pages(of markdown: String) -> [OnboardingPage] {
    let lines = splitLines(markdown)
    let starts = HeadingScanner(text: markdown, lines: lines).headings.filter { $0.level == 1 }
    var pages: [OnboardingPage] = []
    func page(title: String, from: Int, to: Int) -> OnboardingPage? {
      guard from < to else {
        return title.isEmpty ? nil : OnboardingPage(title: title, markdown: "", document: .init())
      }
      let start = lines[from].offset
      let end = lines[to - 1].end
      let slice = String(decoding: markdown.utf8.dropFirst(start).prefix(end - start), as: UTF8.self)
      if title.isEmpty && slice.allSatisfy(\.isWhitespace) { return nil }
      return OnboardingPage(title: title, markdown: slice, document: MarkdownParser.parse(slice))
    }
    let firstStart = starts.first?.firstLine ?? lines.count
    if let intro = page(title: "", from: 0, to: firstStart) { pages.append(intro) }
    for (i, heading) in starts.enumerated() {
      let next = i + 1 < starts.count ? starts[i + 1].firstLine : lines.count
      if let p = page(title: heading.text, from: heading.lastLine + 1, to: next) { pages.append(p) }
    }
    return pages
  }

  /// The welcome-back text with `{{days}}` replaced by `daysAway`, in the user's language when
  /// translated.
  package func welcomeBack(daysAway: Int) throws(ReleaseNotesError) -> String {
    let body = try readUsable(localizedFile(Self.welcomeBackFileName).path, required: true).body
    return Self.fillPlaceholders(body, values: ["days": String(daysAway)])
  }

  /// Replaces `{{name}}` (spaces inside the braces allowed) by `values[name]`; unknown
  /// placeholders are left as written.
  package static func fillPlaceholders(_ text: String, values: [String: String]) -> String {
    guard text.contains(text: "{{") else { return text }
    var out = ""
    var rest = text[...]
    while let open = rest.firstRange(ofText: "{{") {
      let after = rest[open.upperBound...]
      guard let close = after.firstRange(ofText: "}}") else { break }
      out += rest[..<open.lowerBound]
      let name = String(trimSpaces(after[..<close.lowerBound]))
      out += values[name] ?? String(rest[open.lowerBound..<close.upperBound])
      rest = after[close.upperBound...]
    }
    out += rest
    return out
  }

  // MARK: - Helpers

  /// Reads a file of the directory as a ``NotesFile``, refusing it
  /// (``ReleaseNotesError/invalid(path:line:reason:)``) when it has ``NotesFile/errors``: what
  /// lint calls an error is never shown.
  func readUsable(_ fileName: String, required: Bool = false) throws(ReleaseNotesError) -> NotesFile {
    let name =
      fileName.utf8.lastIndex(of: UInt8(ascii: "/")).map {
        String(fileName[fileName.utf8.index(after: $0)...])
      } ?? fileName
    let file = NotesFile(text: try readText(fileName, required: required), fileName: name)
    if let error = file.errors.first {
      throw .invalid(path: path(of: fileName), line: error.line, reason: error.message)
    }
    return file
  }

  /// Reads a file of the directory as UTF-8 text.
  package func readText(_ fileName: String, required: Bool = false) throws(ReleaseNotesError) -> String {
    let path = path(of: fileName)
    if let memory {
      guard let text = memory[fileName] else { throw .missingFile(path: path) }
      return text
    }
    if required && FileSystem.kind(path) == .missing { throw .missingFile(path: path) }
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(path)
    } catch {
      throw .unreadable(path: path, reason: error.message)
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .notUTF8(path: path, line: UTF8Validation.firstInvalidLine(bytes) ?? 1)
    }
    return text
  }
}
