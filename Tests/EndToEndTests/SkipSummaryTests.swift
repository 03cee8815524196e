import Foundation
import TestSupport
import Testing

/// The run's closing list of skipped tests (``SkippedTests``) is complete, and every variable
/// the tests read is explained in the README.
@Suite struct SkipSummaryTests {
  /// A condition written with `.enabled(if:)` or `.disabled(...)` skips tests the closing list
  /// does not count; `.requires(condition, reason)` counts them.
  @Test func everyConditionIsCounted() throws {
    var uncounted: [String] = []
    for (path, text) in try Self.testSources() where path.hasPrefix("Tests/") && !#filePath.hasSuffix(path) {
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains(".enabled(if:") || line.contains(".disabled(") {
        uncounted.append("\(path):\(number + 1)")
      }
    }
    #expect(
      uncounted.isEmpty,
      "skip conditions the closing list does not count (write .requires(condition, reason)): \(uncounted)")
  }

  /// The variables the tests read (a skip reason names some) are in README's "Run the tests".
  @Test func theReadmeNamesEveryVariableTheTestsRead() throws {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let read = /(?:processInfo\.environment\[|getenv\()"(WHATSNEW_[A-Z_]+)"/
    var variables: Set<String> = []
    for (_, text) in try Self.testSources() {
      for match in text.matches(of: read) { variables.insert(String(match.1)) }
    }
    #expect(variables.contains("WHATSNEW_EXAMPLE_HOST"), "the scan found \(variables.sorted())")
    let named = Set(readme.matches(of: /[A-Z][A-Z0-9_]+/).map { String($0.output) })
    let missing = variables.subtracting(named).sorted()
    #expect(missing.isEmpty, "README.md does not mention \(missing)")
  }

  // MARK: - Helpers

  /// The Swift files of `Tests/` and `Sources/TestSupport/`, by path relative to the package.
  static func testSources() throws -> [(path: String, text: String)] {
    let root = TestPaths.packageRoot
    var sources: [(String, String)] = []
    for directory in ["Tests", "Sources/TestSupport"] {
      let base = root.appendingPathComponent(directory)
      let files = try #require(FileManager.default.enumerator(atPath: base.path))
      for case let file as String in files where file.hasSuffix(".swift") {
        let url = base.appendingPathComponent(file)
        sources.append(("\(directory)/\(file)", try String(contentsOf: url, encoding: .utf8)))
      }
    }
    return sources
  }
}
