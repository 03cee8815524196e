import Testing

@testable import LaunchTracking

/// `firstRange(ofText:)`, `contains(text:)` and `replacing(text:with:)` stand in for the
/// standard library's `_StringProcessing` ones (about 1 MB of the greeting executable): the same
/// answers, Character by Character, the standard library being the reference.
@Suite struct TextSearchTests {
  static let texts = [
    "", "{{", "a {{name}} b {{x}}", "{{{", "{\u{301}{{", "e\u{301}e", "/usr/local/Cellar/tally/1.0/bin",
    "say \"hi\" \"", "aaab", "日本語の{tip}と{tip}",
  ]
  static let patterns = ["{{", "}}", "{", "/Cellar/", "\"", "aab", "{tip}", "e", "é", "x"]

  @Test func findsWhatTheStandardLibraryFinds() {
    for text in Self.texts {
      for pattern in Self.patterns {
        #expect(text.firstRange(ofText: pattern) == text.firstRange(of: pattern), "\(text) / \(pattern)")
        #expect(text.contains(text: pattern) == text.contains(pattern), "\(text) / \(pattern)")
        #expect(
          text.replacing(text: pattern, with: "<>") == text.replacing(pattern, with: "<>"),
          "\(text) / \(pattern)")
        let sub = text.dropFirst()
        #expect(sub.firstRange(ofText: pattern) == sub.firstRange(of: pattern), "\(sub) / \(pattern)")
      }
    }
    #expect("abc".firstRange(ofText: "") == "abc".startIndex..<"abc".startIndex)
    #expect("abc".replacing(text: "", with: "x") == "abc")
  }
}
