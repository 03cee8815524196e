import ArgumentParser
import ReleaseNotes

/// `whatsnew lint`: checks a content directory before a release and prints each problem as
/// `file:line: error|warning: message`, then a summary. Exits 1 when there are errors.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Checks Content/ before a release.",
    discussion: """
      Reports file names that are not versions, two files for one version, unreadable or \
      non-UTF-8 files, bad front matter, empty notes, a missing onboarding.md or \
      welcome-back.md (errors), and Markdown worth a warning: undefined link references, \
      heading levels that jump. Exits 1 on errors, 0 on warnings only.
      """
  )

  @Option(help: ArgumentHelp("The content directory.", valueName: "dir"))
  var content: String?

  func run() throws {
    let report: LintReport
    let directory: String
    do {
      directory = try ReleaseNotesCLI.contentDirectory(option: content)
      report = try ContentLinter.lint(directory: directory)
    } catch {
      throw ReleaseNotesCLI.failure(error.description)
    }
    for diagnostic in report.diagnostics {
      ReleaseNotesCLI.printLine(diagnostic.description)
    }
    ReleaseNotesCLI.printLine("\(directory): \(report.summary)")
    if report.errorCount > 0 { throw ExitCode(1) }
  }
}
