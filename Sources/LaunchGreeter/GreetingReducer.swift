import LaunchScreens
import LaunchTracking

/// The rules that turn what the user does on a presentation into what the tracker records.
///
/// Pure: ``reduce(_:)`` takes one `ScreenEffect` and returns the ``TrackerCommand``s to
/// carry out, updating what it remembers of the presentation. The greeter applies the
/// commands to its ``LaunchTracker``; tests check them against an `InMemoryLaunchStore`.
///
/// The rules:
/// - a what's-new sheet dismissed with `q` marks its releases seen; when the sheet was headed
///   by a welcome-back greeting, that greeting is dismissed with it;
/// - "later" (`l`) on a what's-new sheet keeps it pending but hides it for
///   ``LaunchTracker/laterInterval``; "never" (`x`) marks its releases seen and turns the
///   sheets off for this app (onboarding and welcome-back stay on); either one also dismisses
///   the welcome-back greeting heading the sheet;
/// - `x` on the "Get started" checklist dismisses it for good; closing it otherwise records
///   nothing (it comes back, past the cooldown, while a step is not done);
/// - a welcome-back card dismissed marks it seen;
/// - the walkthrough finished or skipped completes onboarding (once); each page turned is
///   remembered, so a walkthrough closed early resumes there;
/// - a presentation closed without being dismissed stays pending: the user left it for
///   later;
/// - Ctrl-C (`quit`) or a termination signal leaves everything not yet dismissed pending:
///   the user was interrupted;
/// - when the launch could not be recorded, nothing is recorded for its presentation either
///   (and the greeter shows none: a presentation that cannot be remembered would return on
///   every launch).
package struct GreetingReducer: Sendable, Equatable {
  /// What the tracker is asked to record.
  package enum TrackerCommand: Sendable, Equatable {
    /// ``LaunchTracker/markDismissed(_:upTo:)``.
    case markDismissed(PendingPresentation.Kind, upTo: AppVersion?)
    /// ``LaunchTracker/markOnboarding(page:)``.
    case markOnboarding(page: Int)
    /// ``LaunchTracker/completeOnboarding()``.
    case completeOnboarding
    /// ``LaunchTracker/remindLater()``.
    case remindLater
    /// ``LaunchTracker/setWhatsNew(enabled:)``.
    case setWhatsNew(enabled: Bool)
    /// ``LaunchTracker/setChecklist(enabled:in:)``, off.
    case dismissChecklist
  }

  /// The presentation on screen, as the launch decided it.
  package let decision: PresentationDecision
  /// Whether the launch was recorded; when it was not, no command is ever returned.
  package let isRecorded: Bool
  /// How the user has left so far: nil while the presentation is still open.
  package private(set) var exit: GreetOutcome.Exit?

  private var onboardingOpen: Bool
  private var welcomeBackWithSheet: Bool

  /// Starts the rules for `decision` on a launch that was (or was not) recorded.
  package init(decision: PresentationDecision, isRecorded: Bool) {
    self.decision = decision
    self.isRecorded = isRecorded
    switch decision {
    case .onboarding:
      onboardingOpen = true
      welcomeBackWithSheet = false
    case .whatsNew(_, _, _, let days):
      onboardingOpen = false
      welcomeBackWithSheet = days != nil
    case .welcomeBack, .openNotes, .nothing:
      onboardingOpen = false
      welcomeBackWithSheet = false
    }
  }

  /// Applies one effect of the presentation's screens and returns what to record.
  package mutating func reduce(_ effect: ScreenEffect) -> [TrackerCommand] {
    var commands: [TrackerCommand] = []
    switch effect {
    case .dismissed(.whatsNew(let upTo)):
      commands.append(.markDismissed(.whatsNew, upTo: upTo))
      if welcomeBackWithSheet {
        commands.append(.markDismissed(.welcomeBack, upTo: nil))
        welcomeBackWithSheet = false
      }
      exit = .done
    case .remindLater(.whatsNew):
      commands.append(.remindLater)
      commands += dismissWelcomeBackWithSheet()
      if exit == nil { exit = .later }
    case .stopShowing(.whatsNew(let upTo)):
      commands.append(.markDismissed(.whatsNew, upTo: upTo))
      commands.append(.setWhatsNew(enabled: false))
      commands += dismissWelcomeBackWithSheet()
      exit = .done
    case .stopShowing(.checklist):
      commands.append(.dismissChecklist)
      exit = .done
    case .remindLater, .stopShowing, .dismissed(.checklist):
      // Only the what's-new sheet can be put off, and only it and the checklist turned off.
      break
    case .dismissed(.welcomeBack):
      commands.append(.markDismissed(.welcomeBack, upTo: nil))
      exit = .done
    case .dismissed(.onboarding), .onboardingFinished:
      if onboardingOpen {
        commands.append(.completeOnboarding)
        onboardingOpen = false
      }
      exit = .done
    case .onboardingProgress(let page):
      if onboardingOpen { commands.append(.markOnboarding(page: page)) }
    case .close, .quit:
      // Closed without a dismissal before it: left for later.
      if exit == nil { exit = .later }
    case .interrupt:
      if exit == nil { exit = .interrupted(signal: nil) }
    case .releaseAction(let id, let presentation):
      if let presentation { commands += reduce(.dismissed(presentation)) }
      exit = .action(id: id)
    case .app:
      break
    }
    return isRecorded ? commands : []
  }

  private mutating func dismissWelcomeBackWithSheet() -> [TrackerCommand] {
    guard welcomeBackWithSheet else { return [] }
    welcomeBackWithSheet = false
    return [.markDismissed(.welcomeBack, upTo: nil)]
  }

  /// Records that a termination signal ended the presentation.
  package mutating func interrupt(signal: Int32) {
    if exit == nil || exit == .later { exit = .interrupted(signal: signal) }
  }

  /// Carries out `commands` on `tracker`. Returns the problems, one line each (the launch
  /// goes on without them).
  package static func apply(_ commands: [TrackerCommand], to tracker: LaunchTracker) -> [String] {
    var problems: [String] = []
    for command in commands {
      do {
        switch command {
        case .markDismissed(let kind, let upTo): try tracker.markDismissed(kind, upTo: upTo)
        case .markOnboarding(let page): try tracker.markOnboarding(page: page)
        case .completeOnboarding: try tracker.completeOnboarding()
        case .remindLater: try tracker.remindLater()
        case .setWhatsNew(let enabled): try tracker.setWhatsNew(enabled: enabled)
        case .dismissChecklist: try LaunchTracker.setChecklist(enabled: false, in: tracker.store)
        }
      } catch {
        problems.append("could not record the dismissal: \(error)")
      }
    }
    return problems
  }
}
