import Foundation
import LaunchGreeter
import LaunchTracking
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

  /// The article's "Let the user choose what they see" example, with an in-memory store and a
  /// config file that exists.
  @Test func theArticlesChoicesExampleWorks() throws {
    let configPath = FileManager.default.currentDirectoryPath  // exists
    var greeter = LaunchGreeter(
      app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
      notes: .compiledIn(["1.9.0.md": "Older.", "2.0.0.md": "Faster."]))
    greeter.store = InMemoryLaunchStore()
    greeter.environment = ["CI": "true"]
    greeter.interruptions.minimumImportance = .minor  // patch releases are listed by one line
    greeter.isExistingInstall = { FileManager.default.fileExists(atPath: configPath) }
    let outcome = greeter.greet()
    let sheetsOff = outcome.whatsNew.isOff  // the user pressed x on a sheet
    #expect(!sheetsOff && outcome.whatsNew.minimumImportance == .minor)
    #expect(outcome.launch?.kind == .upgrade && outcome.launch?.from == nil)
    #expect(outcome.pending == [.whatsNew(since: AppVersion("2.0.0-0")!)])

    // The app's own settings screen: "Show release notes after updates".
    #expect(try greeter.setWhatsNew(enabled: false))
    #expect(greeter.greet().whatsNew.isOff)
    try greeter.setWhatsNew(enabled: true)
    #expect(!greeter.greet().whatsNew.isOff)
  }

  /// `LaunchGreeter.present(_:)`'s doc comment example (an app's `--tour` and `--whats-new`),
  /// with its notes in memory and `CI=true`, so nothing is shown; and `UpdateStep`'s.
  @Test func thePresentExampleCompilesAndShowsNothingUnattended() {
    var greeter = LaunchGreeter(
      app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
      notes: .compiledIn(["1.0.0.md": "First.", "2.0.0.md": "Faster.", "onboarding.md": "# Hi\n"]))
    greeter.store = InMemoryLaunchStore()
    greeter.environment = ["CI": "true"]
    var outcomes: [GreetOutcome] = []
    for arguments in [["tally", "--tour"], ["tally", "--whats-new"], ["tally"]] {
      if arguments.contains("--tour") {
        outcomes.append(greeter.present(.walkthrough))
      } else if arguments.contains("--whats-new") {
        outcomes.append(greeter.present(.notes(from: "1.0.0")))  // every release after 1.0.0 up to 2.0.0
      } else {
        outcomes.append(greeter.greet())
      }
    }
    #expect(outcomes.map(\.presented) == [false, false, false])
    #expect(outcomes.map(\.problems) == [[], [], []])
    #expect(outcomes[1].decision.summary.contains("2.0.0"))
    let step = UpdateStep(id: "move-db", version: "2.0.0", summary: "Moving the database") { context in
      try context.checkCancellation()
    }
    #expect(step.version == AppVersion("2.0.0") && step.unparsedVersion == nil)
  }
}

/// `LaunchGreeter.record(_:)`'s doc comment example, on an in-memory store.
@Suite struct RecordExampleTests {
  @Test func theRecordExampleCountsTheEvent() throws {
    var greeter = LaunchGreeter(
      app: GreeterApp(id: "tally", name: "Tally", version: "2.0.0"),
      notes: .compiledIn(["2.0.0.md": "Faster."]))
    let store = InMemoryLaunchStore()
    greeter.store = store
    greeter.environment = ["CI": "true"]
    greeter.greet()
    try? greeter.record("search")  // the user ran a search
    #expect(store.state?.events.count(of: "search") == 1)
    #expect(throws: (any Error).self) { try greeter.record("Search") }
  }
}
