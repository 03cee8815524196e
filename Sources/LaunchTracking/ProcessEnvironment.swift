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
  /// `environ` as a dictionary. For a name given twice the first one wins, as `getenv` would
  /// answer; an entry without `=` is skipped.
  package static func current() -> [String: String] {
    #if canImport(Glibc)
      var result: [String: String] = [:]
      // `environ` is NULL after `clearenv()`; the optional keeps that case an empty dictionary.
      let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
      guard var entry = start else { return result }
      while let pointer = entry.pointee {
        let length = strlen(pointer)
        pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
          let buffer = UnsafeBufferPointer(start: bytes, count: length)
          if let equals = buffer.firstIndex(of: UInt8(ascii: "=")) {
            let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<equals]), as: UTF8.self)
            if result[name] == nil {
              result[name] = String(
                decoding: UnsafeBufferPointer(rebasing: buffer[(equals + 1)...]), as: UTF8.self)
            }
          }
        }
        entry += 1
      }
      return result
    #else
      return ProcessInfo.processInfo.environment
    #endif
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
