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

/// The options `demo`, `state` and `reset` share: which app, and where its state lives.
struct StateOptions: ParsableArguments {
  @Option(help: "The app whose launches are tracked.")
  var appID = StateSettings().appID

  @Option(
    help: ArgumentHelp(
      "The state directory (default: $WHATSNEW_STATE_DIR, else $XDG_STATE_HOME/<app-id>).",
      valueName: "dir"))
  var stateDir: String?

  /// The options as plain values.
  var settings: StateSettings { StateSettings(appID: appID, stateDir: stateDir) }

  func validate() throws { try settings.validate() }

  /// The state directory for these options.
  var directory: String { settings.directory }

  /// The file store for these options; warnings go to stderr.
  func makeStore(now: @escaping @Sendable () -> Date) -> FileLaunchStore { settings.makeStore(now: now) }
}

/// ``StateOptions`` as plain values, which ``DemoLaunch`` carries.
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
