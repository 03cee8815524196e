/// Terminal cell widths of graphemes, independent of the locale.
///
/// PROVISIONAL: replaced by a table generated from Unicode data (scripts/gen-width-table).
public enum CellWidth {
  /// The width of one grapheme cluster in terminal cells: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    let v = first.value
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
    if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
      || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
      || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v) || (0x1F900...0x1F9FF).contains(v)
      || (0x20000...0x3FFFD).contains(v)
    {
      return 2
    }
    if first.properties.generalCategory == .nonspacingMark || v == 0x200D { return 0 }
    return 1
  }

  /// The width of a string in terminal cells.
  public static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for ch in text { total += of(ch) }
    return total
  }
}
