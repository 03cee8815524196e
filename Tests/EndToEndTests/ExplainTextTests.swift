import LaunchGreeter
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

  /// Where the value of a `label: value` line starts: past the colon and the spaces after it.
  func valueColumn(_ line: Substring) -> Int {
    let value = line.drop { $0 != ":" }.dropFirst().drop { $0 == " " }
    return line.distance(from: line.startIndex, to: value.startIndex)
  }
}
