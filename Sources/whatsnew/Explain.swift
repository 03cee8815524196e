import LaunchGreeter
import LaunchTracking

/// The labels of one command's `--explain` lines (`greet`'s, `demo`'s), in the order they are
/// printed. Every value starts in one column, past the longest label, so the values line up
/// whichever lines a launch prints.
protocol ExplainLabels: RawRepresentable<String>, CaseIterable {}

extension ExplainLabels {
  /// The column every value starts in: past the longest label, its colon and a space.
  static var valueColumn: Int { (allCases.map(\.rawValue.count).max() ?? 0) + 2 }

  /// `label:`, padded to ``valueColumn``, then `value`.
  func line(_ value: String) -> String {
    let label = rawValue + ":"
    return label + String(repeating: " ", count: Self.valueColumn - label.count) + value
  }
}
