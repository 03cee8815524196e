import Foundation
import GreetProtocol
import LaunchTracking
import TestSupport
import Testing

@testable import whatsnew

/// `whatsnew-greet`, the wrappers' front door: a JSON request in, the JSON outcome out, by the
/// same path as `whatsnew greet`.
@Suite(.serialized) struct WhatsnewGreetTests {
  static var binary: URL { TestPaths.buildProductsDirectory.appendingPathComponent("whatsnew-greet") }

  static func run(_ request: String, environment: [String: String] = [:]) throws -> ProcessResult {
    try Run.process(binary, [], environment: environment, stdin: Data(request.utf8))
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// `whatsnew greet`'s options make the request the JSON makes: one type, built by both doors.
  @Test func theCommandLineAndTheJSONMakeOneRequest() throws {
    let command = try GreetCommand.parse([
      "--app-id", "tally", "--app-version", "1.2.0", "--content", "/n", "--min-importance", "major",
      "--theme", "light", "--feed", "https://example.com/f.json", "--upgrade-command",
      "pipx=pipx upgrade tally",
      "--upgrade-command", "see docs", "--managed-by", "apt", "--cooldown", "12h", "--checklist",
      "--steps", "/s.json",
    ])
    let json = try GreetRequest.decode(
      Array(
        #"""
        {"protocol": 1, "appId": "tally", "version": "1.2.0", "notes": "/n", "minImportance": "major",
         "theme": "light", "feed": "https://example.com/f.json",
         "upgradeCommand": {"pipx": "pipx upgrade tally", "other": "see docs"}, "managedBy": ["apt"],
         "cooldown": "12h", "checklist": true, "steps": "/s.json",
         "tipOffCommand": "whatsnew tips --app-id tally --off {tip}"}
        """#.utf8))
    #expect(try command.request() == json)
  }

  /// The command `greet --tip`'s first showing names: the app's id, and the state directory
  /// when it is not the app's default (quoted for the shell when it must be).
  @Test func theTipOffCommandNamesTheStateDirectoryOnlyWhenItIsNotTheDefault() throws {
    let plain = try GreetCommand.parse(["--app-id", "tally", "--app-version", "1.0.0", "--content", "/n"])
    #expect(
      GreetCommand.tipOffCommand(try plain.request(), environment: [:])
        == "whatsnew tips --app-id tally --off {tip}")
    #expect(
      GreetCommand.tipOffCommand(try plain.request(), environment: ["TALLY_STATE_DIR": "/s/tally"])
        == "whatsnew tips --app-id tally --state-dir /s/tally --off {tip}")
    let odd = try GreetCommand.parse([
      "--app-id", "tally", "--app-version", "1.0.0", "--content", "/n", "--state-dir", "/a b/it's",
    ])
    #expect(
      GreetCommand.tipOffCommand(try odd.request(), environment: [:])
        == #"whatsnew tips --app-id tally --state-dir '/a b/it'\''s' --off {tip}"#)
  }

  /// A bad request: status 2 and `{"error": {"parameter", "message"}}`, nothing recorded.
  @Test func aBadRequestIsAnsweredByParameter() throws {
    let state = try TestPaths.makeTemporaryDirectory("greet-json")
    defer { TestPaths.removeTree(state.path) }
    let result = try Self.run(
      #"{"protocol": 1, "appId": "t", "version": "1.0.0", "notes": "\#(TestPaths.content.path)", "stateDir": "\#(state.path)", "minImportance": "huge"}"#
    )
    #expect(result.status == 2)
    let error = try Self.object(result.stdout)["error"] as? [String: Any]
    #expect(error?["parameter"] as? String == "minImportance")
    #expect(error?["message"] as? String == #"must be patch, minor, major or critical, not "huge""#)
    #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty)
  }

  /// The outcome is `whatsnew greet --report`'s, key for key, for the same launch.
  @Test func theOutcomeIsTheReport() throws {
    let directory = try TestPaths.makeTemporaryDirectory("greet-json")
    defer { TestPaths.removeTree(directory.path) }
    let notes = TestPaths.content.path
    let environment = ["T_NOW": "2026-01-02T03:04:05Z"]
    let report = directory.appendingPathComponent("report.json").path
    let cli = try Run.whatsnew(
      [
        "greet", "--app-id", "t", "--app-version", "1.0.0", "--content", notes, "--state-dir",
        directory.appendingPathComponent("a").path, "--report", report,
      ], environment: environment)
    #expect(cli.status == 0, "\(cli.stderr)")
    let json = try Self.run(
      #"{"protocol": 1, "appId": "t", "version": "1.0.0", "notes": "\#(notes)", "stateDir": "\#(directory.appendingPathComponent("b").path)"}"#,
      environment: environment)
    #expect(json.status == 0, "\(json.stderr)")
    let fromCLI = try Self.object(
      String(decoding: FileManager.default.contents(atPath: report) ?? Data(), as: UTF8.self))
    let fromJSON = try Self.object(json.stdout)
    #expect(NSDictionary(dictionary: fromCLI).isEqual(to: fromJSON), "\(json.stdout)")
    #expect(fromJSON["shown"] is NSNull && (fromJSON["pending"] as? [String]) == ["onboarding"])
  }

  /// Events travel with the greeting (`record`), or in a batch of their own; the next launch
  /// counts them.
  @Test func eventsAreRecordedInTheSameTrip() throws {
    let state = try TestPaths.makeTemporaryDirectory("greet-json")
    defer { TestPaths.removeTree(state.path) }
    let greet = try Self.run(
      #"{"protocol": 1, "appId": "t", "version": "1.0.0", "notes": "\#(TestPaths.content.path)", "stateDir": "\#(state.path)", "record": ["search"]}"#
    )
    #expect(try Self.object(greet.stdout)["recorded"] as? [String] == ["search"])
    let batch = try Self.run(
      #"{"protocol": 1, "command": "record", "appId": "t", "stateDir": "\#(state.path)", "record": ["search", "export.pdf"]}"#
    )
    #expect(batch.status == 0, "\(batch.stdout)")
    #expect(try Self.object(batch.stdout)["recorded"] as? [String] == ["search", "export.pdf"])
    _ = try Self.run(
      #"{"protocol": 1, "appId": "t", "version": "1.0.0", "notes": "\#(TestPaths.content.path)", "stateDir": "\#(state.path)"}"#
    )
    let events = try Run.whatsnew(["state", "--json", "--state-dir", state.path, "--app-id", "t"])
    let launchState = try Self.object(events.stdout)
    let counted = (launchState["events"] as? [String: Any])?["counts"] as? [String: Any]
    #expect((counted?["search"] as? [String: Any])?["count"] as? Int == 2, "\(events.stdout)")
    #expect((counted?["export.pdf"] as? [String: Any])?["count"] as? Int == 1, "\(events.stdout)")
  }

  /// Tip switches travel with a greeting (`tipSwitches`, checked against its notes), or in a
  /// record batch of their own (checked against the notes when it names them); the outcome
  /// says which were applied, and a bad id is refused by parameter, nothing recorded.
  @Test func tipSwitchesAreAppliedInTheSameTripOrABatch() throws {
    let state = try TestPaths.makeTemporaryDirectory("greet-json")
    defer { TestPaths.removeTree(state.path) }
    let notes = TestPaths.content.path
    func muted() throws -> [String]? {
      let shown = try Run.whatsnew(["state", "--json", "--state-dir", state.path, "--app-id", "t"])
      return try Self.object(shown.stdout)["mutedTips"] as? [String]
    }
    let unknown = try Self.run(
      #"{"protocol": 1, "appId": "t", "version": "1.0.0", "notes": "\#(notes)", "stateDir": "\#(state.path)", "tipSwitches": {"fnd": false}}"#
    )
    #expect(unknown.status == 2)
    let error = try Self.object(unknown.stdout)["error"] as? [String: Any]
    #expect(error?["parameter"] as? String == "tipSwitches")
    #expect(error?["message"] as? String == #"there is no tip "fnd" (the notes' tips: find, sync, today)"#)
    #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty)
    // A first launch: applied once it is recorded.
    let greet = try Self.run(
      #"{"protocol": 1, "appId": "t", "version": "1.0.0", "notes": "\#(notes)", "stateDir": "\#(state.path)", "tipSwitches": {"find": false, "sync": false}}"#
    )
    #expect(greet.status == 0, "\(greet.stdout)")
    #expect(
      try Self.object(greet.stdout)["tipSwitches"] as? [String: Bool] == ["find": false, "sync": false])
    #expect(try muted() == ["find", "sync"])
    let batch = try Self.run(
      #"{"protocol": 1, "command": "record", "appId": "t", "stateDir": "\#(state.path)", "tipSwitches": {"find": true}}"#
    )
    #expect(batch.status == 0, "\(batch.stdout)")
    #expect(try Self.object(batch.stdout)["tipSwitches"] as? [String: Bool] == ["find": true])
    #expect(try muted() == ["sync"])
    let checked = try Self.run(
      #"{"protocol": 1, "command": "record", "appId": "t", "notes": "\#(notes)", "stateDir": "\#(state.path)", "tipSwitches": {"nope": true}}"#
    )
    let refused = try Self.object(checked.stdout)["error"] as? [String: Any]
    #expect(checked.status == 2 && (refused?["message"] as? String)?.hasPrefix("there is no tip") == true)
    let before = try Self.run(
      #"{"protocol": 1, "command": "record", "appId": "new", "stateDir": "\#(state.path)/new", "tipSwitches": {"find": false}}"#
    )
    let unchanged = try Self.object(before.stdout)["tipSwitches"] as? [String: Bool]
    #expect(before.status == 0 && unchanged == [:], "no launch recorded: nothing to change")
  }

  /// `--schema` prints the parameters with their closed lists, as RequestSchema builds them.
  @Test func theSchemaIsPrinted() throws {
    let result = try Run.process(Self.binary, ["--schema"])
    #expect(result.status == 0)
    let parameters = try Self.object(result.stdout)["parameters"] as? [String: [String: Any]]
    #expect(parameters?["minImportance"]?["values"] as? [String] == ["patch", "minor", "major", "critical"])
  }
}
