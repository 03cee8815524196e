import ArgumentParser
import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The options `demo`, `state`, `history`, `settings` and `reset` share: which app, and where
/// its state lives.
struct StateOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The app whose launches are tracked (default: the app the state file in --state-dir names, else whatsnew-demo).",
      valueName: "id"))
  var appID: String?

  @Option(
    help: ArgumentHelp(
      "The state directory (default: $WHATSNEW_STATE_DIR, else $XDG_STATE_HOME/<app-id>).",
      valueName: "dir"))
  var stateDir: String?

  /// The options as plain values; without `--app-id`, the demo's app.
  var settings: StateSettings { StateSettings(appID: appID ?? StateSettings().appID, stateDir: stateDir) }

  func validate() throws { try settings.validate() }

  /// The app and directory of a state to read or change (`state`, `history`, `settings`,
  /// `reset`). Without `--app-id`, the state file in `--state-dir` names the app (a `greet`
  /// tool's, say), and `note` says so, for the output's first line. An `--app-id` the file
  /// disagrees with is still refused, by the store.
  func recordedState() -> (settings: StateSettings, note: String?) {
    guard appID == nil, let stateDir else { return (settings, nil) }
    let store = FileLaunchStore(directory: stateDir, warn: { _ in })
    let named: LaunchState?
    switch try? store.read() {
    case .state(let state)?, .newerSchema(_, let state?)?: named = state
    default: named = nil
    }
    guard let named, named.appID != settings.appID, StateLocation.problem(withAppID: named.appID) == nil
    else {
      return (settings, nil)
    }
    return (
      StateSettings(appID: named.appID, stateDir: stateDir),
      "App \"\(named.appID)\", which \(store.path) names (no --app-id given)."
    )
  }
}

/// ``StateOptions`` as plain values; `greet` checks its own `--app-id` and `--state-dir` with them.
struct StateSettings: Equatable {
  var appID = "whatsnew-demo"
  var stateDir: String?

  /// Checks `--app-id` and `--state-dir` (also `greet`'s, which are declared apart: the app's
  /// own id, no default, and `<PREFIX>_STATE_DIR`).
  func validate() throws {
    if let problem = StateLocation.problem(withAppID: appID) {
      throw ValidationError("--app-id: \(problem)")
    }
    if stateDir == "" { throw ValidationError("--state-dir: the directory is empty") }
  }

  /// The state directory for these options.
  var directory: String {
    StateLocation.directory(
      appID: appID, stateDirectory: stateDir, variable: "WHATSNEW_STATE_DIR", environment: processEnvironment)
  }

  /// The file store for these options; warnings go to stderr.
  func makeStore(now: @escaping @Sendable () -> Date) -> FileLaunchStore {
    let env = processEnvironment
    let delay = env["WHATSNEW_WRITE_DELAY_MS"].flatMap { Int($0) } ?? 0
    return FileLaunchStore(directory: directory, appID: appID, writeDelayMilliseconds: delay, now: now) {
      Console.error("whatsnew: " + $0)
    }
  }
}

/// The executable's clock: the system clock, or the fixed `WHATSNEW_NOW` (ISO 8601) for
/// QA and end-to-end tests.
enum LaunchClock {
  static func fromEnvironment() throws -> @Sendable () -> Date {
    guard let text = processEnvironment["WHATSNEW_NOW"], !text.isEmpty else {
      return { Date() }
    }
    guard let date = parse(text) else {
      throw ValidationError(
        "WHATSNEW_NOW=\"\(text)\" is not an ISO 8601 date-time (e.g. 2026-01-31T12:00:00Z)")
    }
    return { date }
  }

  static func parse(_ text: String) -> Date? { ProcessEnvironment.parseDate(text) }
}

/// The process environment, read once: a launch consults it several times.
let processEnvironment = ProcessEnvironment.current()
