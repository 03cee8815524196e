import LaunchGreeter
import Testing

/// An adopter's own test, written against the public face only: its code takes `some Greeting`,
/// and the test hands it a `GreeterMock` (no terminal, no state directory).
@Suite struct GreeterMockTests {
  /// The adopter's code under test: stops when the user pressed Ctrl-C, counts an upgrade.
  private func start(_ greeter: some Greeting) -> String {
    let outcome = greeter.greet()
    if case .interrupted = outcome.exit { return "stopped" }
    try? greeter.record("start")
    switch outcome.shown {
    case .whatsNew(let versions)?: return "upgraded past \(versions.count)"
    case .updateCard(let version, critical: true)?: return "must upgrade to \(version)"
    case nil: return outcome.kind == .first ? "new" : "quiet"
    default: return "shown"
    }
  }

  @Test func theMockReturnsTheOutcomeItWasMadeWithAndKeepsTheEvents() throws {
    let upgrade = GreeterMock(
      kind: .upgrade,
      shown: .whatsNew(versions: [try #require(AppVersion("2.0.0")), try #require(AppVersion("1.1.0"))]))
    #expect(start(upgrade) == "upgraded past 2")
    #expect(upgrade.greet().exit == .done && upgrade.greet().kind == .upgrade)
    #expect(upgrade.recordedEvents == ["start"])

    let critical = GreeterMock(shown: .updateCard(version: try #require(AppVersion("2.1.1")), critical: true))
    #expect(start(critical) == "must upgrade to 2.1.1")
    let first = GreeterMock(kind: .first)
    #expect(start(first) == "new" && first.greet().exit == .nothingShown && first.greet().shown == nil)
    let stopped = GreeterMock(shown: .onboarding, exit: .interrupted(signal: nil))
    #expect(start(stopped) == "stopped" && stopped.recordedEvents.isEmpty)
  }

  @Test func theMockRefusesAnEventNameAsTheGreeterDoes() {
    let mock = GreeterMock()
    #expect(throws: GreeterProblem.self) { try mock.record("Start") }
    #expect(mock.recordedEvents.isEmpty)
  }
}
