import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

/// The fast state-file reader must give exactly what `JSONDecoder` gives for every file it
/// accepts, and must leave everything unusual (nil) to `JSONDecoder`.
@Suite struct LaunchStateFastDecoderTests {
  private func viaJSONDecoder(_ data: Data) -> LaunchState? {
    try? LaunchState.makeDecoder().decode(LaunchState.self, from: data)
  }

  private func data(_ state: LaunchState) throws -> Data {
    var data = try LaunchState.makeEncoder().encode(state)
    data.append(0x0A)
    return data
  }

  @Test func theGoldenStateFileReadsAsJSONDecoderReadsIt() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/launch-state.json")
    let data = try Data(contentsOf: url)
    let fast = try #require(LaunchStateFastDecoder.decode(data))
    #expect(fast == viaJSONDecoder(data))
    #expect(fast.updateSteps.failed.count == 1 && fast.pending.count == 3)
  }

  @Test func eighteenDigitsAreRead() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/launch-state.json")
    for count in ["999999999999999999", "-999999999999999999"] {
      let text = try String(contentsOf: url, encoding: .utf8)
        .replacingOccurrences(of: "\"launchCount\" : 2", with: "\"launchCount\" : \(count)")
      let fast = try #require(LaunchStateFastDecoder.decode(Data(text.utf8)))
      #expect(fast == viaJSONDecoder(Data(text.utf8)))
      #expect(fast.launchCount == Int(count))
    }
  }

  /// States as whatsnew writes them, every field and variant used, at many dates.
  @Test func writtenStatesReadAsJSONDecoderReadsThem() throws {
    var generator = SystemRandomNumberGenerator()
    var dates: [Date] = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
      Date(timeIntervalSince1970: 4_107_542_400),  // 2100-03-01
      try #require(ISO8601DateFormatter().date(from: "1600-01-01T00:00:00Z")),
      try #require(ISO8601DateFormatter().date(from: "9999-12-30T23:59:59Z")),
    ]
    for _ in 0..<300 {
      dates.append(
        Date(timeIntervalSince1970: Double.random(in: -11_000_000_000...250_000_000_000, using: &generator)))
    }
    for (n, date) in dates.enumerated() {
      var state = LaunchState(appID: "app-\(n)", version: version("1.\(n).0-beta.\(n)"), date: date)
      state.launchCount = n + 1
      state.lastLaunchDate = date.addingTimeInterval(Double(n % 7) * 3_600.5)
      if n % 2 == 0 {
        state.previousVersion = version("1.0.\(n)")
        state.versionHistory.append(.init(version: version("2.0.0"), firstLaunchDate: state.lastLaunchDate))
        state.lastLaunch = .init(
          kind: [.upgrade, .downgrade, .returning, .regular][n % 4], from: version("0.9"),
          to: version("2.0.0"),
          daysAway: n, date: date, stateWasReset: n % 3 == 0)
        state.pending = [.onboarding(page: n), .whatsNew(since: version("1.0.0")), .welcomeBack(days: n)]
        state.updateSteps.completed = [.init(id: "a\(n)", version: version("1.1"), date: date, attempts: 2)]
        state.updateSteps.notNeeded = [
          .init(id: "b", version: version("1.2"), date: date, reason: "fresh install: ü ✓")
        ]
        state.updateSteps.failed = [
          .init(
            id: "c", version: version("1.3"), message: "disk full / try later", attempts: n,
            lastAttemptDate: date)
        ]
      } else {
        state.pending = []
      }
      let data = try data(state)
      let expected = try #require(viaJSONDecoder(data))
      let fast = try #require(
        LaunchStateFastDecoder.decode(data), "not read: \(String(decoding: data, as: UTF8.self))")
      #expect(fast == expected, "\(String(decoding: data, as: UTF8.self))")
      // The fast writer writes what JSONEncoder writes, byte for byte.
      let written = try #require(LaunchStateFastEncoder.encode(state), "not written: \(state)")
      #expect(String(decoding: written + [0x0A], as: UTF8.self) == String(decoding: data, as: UTF8.self))
    }
  }

  @Test func theFastWriterWritesTheGoldenFile() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/launch-state.json")
    let data = try Data(contentsOf: url)
    let state = try #require(viaJSONDecoder(data))
    let written = try #require(LaunchStateFastEncoder.encode(state))
    #expect(String(decoding: written + [0x0A], as: UTF8.self) == String(decoding: data, as: UTF8.self))
  }

  /// Strings JSONEncoder escapes and dates outside 1600-9999 are left to JSONEncoder; what the
  /// fast writer does write is JSONEncoder's text.
  @Test(arguments: [
    "quote \"", "back\\slash", "tab\t", "new\nline", "nul\u{0}", "del\u{7F}", "slash / ok", "ü ✓ 🎉",
    "\u{2028}\u{2029}", "\u{FEFF}", "",
  ])
  func stringsNeedingEscapesAreLeftToJSONEncoder(_ text: String) throws {
    var state = LaunchState(appID: "a", version: version("1.0.0"), date: Date(timeIntervalSince1970: 0))
    state.updateSteps.failed = [
      .init(id: "x", version: version("1.0.0"), message: text, attempts: 1, lastAttemptDate: Date())
    ]
    let expected = try LaunchState.makeEncoder().encode(state)
    if let written = LaunchStateFastEncoder.encode(state) {
      #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    } else {
      #expect(text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F })
    }
  }

  @Test func datesOutsideTheRangeAreLeftToJSONEncoder() throws {
    for iso in ["1599-12-31T23:59:59Z", "0001-01-01T00:00:00Z"] {
      let date = try #require(ISO8601DateFormatter().date(from: iso))
      let state = LaunchState(appID: "a", version: version("1.0.0"), date: date)
      #expect(LaunchStateFastEncoder.encode(state) == nil)
    }
    let state = LaunchState(appID: "a", version: version("1.0.0"), date: Date(timeIntervalSince1970: 1e12))
    #expect(LaunchStateFastEncoder.encode(state) == nil)
  }

  @Test func optionalFieldsMayBeNull() throws {
    let state = LaunchState(appID: "a", version: version("1.0.0"), date: Date(timeIntervalSince1970: 0))
    var text = String(decoding: try data(state), as: UTF8.self)
    text = text.replacingOccurrences(
      of: "\"appID\" : \"a\",", with: "\"appID\" : \"a\", \"previousVersion\" : null,")
    let data = Data(text.utf8)
    let fast = try #require(LaunchStateFastDecoder.decode(data))
    #expect(fast == viaJSONDecoder(data))
  }

  /// Each edit makes the golden file unusual; the fast reader must then decline (JSONDecoder
  /// decides, and either reads it or words the error).
  @Test(arguments: [
    ("\"appID\" : \"test-app\"", "\"appID\" : \"test\\u002dapp\""),  // an escape
    ("\"appID\" : \"test-app\"", "\"appID\" : \"test-app\", \"extra\" : 1"),  // unknown key
    ("\"appID\" : \"test-app\"", "\"appID\" : \"test-app\", \"appID\" : \"x\""),  // repeated key
    ("\"launchCount\" : 2", "\"launchCount\" : 2.0"),
    ("\"launchCount\" : 2", "\"launchCount\" : 2e0"),
    ("\"launchCount\" : 2", "\"launchCount\" : 02"),
    ("\"launchCount\" : 2", "\"launchCount\" : 9223372036854775807"),
    ("\"launchCount\" : 2", "\"launchCount\" : -9223372036854775808"),
    ("\"launchCount\" : 2", "\"launchCount\" : 99999999999999999999999"),
    ("\"launchCount\" : 2", "\"launchCount\" : \"2\""),
    ("\"page\" : 1", "\"page\" : -0"),
    ("\"firstLaunchDate\" : \"2026-01-15T09:00:00Z\"", "\"firstLaunchDate\" : \"0001-01-15T09:00:00Z\""),
    ("\"firstLaunchDate\" : \"2026-01-15T09:00:00Z\"", "\"firstLaunchDate\" : \"2026-01-15T09:00:00.5Z\""),
    ("\"firstLaunchDate\" : \"2026-01-15T09:00:00Z\"", "\"firstLaunchDate\" : \"2026-01-15T09:00:00+01:00\""),
    ("\"firstLaunchDate\" : \"2026-01-15T09:00:00Z\"", "\"firstLaunchDate\" : \"2026-02-30T09:00:00Z\""),
    ("\"firstLaunchDate\" : \"2026-01-15T09:00:00Z\"", "\"firstLaunchDate\" : \"2026-01-15T09:00:60Z\""),
    ("\"installVersion\" : \"1.0.0\",", ""),  // missing required key
    ("\"installVersion\" : \"1.0.0\"", "\"installVersion\" : \"one\""),
    ("\"kind\" : \"upgrade\"", "\"kind\" : \"sideways\""),
    ("\"stateWasReset\" : false", "\"stateWasReset\" : 0"),
    ("\"kind\" : \"onboarding\",", "\"kind\" : \"onboarding\", \"days\" : 3,"),
    ("\"schema\" : 1", "\"schema\" : null"),
    ("\"versionHistory\" : [", "\"versionHistory\" : [ 1,"),
  ])
  func unusualFilesAreLeftToJSONDecoder(_ edit: (String, String)) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/launch-state.json")
    let golden = try String(contentsOf: url, encoding: .utf8)
    #expect(golden.contains(edit.0))
    let edited = golden.replacingOccurrences(of: edit.0, with: edit.1)
    #expect(LaunchStateFastDecoder.decode(Data(edited.utf8)) == nil)
  }

  @Test(arguments: ["", "   ", "[]", "null", "{", "{}", "{} x", "\u{FEFF}{}", "{\"schema\" : 1}"])
  func malformedDocumentsAreLeftToJSONDecoder(_ text: String) {
    #expect(LaunchStateFastDecoder.decode(Data(text.utf8)) == nil)
  }

  @Test func invalidUTF8IsLeftToJSONDecoder() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__/launch-state.json")
    var bytes = Array(try Data(contentsOf: url))
    let at = try #require(bytes.firstIndex(of: UInt8(ascii: "t")))  // in "test-app"
    bytes[at] = 0xFF
    #expect(LaunchStateFastDecoder.decode(Data(bytes)) == nil)
  }

  @Test func datesMatchISO8601() throws {
    let formatter = ISO8601DateFormatter()
    for text in [
      "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "1600-03-01T12:00:00Z", "2400-12-31T00:00:01Z",
    ] {
      #expect(LaunchStateFastDecoder.date(text) == formatter.date(from: text), "\(text)")
    }
    #expect(LaunchStateFastDecoder.date("2100-02-29T00:00:00Z") == nil)
    #expect(LaunchStateFastDecoder.date("1599-12-31T23:59:59Z") == nil)
  }
}
