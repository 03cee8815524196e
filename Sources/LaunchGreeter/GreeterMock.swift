import LaunchTracking
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What an app's code calls on its greeter: ``LaunchGreeter`` and, in the app's tests,
/// ``GreeterMock`` conform, so code that takes `some Greeting` is tested without a terminal or
/// a state directory.
///
/// ```swift
/// func start(_ greeter: some Greeting) -> Bool {
///   if case .interrupted = greeter.greet().exit { return false }
///   try? greeter.record("start")
///   return true
/// }
/// ```
public protocol Greeting: Sendable {
  /// Records this launch, presents what it calls for, and returns what happened
  /// (``LaunchGreeter/greet()-82lm6``).
  @discardableResult
  func greet() -> GreetOutcome
  /// Records that the user did `event` (``LaunchGreeter/record(_:)``).
  func record(_ event: String) throws(GreeterProblem)
}

extension LaunchGreeter: Greeting {}

/// A greeter for an app's tests: ``greet()`` returns the outcome it was made with and touches
/// nothing, and ``record(_:)`` keeps the events (checking their names as the greeter does).
///
/// ```swift
/// let mock = GreeterMock(kind: .upgrade, shown: .whatsNew(versions: [AppVersion("2.0.0")!]))
/// #expect(start(mock))
/// #expect(mock.recordedEvents == ["start"])
/// ```
public final class GreeterMock: Greeting {
  private let outcome: GreetOutcome
  private let events = Mutex<[String]>([])

  /// A greeter whose launches are `kind` and show `shown` (nil: nothing), left by `exit` (nil:
  /// ``GreetOutcome/Exit/done`` when something is shown, else
  /// ``GreetOutcome/Exit/nothingShown``).
  public init(kind: LaunchKind = .regular, shown: GreetOutcome.Shown? = nil, exit: GreetOutcome.Exit? = nil) {
    outcome = GreetOutcome(mock: kind, shown: shown, exit: exit ?? (shown == nil ? .nothingShown : .done))
  }

  /// The outcome the mock was made with.
  public func greet() -> GreetOutcome { outcome }

  /// Keeps `event`; throws as ``LaunchGreeter/record(_:)`` does when it is not an event name.
  public func record(_ event: String) throws(GreeterProblem) {
    if let problem = UsageEvents.problem(withName: event) { throw GreeterProblem(problem, kind: .settings) }
    events.withLock { $0.append(event) }
  }

  /// The events recorded, in order.
  public var recordedEvents: [String] { events.withLock { $0 } }
}

extension GreetOutcome {
  /// The outcome a ``GreeterMock`` returns: a recorded launch of `kind` that showed `shown`.
  init(mock kind: LaunchKind, shown: Shown?, exit: Exit) {
    let version = AppVersion(1, 0, 0)
    self.init(
      launch: LaunchState.LastLaunch(
        kind: kind, from: nil, to: version, daysAway: nil, date: Date(), stateWasReset: false),
      launchCount: 1, decision: .nothing(reason: shown == nil ? "nothing to show (GreeterMock)" : ""),
      presented: false, exit: exit, pending: [], reason: shown == nil ? "nothing to show (GreeterMock)" : nil,
      updates: UpdateRunReport(), isRecorded: true, problems: [])
    interruptionShown = shown
  }
}
