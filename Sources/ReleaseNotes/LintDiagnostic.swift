/// One problem `whatsnew lint` found, printed as `file:line: error: message`.
package struct LintDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// Errors make lint fail; warnings do not.
  package enum Severity: String, Sendable, Equatable {
    case error, warning
  }

  package var severity: Severity
  /// The file's path (the content directory joined with its name).
  package var file: String
  /// The 1-based line, or nil for a problem that has no line (a missing file).
  package var line: Int?
  package var message: String

  package init(_ severity: Severity, file: String, line: Int?, _ message: String) {
    self.severity = severity
    self.file = file
    self.line = line
    self.message = message
  }

  /// `file:line: severity: message` (`file: severity: message` without a line).
  package var description: String {
    let location = line.map { "\(file):\($0)" } ?? file
    return "\(location): \(severity.rawValue): \(message)"
  }
}
