#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes ``LaunchState`` byte for byte as ``LaunchState/makeEncoder()`` does, without
/// `JSONEncoder`.
///
/// The companion of ``LaunchStateFastDecoder``: once the read no longer goes through
/// `Codable`, the first `JSONEncoder` run in the process pays the same few million
/// instructions of generic-metadata and conformance lookups instead. This writer covers the
/// usual state and returns nil for anything it might spell differently (a string that needs
/// an escape, a date outside the years 1600-9999); the caller then uses `JSONEncoder`. The
/// tests compare its output with `JSONEncoder`'s.
enum LaunchStateFastEncoder {
  /// The pretty-printed, key-sorted JSON of `state` (no trailing newline), or nil.
  static func encode(_ state: LaunchState) -> [UInt8]? {
    var w = Writer()
    w.object(0) { o in
      o.string("appID", state.appID)
      o.string("currentVersion", state.currentVersion.description)
      o.date("firstLaunchDate", state.firstLaunchDate)
      o.string("installVersion", state.installVersion.description)
      o.nested("lastLaunch") { l in
        l.date("date", state.lastLaunch.date)
        if let days = state.lastLaunch.daysAway { l.int("daysAway", days) }
        if let from = state.lastLaunch.from { l.string("from", from.description) }
        l.string("kind", state.lastLaunch.kind.rawValue)
        l.bool("stateWasReset", state.lastLaunch.stateWasReset)
        l.string("to", state.lastLaunch.to.description)
      }
      o.date("lastLaunchDate", state.lastLaunchDate)
      o.int("launchCount", state.launchCount)
      o.array("pending", state.pending) { p, item in
        switch item {
        case .onboarding(let page):
          p.string("kind", item.kind.rawValue)
          p.int("page", page)
        case .whatsNew(let since):
          p.string("kind", item.kind.rawValue)
          p.string("since", since.description)
        case .welcomeBack(let days):
          p.int("days", days)
          p.string("kind", item.kind.rawValue)
        }
      }
      if let previous = state.previousVersion { o.string("previousVersion", previous.description) }
      o.int("schema", state.schema)
      o.nested("updateSteps") { u in
        u.array("completed", state.updateSteps.completed, entry)
        u.array("failed", state.updateSteps.failed) { f, failure in
          f.int("attempts", failure.attempts)
          f.string("id", failure.id)
          f.date("lastAttemptDate", failure.lastAttemptDate)
          f.string("message", failure.message)
          f.string("version", failure.version.description)
        }
        u.array("notNeeded", state.updateSteps.notNeeded, entry)
      }
      o.array("versionHistory", state.versionHistory) { h, item in
        h.date("firstLaunchDate", item.firstLaunchDate)
        h.string("version", item.version.description)
      }
    }
    return w.failed ? nil : w.bytes
  }

  private static func entry(_ e: inout ObjectWriter, _ item: UpdateStepLog.Entry) {
    if let attempts = item.attempts { e.int("attempts", attempts) }
    e.date("date", item.date)
    e.string("id", item.id)
    if let reason = item.reason { e.string("reason", reason) }
    e.string("version", item.version.description)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` of `date`, whole seconds rounded down, in the years 1600-9999;
  /// else nil.
  static func iso8601(_ date: Date) -> String? {
    let t = date.timeIntervalSince1970.rounded(.down)
    guard t.isFinite, t >= -11_676_096_000, t < 253_402_300_800 else { return nil }  // 1600...9999
    let total = Int(t)
    var days = total / 86_400
    var rest = total % 86_400
    if rest < 0 {
      rest += 86_400
      days -= 1
    }
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func pad(_ n: Int, _ width: Int) -> String {
      let s = String(n)
      return String(repeating: "0", count: max(0, width - s.count)) + s
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(rest / 3_600, 2)):"
      + "\(pad(rest % 3_600 / 60, 2)):\(pad(rest % 60, 2))Z"
  }

  // MARK: - Helpers

  private struct Writer {
    var bytes: [UInt8] = []
    var failed = false

    init() { bytes.reserveCapacity(2_048) }

    mutating func object(_ level: Int, _ body: (inout ObjectWriter) -> Void) {
      var o = ObjectWriter(level: level + 1)
      body(&o)
      bytes += o.close(level: level)
      failed = failed || o.failed
    }
  }

  /// Writes one object's members, in the order given (the callers list them sorted).
  fileprivate struct ObjectWriter {
    let level: Int
    var bytes: [UInt8] = Array("{".utf8)
    var count = 0
    var failed = false

    init(level: Int) { self.level = level }

    private mutating func key(_ name: String) {
      bytes += Array((count == 0 ? "\n" : ",\n").utf8)
      count += 1
      bytes += Array(String(repeating: "  ", count: level).utf8)
      bytes += Array("\"\(name)\" : ".utf8)
    }

    func close(level outer: Int) -> [UInt8] {
      bytes + Array(("\n" + String(repeating: "  ", count: outer) + "}").utf8)
    }

    mutating func string(_ name: String, _ value: String) {
      key(name)
      // Anything that JSONEncoder would escape is left to it.
      if value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) { failed = true }
      bytes += Array("\"\(value)\"".utf8)
    }

    mutating func int(_ name: String, _ value: Int) {
      key(name)
      bytes += Array(String(value).utf8)
    }

    mutating func bool(_ name: String, _ value: Bool) {
      key(name)
      bytes += Array((value ? "true" : "false").utf8)
    }

    mutating func date(_ name: String, _ value: Date) {
      guard let text = LaunchStateFastEncoder.iso8601(value) else {
        failed = true
        return
      }
      string(name, text)
    }

    mutating func nested(_ name: String, _ body: (inout ObjectWriter) -> Void) {
      key(name)
      var o = ObjectWriter(level: level + 1)
      body(&o)
      bytes += o.close(level: level)
      failed = failed || o.failed
    }

    mutating func array<T>(_ name: String, _ items: [T], _ body: (inout ObjectWriter, T) -> Void) {
      key(name)
      let indent = String(repeating: "  ", count: level)
      bytes += Array("[\n".utf8)
      for (n, item) in items.enumerated() {
        if n > 0 { bytes += Array(",\n".utf8) }
        bytes += Array((indent + "  ").utf8)
        var o = ObjectWriter(level: level + 2)
        body(&o, item)
        bytes += o.close(level: level + 1)
        failed = failed || o.failed
      }
      bytes += Array(("\n" + indent + "]").utf8)
    }
  }
}
