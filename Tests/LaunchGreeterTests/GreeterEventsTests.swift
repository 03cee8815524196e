import Foundation
import LaunchTracking
import TestSupport
import Testing

@testable import LaunchGreeter

/// Events recorded without a greeter (`GreeterEvents`), under the greeter's state-directory
/// rules, and the typed problems `record(_:)` and the settings throw.
@Suite struct GreeterEventsTests {
  let app = GreeterApp(id: "tally", name: "Tally", version: "2.0.0")

  /// An adopter's subcommand that does not greet: it records what the user did with the app
  /// alone, as a `ParsableCommand`'s `run()` would.
  struct SearchCommand {
    let app: GreeterApp
    let stateDirectory: String?
    var environment: [String: String] = [:]

    func run() throws(GreeterProblem) {
      var events = GreeterEvents(app: app, stateDirectory: stateDirectory)
      events.environment = environment
      try events.record("search")
    }
  }

  /// The events of `directory` as the app's next launch folds them into its state.
  private func countAfterALaunch(_ event: String, in directory: String) throws -> Int {
    var greeter = LaunchGreeter(app: app, notes: .compiledIn([:]))
    greeter.stateDirectory = directory
    greeter.environment = ["CI": "true"]
    greeter.warn = { _ in }
    #expect(greeter.greet().isRecorded)
    guard
      case .state(let state) = try FileLaunchStore(directory: directory, appID: app.id, warn: { _ in }).read()
    else {
      Issue.record("no state in \(directory)")
      return 0
    }
    return state.events.count(of: event)
  }

  @Test func aSubcommandRecordsAnEventWithoutAGreeterAndTheNextLaunchCountsIt() throws {
    let directory = try TemporaryDirectory("greeter-events")
    try SearchCommand(app: app, stateDirectory: directory.path).run()
    try SearchCommand(app: app, stateDirectory: directory.path).run()
    #expect(FileManager.default.fileExists(atPath: directory.path + "/events.log"))
    #expect(try countAfterALaunch("search", in: directory.path) == 2)
  }

  @Test func theStateDirectoryFollowsTheGreetersRules() throws {
    let home = try TemporaryDirectory("greeter-events-home")
    let variable = try home.subdirectory("from-variable").path
    try SearchCommand(app: app, stateDirectory: nil, environment: ["TALLY_STATE_DIR": variable]).run()
    #expect(FileManager.default.fileExists(atPath: variable + "/events.log"))

    let xdg = try home.subdirectory("xdg").path
    try SearchCommand(app: app, stateDirectory: nil, environment: ["XDG_STATE_HOME": xdg]).run()
    #expect(FileManager.default.fileExists(atPath: xdg + "/tally/events.log"))
    #expect(try countAfterALaunch("search", in: xdg + "/tally") == 1)
  }

  @Test func aBadEventNameIsASettingsProblemAndAnUnusableDirectoryAStateProblem() throws {
    let directory = try TemporaryDirectory("greeter-events-bad")
    let events = GreeterEvents(app: app, stateDirectory: directory.path)
    #expect(throws: GreeterProblem.self) { try events.record("Search") }
    do {
      try events.record("Search")
    } catch {
      #expect(error.kind == .settings)
      #expect(error.description.hasPrefix("the event name \"Search\" must be lowercase"))
    }
    let file = directory.path + "/a-file"
    _ = FileManager.default.createFile(atPath: file, contents: Data())
    do {
      try GreeterEvents(app: app, stateDirectory: file).record("search")
      Issue.record("recorded in a file that is not a directory")
    } catch {
      #expect(error.kind == .state && error.description.contains(file))
    }
  }

  @Test func theGreetersRecordAndSettingsThrowTypedProblems() throws {
    let directory = try TemporaryDirectory("greeter-events-settings")
    var greeter = LaunchGreeter(app: app, notes: .compiledIn([:]))
    greeter.stateDirectory = directory.path + "/a-file/state"
    _ = FileManager.default.createFile(atPath: directory.path + "/a-file", contents: Data())
    do {
      try greeter.record("search")
      Issue.record("recorded under a file")
    } catch {
      #expect(error.kind == .state)
    }
    greeter.stateDirectory = directory.path
    #expect(try greeter.setTips(enabled: false) == false, "no launch recorded yet: nothing to change")
  }
}
