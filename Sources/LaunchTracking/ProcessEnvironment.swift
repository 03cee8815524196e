#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process environment and the clock it may fix, read the same way everywhere.
package enum ProcessEnvironment {
  /// The process environment as a dictionary, as Foundation reads it.
  package static func current() -> [String: String] {
    ProcessInfo.processInfo.environment
  }

  /// One variable of the process environment (`getenv`), nil when unset: for a caller that
  /// needs one or two variables and no dictionary (`render`'s start-up). Empty is returned as
  /// empty.
  package static func value(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    return String(cString: raw)
  }

  /// Parses the value of a clock variable (`WHATSNEW_NOW`, `<PREFIX>_NOW`): an ISO 8601
  /// date-time (`2026-01-31T12:00:00Z`, fractional seconds allowed) or a date
  /// (`2026-01-31`, midnight UTC). Nil when it is neither.
  package static func parseDate(_ text: String) -> Date? {
    let styles = [
      Date.ISO8601FormatStyle(),
      Date.ISO8601FormatStyle(includingFractionalSeconds: true),
      Date.ISO8601FormatStyle().year().month().day(),
    ]
    for style in styles {
      if let date = try? style.parse(text) { return date }
    }
    return nil
  }
}
