import Foundation
import GreetProtocol
import LaunchGreeter
import LaunchTracking
import Testing

/// The fields every greet request below starts with.
private let base = #""protocol": 1, "appId": "tally", "version": "1.2.0", "notes": "/n""#

/// The request both front doors run: its JSON, its errors keyed by parameter, its schema.
@Suite struct GreetRequestTests {
  static func decode(_ json: String) throws(RequestError) -> GreetRequest {
    try GreetRequest.decode(Array(json.utf8))
  }

  @Test func aFullRequestReadsEveryParameter() throws {
    let request = try Self.decode(
      """
      {\(base), "appName": "Tally", "stateDir": "/s", "minImportance": "major", "accessible": false,
       "returningAfter": 9, "color": "never", "theme": "light", "hyperlinks": "always", "channel": "beta",
       "feed": "https://example.com/f.json", "upgradeCommand": {"pipx": "pipx upgrade tally", "other": "see docs"},
       "managedBy": ["apt"], "executable": "/bin/tally", "existingInstall": true, "tip": true, "cooldown": "12h",
       "checklist": true, "record": ["search", "export.pdf"], "tipSwitches": {"find": false, "sync": true},
       "tipOffCommand": "tally tips --off {tip}",
       "steps": [{"id": "a", "version": "1.1.0", "summary": "A", "run": "true"}]}
      """)
    var expected = GreetRequest(appId: "tally", version: "1.2.0", notes: "/n")
    expected.appName = "Tally"
    expected.stateDir = "/s"
    expected.minImportance = .major
    expected.accessible = false
    expected.returningAfter = 9
    expected.color = .never
    expected.theme = .light
    expected.hyperlinks = .always
    expected.channel = "beta"
    expected.feed = "https://example.com/f.json"
    expected.upgradeCommand = .init(other: "see docs", byMethod: [.pipx: "pipx upgrade tally"])
    expected.managedBy = [.apt]
    expected.executable = "/bin/tally"
    expected.existingInstall = true
    expected.tip = true
    expected.cooldown = "12h"
    expected.checklist = true
    expected.record = ["search", "export.pdf"]
    expected.tipSwitches = ["find": false, "sync": true]
    expected.tipOffCommand = "tally tips --off {tip}"
    expected.steps = .list([.init(id: "a", version: "1.1.0", summary: "A", run: "true")])
    #expect(request == expected)
    try request.validate()
  }

  /// Each bad value is answered with the parameter's API name and what it must be.
  @Test(arguments: [
    (#""minImportance": "huge""#, "minImportance", #"must be patch, minor, major or critical, not "huge""#),
    (#""theme": 3"#, "theme", "must be auto, dark, light or mono"),
    (#""returningAfter": "9""#, "returningAfter", "must be a whole number of days"),
    (
      #""managedBy": ["yum"]"#, "managedBy",
      #"has no install method "yum" (known: brew, pipx, pip, apt, npm)"#
    ),
    (
      #""upgradeCommand": {"yum": "x"}"#, "upgradeCommand",
      #"has no install method "yum" (known: brew, pipx, pip, apt, npm, other)"#
    ),
    (#""accessible": "yes""#, "accessible", "must be true, false or null"),
    (#""steps": [{"id": "a"}]"#, "steps", #"step 1 has no "version""#),
    (
      #""tipSwitches": ["find"]"#, "tipSwitches",
      "must be an object of tip ids, each true (on) or false (off)"
    ),
    (
      #""tipSwitches": {"find": "off"}"#, "tipSwitches",
      "must be an object of tip ids, each true (on) or false (off)"
    ),
  ])
  func aBadValueNamesItsParameter(field: String, parameter: String, message: String) {
    #expect(throws: RequestError.self) { try Self.decode("{\(base), \(field)}") }
    do {
      _ = try Self.decode("{\(base), \(field)}")
    } catch {
      #expect(error.parameter?.rawValue == parameter)
      #expect(error.message == message)
    }
  }

  /// What a type cannot say is checked by validate(), keyed the same way.
  @Test(arguments: [
    (#"{"protocol": 1, "appId": "Bad Id", "version": "1.0.0", "notes": "/n"}"#, "appId"),
    (#"{"protocol": 1, "appId": "t", "version": "one", "notes": "/n"}"#, "version"),
    (#"{"protocol": 1, "appId": "t", "notes": "/n"}"#, "version"),
    (#"{"protocol": 1, "appId": "t", "version": "1.0.0"}"#, "notes"),
    (#"{\#(base), "cooldown": "1w"}"#, "cooldown"),
    (#"{\#(base), "channel": "be ta"}"#, "channel"),
    (#"{\#(base), "feed": "ftp://x"}"#, "feed"),
    (#"{\#(base), "feed": "https://"}"#, "feed"),
    (#"{\#(base), "feed": "https://example.com/\u001b[2J"}"#, "feed"),
    (#"{\#(base), "record": ["Bad Name"]}"#, "record"),
    (#"{\#(base), "returningAfter": 0}"#, "returningAfter"),
    (#"{"protocol": 1, "command": "record", "appId": "t", "record": ["no spaces"]}"#, "record"),
    (#"{"protocol": 1, "command": "record", "appId": "t", "tipSwitches": {"Find": false}}"#, "tipSwitches"),
    (#"{\#(base), "tipSwitches": {"": true}}"#, "tipSwitches"),
    (#"{\#(base), "tipOffCommand": " "}"#, "tipOffCommand"),
  ])
  func aBadValueFailsValidation(json: String, parameter: String) throws {
    let request = try Self.decode(json)
    #expect(throws: RequestError.self) { try request.validate() }
    do {
      try request.validate()
    } catch {
      #expect(error.parameter?.rawValue == parameter, "\(error)")
    }
  }

  /// A record request needs no version or notes.
  @Test func aRecordRequestNeedsOnlyTheAppAndItsEvents() throws {
    let request = try Self.decode(
      #"{"protocol": 1, "command": "record", "appId": "t", "record": ["search"]}"#)
    try request.validate()
    #expect(request.command == .record)
  }

  @Test func aCardParameterWithoutAFeedNeedsIt() throws {
    let request = try Self.decode(#"{\#(base), "managedBy": ["apt"]}"#)
    #expect(throws: RequestError.self) { try request.validate() }
    do {
      try request.validate()
    } catch {
      #expect(error.description == "managedBy: needs feed")
      #expect(error.needs == .feed)
    }
  }

  @Test func anUnknownParameterOrProtocolIsRefused() {
    for (json, parameter) in [
      (#"{\#(base), "minimumImportance": "major"}"#, nil),
      (#"{"protocol": 2, "appId": "t"}"#, GreetRequest.Key.protocolVersion),
      (#"{"appId": "t"}"#, GreetRequest.Key.protocolVersion),
      ("[1]", nil),
      ("not json", nil),
    ] as [(String, GreetRequest.Key?)] {
      do {
        _ = try Self.decode(json)
        Issue.record("\(json) was read")
      } catch {
        #expect(error.parameter == parameter, "\(json): \(error)")
      }
    }
  }

  /// The error answer is the documented JSON: `{"error": {"parameter", "message"}, "protocol": 1}`.
  @Test func theErrorAnswerIsJSONKeyedByParameter() throws {
    let error = RequestError(parameter: .minImportance, message: "must be …")
    let object = try JSONSerialization.jsonObject(with: Data(error.json())) as? [String: Any]
    let body = object?["error"] as? [String: Any]
    #expect(body?["parameter"] as? String == "minImportance")
    #expect(body?["message"] as? String == "must be …")
    #expect(object?["protocol"] as? Int == 1)
  }

  /// The schema describes every parameter, and its closed lists are the Swift types' own.
  @Test func theSchemaListsEveryParameterAndItsValues() throws {
    let object = try JSONSerialization.jsonObject(with: Data(RequestSchema().json())) as? [String: Any]
    let parameters = try #require(object?["parameters"] as? [String: [String: Any]])
    #expect(Set(parameters.keys) == Set(GreetRequest.Key.allCases.map(\.rawValue)))
    for (name, parameter) in parameters {
      #expect((parameter["summary"] as? String ?? "").isEmpty == false, "\(name)")
    }
    #expect(parameters["minImportance"]?["values"] as? [String] == ReleaseImportance.allCases.map(\.rawValue))
    #expect(parameters["theme"]?["values"] as? [String] == GreeterTheme.allCases.map(\.rawValue))
    #expect(parameters["color"]?["values"] as? [String] == GreeterColorMode.allCases.map(\.rawValue))
    #expect(parameters["hyperlinks"]?["values"] as? [String] == GreeterHyperlinks.allCases.map(\.rawValue))
    #expect(parameters["managedBy"]?["values"] as? [String] == InstallMethod.allCases.map(\.rawValue))
    #expect(
      parameters["upgradeCommand"]?["keys"] as? [String] == InstallMethod.allCases.map(\.rawValue) + ["other"]
    )
  }
}
