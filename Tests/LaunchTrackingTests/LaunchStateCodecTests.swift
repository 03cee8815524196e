import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

/// `LaunchStateCodec` is the state file's only codec: it must name every stored property of
/// `LaunchState` (and of the types it holds), round-trip every value, and agree with an
/// independent reader (`ReferenceStateDecoder`, JSONSerialization-based).
@Suite struct LaunchStateCodecTests {
  private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("__Snapshots__/launch-state.json")

  private static func date(_ iso: String) -> Date {
    LaunchStateCodec.date(iso) ?? Date(timeIntervalSince1970: 0)
  }

  /// A state with every field set and every optional present, each pending kind and each
  /// update-step list used.
  static func fullyPopulated() -> LaunchState {
    let d = date("2026-02-24T09:00:00Z")
    var state = LaunchState(appID: "full", version: version("2.0.0"), date: date("2026-01-15T09:00:00Z"))
    state.launchCount = 7
    state.lastLaunchDate = d
    state.currentVersion = version("2.0.0")
    state.previousVersion = version("1.0.0")
    state.versionHistory.append(.init(version: version("2.0.0"), firstLaunchDate: d, arrivedBy: .upgrade))
    state.whatsNewOff = true
    state.whatsNewHiddenUntil = date("2026-02-25T09:00:00Z")
    state.updateAnnounced = version("2.1.0")
    state.tips = ["find": TipRecord(shows: 2, lastShown: d), "tags": TipRecord(shows: 1, lastShown: d)]
    state.lastTipOrCardDate = d
    state.tipsOff = true
    state.mutedTips = ["sync", "find"]
    state.checklistDismissed = true
    state.rolloutPlace = 6312
    state.events.record("search", at: d, times: 3)
    state.events.logMark = "9f2c"
    state.lastLaunch = .init(
      kind: .upgrade, from: version("1.0.0"), to: version("2.0.0"), daysAway: 40, date: d, stateWasReset: true
    )
    state.pending = [.onboarding(page: 1), .whatsNew(since: version("1.0.0")), .welcomeBack(days: 40)]
    state.updateSteps.completed = [
      .init(id: "a", version: version("1.1"), date: d, reason: "why", attempts: 2)
    ]
    state.updateSteps.notNeeded = [
      .init(id: "b", version: version("1.2"), date: d, reason: "fresh", attempts: 1)
    ]
    state.updateSteps.failed = [
      .init(id: "c", version: version("1.3"), message: "disk full", attempts: 3, lastAttemptDate: d)
    ]
    return state
  }

  /// The guard against a second definition: every stored property of `LaunchState` and of
  /// the structs it holds has a key in the codec's output for a fully populated value.
  /// Adding a property without teaching `LaunchStateCodec` about it fails here.
  @Test func everyStoredPropertyHasAKey() throws {
    let state = Self.fullyPopulated()
    let json = try LaunchStateCodec.encode(state)
    var missing: [String] = []
    func check(_ value: Any, _ json: StateJSON?, path: String) {
      guard case .object(let fields)? = json else {
        missing.append(path.isEmpty ? "(top level)" : path)
        return
      }
      for child in Mirror(reflecting: value).children {
        guard let label = child.label else { continue }
        let name = path.isEmpty ? label : path + "." + label
        guard let field = fields[label] else {
          missing.append(name)
          continue
        }
        // Structs of the state are checked field by field too (the first element of arrays).
        let mirror = Mirror(reflecting: child.value)
        if mirror.displayStyle == .struct, !(child.value is AppVersion), !(child.value is Date) {
          check(child.value, field, path: name)
        } else if mirror.displayStyle == .collection, let first = mirror.children.first?.value,
          Mirror(reflecting: first).displayStyle == .struct, case .array(let items) = field
        {
          check(first, items.first, path: name + "[0]")
        }
      }
    }
    check(state, json, path: "")
    #expect(missing.isEmpty, "stored properties LaunchStateCodec does not write: \(missing)")
  }

  @Test func aFullyPopulatedStateRoundTrips() throws {
    let state = Self.fullyPopulated()
    let bytes = try state.json()
    #expect(try LaunchState(json: bytes) == state)
    #expect(ReferenceStateDecoder.decode(Data(bytes)) == .state(state))
  }

  @Test func theGoldenFileReadsAndIsWrittenBackByteForByte() throws {
    let bytes = Array(try Data(contentsOf: Self.golden))
    let state = try LaunchState(json: bytes)
    #expect(ReferenceStateDecoder.decode(Data(bytes)) == .state(state))
    #expect(state.updateSteps.failed.count == 1 && state.pending.count == 3)
    #expect(state.events.count(of: "search") == 3 && state.events.count(of: "create") == 1)
    #expect(state.mutedTips == ["sync"])
    #expect(
      String(decoding: try state.json() + [0x0A], as: UTF8.self) == String(decoding: bytes, as: UTF8.self))
  }

  /// States at many dates, every variant used, agree with the reference reader.
  @Test func writtenStatesReadAsTheReferenceReadsThem() throws {
    var generator = SeededRandom(seed: 16)
    var dates: [Date] = [
      Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
      Date(timeIntervalSince1970: 4_107_542_400),  // 2100-03-01
      Self.date("1600-01-01T06:00:00Z"), Self.date("9999-12-31T23:59:59Z"),
    ]
    for _ in 0..<300 {
      dates.append(
        Date(timeIntervalSince1970: Double.random(in: -11_000_000_000...250_000_000_000, using: &generator)))
    }
    for (n, date) in dates.enumerated() {
      var state = Self.fullyPopulated()
      state.appID = "app-\(n) \"quoted\" \\ tab\t ü ✓ \u{1}"
      state.firstLaunchDate = date
      state.lastLaunchDate = date.addingTimeInterval(Double(n % 7) * -3_600)
      state.launchCount = n + 1
      if n % 2 == 1 {
        state.previousVersion = nil
        state.lastLaunch.from = nil
        state.lastLaunch.daysAway = nil
        state.pending = []
      }
      let bytes = try state.json()
      let decoded = try LaunchState(json: bytes)
      // The codec keeps whole seconds.
      var expected = state
      expected.firstLaunchDate = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
      expected.lastLaunchDate = Date(
        timeIntervalSince1970: state.lastLaunchDate.timeIntervalSince1970.rounded(.down))
      #expect(decoded == expected, "\(String(decoding: bytes, as: UTF8.self))")
      #expect(ReferenceStateDecoder.decode(Data(bytes)) == .state(decoded))
    }
  }

  @Test func datesOutsideTheYears1To9999AreNotWritten() throws {
    for seconds in [-62_135_596_801.0, 253_402_300_800, .infinity] {
      let state = LaunchState(
        appID: "a", version: version("1.0.0"), date: Date(timeIntervalSince1970: seconds))
      #expect(throws: LaunchStateCodec.Failure.self) { try state.json() }
    }
    let earliest = LaunchState(
      appID: "a", version: version("1.0.0"), date: Date(timeIntervalSince1970: -62_135_596_800))
    #expect(try LaunchState(json: earliest.json()) == earliest)
  }

  @Test func unknownKeysAreIgnoredAndOptionalsMayBeNull() throws {
    let state = LaunchState(appID: "a", version: version("1.0.0"), date: Date(timeIntervalSince1970: 0))
    var text = String(decoding: try state.json(), as: UTF8.self)
    text = text.replacingOccurrences(
      of: "\"appID\" : \"a\",",
      with: "\"appID\" : \"a\", \"previousVersion\" : null, \"addedLater\" : [1, {}],")
    #expect(try LaunchState(json: Array(text.utf8)) == state)
    #expect(ReferenceStateDecoder.decode(Data(text.utf8)) == .state(state))
  }

  /// A file written before the checklist existed has no `checklistDismissed`: not dismissed.
  @Test func aStateWithoutTheChecklistKeyReadsAsNotDismissed() throws {
    let golden = try String(contentsOf: Self.golden, encoding: .utf8)
    #expect(golden.contains("  \"checklistDismissed\" : true,\n"))
    let older = Array(golden.replacingOccurrences(of: "  \"checklistDismissed\" : true,\n", with: "").utf8)
    let state = try LaunchState(json: older)
    #expect(!state.checklistDismissed)
    #expect(ReferenceStateDecoder.decode(Data(older)) == .state(state))
    #expect(!String(decoding: try state.json(), as: UTF8.self).contains("checklist"), "written only once set")
  }

  /// Each edit of the golden file gives the failure named, which the reference agrees is not
  /// a state.
  @Test(arguments: [
    ("\"launchCount\" : 2", "\"launchCount\" : 2.0", "bad value at launchCount"),
    ("\"launchCount\" : 2", "\"launchCount\" : 99999999999999999999999", "bad value at launchCount"),
    ("\"launchCount\" : 2", "\"launchCount\" : \"2\"", "wrong type at launchCount"),
    ("\"installVersion\" : \"1.0.0\",", "", "missing installVersion"),
    ("\"installVersion\" : \"1.0.0\"", "\"installVersion\" : \"one\"", "bad value at installVersion"),
    ("\"kind\" : \"upgrade\"", "\"kind\" : \"sideways\"", "bad value at lastLaunch.kind"),
    ("\"stateWasReset\" : false", "\"stateWasReset\" : 0", "wrong type at lastLaunch.stateWasReset"),
    ("\"since\" : \"1.0.0\"", "\"since\" : null", "missing pending[1].since"),
    (
      "\"firstLaunchDate\" : \"2026-01-15T09:00:00Z\"", "\"firstLaunchDate\" : \"2026-02-30T09:00:00Z\"",
      "bad value at firstLaunchDate"
    ),
    ("\"versionHistory\" : [", "\"versionHistory\" : [ 1,", "wrong type at versionHistory[0]"),
    ("\"search\" : {", "\"Search\" : {", "bad value at events.counts.Search"),
    ("\"count\" : 3", "\"count\" : 0", "bad value at events.counts.search.count"),
    ("\"checklistDismissed\" : true", "\"checklistDismissed\" : \"yes\"", "wrong type at checklistDismissed"),
    ("\"last\" : \"2026-01-15T09:30:00Z\"", "\"last\" : 1", "wrong type at events.counts.create.last"),
  ])
  func badFieldsAreNamed(_ edit: (String, String, String)) throws {
    let golden = try String(contentsOf: Self.golden, encoding: .utf8)
    #expect(golden.contains(edit.0))
    let bytes = Array(golden.replacingOccurrences(of: edit.0, with: edit.1).utf8)
    #expect(throws: LaunchStateCodec.Failure.self) { try LaunchState(json: bytes) }
    do {
      _ = try LaunchState(json: bytes)
    } catch {
      #expect(error.description == edit.2)
    }
    #expect(ReferenceStateDecoder.decode(Data(bytes)) == .rejected)
  }

  @Test(arguments: [
    "", "   ", "{", "{} x", "\u{FEFF}{}", "{\"a\" : 1, \"a\" : 2}", "{\"a\" : \"\\ud800\"}",
    "{\"a\" : 01}", "{\"a\" : \"\u{1}\"}", String(repeating: "[", count: 100),
  ])
  func textsThatAreNotJSONAreRefused(_ text: String) {
    #expect(throws: StateJSON.SyntaxError.self) { try StateJSON.parse(Array(text.utf8)) }
  }

  /// Found by the fuzzer: a repeated key holding an escaped newline made a two-line reason.
  @Test func aRepeatedKeyIsNamedOnOneLine() throws {
    let text = #"{"a\nb" : 1, "a\nb" : 2}"#
    #expect(throws: StateJSON.SyntaxError.self) { try StateJSON.parse(Array(text.utf8)) }
    do {
      _ = try StateJSON.parse(Array(text.utf8))
    } catch {
      #expect(error.description == #"the key "a\nb" repeated at byte 13"#)
    }
  }

  /// A syntax error says its line and column (from 1), counted in characters: a line feed
  /// starts a line, `é` (two bytes) is one column; the byte offset is as before.
  @Test(arguments: [
    ("{\n  \"a\" : 1\n  \"b\" : 2\n}", "a comma or a closing brace should be here", 3, 3, 14),
    ("{\"é\" : tru}", "an unknown word", 1, 8, 8),
    ("[1,\r\n 2,\r\n\r\n ]", "an unexpected character", 4, 2, 13),
    ("{\"k\":1,\n\"k\":2}", "the key \"k\" repeated", 2, 1, 8),
  ])
  func aSyntaxErrorSaysItsLineAndColumn(text: String, problem: String, line: Int, column: Int, offset: Int) {
    let error = #expect(throws: StateJSON.SyntaxError.self) { try StateJSON.parse(Array(text.utf8)) }
    #expect(error?.problem == problem)
    #expect(error?.offset == offset)
    #expect(error?.position == "line \(line), column \(column)", "\(String(describing: error))")
  }

  @Test func escapesAndSurrogatePairsAreDecoded() throws {
    let text = #"{"s" : "a\"b\\c\/d\b\f\n\r\t\u00e9\ud83c\udf89"}"#
    #expect(try StateJSON.parse(Array(text.utf8)) == .object(["s": .string("a\"b\\c/d\u{8}\u{C}\n\r\té🎉")]))
  }

  @Test func datesMatchFoundationFrom1600() throws {
    let formatter = ISO8601DateFormatter()
    for text in [
      "1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "1600-03-01T12:00:00Z", "2400-12-31T00:00:01Z",
    ] {
      #expect(LaunchStateCodec.date(text) == formatter.date(from: text), "\(text)")
      #expect(LaunchStateCodec.date(text).flatMap(LaunchStateCodec.iso8601) == text)
    }
    #expect(LaunchStateCodec.date("2100-02-29T00:00:00Z") == nil)
    #expect(LaunchStateCodec.date("2026-01-15T09:00:00.5Z") == nil)
    #expect(LaunchStateCodec.date("2026-01-15T09:00:00+01:00") == nil)
  }
}
