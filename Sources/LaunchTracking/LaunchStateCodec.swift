#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one codec of `launch-state.json`: ``LaunchState`` to and from ``StateJSON``.
///
/// Every field of the file is named here and nowhere else (`LaunchState` is not `Codable`):
/// `LaunchStateCodecTests` fails when a stored property of `LaunchState` or of a type it holds
/// has no key here. It is written by hand, not derived with `Codable`: the first use of
/// `JSONDecoder` and `JSONEncoder` in a process took about 1.4 ms, more than a host may pay
/// (ARCHITECTURE.md).
///
/// Reading: keys this code does not know are ignored (a newer build may add optional fields
/// without a new schema); an optional field may be missing or `null`; every other problem is
/// a ``Failure`` naming the field's path. Dates are ISO 8601 `YYYY-MM-DDTHH:MM:SSZ` in the
/// years 0001 to 9999 (proleptic Gregorian); fractional seconds are dropped when writing.
package enum LaunchStateCodec {
  /// Why a JSON value is not a launch state, with the path of the field at fault
  /// (`lastLaunch.kind`, `pending[1].since`).
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// `missing`, `wrong type at` or `bad value at` (see ``description``).
    package enum Problem: String, Sendable, Equatable {
      case missing
      case wrongType = "wrong type at"
      case badValue = "bad value at"
    }

    /// What is wrong.
    package var problem: Problem
    /// The field's path; `top level` for the document itself.
    package var path: String

    /// `missing lastLaunch.kind`, `wrong type at launchCount`, ...
    package var description: String { "\(problem.rawValue) \(path)" }
  }

  /// The JSON value of `state`. Fails only for a date outside the years 0001-9999.
  package static func encode(_ state: LaunchState) throws(Failure) -> StateJSON {
    var o = ObjectBuilder(path: "")
    o.int("schema", state.schema)
    o.string("appID", state.appID)
    o.int("launchCount", state.launchCount)
    try o.date("firstLaunchDate", state.firstLaunchDate)
    try o.date("lastLaunchDate", state.lastLaunchDate)
    o.version("installVersion", state.installVersion)
    o.version("currentVersion", state.currentVersion)
    if let previous = state.previousVersion { o.version("previousVersion", previous) }
    try o.array("versionHistory", state.versionHistory) { (h, entry) throws(Failure) in
      h.version("version", entry.version)
      try h.date("firstLaunchDate", entry.firstLaunchDate)
      if let kind = entry.arrivedBy { h.string("arrivedBy", kind.rawValue) }
    }
    let last = state.lastLaunch
    try o.object("lastLaunch") { (l) throws(Failure) in
      l.string("kind", last.kind.rawValue)
      if let from = last.from { l.version("from", from) }
      l.version("to", last.to)
      if let days = last.daysAway { l.int("daysAway", days) }
      try l.date("date", last.date)
      l.fields["stateWasReset"] = .bool(last.stateWasReset)
    }
    o.fields["pending"] = .array(state.pending.map(pendingValue))
    if state.whatsNewOff { o.fields["whatsNewOff"] = .bool(true) }
    if let hidden = state.whatsNewHiddenUntil { try o.date("whatsNewHiddenUntil", hidden) }
    if let announced = state.updateAnnounced { o.version("updateAnnounced", announced) }
    if !state.tips.isEmpty {
      try o.object("tips") { (t) throws(Failure) in
        for (id, record) in state.tips {
          try t.object(id) { (r) throws(Failure) in
            r.int("shows", record.shows)
            try r.date("lastShown", record.lastShown)
          }
        }
      }
    }
    if let last = state.lastTipOrCardDate { try o.date("lastTipOrCardDate", last) }
    if state.tipsOff { o.fields["tipsOff"] = .bool(true) }
    if !state.mutedTips.isEmpty {
      o.fields["mutedTips"] = .array(state.mutedTips.sorted().map(StateJSON.string))
    }
    if state.checklistDismissed { o.fields["checklistDismissed"] = .bool(true) }
    if let place = state.rolloutPlace { o.int("rolloutPlace", place) }
    if !state.events.isEmpty || state.events.logMark != nil {
      try o.object("events") { (e) throws(Failure) in
        var counts: [String: StateJSON] = [:]
        for (name, entry) in state.events.counts {
          var c = ObjectBuilder(path: "\(e.path)counts.\(name).")
          c.int("count", entry.count)
          try c.date("last", entry.last)
          counts[name] = .object(c.fields)
        }
        e.fields["counts"] = .object(counts)
        if let mark = state.events.logMark { e.string("logMark", mark) }
      }
    }
    try o.object("updateSteps") { (u) throws(Failure) in
      try u.array("completed", state.updateSteps.completed, stepEntry)
      try u.array("notNeeded", state.updateSteps.notNeeded, stepEntry)
      try u.array("failed", state.updateSteps.failed) { (f, failure) throws(Failure) in
        f.string("id", failure.id)
        f.version("version", failure.version)
        f.string("message", failure.message)
        f.int("attempts", failure.attempts)
        try f.date("lastAttemptDate", failure.lastAttemptDate)
      }
    }
    return .object(o.fields)
  }

  /// The launch state in `json`.
  package static func decode(_ json: StateJSON) throws(Failure) -> LaunchState {
    let o = try ObjectReader(json, path: "")
    let schema = try o.int("schema")
    let appID = try o.string("appID")
    let currentVersion = try o.version("currentVersion")
    let lastLaunchDate = try o.date("lastLaunchDate")
    var state = LaunchState(appID: appID, version: currentVersion, date: lastLaunchDate)
    state.schema = schema
    state.launchCount = try o.int("launchCount")
    state.firstLaunchDate = try o.date("firstLaunchDate")
    state.installVersion = try o.version("installVersion")
    state.previousVersion = try o.optional("previousVersion") { (r, k) throws(Failure) in try r.version(k) }
    state.versionHistory = try o.array("versionHistory") { (h) throws(Failure) in
      LaunchState.VersionHistoryEntry(
        version: try h.version("version"), firstLaunchDate: try h.date("firstLaunchDate"),
        arrivedBy: try h.optional("arrivedBy") { (r, k) throws(Failure) in
          try r.enumeration(k, LaunchKind.init(rawValue:))
        })
    }
    state.lastLaunch = try o.object("lastLaunch") { (l) throws(Failure) in
      LaunchState.LastLaunch(
        kind: try l.enumeration("kind", LaunchKind.init(rawValue:)),
        from: try l.optional("from") { (r, k) throws(Failure) in try r.version(k) },
        to: try l.version("to"),
        daysAway: try l.optional("daysAway") { (r, k) throws(Failure) in try r.int(k) },
        date: try l.date("date"), stateWasReset: try l.bool("stateWasReset"))
    }
    state.pending = try o.array("pending") { (p) throws(Failure) in
      switch try p.enumeration("kind", PendingPresentation.Kind.init(rawValue:)) {
      case .onboarding: return .onboarding(page: try p.int("page"))
      case .whatsNew: return .whatsNew(since: try p.version("since"))
      case .welcomeBack: return .welcomeBack(days: try p.int("days"))
      }
    }
    state.whatsNewOff = try o.optional("whatsNewOff") { (r, k) throws(Failure) in try r.bool(k) } ?? false
    state.whatsNewHiddenUntil = try o.optional("whatsNewHiddenUntil") { (r, k) throws(Failure) in
      try r.date(k)
    }
    state.updateAnnounced = try o.optional("updateAnnounced") { (r, k) throws(Failure) in try r.version(k) }
    state.tips =
      try o.optional("tips") { (r, k) throws(Failure) in
        try r.object(k) { (t) throws(Failure) in
          var tips: [String: TipRecord] = [:]
          for id in t.keys {
            tips[id] = try t.object(id) { (r) throws(Failure) in
              TipRecord(shows: try r.int("shows"), lastShown: try r.date("lastShown"))
            }
          }
          return tips
        }
      } ?? [:]
    state.lastTipOrCardDate = try o.optional("lastTipOrCardDate") { (r, k) throws(Failure) in try r.date(k) }
    state.tipsOff = try o.optional("tipsOff") { (r, k) throws(Failure) in try r.bool(k) } ?? false
    state.mutedTips = Set(try o.optional("mutedTips") { (r, k) throws(Failure) in try r.strings(k) } ?? [])
    state.checklistDismissed =
      try o.optional("checklistDismissed") { (r, k) throws(Failure) in try r.bool(k) } ?? false
    state.rolloutPlace = try o.optional("rolloutPlace") { (r, k) throws(Failure) in
      try r.int(k, in: LaunchState.rolloutPlaces)
    }
    state.events =
      try o.optional("events") { (r, k) throws(Failure) in
        try r.object(k) { (e) throws(Failure) in try events(&e) }
      } ?? UsageEvents()
    state.updateSteps = try o.object("updateSteps") { (u) throws(Failure) in
      var log = UpdateStepLog()
      log.completed = try u.array("completed", stepEntry)
      log.notNeeded = try u.array("notNeeded", stepEntry)
      log.failed = try u.array("failed") { (f) throws(Failure) in
        UpdateStepLog.Failure(
          id: try f.string("id"), version: try f.version("version"), message: try f.string("message"),
          attempts: try f.int("attempts"), lastAttemptDate: try f.date("lastAttemptDate"))
      }
      return log
    }
    return state
  }

  /// The JSON value of one pending presentation (`{"kind": ..., ...}`).
  package static func pendingValue(_ item: PendingPresentation) -> StateJSON {
    var fields: [String: StateJSON] = ["kind": .string(item.kind.rawValue)]
    switch item {
    case .onboarding(let page): fields["page"] = .number(String(page))
    case .whatsNew(let since): fields["since"] = .string(since.description)
    case .welcomeBack(let days): fields["days"] = .number(String(days))
    }
    return .object(fields)
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` for `date` (whole seconds, rounded down), or nil outside the
  /// years 0001-9999.
  package static func iso8601(_ date: Date) -> String? {
    let t = date.timeIntervalSince1970.rounded(.down)
    guard t.isFinite, t >= -62_135_596_800, t < 253_402_300_800 else { return nil }
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

  /// The date of `YYYY-MM-DDTHH:MM:SSZ` in the years 0001-9999, or nil.
  package static func date(_ text: String) -> Date? {
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
      year >= 1, hour < 24, minute < 60, second < 60,
      let days = ProcessEnvironment.daysSince1970(year: year, month: month, day: day)
    else { return nil }
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  // MARK: - Helpers

  /// The `events` object: `counts` maps each event name to its `count` and `last` date;
  /// `logMark` is optional. A name that is not an event name is a bad value.
  private static func events(_ e: inout ObjectReader) throws(Failure) -> UsageEvents {
    var events = UsageEvents()
    events.logMark = try e.optional("logMark") { (r, k) throws(Failure) in try r.string(k) }
    let counts = try e.object("counts") { (c) throws(Failure) in c }
    for name in counts.fields.keys.sorted() {
      let path = "\(counts.path)\(name)"
      guard UsageEvents.problem(withName: name) == nil else { throw Failure(problem: .badValue, path: path) }
      let entry = try counts.object(name) { (n) throws(Failure) in
        UsageEvents.Entry(count: try n.int("count"), last: try n.date("last"))
      }
      guard entry.count >= 1 else { throw Failure(problem: .badValue, path: path + ".count") }
      events.set(name, entry)
    }
    // A file written by hand may hold more names than a state keeps.
    events.keepBound()
    return events
  }

  private static func stepEntry(_ e: inout ObjectBuilder, _ item: UpdateStepLog.Entry) throws(Failure) {
    e.string("id", item.id)
    e.version("version", item.version)
    try e.date("date", item.date)
    if let reason = item.reason { e.string("reason", reason) }
    if let attempts = item.attempts { e.int("attempts", attempts) }
  }

  private static func stepEntry(_ e: inout ObjectReader) throws(Failure) -> UpdateStepLog.Entry {
    UpdateStepLog.Entry(
      id: try e.string("id"), version: try e.version("version"), date: try e.date("date"),
      reason: try e.optional("reason") { (r, k) throws(Failure) in try r.string(k) },
      attempts: try e.optional("attempts") { (r, k) throws(Failure) in try r.int(k) })
  }

  /// Collects one object's fields.
  struct ObjectBuilder {
    var fields: [String: StateJSON] = [:]
    let path: String

    init(path: String) { self.path = path }

    mutating func int(_ key: String, _ value: Int) { fields[key] = .number(String(value)) }
    mutating func string(_ key: String, _ value: String) { fields[key] = .string(value) }
    mutating func version(_ key: String, _ value: AppVersion) { fields[key] = .string(value.description) }

    mutating func date(_ key: String, _ value: Date) throws(Failure) {
      guard let text = LaunchStateCodec.iso8601(value) else {
        throw Failure(problem: .badValue, path: path + key)
      }
      fields[key] = .string(text)
    }

    mutating func object(_ key: String, _ body: (inout ObjectBuilder) throws(Failure) -> Void) throws(Failure)
    {
      var o = ObjectBuilder(path: path + key + ".")
      try body(&o)
      fields[key] = .object(o.fields)
    }

    mutating func array<T>(
      _ key: String, _ items: [T], _ body: (inout ObjectBuilder, T) throws(Failure) -> Void
    ) throws(Failure) {
      var values: [StateJSON] = []
      values.reserveCapacity(items.count)
      for (n, item) in items.enumerated() {
        var o = ObjectBuilder(path: "\(path)\(key)[\(n)].")
        try body(&o, item)
        values.append(.object(o.fields))
      }
      fields[key] = .array(values)
    }
  }

  /// Reads one object's fields, each failure naming its path.
  struct ObjectReader {
    let fields: [String: StateJSON]
    let path: String

    init(_ value: StateJSON, path: String) throws(Failure) {
      guard case .object(let fields) = value else {
        throw Failure(problem: .wrongType, path: path.isEmpty ? "top level" : String(path.dropLast()))
      }
      self.fields = fields
      self.path = path
    }

    /// The object's keys, sorted.
    var keys: [String] { fields.keys.sorted() }

    private func field(_ key: String) throws(Failure) -> StateJSON {
      guard let value = fields[key] else { throw Failure(problem: .missing, path: path + key) }
      if case .null = value { throw Failure(problem: .missing, path: path + key) }
      return value
    }

    private func wrongType(_ key: String) -> Failure { Failure(problem: .wrongType, path: path + key) }
    private func badValue(_ key: String) -> Failure { Failure(problem: .badValue, path: path + key) }

    func int(_ key: String) throws(Failure) -> Int {
      let value = try field(key)
      guard case .number = value else { throw wrongType(key) }
      guard let n = value.int else { throw badValue(key) }
      return n
    }

    /// A whole number in `range`; a bad value outside it.
    func int(_ key: String, in range: Range<Int>) throws(Failure) -> Int {
      let n = try int(key)
      guard range.contains(n) else { throw badValue(key) }
      return n
    }

    func string(_ key: String) throws(Failure) -> String {
      guard let text = try field(key).string else { throw wrongType(key) }
      return text
    }

    func strings(_ key: String) throws(Failure) -> [String] {
      guard case .array(let items) = try field(key) else { throw wrongType(key) }
      var result: [String] = []
      for (n, item) in items.enumerated() {
        guard let text = item.string else { throw Failure(problem: .wrongType, path: "\(path)\(key)[\(n)]") }
        result.append(text)
      }
      return result
    }

    func bool(_ key: String) throws(Failure) -> Bool {
      guard case .bool(let b) = try field(key) else { throw wrongType(key) }
      return b
    }

    func version(_ key: String) throws(Failure) -> AppVersion {
      guard let version = AppVersion(try string(key)) else { throw badValue(key) }
      return version
    }

    func date(_ key: String) throws(Failure) -> Date {
      guard let date = LaunchStateCodec.date(try string(key)) else { throw badValue(key) }
      return date
    }

    func enumeration<T>(_ key: String, _ make: (String) -> T?) throws(Failure) -> T {
      guard let value = make(try string(key)) else { throw badValue(key) }
      return value
    }

    /// Nil when the field is missing or null.
    func optional<T>(_ key: String, _ read: (ObjectReader, String) throws(Failure) -> T) throws(Failure) -> T?
    {
      guard let value = fields[key] else { return nil }
      if case .null = value { return nil }
      return try read(self, key)
    }

    func object<T>(_ key: String, _ read: (inout ObjectReader) throws(Failure) -> T) throws(Failure) -> T {
      var o = try ObjectReader(try field(key), path: path + key + ".")
      return try read(&o)
    }

    func array<T>(_ key: String, _ read: (inout ObjectReader) throws(Failure) -> T) throws(Failure) -> [T] {
      guard case .array(let items) = try field(key) else { throw wrongType(key) }
      var result: [T] = []
      result.reserveCapacity(items.count)
      for (n, item) in items.enumerated() {
        var o = try ObjectReader(item, path: "\(path)\(key)[\(n)].")
        result.append(try read(&o))
      }
      return result
    }
  }
}

extension LaunchState {
  /// The state in the JSON text `bytes` (a `launch-state.json`).
  package init(json bytes: [UInt8]) throws(LaunchStateCodec.Failure) {
    let value: StateJSON
    do {
      value = try StateJSON.parse(bytes)
    } catch {
      throw LaunchStateCodec.Failure(problem: .badValue, path: "top level (\(error))")
    }
    self = try LaunchStateCodec.decode(value)
  }

  /// The pretty-printed, key-sorted JSON text of this state, no trailing newline.
  package func json() throws(LaunchStateCodec.Failure) -> [UInt8] {
    try LaunchStateCodec.encode(self).serialized()
  }
}
