/// A run of text in one style. The text holds no control characters once it has been
/// through ``Sanitizer`` (every producer in this package sanitises).
package struct StyledRun: Sendable, Hashable {
  package var text: String
  package var style: Style
  /// The URL the run links to (an OSC 8 hyperlink in ANSI output), or nil. Set only by the
  /// renderer, and only to what ``Hyperlink/target(for:)`` accepted.
  package var link: String?

  package init(_ text: String, style: Style = .plain, link: String? = nil) {
    self.text = text
    self.style = style
    self.link = link
  }
}

/// One line of output: runs of styled text, no newline.
package struct StyledLine: Sendable, Hashable {
  package var runs: [StyledRun]

  package init(_ runs: [StyledRun] = []) {
    self.runs = runs
  }

  package init(_ text: String, style: Style = .plain) {
    self.runs = text.isEmpty ? [] : [StyledRun(text, style: style)]
  }

  /// The text without styles.
  package var text: String {
    var out = ""
    for run in runs { out += run.text }
    return out
  }

  /// The width in terminal cells.
  package var width: Int {
    var total = 0
    for run in runs { total += CellWidth.of(run.text) }
    return total
  }

  /// Appends `text` in `style`, linking to `link`; merged into the last run when that has the
  /// same style and link.
  package mutating func append(_ text: String, style: Style = .plain, link: String? = nil) {
    guard !text.isEmpty else { return }
    // Index the last run rather than binding a copy of it: a copy would hold a second
    // reference to its text and make the append below copy the whole string.
    if !runs.isEmpty, runs[runs.count - 1].style == style, runs[runs.count - 1].link == link {
      runs[runs.count - 1].text += text
    } else {
      runs.append(StyledRun(text, style: style, link: link))
    }
  }
}

extension String {
  /// `piece` repeated `count` times (none when `count` <= 0).
  static func repeated(_ piece: String, _ count: Int) -> String {
    count > 0 ? String(repeating: piece, count: count) : ""
  }
}
