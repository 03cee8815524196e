/// What `whatsnew lint` found in a content directory.
public struct LintReport: Sendable, Equatable {
  /// Every problem, file by file in name order, then by line.
  public var diagnostics: [LintDiagnostic]
  /// How many files were checked.
  public var filesChecked: Int

  public var errorCount: Int { diagnostics.count { $0.severity == .error } }
  public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

  /// The last line lint prints: `2 errors and 1 warning in 11 files` or `no problems in 11 files`.
  public var summary: String {
    let files = "\(filesChecked) file\(filesChecked == 1 ? "" : "s")"
    if diagnostics.isEmpty { return "no problems in \(files)" }
    let errors = "\(errorCount) error\(errorCount == 1 ? "" : "s")"
    let warnings = "\(warningCount) warning\(warningCount == 1 ? "" : "s")"
    return "\(errors) and \(warnings) in \(files)"
  }
}
