/// A run of text in one style. The text holds no control characters once it has been
/// through ``Sanitizer`` (every producer in this package sanitises).
public struct StyledRun: Sendable, Hashable {
  public var text: String
  public var style: Style

  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}

/// One line of output: runs of styled text, no newline.
public struct StyledLine: Sendable, Hashable {
  public var runs: [StyledRun]

  public init(_ runs: [StyledRun] = []) {
    self.runs = runs
  }

  public init(_ text: String, style: Style = .plain) {
    self.runs = text.isEmpty ? [] : [StyledRun(text, style: style)]
  }

  /// The text without styles.
  public var text: String {
    var out = ""
    for run in runs { out += run.text }
    return out
  }

  /// The width in terminal cells.
  public var width: Int {
    var total = 0
    for run in runs { total += CellWidth.of(run.text) }
    return total
  }

  public mutating func append(_ text: String, style: Style = .plain) {
    guard !text.isEmpty else { return }
    if let last = runs.last, last.style == style {
      runs[runs.count - 1].text += text
    } else {
      runs.append(StyledRun(text, style: style))
    }
  }
}
