import Foundation
import LaunchGreeter
import Testing

/// The getting-started article's "Test it" example, as the article shows it: an in-memory
/// store, a fixed clock, and `CI=true`, so nothing is shown and nothing touches the disk.
@Suite struct DocumentationExampleTests {
  @Test func theArticlesTestExampleWorks() {
    var greeter = LaunchGreeter(
      app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
      notes: .compiledIn(["2.0.0.md": "Faster."]))
    let store = InMemoryLaunchStore()
    greeter.store = store
    greeter.clock = { Date(timeIntervalSince1970: 1_780_000_000) }
    greeter.environment = ["CI": "true"]
    let outcome = greeter.greet()
    #expect(outcome.launch?.kind == .first)
    #expect(outcome.pending == [.onboarding(page: 0)])
    #expect(!outcome.presented && outcome.exit == .nothingShown)
    #expect(store.state?.launchCount == 1)
  }
}
