import ArgumentParser
import NotesTools
import ReleaseNotes

/// `whatsnew import-changelog`: splits a changelog into one notes file per version.
struct ImportChangelogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-changelog",
    abstract: "Splits a CHANGELOG.md, GitHub Releases JSON or changie directory into notes files.",
    discussion: """
      A Markdown changelog: version headings such as '## 1.2.3', '## [1.2.3] - 2024-01-02', \
      '## v1.2.3' and '### 1.2.3 (2024-01-02)' (setext too) each start a file named by the \
      version, with the date as front matter. 'Unreleased' is skipped.

      A file holding a JSON array (as 'gh api repos/OWNER/REPO/releases' prints) is read as \
      GitHub releases: one file per release named by its tag ('v' dropped), the publication \
      date as its date and the release name as its title; drafts are skipped.

      A directory is a changie '.changes/' directory (or a project holding one): each \
      '<version>.md' is one release.

      Existing files are never overwritten without --force.
      """
  )

  @Argument(help: "The changelog, GitHub Releases JSON file or changie directory to import.")
  var file: String

  @Option(
    help: ArgumentHelp(
      "Where to write the notes (default: WHATSNEW_CONTENT_DIR, else ./Content).", valueName: "dir"))
  var into: String?

  @Flag(help: "Overwrite notes files that exist already.")
  var force = false

  func run() throws {
    let importer: ChangelogImporter
    do {
      importer = try ChangelogImporter(importing: file)
    } catch {
      throw ReleaseNotesCLI.failure(error.description)
    }
    guard !importer.sections.isEmpty else {
      let error: ChangelogImportError =
        importer.kind == .markdown ? .noVersions(changelog: file) : .noReleases(source: file)
      throw ReleaseNotesCLI.failure(error.description)
    }
    let directory = into ?? ReleaseNotesCLI.environment(ContentLocation.environmentKey) ?? "Content"
    let written: [ChangelogImporter.WrittenFile]
    do {
      written = try importer.write(into: directory, force: force)
    } catch {
      throw ReleaseNotesCLI.failure(error.description)
    }
    for warning in importer.warnings {
      ReleaseNotesCLI.printError("whatsnew: warning: " + warning)
    }
    for file in written {
      var line = (file.replaced ? "replaced " : "wrote ") + file.path
      var details = [file.section.version.canonical]
      if let date = file.section.date { details.append(date) }
      if file.section.wasEmpty { details.append("no changes listed") }
      line += " (" + details.joined(separator: ", ") + ")"
      ReleaseNotesCLI.printLine(line)
    }
    var summary =
      "imported \(written.count) version\(written.count == 1 ? "" : "s") from \(file) into \(directory)"
    if !importer.skipped.isEmpty {
      let skipped = importer.skippedDescriptions.joined(separator: ", ")
      summary += "; skipped \(skipped)"
    }
    ReleaseNotesCLI.printLine(summary)
  }
}
