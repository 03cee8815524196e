import LaunchGreeter

/// The `--explain` and report lines `greet` and `demo` print about an outcome: text for the
/// tool's user, which an app greeting its own users does not need.
extension GreetOutcome {
  /// One line: `whats-new on, minimum importance patch` (and `put off until ...` while a
  /// "later" lasts).
  var whatsNewSummary: String {
    var s =
      "whats-new \(whatsNew.isOff ? "off" : "on"), minimum importance \(whatsNew.minimumImportance.rawValue)"
    if let until = whatsNew.hiddenUntil, whatsNew.now < until {
      s += ", put off until \(LaunchStateCodec.iso8601(until) ?? "later")"
    }
    return s
  }
}
