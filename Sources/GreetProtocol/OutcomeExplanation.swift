import LaunchGreeter
import LaunchTracking

/// The `--explain` and report lines `greet` and `demo` print about an outcome: text for the
/// tool's user, which an app greeting its own users does not need.
extension GreetOutcome {
  /// One line: `whats-new on, minimum importance patch` (and `put off until ...` while a
  /// "later" lasts).
  package var whatsNewSummary: String {
    var s =
      "whats-new \(whatsNew.isOff ? "off" : "on"), minimum importance \(whatsNew.minimumImportance.rawValue)"
    if let until = whatsNew.hiddenUntil, whatsNew.now < until {
      s += ", put off until \(LaunchStateCodec.iso8601(until) ?? "later")"
    }
    return s
  }
}

extension GreetOutcome {
  /// The `tip:` line of `--explain`: the tip shown, or why tips are off; nil otherwise.
  package var tipExplanation: String? {
    if let tip { return "\(tip.id)\(tip.isFirstShowing ? " (first showing)" : "")" }
    return tipsOff.map { "off (\($0.reason))" }
  }

  /// The `checklist:` line of `--explain`: where the "Get started" checklist stands; nil when
  /// the app does not offer it or the launch shows nothing.
  package var checklistExplanation: String? {
    switch checklist {
    case .due(let done, let steps)?:
      return "\(showedChecklist ? "shown" : "due, not shown (see held)"), \(done) of \(steps) steps done"
    case .dismissed?: return "dismissed for good (x; whatsnew settings checklist on brings it back)"
    case .walkthroughPending?: return "waits until the walkthrough is completed or skipped"
    case .allDone(let steps)?: return "every step is done (\(steps) of \(steps)); not shown again"
    case .noSteps?: return "no walkthrough page has a done-when: event; nothing to show"
    case nil: return nil
    }
  }

  /// One `held:` line of `--explain` per thing due that this launch held back, and why.
  package var heldBackExplanations: [String] {
    heldBack.map { held in
      let what: String
      let why: String
      switch held {
      case .item(let item, let reason):
        switch item {
        case .tip(let id): what = "tip \(id)"
        case .updateCard(let version): what = "the update card for \(version)"
        case .checklist: what = "the checklist"
        }
        switch reason {
        case .screenShown: why = "a screen was shown on this launch (one interruption per launch)"
        case .updateCardShown: why = "the update card was shown on this launch (one interruption per launch)"
        case .tipShown: why = "a tip was shown on this launch (one interruption per launch)"
        case .cooldown(let until):
          why =
            "a tip, update card or checklist was shown within the cooldown; the next may come from "
            + (LaunchStateCodec.iso8601(until) ?? "later")
        // Due, but the user turned this one tip off (`whatsnew tips --off ID`).
        case .muted: return "\(what) is muted"
        }
      }
      return "\(what): \(why)"
    }
  }
}
