import LaunchTracking
import MarkdownSyntax
import ReleaseNotes

/// Checks a content directory before a release: the rules of `whatsnew lint`.
///
/// Errors (lint fails): a `.md` name that is not a version, two files for one version, a
/// file that cannot be read or is not UTF-8, and what ``NotesFile/errors``
/// lists (front matter that is not closed, has a line that is not `key: value`, a date that is
/// not `YYYY-MM-DD` or an importance that is not `major`, `minor` or `patch`, and an empty
/// file), which the catalog refuses too, so a launch never shows what lint fails.
///
/// Warnings: a missing `onboarding.md` or `welcome-back.md` (an app may do without them, and
/// a directory fresh from `import-changelog` has neither), an unknown or repeated front
/// matter key, a link reference that is never defined, a heading level that jumps (`#` then
/// `###`), a file that is not Markdown, onboarding without a level-1 heading, welcome-back
/// without `{{days}}` or with an unknown placeholder, and a directory without release notes.
///
/// Translations (`<language>/` folders such as `fr`, `pt-BR`): each file must translate a
/// notes file or screen that exists, under the same name (an error otherwise), is checked like
/// any other file, and is a warning when its `date:` is older than its original's. A folder
/// that spells a language in another form (`fr_FR`) is a warning: it is not read.
package enum ContentLinter {
  /// Lints `directory`. Throws only when the directory itself cannot be listed.
  ///
  /// `sheetKeys` are the characters the what's-new sheet binds itself, with what each does:
  /// a release action on one of them is a warning (the sheet ignores that action).
  ///
  /// `tipLines` gives how many lines a tip's Markdown renders to at 80 columns (the terminal
  /// renderer is not this target's): a tip above ``maxTipLines`` is a warning.
  package static func lint(
    directory: String, sheetKeys: [Character: String] = [:], tipLines: (@Sendable (String) -> Int)? = nil
  ) throws(ReleaseNotesError) -> LintReport {
    let catalog = try ReleaseNotesCatalog(directory: directory)
    var diagnostics: [LintDiagnostic] = []
    var checked = 0
    let names = try catalog.allNames().filter { !$0.hasPrefix(".") }.sorted()
    let index = try catalog.index()
    var duplicateOf: [String: String] = [:]
    for dup in index.duplicates {
      for other in dup.others { duplicateOf[other] = dup.kept }
    }
    let invalid = Dictionary(index.invalidNames.map { ($0.name, $0.error) }, uniquingKeysWith: { a, _ in a })

    for special in [ReleaseNotesCatalog.onboardingFileName, ReleaseNotesCatalog.welcomeBackFileName]
    where !names.contains(special) {
      let what =
        special == ReleaseNotesCatalog.onboardingFileName
        ? "first launches get no onboarding" : "returning users get no welcome-back screen"
      diagnostics.append(.init(.warning, file: catalog.path(of: special), line: nil, "missing: \(what)"))
    }

    if index.entries.isEmpty {
      diagnostics.append(
        .init(.warning, file: directory, line: nil, "no release notes: name them by version, like 1.2.0.md"))
    }

    for name in names {
      let path = catalog.path(of: name)
      let kind = FileSystem.kind(path)
      guard name.hasSuffix(".md") else {
        if kind == .file {
          checked += 1
          diagnostics.append(
            .init(.warning, file: path, line: 1, "not a notes file: only .md files are read"))
        }
        continue
      }
      checked += 1
      if let error = invalid[name] {
        diagnostics.append(
          .init(
            .error, file: path, line: 1,
            "file name is not a version (\(error.reason)); name notes files like 1.2.0.md"))
        continue
      }
      if let kept = duplicateOf[name], let version = ReleaseNotesCatalog.version(forFileName: name) {
        diagnostics.append(
          .init(
            .error, file: path, line: 1,
            "second file for version \(version.canonical): \(kept) is the one used; remove or merge this one")
        )
        continue
      }
      diagnostics += checkFile(name: name, path: path, sheetKeys: sheetKeys)
    }
    for name in names where kindOfName(name, in: catalog) == .directory && !NotesLanguage.isFolderName(name) {
      if let tag = NotesLanguage.tag(fromLocale: name) {
        diagnostics.append(
          .init(.warning, file: catalog.path(of: name), line: nil, "not read: name a language folder \(tag)"))
      }
    }
    let tips = try lintTips(catalog, tipLines: tipLines)
    diagnostics += tips.diagnostics
    checked += tips.checked
    for language in try catalog.languageFolders() {
      let result = try lintTranslations(
        language, catalog: catalog, index: index, names: names, sheetKeys: sheetKeys)
      diagnostics += result.diagnostics
      checked += result.checked
      let translatedTips = try lintTipTranslations(language, catalog: catalog)
      diagnostics += translatedTips.diagnostics
      checked += translatedTips.checked
    }
    return LintReport(diagnostics: diagnostics, filesChecked: checked)
  }

  // MARK: - Tips

  /// The most lines a tip should render to at 80 columns.
  package static let maxTipLines = 3

  /// Lints `tips/`: each file as a tip (an `id:` of its own, event names, numbers), and a
  /// warning for a tip longer than ``maxTipLines`` at 80 columns.
  static func lintTips(_ catalog: ReleaseNotesCatalog, tipLines: (@Sendable (String) -> Int)?)
    throws(ReleaseNotesError) -> (diagnostics: [LintDiagnostic], checked: Int)
  {
    var diagnostics: [LintDiagnostic] = []
    var ids: [String: String] = [:]
    let names = try catalog.tipFileNames()
    for name in names {
      let path = catalog.path(of: name)
      let fileDiagnostics = checkFile(name: name, path: path, kind: .tip)
      diagnostics += fileDiagnostics
      guard !fileDiagnostics.contains(where: { $0.severity == .error }),
        let text = try? catalog.readText(name)
      else { continue }
      let file = NotesFile(text: text, fileName: name, isTip: true)
      if let id = file.front.id {
        if let first = ids[id] {
          diagnostics.append(
            .init(
              .error, file: path, line: file.front.lines["id"],
              "id \(id) is already \(first)'s: ids are unique"))
        } else {
          ids[id] = catalog.path(of: name)
        }
      }
      if let tipLines {
        let count = tipLines(file.body)
        if count > maxTipLines {
          diagnostics.append(
            .init(
              .warning, file: path, line: file.split.bodyFirstLine,
              "the tip renders as \(count) lines at 80 columns: keep it to \(maxTipLines)"))
        }
      }
    }
    return (diagnostics, names.count)
  }

  /// Lints `<language>/tips/`: each file translates a tip that exists.
  static func lintTipTranslations(_ language: String, catalog: ReleaseNotesCatalog)
    throws(ReleaseNotesError) -> (diagnostics: [LintDiagnostic], checked: Int)
  {
    let folder = language + "/" + ReleaseNotesCatalog.tipsFolder
    guard FileSystem.kind(catalog.path(of: folder)) == .directory else { return ([], 0) }
    let originals = Set(try catalog.tipFileNames())
    var diagnostics: [LintDiagnostic] = []
    var checked = 0
    let names: [String]
    do {
      names = try FileSystem.list(catalog.path(of: folder)).filter {
        $0.hasSuffix(".md") && !$0.hasPrefix(".")
      }
    } catch {
      throw .unreadable(path: catalog.path(of: folder), reason: error.message)
    }
    for name in names.sorted() {
      checked += 1
      let path = catalog.path(of: folder + "/" + name)
      guard originals.contains(ReleaseNotesCatalog.tipsFolder + "/" + name) else {
        diagnostics.append(
          .init(
            .error, file: path, line: 1,
            "translates \(name), which \(catalog.path(of: ReleaseNotesCatalog.tipsFolder)) does not provide"))
        continue
      }
      diagnostics += checkFile(name: name, path: path, kind: .tipTranslation)
    }
    return (diagnostics, checked)
  }

  private static func kindOfName(_ name: String, in catalog: ReleaseNotesCatalog) -> FileSystem.Kind {
    FileSystem.kind(catalog.path(of: name))
  }

  // MARK: - Translations

  /// Lints `Content/<language>/`: every file translates a notes file or screen that exists,
  /// under the same name, is checked like any notes file, and is not older than its original
  /// (both `date:` values, when both are given).
  static func lintTranslations(
    _ language: String, catalog: ReleaseNotesCatalog, index: VersionIndex, names: [String],
    sheetKeys: [Character: String] = [:]
  ) throws(ReleaseNotesError) -> (diagnostics: [LintDiagnostic], checked: Int) {
    var diagnostics: [LintDiagnostic] = []
    var checked = 0
    for name in try catalog.names(inLanguage: language).filter({ !$0.hasPrefix(".") }).sorted() {
      let relative = language + "/" + name
      let path = catalog.path(of: relative)
      guard name.hasSuffix(".md"), FileSystem.kind(path) == .file else {
        if FileSystem.kind(path) == .file {
          checked += 1
          diagnostics.append(
            .init(.warning, file: path, line: 1, "not a notes file: only .md files are read"))
        }
        continue
      }
      checked += 1
      let special =
        name == ReleaseNotesCatalog.onboardingFileName || name == ReleaseNotesCatalog.welcomeBackFileName
      if special {
        guard names.contains(name) else {
          diagnostics.append(
            .init(
              .error, file: path, line: 1,
              "translates \(name), which \(catalog.path(of: name)) does not provide"))
          continue
        }
      } else {
        guard let version = ReleaseNotesCatalog.version(forFileName: name) else {
          diagnostics.append(
            .init(
              .error, file: path, line: 1, "names no version or screen: name it like the file it translates"))
          continue
        }
        guard let original = index.entries.first(where: { $0.version == version }) else {
          diagnostics.append(
            .init(
              .error, file: path, line: 1, "translates version \(version.canonical), which has no notes file")
          )
          continue
        }
        guard original.fileName == name else {
          diagnostics.append(
            .init(
              .error, file: path, line: 1,
              "not read: the notes of \(version.canonical) are \(original.fileName); name the translation the same"
            ))
          continue
        }
      }
      let fileDiagnostics = checkFile(name: name, path: path, sheetKeys: sheetKeys)
      diagnostics += fileDiagnostics
      if fileDiagnostics.contains(where: { $0.severity == .error }) { continue }
      // Older than its original?
      guard let translated = try? catalog.frontMatter(ofFile: relative), let date = translated.date,
        let originalDate = (try? catalog.frontMatter(ofFile: name))?.date, date < originalDate
      else { continue }
      let line = translated.lines["date"]
      diagnostics.append(
        .init(
          .warning, file: path, line: line,
          "translation dated \(date) is older than \(catalog.path(of: name)) (\(originalDate)): check it is up to date"
        ))
    }
    return (diagnostics, checked)
  }

  // MARK: - One file

  /// What a checked file is: its kind decides which front matter keys it may use.
  enum FileKind {
    case notes, tip, tipTranslation
  }

  static func checkFile(
    name: String, path: String, sheetKeys: [Character: String] = [:], kind: FileKind = .notes
  ) -> [LintDiagnostic] {
    var out: [LintDiagnostic] = []
    func add(_ severity: LintDiagnostic.Severity, _ line: Int?, _ message: String) {
      out.append(.init(severity, file: path, line: line, message))
    }
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.readFile(path)
    } catch {
      add(.error, 1, "cannot read: \(error.message)")
      return out
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      add(.error, UTF8Validation.firstInvalidLine(bytes) ?? 1, "not valid UTF-8")
      return out
    }

    // What is an error is decided when the file is read, as the catalog (and so the launch)
    // reads it; the front matter's warnings (unknown and repeated keys) are lint's alone.
    let file = NotesFile(text: text, fileName: name, isTip: kind == .tip)
    let scan = file.split
    let body = file.body
    let lineOffset = scan.bodyFirstLine - 1
    for issue in file.errors + file.warnings { add(issue.severity, issue.line, issue.message) }
    if kind == .notes {
      for (key, line) in file.front.lines where NotesFrontMatter.tipKeys.contains(key) {
        add(.warning, line, "\(key): only a tip (tips/*.md) reads this key")
      }
    }
    if let line = file.front.lines["done-when"], let events = file.front.doneWhen {
      if name != ReleaseNotesCatalog.onboardingFileName {
        add(.warning, line, "done-when: only onboarding.md reads this key")
      } else {
        let pages = ReleaseNotesCatalog.pages(of: body).count
        if events.count > pages {
          add(.warning, line, "done-when lists \(events.count) pages; the walkthrough has \(pages)")
        }
      }
    }
    for action in file.front.actions {
      if let own = sheetKeys[action.key] {
        add(
          .warning, action.line,
          "action \(action.id) uses the sheet's own key \(action.key) (\(own)): it is ignored")
      }
    }
    out.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    if file.isEmpty { return out }

    var markdown: [LintDiagnostic] = []
    let lines = splitLines(body)
    let document = MarkdownParser.parse(body, frontMatter: false)
    let headings = HeadingScanner(lines: lines, document: document).headings
    var previous: Int?
    for heading in headings {
      if let previous, heading.level > previous + 1 {
        markdown.append(
          .init(
            .warning, file: path, line: heading.firstLine + 1 + lineOffset,
            "heading level jumps from \(previous) to \(heading.level): use "
              + String(repeating: "#", count: previous + 1) + " here"))
      }
      previous = heading.level
    }
    for reference in document.unresolvedReferences {
      markdown.append(
        .init(
          .warning, file: path, line: reference.line + lineOffset,
          "link reference [\(reference.label)] is never defined"))
    }
    for reference in document.undefinedFootnotes {
      markdown.append(
        .init(
          .warning, file: path, line: reference.line + lineOffset,
          "footnote [^\(reference.label)] is never defined"))
    }
    for definition in document.unusedFootnotes {
      markdown.append(
        .init(
          .warning, file: path, line: definition.line + lineOffset,
          "footnote [^\(definition.label)] is never used"))
    }
    if name == ReleaseNotesCatalog.onboardingFileName && !headings.contains(where: { $0.level == 1 }) {
      markdown.append(
        .init(
          .warning, file: path, line: scan.bodyFirstLine,
          "no level-1 heading: the walkthrough is one untitled page"))
    }
    if name == ReleaseNotesCatalog.welcomeBackFileName {
      let placeholders = placeholders(in: lines)
      if !placeholders.contains(where: { $0.name == "days" }) {
        markdown.append(
          .init(
            .warning, file: path, line: scan.bodyFirstLine,
            "{{days}} is not used: the screen will not say how long"))
      }
      for p in placeholders where p.name != "days" {
        markdown.append(
          .init(
            .warning, file: path, line: p.line + lineOffset,
            "unknown placeholder {{\(p.name)}}: only {{days}} is filled in"))
      }
    }
    markdown.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    return out + markdown
  }

  /// The `{{name}}` placeholders of a text, with their 1-based lines.
  static func placeholders(in lines: [TextLine]) -> [(name: String, line: Int)] {
    var found: [(String, Int)] = []
    for (i, line) in lines.enumerated() {
      var rest = line.text
      while let open = rest.firstRange(ofText: "{{") {
        let after = rest[open.upperBound...]
        guard let close = after.firstRange(ofText: "}}") else { break }
        found.append((String(trimSpaces(after[..<close.lowerBound])), i + 1))
        rest = after[close.upperBound...]
      }
    }
    return found
  }
}
