import Foundation
import Synchronization
import Testing

/// The tests that did not run because this machine lacks a tool, a file or a setting, counted
/// by reason and listed after the run's last line.
///
/// Swift Testing reports each skip where it happens, among hundreds of lines, and then counts
/// skipped tests among those that passed ("Test run with 613 tests in 80 suites passed"). The
/// list printed when the test process exits says how many of those did not run and why:
///
/// ```
/// ◇ 20 of these tests were skipped, not run:
///   15  no corpus file changelogs/Yams.md in ...; skipped
///    5  WHATSNEW_EXAMPLE_HOST is not set (...)
/// ```
///
/// A test states what it needs with ``Testing/Trait/requires(_:_:sourceLocation:)``, which
/// records it here when the requirement is not met. `SkipSummaryTests` holds every condition
/// in `Tests/` to that, so none is left out of the count.
package enum SkippedTests {
  /// The reason each skipped test was skipped for (a test skipped with its suite has the
  /// suite's reason: a suite's requirements come before its tests' own).
  private static let reasons = Mutex<[Test.ID: String]>([:])

  /// Registers the summary to print at exit, once.
  private static let summaryAtExit: Void = {
    atexit { SkippedTests.printSummary() }
  }()

  /// Returns `met`; when it is false, records the test being planned as skipped for `reason`.
  /// Suites are not counted: their tests are, each once.
  static func check(_ met: Bool, _ reason: String) -> Bool {
    _ = summaryAtExit
    guard !met, let test = Test.current, !test.isSuite else { return met }
    reasons.withLock { reasons in
      if reasons[test.id] == nil { reasons[test.id] = reason }
    }
    return met
  }

  /// How many tests were skipped for each reason, the most frequent first.
  package static var counts: [(reason: String, count: Int)] {
    let byReason = reasons.withLock { Dictionary($0.map { ($0.value, 1) }, uniquingKeysWith: +) }
    return byReason.map { (reason: $0.key, count: $0.value) }
      .sorted { $0.count != $1.count ? $0.count > $1.count : $0.reason < $1.reason }
  }

  /// The lines printed at exit.
  package static var summary: String {
    let counts = counts
    let total = counts.reduce(0) { $0 + $1.count }
    guard total > 0 else { return "◇ No test was skipped: every requirement was met.\n" }
    let width = String(counts[0].count).count
    let lines = counts.map { entry in
      "  " + String(repeating: " ", count: width - String(entry.count).count)
        + "\(entry.count)  \(entry.reason)"
    }
    let these = total == 1 ? "1 of these tests was" : "\(total) of these tests were"
    return "◇ \(these) skipped, not run (see README, \"Run the tests\"):\n" + lines.joined(separator: "\n")
      + "\n"
  }

  private static func printSummary() {
    FileHandle.standardError.write(Data(summary.utf8))
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test (or the suite's tests) only when `condition` holds, else skips it for
  /// `reason`, which the summary after the run counts (see ``SkippedTests``). Say in `reason`
  /// what is missing and how to provide it.
  ///
  /// ```swift
  /// @Test(.requires(TestPaths.hasTool("strace"), "strace is not installed (scripts/setup --tests)"))
  /// ```
  package static func requires(
    _ condition: @autoclosure @escaping @Sendable () -> Bool, _ reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    .enabled(
      if: SkippedTests.check(condition(), reason), Comment(rawValue: reason), sourceLocation: sourceLocation)
  }

  /// Runs the test only when every corpus file in `files` (paths inside the corpus, e.g.
  /// `changelogs/Yams.md`) is there, else skips it with a reason that names the missing ones
  /// (``TestPaths/missingCorpusFiles(_:)``).
  package static func requiresCorpus(
    _ files: String..., sourceLocation: SourceLocation = #_sourceLocation
  ) -> Self {
    let missing = TestPaths.missingCorpusFiles(files)
    return requires(missing.isEmpty, TestPaths.corpusMissing(missing), sourceLocation: sourceLocation)
  }
}
