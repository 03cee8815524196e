/// One problem `whatsnew lint` found, printed as `file:line: error: message`.
public struct LintDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// Errors make lint fail; warnings do not.
  public enum Severity: String, Sendable, Equatable {
    case error, warning
  }

  public var severity: Severity
  /// The file's path (the content directory joined with its name).
  public var file: String
  /// The 1-based line, or nil for a problem that has no line (a missing file).
  public var line: Int?
  public var message: String

  public init(_ severity: Severity, file: String, line: Int?, _ message: String) {
    self.severity = severity
    self.file = file
    self.line = line
    self.message = message
  }

  /// `file:line: severity: message` (`file: severity: message` without a line).
  public var description: String {
    let location = line.map { "\(file):\($0)" } ?? file
    return "\(location): \(severity.rawValue): \(message)"
  }
}

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
