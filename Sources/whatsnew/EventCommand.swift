import ArgumentParser
import LaunchGreeter
import LaunchTracking

/// `whatsnew event`: records that the user did something in an app (a usage event), for tools
/// in other languages: what `LaunchGreeter.record(_:)` does in a Swift app, with `greet`'s
/// `--app-id`, `--state-dir` and `<PREFIX>_STATE_DIR` / `<PREFIX>_NOW`. One line appended to
/// the app's `events.log`, which its next launch folds into the state; nothing is printed on
/// success, and nothing is sent anywhere.
struct EventCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "event",
    abstract: "Records a usage event of an app (for tips and the walkthrough's steps).",
    discussion: """
      An event name is 1 to 64 characters of a-z, 0-9, '.', '_' and '-', starting with a \
      letter or digit. The app's state keeps a count and the last date per event, on this \
      machine only. Exit status: 0 recorded, 1 when the state directory cannot be used, 2 for \
      usage errors (a bad event name or app id).
      """
  )

  @Option(help: ArgumentHelp("The app's id, as given to greet.", valueName: "id"))
  var appID: String

  @Option(
    help: ArgumentHelp(
      "The state directory (default: $<PREFIX>_STATE_DIR, else $XDG_STATE_HOME/<app-id>).", valueName: "dir"))
  var stateDir: String?

  @Argument(help: ArgumentHelp("The event, e.g. search.", valueName: "name"))
  var name: String

  func validate() throws {
    try StateSettings(appID: appID, stateDir: stateDir).validate()
    if let problem = UsageEvents.problem(withName: name) { throw ValidationError(problem) }
  }

  func run() throws {
    // No greeter: recording an event is not a launch (no version, no notes).
    var events = GreeterEvents(
      app: GreeterApp(id: appID, name: appID, version: "0"), stateDirectory: stateDir)
    events.environment = processEnvironment
    do {
      try events.record(name)
    } catch {
      throw CommandFailure("\(error)")
    }
  }
}
