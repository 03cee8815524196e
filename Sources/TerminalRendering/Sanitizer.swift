/// Neutralises terminal control characters. Every path that prints text goes through it.
///
/// PROVISIONAL: the rendering work replaces this with the full rules (tabs, bidi, C1 …).
public enum Sanitizer {
  /// The visible stand-in for a removed control character.
  public static let replacement: Character = "\u{FFFD}"

  /// Returns `text` with control characters (other than newline) replaced.
  public static func sanitize(_ text: String) -> String {
    var needs = false
    for s in text.unicodeScalars where isControl(s) {
      needs = true
      break
    }
    guard needs else { return text }
    var out = String.UnicodeScalarView()
    for s in text.unicodeScalars {
      if isControl(s) { out.append(contentsOf: String(replacement).unicodeScalars) } else { out.append(s) }
    }
    return String(out)
  }

  static func isControl(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    if v == 0x0A { return false }
    return v < 0x20 || (v >= 0x7F && v < 0xA0) || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
  }
}
