#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the user did in the app, as the app recorded it (`LaunchGreeter.record(_:)`,
/// `whatsnew event`): for each event name, how many times and when last. It stays on this
/// machine, in the state directory; nothing is sent anywhere.
///
/// An event name is 1 to 64 characters of `[a-z0-9._-]`, starting with a letter or a digit
/// (`search`, `export.pdf`, `sync-2`): see ``problem(withName:)``. At most
/// ``maximumCount`` names are kept; recording a new one beyond that forgets the one used
/// least recently.
package struct UsageEvents: Sendable, Equatable {
  /// How many distinct event names are kept.
  package static let maximumCount = 256
  /// The longest event name, in characters.
  package static let maximumNameLength = 64

  /// One event's record.
  package struct Entry: Sendable, Equatable {
    /// How many times it was recorded (saturating at `Int.max`).
    package var count: Int
    /// When it was last recorded.
    package var last: Date

    /// An event recorded `count` times, last at `last`.
    package init(count: Int, last: Date) {
      self.count = count
      self.last = last
    }
  }

  /// Each event name's record.
  package private(set) var counts: [String: Entry] = [:]
  /// The mark of the last `events.log` fold written into this state (see
  /// `FileLaunchStore`): the log's lines up to a `# folded MARK` line equal to it are in
  /// ``counts`` already. Nil before the first fold.
  package var logMark: String?

  /// No events.
  package init() {}

  /// How many times `name` was recorded (0 when never).
  package func count(of name: String) -> Int { counts[name]?.count ?? 0 }

  /// When `name` was last recorded, or nil when never.
  package func lastDate(of name: String) -> Date? { counts[name]?.last }

  /// True when `name` was recorded at least once.
  package func hasUsed(_ name: String) -> Bool { counts[name] != nil }

  /// True when no event was recorded.
  package var isEmpty: Bool { counts.isEmpty }

  /// Adds `times` occurrences of `name` at `date`. The last date only moves forward (a clock
  /// that went back does not make an event older). Beyond ``maximumCount`` names, the one
  /// with the oldest last date is forgotten (of equal dates, the first by name).
  package mutating func record(_ name: String, at date: Date, times: Int = 1) {
    if var entry = counts[name] {
      let (sum, overflow) = entry.count.addingReportingOverflow(times)
      entry.count = overflow ? Int.max : sum
      entry.last = max(entry.last, date)
      counts[name] = entry
      return
    }
    counts[name] = Entry(count: times, last: date)
    while counts.count > Self.maximumCount, let oldest = leastRecentlyUsed() {
      counts[oldest] = nil
    }
  }

  /// Sets `name`'s record as read from a file, without the bound (the codec, which then calls
  /// ``keepBound()``).
  package mutating func set(_ name: String, _ entry: Entry) { counts[name] = entry }

  /// Forgets all but the ``maximumCount`` names used most recently (of equal dates, the last
  /// by name are kept), as recording them one by one would: in one sort, so a file written by
  /// hand with 70,000 names costs a launch milliseconds, not one search per name forgotten.
  package mutating func keepBound() {
    guard counts.count > Self.maximumCount else { return }
    let kept = counts.sorted { a, b in
      a.value.last != b.value.last ? a.value.last > b.value.last : a.key > b.key
    }
    .prefix(Self.maximumCount)
    counts = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0.value) })
  }

  /// Why `name` is not an event name, or nil when it is one: 1 to 64 characters of
  /// `[a-z0-9._-]`, the first a letter or a digit.
  package static func problem(withName name: String) -> String? {
    if name.isEmpty { return "the event name is empty" }
    let bytes = Array(name.utf8)
    func lowerOrDigit(_ b: UInt8) -> Bool { (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) }
    let ok = bytes.allSatisfy { lowerOrDigit($0) || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D }
    guard ok, lowerOrDigit(bytes[0]) else {
      return "the event name \(quoted(name)) must be lowercase letters, digits, '.', '_' and '-', "
        + "starting with a letter or digit"
    }
    if bytes.count > maximumNameLength {
      return "the event name \(quoted(name)) is longer than \(maximumNameLength) characters"
    }
    return nil
  }

  /// `name` as a message shows it: in double quotes, at most ``maximumNameLength`` characters
  /// (then `…` after the quote), a quote, a backslash and every control character escaped
  /// (a newline as `\n`), so that one bad name is one short line.
  static func quoted(_ name: String) -> String {
    let shown = String(name.prefix(maximumNameLength)).debugDescription
    return name.count > maximumNameLength ? shown + "…" : shown
  }

  // MARK: - The event log

  /// The line `events.log` holds for one event: seconds since 1970 and the name.
  package static func logLine(_ name: String, at date: Date) -> String {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    let text = seconds.isFinite && abs(seconds) < 1e15 ? String(Int64(seconds)) : "0"
    return "\(text) \(name)\n"
  }

  /// The line a fold appends to `events.log` before it writes the state holding `mark`.
  package static func markLine(_ mark: String) -> String { "# folded \(mark)\n" }

  /// These events with the lines of `log` (an `events.log`) added: the lines after a
  /// `# folded` line naming ``logMark`` (all lines when none does). Lines that are not an
  /// event (a torn last line, a bad name, another fold's mark) are skipped. The lines are
  /// counted per name first, each name checked once, and the bound kept once at the end
  /// (``keepBound()``): a log of a million lines folds in about a second.
  package func adding(log: [UInt8]) -> UsageEvents {
    var lines = log.split(separator: 0x0A, omittingEmptySubsequences: true)
    // A last line without its newline is a write still under way, or torn by a crash.
    if log.last != 0x0A, !lines.isEmpty { lines.removeLast() }
    var start = lines.startIndex
    if let logMark {
      let mark = Array(Self.markLine(logMark).utf8.dropLast())
      if let folded = lines.lastIndex(where: { $0.elementsEqual(mark) }) { start = folded + 1 }
    }
    var logged: [String: (count: Int, last: Int64)] = [:]
    for line in lines[start...] {
      guard let space = line.firstIndex(of: 0x20),
        let seconds = Int64(String(decoding: line[..<space], as: UTF8.self)),
        Self.representableSeconds.contains(seconds)
      else { continue }
      let name = String(decoding: line[(space + 1)...], as: UTF8.self)
      let before = logged[name] ?? (0, seconds)
      logged[name] = (before.count &+ 1, max(before.last, seconds))
    }
    var result = self
    for (name, entry) in logged where Self.problem(withName: name) == nil {
      result.add(name, at: Date(timeIntervalSince1970: TimeInterval(entry.last)), times: max(entry.count, 1))
    }
    result.keepBound()
    return result
  }

  /// The seconds since 1970 a state file can hold as a date (the years 0001 to 9999, as
  /// `LaunchStateCodec.iso8601` writes them): a logged line outside them is not an event's.
  static let representableSeconds: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

  /// ``record(_:at:times:)`` without the bound (the caller keeps it after).
  private mutating func add(_ name: String, at date: Date, times: Int) {
    guard var entry = counts[name] else {
      counts[name] = Entry(count: times, last: date)
      return
    }
    let (sum, overflow) = entry.count.addingReportingOverflow(times)
    entry.count = overflow ? Int.max : sum
    entry.last = max(entry.last, date)
    counts[name] = entry
  }

  // MARK: - Helpers

  private func leastRecentlyUsed() -> String? {
    counts.min { a, b in a.value.last != b.value.last ? a.value.last < b.value.last : a.key < b.key }?.key
  }
}
