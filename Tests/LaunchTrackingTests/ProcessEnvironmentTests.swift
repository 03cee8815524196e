import Foundation
import Testing

@testable import LaunchTracking

/// `ProcessEnvironment` reads the environment and the clock variables with the C library, not
/// Foundation's `ProcessInfo` and `ISO8601FormatStyle` (megabytes of the greeting executable):
/// the same answers for every documented form, Foundation being the reference.
@Suite struct ProcessEnvironmentTests {
  @Test func theEnvironmentIsWhatProcessInfoReads() {
    #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    #expect(ProcessEnvironment.current()["PATH"] == ProcessEnvironment.value("PATH"))
  }

  @Test func theDocumentedDateFormsAreReadAsISO8601FormatStyleReadsThem() throws {
    let styles = [
      Date.ISO8601FormatStyle(), Date.ISO8601FormatStyle(includingFractionalSeconds: true),
      Date.ISO8601FormatStyle().year().month().day(),
    ]
    for text in [
      "2026-01-31T12:00:00Z", "2026-01-31T12:00:00.5Z", "2026-01-31T12:00:00.125Z", "2026-01-31",
      "2024-02-29", "1969-07-20T20:17:40Z", "1900-03-01", "9999-12-31T23:59:59Z", "2026-01-31T12:00:00+02:00",
      "2026-01-31T12:00:00+0200", "2026-01-31T12:00:00+02", "2026-01-31T12:00:00-05:30",
      "2026-01-31T12:00:00.5+01:00",
    ] {
      let expected = try #require(styles.lazy.compactMap { try? $0.parse(text) }.first, "\(text)")
      #expect(ProcessEnvironment.parseDate(text) == expected, "\(text)")
    }
  }

  /// What is not one of the forms is not a date (`ISO8601FormatStyle` read some of these as
  /// another day, or the date before the junk).
  @Test func anythingElseIsNotADate() {
    for text in [
      "", "2026", "2026-1-31", "2026-02-30", "2026-13-01", "2026-00-10", "2026-01-00", " 2026-01-31",
      "2026-01-31x", "2026-01-31T", "2026-01-31T12:00Z", "2026-01-31T12:00:00", "2026-01-31T24:00:00Z",
      "2026-01-31T12:00:60Z", "2026-01-31t12:00:00z", "2026-01-31T12:00:00Zjunk", "2026-01-31T12:00:00.Z",
      "2026-01-31T12:00:00+2:00", "2026-01-31T12:00:00+99:00", "20260131", "+2026-01-01", "２０２６-01-31",
    ] {
      #expect(ProcessEnvironment.parseDate(text) == nil, "\(text)")
    }
  }
}
