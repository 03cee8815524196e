import LaunchTracking

/// What Ctrl-C (or SIGTERM, SIGHUP, SIGQUIT) during a greeting does once the terminal, the
/// signal handlers, the signal mask and the locale are given back (``GreeterSignals/interrupt``).
///
/// While the greeting is on screen, Ctrl-C is a key and a termination signal only sets a flag,
/// so the greeter can restore the terminal first. Then, by default, the app gets the signal
/// as if the greeter had not been there:
///
/// ```swift
/// let greeter = LaunchGreeter(app: app, notes: notes)  // signals.interrupt: .redeliver
/// greeter.greet()       // Ctrl-C on the walkthrough: the app ends as interrupted (130)
/// print("counted")      // not reached, unless the app handles or ignores SIGINT itself
/// ```
///
/// An app that wants to decide for itself opts in to ``report``:
///
/// ```swift
/// var greeter = LaunchGreeter(app: app, notes: notes)
/// greeter.signals.interrupt = .report
/// if case .interrupted = greeter.greet().exit {
///   saveAndQuit()  // the app's choice; nothing was delivered
/// }
/// ```
public enum GreeterInterruptAction: Sendable, Equatable {
  /// Deliver the signal again (SIGINT for Ctrl-C): the default action ends the app (status
  /// 130 for Ctrl-C from a shell) before ``LaunchGreeter/greet()-82lm6`` returns; a handler of
  /// the app's runs; an ignored signal is dropped and `greet()` returns
  /// ``GreetOutcome/Exit/interrupted(signal:)``.
  case redeliver
  /// Deliver nothing: `greet()` returns ``GreetOutcome/Exit/interrupted(signal:)`` (no
  /// signal for Ctrl-C) and the app decides.
  case report
}
