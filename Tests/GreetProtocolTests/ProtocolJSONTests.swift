import Foundation
import LaunchGreeter
import LaunchTracking
import Testing

@testable import GreetProtocol

/// The protocol's JSON is written and read by `StateJSONEncoder`/`StateJSONDecoder`, not
/// Foundation's coders (whose code would double `whatsnew-greet`): each document is byte for
/// byte what `JSONEncoder` wrote, and hostile requests are still refused with one error.
@Suite struct ProtocolJSONTests {
  private static func foundation<T: Encodable>(_ value: T, _ formatting: JSONEncoder.OutputFormatting) throws
    -> [UInt8]
  {
    let encoder = JSONEncoder()
    encoder.outputFormatting = formatting
    return Array(try encoder.encode(value)) + [0x0A]
  }

  /// A report with every key filled, paths (`/`), quotes and control characters in its text.
  static func fullReport() -> GreetReport {
    var report = GreetReport.empty
    report.launch = .init(kind: "upgrade", from: "1.0.0", to: "2.0.0", daysAway: nil, count: 3)
    report.shown = "whats-new"
    report.versions = ["2.0.0", "1.1.0"]
    report.exit = "action"
    report.action = "open/docs"
    report.pending = ["onboarding"]
    report.reason = "a \"reason\"\twith\u{1}control"
    report.updateSteps["failed"] = ["convert"]
    report.problems = ["/tmp/notes/2.0.0.md:3: not UTF-8", "é 😀"]
    report.settings = "all releases"
    report.notesFor = "linux, channel beta"
    report.available = "2.1.0"
    report.tip = .init(
      id: "find", text: "Press / to find", firstShowing: true, block: "\u{1B}[2mtip\u{1B}[0m\n")
    report.recorded = ["search"]
    return report
  }

  @Test func theReportIsTheBytesJSONEncoderWrote() throws {
    for report in [GreetReport.empty, Self.fullReport()] {
      let ours = try report.json()
      #expect(ours == (try Self.foundation(report, [.prettyPrinted, .sortedKeys])))
      #expect(
        String(decoding: ours, as: UTF8.self).contains(#""\/tmp\/notes\/2.0.0.md"#) == (report.launch != nil))
    }
  }

  @Test func theSchemaAndTheErrorAnswerAreTheBytesJSONEncoderWrote() throws {
    let schema = RequestSchema()
    #expect(try schema.json() == Self.foundation(schema, [.prettyPrinted, .sortedKeys]))
    for error in [
      RequestError(parameter: .notes, message: #"cannot read "/n/1.2.0.md""#),
      RequestError(parameter: nil, message: "the request is not a JSON object of parameters"),
    ] {
      let object = try #require(try JSONSerialization.jsonObject(with: Data(error.json())) as? [String: Any])
      #expect(
        Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) + [0x0A]
          == error.json())
      #expect(error.json().first == UInt8(ascii: "{") && !error.json().dropLast().contains(0x0A), "one line")
    }
  }

  @Test func stepsRoundTrip() throws {
    let steps = [
      ShellSteps.Entry(id: "a", version: "1.0.0", summary: "A/b", run: "echo \"x\""),
      ShellSteps.Entry(
        id: "b", version: "2.0.0", summary: "B", run: "true", freshInstall: true, timeLimit: 1.5),
    ]
    let bytes = try StateJSONEncoder().encode(steps)
    #expect(try StateJSONDecoder().decode([ShellSteps.Entry].self, from: bytes) == steps)
    #expect(Array(bytes) == Array(try Self.foundation(steps, [.prettyPrinted, .sortedKeys]).dropLast()))
  }

  /// Text the parser refuses is a request that is not JSON (no parameter named); a number
  /// too big for its type is a bad value of its parameter.
  @Test func hostileRequestsAreOneErrorEach() {
    let base = #""protocol": 1, "appId": "tally", "version": "1.2.0", "notes": "/n""#
    let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    let cases: [([UInt8], GreetRequest.Key?, String)] = [
      (Array(#"{\#(base), "appId": "other"}"#.utf8), nil, "the request is not a JSON object of parameters"),
      (
        Array(#"{\#(base), "channel": \#(deep)}"#.utf8), nil, "the request is not a JSON object of parameters"
      ),
      (
        Array(#"{\#(base), "channel": ""#.utf8) + [0xC3, 0x28, 0x22, 0x7D], nil,
        "the request is not a JSON object of parameters"
      ),
      (
        Array(#"{\#(base), "returningAfter": 1e400}"#.utf8), .returningAfter, "must be a whole number of days"
      ),
      (
        Array(#"{\#(base), "returningAfter": 99999999999999999999}"#.utf8), .returningAfter,
        "must be a whole number of days"
      ),
      (Array(#"{\#(base), "returningAfter": 2.0}"#.utf8), nil, ""),
      (
        Array(#"{\#(base), "steps": [{"id": "a", "version": "1.0.0", "summary": "s"}]}"#.utf8), .steps,
        #"step 1 has no "run""#
      ),
    ]
    for (bytes, parameter, message) in cases {
      do {
        let request = try GreetRequest.decode(bytes)
        #expect(
          message.isEmpty && request.returningAfter == 2, "read: \(String(decoding: bytes, as: UTF8.self))")
      } catch {
        #expect(error.parameter == parameter && error.message == message, "\(error)")
      }
    }
  }
}
