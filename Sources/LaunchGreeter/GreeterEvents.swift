import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Records what the user did in an app (usage events, for tips and the walkthrough's steps
/// done by doing) from anywhere in it, without a ``LaunchGreeter``: a subcommand that does
/// not greet records with the app alone. The state directory follows the greeter's rules
/// (`stateDirectory`, else `<PREFIX>_STATE_DIR`, else `$XDG_STATE_HOME/<id>`), so the app's
/// next ``LaunchGreeter/greet()-82lm6`` counts the event.
///
/// ```swift
/// struct Search: ParsableCommand {
///   func run() throws {
///     try? GreeterEvents(app: tally).record("search")  // the user ran a search
///     // ... the search
///   }
/// }
/// ```
///
/// Recording is cheap (no screen, no terminal, no notes read; one line appended to a log, no
/// fsync) and safe from any thread and from many processes at once. Nothing is sent anywhere.
public struct GreeterEvents: Sendable {
  let app: GreeterApp
  let stateDirectory: String?
  /// Test seams: the store, the environment and the clock; nil: the app's state directory,
  /// the process's environment and `<PREFIX>_NOW` or the system clock.
  package var store: (any LaunchStore)?
  package var environment: [String: String]?
  package var clock: (@Sendable () -> Date)?

  /// The events of `app`, kept in `stateDirectory` (nil: `<PREFIX>_STATE_DIR`, else
  /// `$XDG_STATE_HOME/<id>`, as ``LaunchGreeter/stateDirectory``).
  public init(app: GreeterApp, stateDirectory: String? = nil) {
    self.app = app
    self.stateDirectory = stateDirectory
  }

  /// Events recording as `greeter` does: its app, state directory and test seams.
  init(_ greeter: LaunchGreeter) {
    self.init(app: greeter.app, stateDirectory: greeter.stateDirectory)
    (store, environment, clock) = (greeter.store, greeter.environment, greeter.clock)
  }

  /// Records that the user did `event` (`search`, `export.pdf`): 1 to 64 characters of
  /// `a-z`, `0-9`, `.`, `_` and `-`, starting with a letter or digit. Keeps a count and the
  /// last date per event name in the app's state directory. Throws a ``GreeterProblem`` of
  /// kind ``GreeterProblem/Kind/settings`` when `event` is not an event name (or the app's id
  /// cannot name a directory), and of kind
  /// ``GreeterProblem/Kind/state`` when the state directory cannot be used; an app that does
  /// not mind uses `try?`.
  public func record(_ event: String) throws(GreeterProblem) {
    if let problem = UsageEvents.problem(withName: event) { throw GreeterProblem(problem, kind: .settings) }
    if store == nil, let problem = StateLocation.problem(withAppID: app.id) {
      throw GreeterProblem(problem, kind: .settings)
    }
    let env = environment ?? ProcessEnvironment.current()
    let now = clock ?? app.clock(env, ProblemLog())
    do {
      try store(env).record(event, at: now())
    } catch {
      throw GreeterProblem("\(error)", kind: .state)
    }
  }

  /// The store events and settings go to: ``store``, else the app's state file in its state
  /// directory.
  func store(
    _ env: [String: String], now: @escaping @Sendable () -> Date = { Date() },
    warn: @escaping @Sendable (String) -> Void = { _ in }
  ) -> any LaunchStore {
    store ?? FileLaunchStore(directory: directory(env), appID: app.id, now: now, warn: warn)
  }

  /// The app's state directory under `env`.
  func directory(_ env: [String: String]) -> String {
    StateLocation.directory(
      appID: app.id, stateDirectory: stateDirectory, variable: app.variable("STATE_DIR"), environment: env)
  }
}

extension GreeterApp {
  /// The app's clock: `<PREFIX>_NOW` when it is set (QA), else the system clock; a value
  /// that is not a date is a problem line, and the system clock is used.
  func clock(_ env: [String: String], _ problems: ProblemLog) -> @Sendable () -> Date {
    let variable = variable("NOW")
    guard let text = env[variable], !text.isEmpty else { return { Date() } }
    guard let date = ProcessEnvironment.parseDate(text) else {
      problems.add(
        "\(variable)=\"\(text)\" is not an ISO 8601 date-time; using the system clock", kind: .settings)
      return { Date() }
    }
    return { date }
  }
}
