/// Finding and replacing text in text without `_StringProcessing`: its `contains(_:)`,
/// `firstRange(of:)` and `replacing(_:with:)` link the whole module, and the regex parser it
/// needs, about 1 MB of the static greeting executable (docs/release-build.md). These compare
/// Character by Character, as those do.
extension StringProtocol {
  /// The range of the first occurrence of `pattern`, nil when there is none (an empty
  /// pattern occurs at the start).
  package func firstRange(ofText pattern: some StringProtocol) -> Range<Index>? {
    guard let first = pattern.first else { return startIndex..<startIndex }
    var start = startIndex
    while let found = self[start...].firstIndex(of: first) {
      var i = found
      var j = pattern.startIndex
      while i < endIndex, j < pattern.endIndex, self[i] == pattern[j] {
        formIndex(after: &i)
        pattern.formIndex(after: &j)
      }
      if j == pattern.endIndex { return found..<i }
      start = index(after: found)
    }
    return nil
  }

  /// Whether `pattern` occurs.
  package func contains(text pattern: some StringProtocol) -> Bool { firstRange(ofText: pattern) != nil }

  /// The text with every occurrence of `pattern` (not empty), left to right, replaced by
  /// `replacement`.
  package func replacing(text pattern: some StringProtocol, with replacement: some StringProtocol) -> String {
    var result = ""
    var rest = self[...]
    while !pattern.isEmpty, let found = rest.firstRange(ofText: pattern) {
      result += rest[..<found.lowerBound]
      result += replacement
      rest = rest[found.upperBound...]
    }
    return result + rest
  }
}
