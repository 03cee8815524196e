import Foundation
import LaunchTracking
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

@Suite struct NotesLanguageTests {
  @Test func theLocaleGivesItsFullTagThenItsLanguage() {
    #expect(NotesLanguage.preferred(environment: ["LANG": "fr_FR.UTF-8"]) == ["fr-FR", "fr"])
    #expect(NotesLanguage.preferred(environment: ["LANG": "fr_FR.UTF-8@euro"]) == ["fr-FR", "fr"])
    #expect(NotesLanguage.preferred(environment: ["LANG": "de"]) == ["de"])
    #expect(
      NotesLanguage.preferred(environment: ["LANG": "zh_Hans_CN.GB18030"]) == ["zh-Hans-CN", "zh-Hans", "zh"])
    #expect(NotesLanguage.preferred(environment: [:]) == [])
  }

  @Test func onlyTheNamedVariablesCount() {
    // The executable passes only `environmentVariables`: every variable the answer depends on
    // must be in that list.
    let full = [
      "LANGUAGE": "pt_BR:de", "LC_ALL": "", "LC_MESSAGES": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8",
      "LC_CTYPE": "ja_JP.UTF-8", "LC_TIME": "ko_KR.UTF-8", "LINGUAS": "nl", "HOME": "/home/x",
    ]
    for drop in [nil, "LANGUAGE", "LC_MESSAGES", "LANG"] {
      var environment = full
      if let drop { environment[drop] = nil }
      let named = environment.filter { NotesLanguage.environmentVariables.contains($0.key) }
      #expect(
        NotesLanguage.preferred(environment: named) == NotesLanguage.preferred(environment: environment))
    }
    #expect(NotesLanguage.preferred(environment: full) == ["pt-BR", "pt", "de", "it-IT", "it"])
  }

  @Test func lcAllThenLcMessagesThenLangAndOnlyTheFirstSet() {
    let all = ["LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "it_IT.UTF-8", "LANG": "fr_FR.UTF-8"]
    #expect(NotesLanguage.preferred(environment: all) == ["es-ES", "es"])
    var messages = all
    messages["LC_ALL"] = ""  // empty is unset
    #expect(NotesLanguage.preferred(environment: messages) == ["it-IT", "it"])
    messages["LC_MESSAGES"] = nil
    #expect(NotesLanguage.preferred(environment: messages) == ["fr-FR", "fr"])
  }

  @Test func languageIsAColonListBeforeTheLocale() {
    #expect(
      NotesLanguage.preferred(environment: ["LANGUAGE": "pt_BR:fr::de", "LANG": "en_US.UTF-8"])
        == ["pt-BR", "pt", "fr", "de", "en-US", "en"])
    #expect(
      NotesLanguage.preferred(environment: ["LANGUAGE": "fr:fr_CA", "LANG": "fr_FR"]) == [
        "fr", "fr-CA", "fr-FR",
      ])
    // Without any locale variable LANGUAGE still counts.
    #expect(NotesLanguage.preferred(environment: ["LANGUAGE": "sv"]) == ["sv"])
  }

  @Test func theCLocaleMeansNoTranslationAndTurnsLanguageOff() {
    #expect(NotesLanguage.preferred(environment: ["LANG": "C.UTF-8"]) == [])
    #expect(NotesLanguage.preferred(environment: ["LC_ALL": "POSIX", "LANGUAGE": "fr"]) == [])
    #expect(NotesLanguage.preferred(environment: ["LC_ALL": "C", "LANG": "fr_FR.UTF-8"]) == [])
  }

  @Test func tagsAreCasedAsBCP47AndNonsenseIsDropped() {
    #expect(NotesLanguage.tag(fromLocale: "PT_br") == "pt-BR")
    #expect(NotesLanguage.tag(fromLocale: "zh-hans") == "zh-Hans")
    #expect(NotesLanguage.tag(fromLocale: "es_419") == "es-419")
    #expect(NotesLanguage.tag(fromLocale: "C") == nil)
    #expect(NotesLanguage.tag(fromLocale: "../etc") == nil)
    #expect(NotesLanguage.tag(fromLocale: "f") == nil)
    #expect(NotesLanguage.preferred(environment: ["LANGUAGE": "../x:fr"]) == ["fr"])
    #expect(NotesLanguage.isFolderName("pt-BR"))
    #expect(!NotesLanguage.isFolderName("pt_BR"))
    #expect(!NotesLanguage.isFolderName("images"))
  }
}

@Suite struct TranslatedCatalogTests {
  static let files: [String: String] = [
    "1.0.0.md": "---\ntitle: First\ndate: 2025-01-01\n---\n\nHello.\n",
    "1.1.md": "---\ntitle: Second\ndate: 2025-02-01\nimportance: major\n---\n\nMore.\n",
    "onboarding.md": "# Welcome\n\nHi.\n",
    "welcome-back.md": "Back after {{days}} days.\n",
    "fr/1.1.md": "---\ntitle: Deuxième\ndate: 2025-03-01\n---\n\nPlus.\n",
    "fr/welcome-back.md": "De retour après {{days}} jours.\n",
    "pt-BR/onboarding.md": "# Bem-vindo\n\nOi.\n",
  ]

  func v(_ s: String) throws -> AppVersion { try AppVersion(parsing: s) }

  /// The same catalog in memory (as compiled in) and from a directory.
  func catalogs(languages: [String]) throws -> (SeededDirectory, [ReleaseNotesCatalog]) {
    let dir = try SeededDirectory([:])
    for folder in ["fr", "pt-BR"] {
      try FileManager.default.createDirectory(
        at: dir.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for (name, text) in Self.files { try dir.write(name, text) }
    return (
      dir,
      [
        try ReleaseNotesCatalog(directory: dir.path, languages: languages),
        ReleaseNotesCatalog(files: Self.files, languages: languages),
      ]
    )
  }

  @Test func aTranslatedFileGivesTitleAndTextTheOriginalGivesDateAndImportance() throws {
    let (dir, catalogs) = try catalogs(languages: ["fr-FR", "fr"])
    defer { dir.remove() }
    for catalog in catalogs {
      let note = try catalog.note(for: v("1.1.0"))
      #expect(note.title == "Deuxième")
      #expect(note.markdown == "\nPlus.\n")
      #expect(note.date == "2025-02-01")
      #expect(note.importance == .major)
      #expect(note.language == "fr")
      #expect(!note.isUntranslated)
      // The versions are the default files' only.
      #expect(try catalog.index().versions.map(\.canonical) == ["1.0.0", "1.1.0"])
      #expect(try catalog.summaries().map(\.title) == ["First", "Deuxième"])
    }
  }

  @Test func anUntranslatedVersionIsTheDefaultMarkedWhenTheLanguageHasAFolder() throws {
    let (dir, catalogs) = try catalogs(languages: ["fr-FR", "fr"])
    defer { dir.remove() }
    for catalog in catalogs {
      let note = try catalog.note(for: v("1.0.0"))
      #expect(note.title == "First")
      #expect(note.language == nil)
      #expect(note.isUntranslated)
      #expect(try catalog.noteText(for: v("1.0.0")).displayMarkdown == "_(not translated)_\n\n\nHello.\n")
      // Onboarding has no French file: the default one.
      #expect(try catalog.onboardingPages().map(\.title) == ["Welcome"])
      #expect(try catalog.welcomeBack(daysAway: 9) == "De retour après 9 jours.\n")
    }
  }

  @Test func aLanguageWithoutAFolderGetsTheDefaultUnmarked() throws {
    let (dir, catalogs) = try catalogs(languages: ["de-DE", "de"])
    defer { dir.remove() }
    for catalog in catalogs {
      let note = try catalog.note(for: v("1.1.0"))
      #expect(note.title == "Second")
      #expect(!note.isUntranslated)
      #expect(try catalog.noteText(for: v("1.1.0")).displayMarkdown == "\nMore.\n")
    }
  }

  @Test func eachFileFallsBackThroughTheListOnItsOwn() throws {
    let (dir, catalogs) = try catalogs(languages: ["pt-BR", "pt", "fr"])
    defer { dir.remove() }
    for catalog in catalogs {
      #expect(try catalog.onboardingPages().map(\.title) == ["Bem-vindo"])
      #expect(try catalog.welcomeBack(daysAway: 2) == "De retour après 2 jours.\n")
      #expect(try catalog.note(for: v("1.1.0")).language == "fr")
      #expect(try catalog.languageFolders() == ["fr", "pt-BR"])
      #expect(catalog.with(languages: []).localizedFile("1.1.md").path == "1.1.md")
    }
  }

  @Test func theSheetDocumentMarksAnUntranslatedRelease() throws {
    let catalog = ReleaseNotesCatalog(files: Self.files, languages: ["fr"])
    let document = WhatsNewDocument.make(try catalog.notes(after: nil, upTo: v("1.1.0")))
    let paragraphs = document.blocks.compactMap { block -> String? in
      guard case .paragraph(let inlines) = block.kind, case .emphasis(let inner) = inlines.first,
        case .text(let text) = inner.first
      else { return nil }
      return text
    }
    #expect(paragraphs == ["Released 2025-02-01", "Released 2025-01-01", "(not translated)"])
  }
}

@Suite struct TranslationLintTests {
  func seeded(_ files: [String: String]) throws -> SeededDirectory {
    let dir = try SeededDirectory([
      "onboarding.md": LintTests.onboarding, "welcome-back.md": LintTests.welcomeBack,
      "1.0.0.md": notesFile(title: "First", date: "2025-01-01"),
      "1.1.md": notesFile(title: "Second", date: "2025-03-01"),
    ])
    for folder in Set(files.keys.compactMap { $0.split(separator: "/").first.map(String.init) }) {
      try FileManager.default.createDirectory(
        at: dir.url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    for (name, text) in files { try dir.write(name, text) }
    return dir
  }

  @Test func cleanTranslationsAreChecked() throws {
    let dir = try seeded([
      "fr/1.0.0.md": notesFile(title: "Premier", date: "2025-01-05"),
      "fr/onboarding.md": "# Bienvenue\n\nSalut.\n",
    ])
    defer { dir.remove() }
    let report = try ContentLinter.lint(directory: dir.path)
    #expect(report.diagnostics.map(\.description) == [])
    #expect(report.filesChecked == 6)
  }

  @Test func aTranslationOfNothingAnOtherSpellingAndAnOldOne() throws {
    let dir = try seeded([
      "fr/2.0.0.md": notesFile(title: "Inconnue"),
      "fr/1.1.0.md": notesFile(title: "Autre nom"),
      "fr/notes.md": "Texte.\n",
      "fr/1.0.0.md": notesFile(title: "Ancienne", date: "2024-12-31"),
      "pt-BR/welcome-back.md": "# Oi\n\n{{days}} dias.\n",
      "pt-BR/1.0.0.md": "---\ndate: 2025-13-01\n---\n\nTexto.\n",
      "fr_CA/1.0.0.md": "Texte.\n",
    ])
    defer { dir.remove() }
    try dir.write("fr/extra.txt", "x")
    let p = dir.path
    #expect(
      try ContentLinter.lint(directory: p).diagnostics.map(\.description) == [
        "\(p)/fr_CA: warning: not read: name a language folder fr-CA",
        "\(p)/fr/1.0.0.md:3: warning: translation dated 2024-12-31 is older than \(p)/1.0.0.md (2025-01-01): check it is up to date",
        "\(p)/fr/1.1.0.md:1: error: not read: the notes of 1.1.0 are 1.1.md; name the translation the same",
        "\(p)/fr/2.0.0.md:1: error: translates version 2.0.0, which has no notes file",
        "\(p)/fr/extra.txt:1: warning: not a notes file: only .md files are read",
        "\(p)/fr/notes.md:1: error: names no version or screen: name it like the file it translates",
        "\(p)/pt-BR/1.0.0.md:2: error: bad date \"2025-13-01\": expected a real day as YYYY-MM-DD",
      ])
  }

  @Test func theDemoContentHasAFrenchTranslationThatLintsClean() throws {
    let catalog = try ReleaseNotesCatalog(directory: TestPaths.content.path)
    #expect(try catalog.languageFolders() == ["fr"])
    #expect(try ContentLinter.lint(directory: TestPaths.content.path).diagnostics.isEmpty)
  }
}

/// Headings come from the parser's blocks: only what `MarkdownParser` reads as a top-level
/// heading starts an onboarding page or a changelog section.
@Suite struct HeadingsFromTheParserTests {
  @Test func onlyTopLevelHeadingBlocksStartPages() {
    let markdown = """
      # One
      <details>
      # inside an HTML block
      </details>

      > # in a quote
      - # in a list

          # indented code

      Two
      ===

      Second.
      """
    let pages = ReleaseNotesCatalog.pages(of: markdown)
    #expect(pages.map(\.title) == ["One", "Two"])
    #expect(pages[0].markdown.contains("# inside an HTML block"))
    #expect(pages[1].markdown == "\nSecond.")
  }

  @Test func aChangelogVersionInsideCodeIsNotASection() {
    let importer = ChangelogImporter(
      text: "## 1.1.0\n\n```\n## 1.0.5\n[x]: not-a-definition\n```\n\n## 1.0.0\n\n- Old.\n")
    #expect(importer.sections.map(\.version.canonical) == ["1.1.0", "1.0.0"])
    #expect(importer.sections[0].markdown.contains("[x]: not-a-definition"))
  }
}

@Suite struct LibraryMessagesTests {
  /// The library's messages carry no tool identity: the tool adds its option and variable.
  @Test func noContentDirectorySaysWhatWasTriedOnly() {
    let message = ReleaseNotesError.noContentDirectory(tried: ["./Content", "/opt/x/Content"]).description
    #expect(message == "no Content directory found (tried ./Content, /opt/x/Content)")
  }
}
