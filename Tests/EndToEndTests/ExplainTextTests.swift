import Foundation
import GreetProtocol
import LaunchGreeter
import LaunchTracking
import Testing

@testable import whatsnew

/// The text `greet --explain` prints: one `label: value` line per fact.
@Suite struct ExplainTextTests {
  /// A report with every line `--explain` can print filled in.
  static var everyLine: GreetReport {
    var report = GreetReport(
      GreetOutcome(
        launch: nil, launchCount: 2, decision: .nothing(reason: "no notes are due"), presented: false,
        exit: .nothingShown, pending: [], reason: "no notes are due", updates: UpdateRunReport(),
        isRecorded: true, problems: []))
    report.launch = GreetReport.Launch(kind: "upgrade", from: "1.0.0", to: "1.1.0", daysAway: nil, count: 2)
    report.steps = "ran seed"
    report.links = "plain text (not a terminal)"
    report.feed = "nothing newer than 1.1.0"
    report.theme = "dark, --theme"
    report.tipLine = "search (first showing)"
    report.checklistLine = "due, not shown (see held), 1 of 2 steps done"
    report.held = ["the checklist: a tip was shown on this launch (one interruption per launch)"]
    return report
  }

  /// Every label's value starts in the same column, also the longest label's (`checklist:`).
  @Test func everyValueStartsInOneColumn() {
    let text = Self.everyLine.explanation
    let lines = text.split(separator: "\n")
    #expect(
      lines.map { $0.prefix { $0 != ":" } } == [
        "launch", "shown", "reason", "left", "pending", "steps", "settings", "notes", "links", "feed",
        "theme",
        "tip", "checklist", "held",
      ], "\(text)")
    #expect(Set(lines.map(valueColumn)).count == 1, "\(text)")
  }

  /// `demo --explain`'s values start in one column too, the longest label's (`update steps:`)
  /// included, whether the launch presents something or nothing.
  @Test func everyDemoValueStartsInOneColumn() throws {
    let demo = try DemoCommand.parse([])
    let content = try DemoContent.locate(flag: nil)
    let launch = LaunchState.LastLaunch(
      kind: .upgrade, from: AppVersion(1, 0, 0), to: AppVersion(1, 1, 0), daysAway: 40, date: Date(),
      stateWasReset: false)
    var nothing = GreetOutcome(
      launch: launch, launchCount: 2, decision: .nothing(reason: "whats-new is off"), presented: false,
      exit: .nothingShown, pending: [], reason: "whats-new is off", updates: UpdateRunReport(),
      isRecorded: true, problems: [])
    nothing.tip = GreetOutcome.Tip(id: "search", markdown: "", text: "", isFirstShowing: true)
    nothing.heldBack = [.item(.checklist, .tipShown)]
    var presenting = nothing
    presenting.decision = .welcomeBack(days: 40)
    let texts = [nothing, presenting].compactMap {
      demo.explanation(
        $0, state: "in memory", content: content,
        interactive: Invocation(nonInteractiveReason: "not a terminal"),
        theme: "dark, --theme", links: "plain text (not a terminal)")
    }
    let lines = texts.joined(separator: "\n").split(separator: "\n")
    let labels: Set<String> = Set(lines.map { String($0.prefix { $0 != ":" }) })
    #expect(labels == Set(DemoCommand.ExplainLabel.allCases.map(\.rawValue)), "\(texts)")
    #expect(Set(lines.map(valueColumn)).count == 1, "\(texts)")
  }

  /// Where the value of a `label: value` line starts: past the colon and the spaces after it.
  func valueColumn(_ line: Substring) -> Int {
    let value = line.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
    return line.distance(from: line.startIndex, to: value.startIndex)
  }
}
