import MarkdownSyntax

/// Terminal cell widths of graphemes, from tables generated from Unicode data
/// (``WidthTable``, made by `scripts/gen-width-table.py`), never from the locale.
///
/// - A scalar is 2 cells when East Asian Wide or Fullwidth or Emoji_Presentation (a lone
///   skin-tone modifier included), 0 when a nonspacing or enclosing mark, a format character
///   (ZWJ, ZWSP, variation selectors …) or a Hangul medial/final jamo, and 1 otherwise (East
///   Asian Ambiguous, spacing marks and a lone regional indicator included).
/// - A grapheme cluster (a Swift `Character`) is as wide as its scalars together, as
///   terminals lay it out (`wcswidth`): the Indic conjunct `स्ते` is two cells, `स्त्री` four.
///   An emoji base followed by U+FE0F or joined by U+200D is 2 (and by U+FE0E is 1), and a
///   pair of regional indicators (a flag) is 2. Control characters are 0 (they never reach
///   the screen: ``Sanitizer`` replaces them first).
package enum CellWidth {
  /// The width of one grapheme cluster in terminal cells: 0, 1 or 2, or more for a cluster
  /// of several spacing scalars (a long conjunct).
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    guard let second = iterator.next() else { return of(scalar: first) }
    let base = of(scalar: first)
    if isRegionalIndicator(first.value), isRegionalIndicator(second.value) { return 2 }
    if widthClass(first.value) & emojiBase != 0 {
      var sawZWJ = false
      var next: Unicode.Scalar? = second
      while let s = next {
        switch s.value {
        case 0xFE0F: return 2
        case 0xFE0E: return 1
        case 0x200D: sawZWJ = true
        default: break
        }
        next = iterator.next()
      }
      return sawZWJ ? 2 : base
    }
    var total = base + of(scalar: second)
    while let s = iterator.next() { total += of(scalar: s) }
    return total
  }

  /// The width of a `String`: the generic ``of(_:)-(StringProtocol)``, declared for `String`
  /// so that callers in other targets run the body specialized here.
  package static func of(_ text: String) -> Int { of(Substring(text)) }

  /// The width of a string in terminal cells (the sum over its grapheme clusters).
  package static func of(_ text: some StringProtocol) -> Int {
    if let count = printableASCIICount(text.utf8) { return count }
    if let width = separateScalarsWidth(text.unicodeScalars) { return width }
    var total = 0
    for ch in text { total += of(ch) }
    return total
  }

  /// The width of a single scalar on its own: 0, 1 or 2.
  package static func of(scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 {
      if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
      return 1
    }
    return Int(widthClass(v) & 3)
  }

  // MARK: - Helpers

  /// The width of text whose scalars are each a grapheme whatever surrounds them
  /// (``isSeparate(_:)``: Latin, punctuation, arrows, box drawing, kana, CJK): the sum
  /// of its scalars' widths, found without grapheme breaking; nil for other text.
  static func separateScalarsWidth(_ scalars: some Sequence<Unicode.Scalar>) -> Int? {
    var total = 0
    for scalar in scalars {
      guard isSeparate(scalar.value) else { return nil }
      total += of(scalar: scalar)
    }
    return total
  }

  /// True for a scalar that is a grapheme on its own whatever surrounds it (no combining
  /// mark, joiner, variation selector, prepended mark, regional indicator or Hangul jamo
  /// in these ranges) and that ``Sanitizer`` leaves as it is.
  static func isSeparate(_ v: UInt32) -> Bool {
    switch v {
    case 0x20...0x7E, 0xA0...0x2FF: return true  // Latin, before the combining marks
    case 0x2010...0x2027, 0x2030...0x205E: return true  // general punctuation
    case 0x20A0...0x20C0: return true  // currency signs
    case 0x2100...0x2BFF: return true  // letterlike, arrows, maths, box drawing, shapes
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF: return true  // kana, CJK
    default: return false
    }
  }

  /// The byte count when `utf8` is all printable ASCII (one cell per byte), else nil.
  static func printableASCIICount(_ utf8: some Collection<UInt8>) -> Int? {
    isPrintableASCII(utf8) ? utf8.count : nil
  }

  /// True when every byte is printable ASCII (0x20...0x7E).
  static func isPrintableASCII(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// True when every byte is printable ASCII other than the space (0x21...0x7E): a URL that
  /// is one cell a byte and has no place to break.
  static func isPrintableASCIIWithoutSpaces(_ bytes: some Sequence<UInt8>) -> Bool {
    bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
  }

  private static func isRegionalIndicator(_ v: UInt32) -> Bool {
    v >= 0x1F1E6 && v <= 0x1F1FF
  }

  /// The class bit of ``WidthTable/classes`` set for an emoji base.
  private static let emojiBase: UInt32 = 4

  /// The class of `v` in ``WidthTable/classes`` (its width in bits 0-1, ``emojiBase``): the
  /// last entry whose first code point is at or below `v`, by binary search.
  private static func widthClass(_ v: UInt32) -> UInt32 {
    let table = WidthTable.classes
    // Every entry up to `v`'s own is at most `key`; the first entry, U+0000's, always is.
    let key = v << 4 | 0xF
    var lo = 1
    var hi = table.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if table[mid] <= key {
        lo = mid + 1
      } else {
        hi = mid
      }
    }
    return table[lo - 1] & 0xF
  }
}
