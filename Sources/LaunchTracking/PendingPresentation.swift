/// Something the user has earned but not yet seen and dismissed. Pending work lives in the
/// launch state and is removed only by an explicit dismissal (see `LaunchTracker`).
public enum PendingPresentation: Sendable, Hashable {
  /// The onboarding walkthrough, to resume at `page` (0-based).
  case onboarding(page: Int)
  /// The what's-new sheet for every release after `since` (the last version whose notes the
  /// user has seen, or the version they upgraded from) up to the current version.
  case whatsNew(since: AppVersion)
  /// The welcome-back greeting after an absence of `days`.
  case welcomeBack(days: Int)

  /// The kind of a pending presentation, as used in `state --json` and for dismissal.
  package enum Kind: String, Sendable, CaseIterable {
    /// The first-launch walkthrough.
    case onboarding
    /// The what's-new sheet.
    case whatsNew = "whats-new"
    /// The welcome-back card.
    case welcomeBack = "welcome-back"
  }

  /// This presentation's kind.
  package var kind: Kind {
    switch self {
    case .onboarding: return .onboarding
    case .whatsNew: return .whatsNew
    case .welcomeBack: return .welcomeBack
    }
  }

  /// A short description, e.g. `whats-new since 1.0.0`.
  package var summary: String {
    switch self {
    case .onboarding(let page): return "onboarding at page \(page + 1)"
    case .whatsNew(let since): return "whats-new since \(since)"
    case .welcomeBack(let days): return "welcome-back after \(days) days"
    }
  }
}
