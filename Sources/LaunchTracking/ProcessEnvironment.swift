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

/// The process environment and the clock it may fix, read the same way everywhere. Read
/// with the C library alone: Foundation's `ProcessInfo` and `ISO8601FormatStyle` would link
/// megabytes into the greeting executable (docs/release-build.md).
package enum ProcessEnvironment {
  /// The process environment as a dictionary (`environ`); of a name set twice, the first
  /// value, as `getenv` reads it.
  package static func current() -> [String: String] {
    var variables: [String: String] = [:]
    var index = 0
    while let entry = environ[index] {
      index += 1
      let text = String(cString: entry)
      guard let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(text[..<equals])
      if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
    }
    return variables
  }

  /// One variable of the process environment (`getenv`), nil when unset: for a caller that
  /// needs one or two variables and no dictionary (`render`'s start-up). Empty is returned as
  /// empty.
  package static func value(_ name: String) -> String? {
    guard let raw = getenv(name) else { return nil }
    return String(cString: raw)
  }

  /// Parses the value of a clock variable (`WHATSNEW_NOW`, `<PREFIX>_NOW`) or a feed's date:
  /// an ISO 8601 date-time, `YYYY-MM-DDTHH:MM:SS`, fractional seconds allowed, then `Z` or an
  /// offset (`+02:00`, `+0200`, `-05`); or a date, `YYYY-MM-DD` (midnight UTC). Nil when it is
  /// neither, or names a day or time that does not exist.
  package static func parseDate(_ text: String) -> Date? {
    let b = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= b.count else { return nil }
      var n = 0
      for i in range {
        guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
        n = n * 10 + Int(b[i] - 0x30)
      }
      return n
    }
    guard b.count >= 10, b[4] == 0x2D, b[7] == 0x2D, let year = number(0..<4), let month = number(5..<7),
      let day = number(8..<10), let days = daysSince1970(year: year, month: month, day: day)
    else { return nil }
    if b.count == 10 { return Date(timeIntervalSince1970: Double(days) * 86_400) }
    guard b.count >= 20, b[10] == UInt8(ascii: "T"), b[13] == 0x3A, b[16] == 0x3A, let hour = number(11..<13),
      let minute = number(14..<16), let second = number(17..<19), hour < 24, minute < 60, second < 60
    else { return nil }
    var i = 19
    var fraction = 0.0
    if b[i] == UInt8(ascii: ".") {
      let start = i
      i += 1
      while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 { i += 1 }
      guard i - start > 1, let value = Double("0" + String(decoding: b[start..<i], as: UTF8.self)) else {
        return nil
      }
      fraction = value
    }
    guard let offset = offsetSeconds(b[i...]) else { return nil }
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// The seconds east of UTC that a zone designator names: `Z`, or `+`/`-` then `HH`,
  /// `HHMM` or `HH:MM`; nil for anything else (or anything after it).
  private static func offsetSeconds(_ zone: ArraySlice<UInt8>) -> Int? {
    let z = Array(zone)
    if z == [UInt8(ascii: "Z")] { return 0 }
    guard z.count == 3 || z.count == 5 || z.count == 6, z[0] == UInt8(ascii: "+") || z[0] == UInt8(ascii: "-")
    else { return nil }
    let digits = z.count == 6 && z[3] == 0x3A ? Array(z[1..<3] + z[4...]) : Array(z[1...])
    guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return nil
    }
    let n = digits.map { Int($0 - 0x30) }
    let hours = n[0] * 10 + n[1]
    let minutes = n.count == 4 ? n[2] * 10 + n[3] : 0
    guard hours < 24, minutes < 60 else { return nil }
    return (z[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3_600 + minutes * 60)
  }

  /// The days from 1970-01-01 to a day of the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`), nil for a day that does not exist. The state file's dates
  /// (`LaunchStateCodec.date(_:)`) use it too.
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int? {
    guard (1...12).contains(month) else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard day >= 1 && day <= monthDays[month - 1] else { return nil }
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
  }
}
