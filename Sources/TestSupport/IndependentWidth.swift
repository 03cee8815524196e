/// The width oracle of the tests, independent of TerminalRendering's `CellWidth` and its
/// generated table: a hand-written list of the wide blocks the test documents use, plus the
/// standard library's Unicode properties for marks, format characters and emoji presentation.
/// Width assertions ("no line wider than asked") measure with this, not with the code under
/// test. Like `wcswidth` (`WcswidthAgreementTests` holds it to Python's), a cluster that is not
/// an emoji sequence or a flag is as wide as its scalars together: an Indic conjunct is laid out
/// by code point.
package enum IndependentWidth {
  package static let wideBlocks: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2E80...0x303E,  // CJK radicals, punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFF01...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,
  ]

  package static func scalarWidth(_ s: Unicode.Scalar) -> Int {
    switch s.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if wideBlocks.contains(where: { $0.contains(s.value) }) { return 2 }
    // Emoji presentation (a lone skin-tone modifier too), but not a lone regional indicator.
    if s.properties.isEmojiPresentation, !(0x1F1E6...0x1F1FF).contains(s.value) { return 2 }
    return 1
  }

  package static func of(_ ch: Character) -> Int {
    let scalars = Array(ch.unicodeScalars)
    guard let base = scalars.first else { return 0 }
    if scalars.count == 2, scalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0.value) }) { return 2 }
    if base.properties.isEmoji, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) {
      return 2
    }
    if base.properties.isEmojiPresentation, !(0x1F1E6...0x1F1FF).contains(base.value) { return 2 }
    return scalars.reduce(0) { $0 + scalarWidth($1) }
  }

  package static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// True when `ch` is made only of scalars this function knows: ASCII, Latin-1 letters,
  /// combining marks, format characters, the Indic scripts (U+0900–U+0DFF), the wide blocks
  /// above, emoji and box drawing.
  package static func covers(_ ch: Character) -> Bool {
    ch.unicodeScalars.allSatisfy { s in
      s.value < 0x250 || s.properties.generalCategory == .nonspacingMark
        || s.properties.generalCategory == .spacingMark || (0x0900...0x0DFF).contains(s.value)
        || s.properties.generalCategory == .format || wideBlocks.contains(where: { $0.contains(s.value) })
        || s.properties.isEmoji || (0x2500...0x257F).contains(s.value)
    }
  }
}
