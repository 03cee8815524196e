import MarkdownSyntax

/// What a notes file's front matter may say. The front matter itself is read by
/// `MarkdownSyntax`'s `FrontMatterParser` (the one reader, also the parser's); this holds the
/// notes' own rules on top: the keys, and what a date is.
package enum NotesFrontMatter {
  /// The keys a notes file may use.
  package static let knownKeys: [String] = ["title", "date", "importance"]

  /// Checks a `date:` value: `YYYY-MM-DD`, a real calendar day.
  package static func isValidDate(_ value: String) -> Bool {
    let parts = value.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return false }
    guard (1...12).contains(month), day >= 1 else { return false }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return day <= days[month - 1]
  }
}
