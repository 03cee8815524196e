import ArgumentParser
import LaunchScreens
import MarkdownSyntax
import NotesTools
import ReleaseNotes
import TerminalRendering

/// `whatsnew lint`: checks a content directory before a release and prints each problem as
/// `file:line: error|warning: message`, then a summary. Exits 1 when there are errors.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Checks Content/ before a release.",
    discussion: """
      Errors (exit 1): a .md name that is not a version, two files for one version, a file \
      that cannot be read or is not UTF-8, front matter that is not closed, has a line that is \
      not 'key: value', a date that is not a real YYYY-MM-DD or an importance other than \
      critical, major, minor or patch, a critical release without a summary:, and an empty \
      notes file. Warnings (exit 0): a missing \
      onboarding.md or welcome-back.md, an unknown or repeated front matter key, a link \
      reference that is never defined, a heading level that jumps, a file that is not \
      Markdown, onboarding without a level-1 heading, welcome-back without {{days}} or with \
      an unknown placeholder, and a directory without release notes. Tips (tips/*.md) need a unique \
      id, event names, whole numbers and a body (errors); a tip above 3 lines at 80 columns is a \
      warning. The directory is \
      --content, else $WHATSNEW_CONTENT_DIR, else ./Content, else Content beside the \
      executable.
      """
  )

  @Option(help: ArgumentHelp("The content directory.", valueName: "dir"))
  var content: String?

  /// The lines a tip's Markdown renders to in an 80-column terminal, after its `Tip: `.
  static func tipLines(_ markdown: String) -> Int {
    let lines = TerminalMarkdown.render(MarkdownParser.parse(markdown), options: RenderOptions(width: 80 - 5))
    return lines.reversed().drop { $0.text.allSatisfy(\.isWhitespace) }.count
  }

  func run() throws {
    let report: LintReport
    let directory: String
    do {
      directory = try ReleaseNotesCLI.contentDirectory(option: content)
      report = try ContentLinter.lint(
        directory: directory, sheetKeys: WhatsNewSheet.ownCharacters, tipLines: Self.tipLines)
    } catch {
      throw ReleaseNotesCLI.failure(ReleaseNotesCLI.message(error))
    }
    for diagnostic in report.diagnostics {
      ReleaseNotesCLI.printLine(diagnostic.description)
    }
    ReleaseNotesCLI.printLine("\(directory): \(report.summary)")
    if report.errorCount > 0 { throw ExitCode(1) }
  }
}
