#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a `launch-state.json` in the shape whatsnew writes, without `JSONDecoder`.
///
/// `JSONDecoder` spends about 3M instructions on the first decode of ``LaunchState`` in a
/// process (generic metadata and protocol-conformance lookups for every container and value
/// type), a third of a whole non-interactive launch; this reader needs a few thousand. It is
/// deliberately strict and answers only the common case: a file it returns a state for
/// decodes to the same state with ``LaunchState/makeDecoder()`` (the tests compare the two).
/// Anything unusual returns nil and the caller falls back to `JSONDecoder`, which then
/// decides and words any error: string escapes, numbers that are not plain integers of at
/// most 18 digits, dates other than `YYYY-MM-DDTHH:MM:SSZ` in the years 1600 to 9999, keys
/// it does not know, repeated keys, a missing key (optional fields may be missing or null),
/// wrong types, invalid versions or kinds, trailing bytes.
enum LaunchStateFastDecoder {
  /// The state in `data`, or nil when `JSONDecoder` must decide.
  static func decode(_ data: Data) -> LaunchState? {
    data.withUnsafeBytes { raw -> LaunchState? in
      var parser = Parser(bytes: raw.bindMemory(to: UInt8.self))
      guard let value = parser.parseDocument(), case .object(let fields) = value else { return nil }
      return state(fields)
    }
  }

  // MARK: - Mapping to the state

  private static func state(_ fields: [String: JSON]) -> LaunchState? {
    var o = Fields(fields)
    guard let schema = o.int("schema"), let appID = o.string("appID"),
      let launchCount = o.int("launchCount"), let firstLaunchDate = o.date("firstLaunchDate"),
      let lastLaunchDate = o.date("lastLaunchDate"), let installVersion = o.version("installVersion"),
      let currentVersion = o.version("currentVersion"),
      let previousVersion = o.optional("previousVersion", version),
      let versionHistory = o.array("versionHistory", historyEntry),
      let lastLaunch = o.object("lastLaunch", lastLaunch), let pending = o.array("pending", pending),
      let updateSteps = o.object("updateSteps", updateSteps), o.isExhausted
    else { return nil }
    var state = LaunchState(appID: appID, version: currentVersion, date: lastLaunchDate)
    state.schema = schema
    state.launchCount = launchCount
    state.firstLaunchDate = firstLaunchDate
    state.lastLaunchDate = lastLaunchDate
    state.installVersion = installVersion
    state.currentVersion = currentVersion
    state.previousVersion = previousVersion
    state.versionHistory = versionHistory
    state.lastLaunch = lastLaunch
    state.pending = pending
    state.updateSteps = updateSteps
    return state
  }

  private static func historyEntry(_ fields: [String: JSON]) -> LaunchState.VersionHistoryEntry? {
    var o = Fields(fields)
    guard let version = o.version("version"), let date = o.date("firstLaunchDate"), o.isExhausted
    else { return nil }
    return .init(version: version, firstLaunchDate: date)
  }

  private static func lastLaunch(_ fields: [String: JSON]) -> LaunchState.LastLaunch? {
    var o = Fields(fields)
    guard let kind = o.string("kind").flatMap(LaunchKind.init(rawValue:)),
      let from = o.optional("from", version), let to = o.version("to"),
      let daysAway = o.optional("daysAway", int), let date = o.date("date"),
      let stateWasReset = o.bool("stateWasReset"), o.isExhausted
    else { return nil }
    return .init(kind: kind, from: from, to: to, daysAway: daysAway, date: date, stateWasReset: stateWasReset)
  }

  private static func pending(_ fields: [String: JSON]) -> PendingPresentation? {
    var o = Fields(fields)
    guard let kind = o.string("kind").flatMap(PendingPresentation.Kind.init(rawValue:)) else { return nil }
    let result: PendingPresentation?
    switch kind {
    case .onboarding: result = o.int("page").map { .onboarding(page: $0) }
    case .whatsNew: result = o.version("since").map { .whatsNew(since: $0) }
    case .welcomeBack: result = o.int("days").map { .welcomeBack(days: $0) }
    }
    return o.isExhausted ? result : nil
  }

  private static func updateSteps(_ fields: [String: JSON]) -> UpdateStepLog? {
    var o = Fields(fields)
    guard let completed = o.array("completed", stepEntry), let notNeeded = o.array("notNeeded", stepEntry),
      let failed = o.array("failed", stepFailure), o.isExhausted
    else { return nil }
    var log = UpdateStepLog()
    log.completed = completed
    log.notNeeded = notNeeded
    log.failed = failed
    return log
  }

  private static func stepEntry(_ fields: [String: JSON]) -> UpdateStepLog.Entry? {
    var o = Fields(fields)
    guard let id = o.string("id"), let version = o.version("version"), let date = o.date("date"),
      let reason = o.optional("reason", string), let attempts = o.optional("attempts", int), o.isExhausted
    else { return nil }
    return .init(id: id, version: version, date: date, reason: reason, attempts: attempts)
  }

  private static func stepFailure(_ fields: [String: JSON]) -> UpdateStepLog.Failure? {
    var o = Fields(fields)
    guard let id = o.string("id"), let version = o.version("version"), let message = o.string("message"),
      let attempts = o.int("attempts"), let date = o.date("lastAttemptDate"), o.isExhausted
    else { return nil }
    return .init(id: id, version: version, message: message, attempts: attempts, lastAttemptDate: date)
  }

  private static func int(_ value: JSON) -> Int? {
    if case .int(let n) = value { return n }
    return nil
  }

  private static func string(_ value: JSON) -> String? {
    if case .string(let s) = value { return s }
    return nil
  }

  private static func version(_ value: JSON) -> AppVersion? {
    string(value).flatMap(AppVersion.init)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` (what the `.iso8601` strategy writes) in the years 1600-9999,
  /// clear of the Julian calendar; anything else is left to `JSONDecoder`.
  static func date(_ text: String) -> Date? {
    let b = Array(text.utf8)
    guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
      b[19] == 0x5A
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var n = 0
      for i in range {
        guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
        n = n * 10 + Int(b[i] - 0x30)
      }
      return n
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1600...9999).contains(year), (1...12).contains(month), hour < 24, minute < 60, second < 60
    else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard day >= 1 && day <= monthDays[month - 1] else { return nil }
    // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  // MARK: - Helpers

  /// The JSON values the state file uses (no fractions, no escapes).
  indirect enum JSON {
    case object([String: JSON])
    case array([JSON])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
  }

  /// An object's fields, taken one by one; ``isExhausted`` is true when none is left over.
  private struct Fields {
    var fields: [String: JSON]
    init(_ fields: [String: JSON]) { self.fields = fields }

    var isExhausted: Bool { fields.isEmpty }

    /// A required field: present, not null, and of the right type.
    mutating func take<T>(_ key: String, _ convert: (JSON) -> T?) -> T? {
      fields.removeValue(forKey: key).flatMap(convert)
    }

    /// An optional field (`decodeIfPresent`): missing or null is nil (`.some(nil)`), a value
    /// of the wrong type fails (nil).
    mutating func optional<T>(_ key: String, _ convert: (JSON) -> T?) -> T?? {
      guard let value = fields.removeValue(forKey: key) else { return .some(nil) }
      if case .null = value { return .some(nil) }
      return convert(value).map { .some($0) }
    }

    mutating func int(_ key: String) -> Int? { take(key, LaunchStateFastDecoder.int) }
    mutating func string(_ key: String) -> String? { take(key, LaunchStateFastDecoder.string) }
    mutating func version(_ key: String) -> AppVersion? { take(key, LaunchStateFastDecoder.version) }
    mutating func date(_ key: String) -> Date? {
      take(key) { LaunchStateFastDecoder.string($0).flatMap(LaunchStateFastDecoder.date) }
    }
    mutating func bool(_ key: String) -> Bool? {
      take(key) {
        if case .bool(let b) = $0 { return b }
        return nil
      }
    }
    mutating func object<T>(_ key: String, _ convert: ([String: JSON]) -> T?) -> T? {
      take(key) {
        if case .object(let o) = $0 { return convert(o) }
        return nil
      }
    }
    mutating func array<T>(_ key: String, _ convert: ([String: JSON]) -> T?) -> [T]? {
      take(key) {
        guard case .array(let items) = $0 else { return nil }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for item in items {
          guard case .object(let o) = item, let t = convert(o) else { return nil }
          result.append(t)
        }
        return result
      }
    }
  }

  /// A strict JSON parser for the subset above.
  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() -> JSON? {
      guard let value = parseValue() else { return nil }
      skipWhitespace()
      return i == bytes.count ? value : nil
    }

    private mutating func skipWhitespace() {
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 {
        i += 1
      }
    }

    private mutating func parseValue() -> JSON? {
      skipWhitespace()
      guard i < bytes.count else { return nil }
      switch bytes[i] {
      case UInt8(ascii: "{"): return parseObject()
      case UInt8(ascii: "["): return parseArray()
      case UInt8(ascii: "\""): return parseString().map(JSON.string)
      case UInt8(ascii: "t"): return literal("true", .bool(true))
      case UInt8(ascii: "f"): return literal("false", .bool(false))
      case UInt8(ascii: "n"): return literal("null", .null)
      default: return parseInt()
      }
    }

    private mutating func literal(_ word: StaticString, _ value: JSON) -> JSON? {
      let count = word.utf8CodeUnitCount
      guard bytes.count - i >= count else { return nil }
      for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return nil }
      i += count
      return value
    }

    private mutating func parseObject() -> JSON? {
      depth += 1
      defer { depth -= 1 }
      guard depth <= 16 else { return nil }
      i += 1
      var fields: [String: JSON] = [:]
      skipWhitespace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
        i += 1
        return .object(fields)
      }
      while true {
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = parseString() else { return nil }
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        guard let value = parseValue(), fields.updateValue(value, forKey: key) == nil else { return nil }
        skipWhitespace()
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
        } else if bytes[i] == UInt8(ascii: "}") {
          i += 1
          return .object(fields)
        } else {
          return nil
        }
      }
    }

    private mutating func parseArray() -> JSON? {
      depth += 1
      defer { depth -= 1 }
      guard depth <= 16 else { return nil }
      i += 1
      var items: [JSON] = []
      skipWhitespace()
      if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
        i += 1
        return .array(items)
      }
      while true {
        guard let value = parseValue() else { return nil }
        items.append(value)
        skipWhitespace()
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: ",") {
          i += 1
        } else if bytes[i] == UInt8(ascii: "]") {
          i += 1
          return .array(items)
        } else {
          return nil
        }
      }
    }

    /// A string without escapes or control characters, valid UTF-8; else nil.
    private mutating func parseString() -> String? {
      i += 1
      let start = i
      while i < bytes.count {
        let b = bytes[i]
        if b == UInt8(ascii: "\"") {
          let text = String(validating: bytes[start..<i], as: UTF8.self)
          i += 1
          return text
        }
        if b == UInt8(ascii: "\\") || b < 0x20 { return nil }
        i += 1
      }
      return nil
    }

    /// `-?[1-9][0-9]*` or `0`, at most 18 digits, not `-0`.
    private mutating func parseInt() -> JSON? {
      var negative = false
      if bytes[i] == UInt8(ascii: "-") {
        negative = true
        i += 1
      }
      let start = i
      var n = 0
      while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
        guard i - start < 18 else { return nil }
        n = n * 10 + Int(bytes[i] - 0x30)
        i += 1
      }
      let digits = i - start
      guard digits > 0, !(digits > 1 && bytes[start] == 0x30), !(negative && n == 0) else { return nil }
      if i < bytes.count,
        bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")
      {
        return nil
      }
      return .int(negative ? -n : n)
    }
  }
}
