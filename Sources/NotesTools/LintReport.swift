import MarkdownSyntax
import ReleaseNotes

/// What `whatsnew lint` found in a content directory.
package struct LintReport: Sendable, Equatable {
  /// Every problem, file by file in name order, then by line.
  package var diagnostics: [LintDiagnostic]
  /// How many files were checked.
  package var filesChecked: Int

  package var errorCount: Int { diagnostics.count { $0.severity == .error } }
  package var warningCount: Int { diagnostics.count { $0.severity == .warning } }

  /// The last line lint prints: `2 errors and 1 warning in 11 files` or `no problems in 11 files`.
  package var summary: String {
    let files = "\(filesChecked) file\(filesChecked == 1 ? "" : "s")"
    if diagnostics.isEmpty { return "no problems in \(files)" }
    let errors = "\(errorCount) error\(errorCount == 1 ? "" : "s")"
    let warnings = "\(warningCount) warning\(warningCount == 1 ? "" : "s")"
    return "\(errors) and \(warnings) in \(files)"
  }
}
