import LaunchTracking

/// The seam between the demo's launch logic and its presentation.
///
/// PROVISIONAL: until the terminal UI exists, an interactive launch prints the decision
/// instead of presenting it, and progress is printed as lines. The UI work replaces this
/// file; `DemoCommand` calls only these two functions, only when the launch is interactive
/// (or a deep link asked for notes).
///
/// - `showProgress` is called for every update-step event while the launch is recorded,
///   under the state lock (keep it quick).
/// - `present` is called with a decision other than `.nothing`. It should mark what the
///   user dismissed with `context.tracker` (`markDismissed(.whatsNew, upTo:)`,
///   `markOnboarding(page:)`, `completeOnboarding()`, `markDismissed(.welcomeBack)`; a
///   what's-new sheet headed by welcome-back dismisses both; a deep link dismisses nothing).
///   This provisional version dismisses nothing, so everything stays pending.
enum DemoPresentation {
  /// Everything a presenter may need besides the decision.
  struct Context {
    /// The tracker, to report dismissals (an in-memory one under `--simulate`).
    let tracker: LaunchTracker
    /// The recorded launch.
    let record: LaunchRecord
    /// The content directory, if one was found.
    let contentDirectory: String?
    /// `--color`: `auto`, `always` or `never`.
    let color: String
  }

  /// Shows one update-step progress event.
  static func showProgress(_ progress: UpdateProgress, color: String) {
    guard progress.phase == .started else { return }
    Console.out("[\(progress.index)/\(progress.total)] \(progress.summary)...")
  }

  /// Presents `decision`.
  static func present(_ decision: PresentationDecision, context: Context) throws {
    Console.out("would present: \(decision.summary)")
  }
}
