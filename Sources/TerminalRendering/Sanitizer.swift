import MarkdownSyntax

/// Neutralises terminal control characters. Every path that prints text goes through it:
/// the Markdown renderer (on the text the syntax tree holds, so after entity decoding),
/// both serialisers, and ``Canvas/put(_:row:column:style:maxWidth:)``.
///
/// The rules:
/// - C0 controls other than newline (U+0000–U+001F except U+000A, and not tab, see below)
///   become their Unicode control picture (U+2400 + code, e.g. ESC → `␛`, NUL → `␀`,
///   BEL → `␇`): visible, one cell wide, and harmless.
/// - DEL (U+007F) becomes `␡` (U+2421).
/// - C1 controls (U+0080–U+009F), which some terminals treat like `ESC x` (U+009B is CSI),
///   the bidi controls (Unicode's Bidi_Control set: U+061C, U+200E, U+200F, U+202A–U+202E,
///   U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029, which some
///   terminals take as a line feed and `wcswidth` as nothing) become U+FFFD `�`.
/// - Tabs expand to spaces up to the next tab stop, every ``tabWidth`` (4) cells counted from
///   the last newline in the same string.
/// - Invisible format characters that belong to no cluster a terminal draws are dropped: the
///   zero-width space U+200B, the word joiner and invisible operators U+2060–U+2064, the byte
///   order mark U+FEFF, tag characters U+E0000–U+E007F except after a black flag U+1F3F4 (an
///   emoji tag sequence, England's flag), and a zero-width joiner U+200D that does not stand
///   between two characters it can join. They draw nothing, yet a terminal may join, shift or
///   show them as boxes. Joined emoji such as 👨‍💻 stay whole.
/// - Newlines are kept; callers split lines themselves.
package enum Sanitizer {
  /// The visible stand-in for a C1 or bidi control.
  package static let replacement: Character = "\u{FFFD}"
  /// Distance between tab stops, in cells.
  package static let tabWidth = 4

  /// Returns `text` with control characters replaced and tabs expanded. Returns `text`
  /// itself (no copy) when there is nothing to change, which is the common case.
  package static func sanitize(_ text: String) -> String {
    sanitize(text, expandingTabs: true)
  }

  /// Like ``sanitize(_:)``; with `expandingTabs` false, tabs and invisible format characters
  /// are kept (for output such as HTML, which is data and not what a terminal shows).
  package static func sanitize(_ text: String, expandingTabs: Bool) -> String {
    guard needsSanitizing(text) else { return text }
    var out = String.UnicodeScalarView()
    var column = 0
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    // The last scalar kept, for the joiners and tags that depend on what they follow.
    var previous: Unicode.Scalar?
    while index < scalars.endIndex {
      let s = scalars[index]
      scalars.formIndex(after: &index)
      let v = s.value
      if expandingTabs,
        isStrayFormat(s, after: previous, before: index < scalars.endIndex ? scalars[index] : nil)
      {
        continue
      }
      previous = s
      if v == 0x0A {
        out.append(s)
        column = 0
      } else if v == 0x09, !expandingTabs {
        out.append(s)
        column += tabWidth - column % tabWidth
      } else if v == 0x09 {
        let spaces = tabWidth - column % tabWidth
        for _ in 0..<spaces { out.append(" ") }
        column += spaces
      } else if let stand = standIn(for: v) {
        out.append(stand)
        column += 1
      } else {
        out.append(s)
        column += CellWidth.of(scalar: s)
      }
    }
    return String(out)
  }

  /// ``sanitize(_:expandingTabs:)`` of UTF-8 `bytes`: `bytes` themselves when there is
  /// nothing to change (the common case), without making a `String` of them, which would
  /// validate every byte again.
  package static func sanitize(utf8 bytes: [UInt8], expandingTabs: Bool = true) -> [UInt8] {
    if !bytes.withUnsafeBufferPointer({ scan($0) }) { return bytes }
    return Array(sanitize(String(decoding: bytes, as: UTF8.self), expandingTabs: expandingTabs).utf8)
  }

  /// True when `text` holds anything ``sanitize(_:)`` would change. Scans UTF-8 bytes only.
  package static func needsSanitizing(_ text: String) -> Bool {
    var utf8 = text.utf8
    if let answer = utf8.withContiguousStorageIfAvailable({ scan($0) }) { return answer }
    var copy = text
    copy.makeContiguousUTF8()
    utf8 = copy.utf8
    return utf8.withContiguousStorageIfAvailable({ scan($0) }) ?? true
  }

  /// True when the UTF-8 `bytes` hold anything ``sanitize(_:)`` would change.
  package static func needsSanitizing(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    scan(bytes)
  }

  /// True for a scalar that ``sanitize(_:)`` replaces (tab and newline are not replaced).
  package static func isControl(_ s: Unicode.Scalar) -> Bool {
    standIn(for: s.value) != nil
  }

  // MARK: - Helpers

  /// Whether `s` is an invisible format character outside a cluster it belongs to (see the
  /// rules above), given the scalar kept before it and the one after it.
  private static func isStrayFormat(
    _ s: Unicode.Scalar, after previous: Unicode.Scalar?, before next: Unicode.Scalar?
  ) -> Bool {
    switch s.value {
    case 0x200B, 0x2060...0x2064, 0xFEFF:
      return true
    case 0x200D:
      guard let previous, let next else { return true }
      return previous.properties.isWhitespace || next.properties.isWhitespace
    case 0xE0000...0xE007F:
      guard let previous else { return true }
      return previous.value != 0x1F3F4 && !(0xE0020...0xE007E).contains(previous.value)
    default:
      return false
    }
  }

  private static func standIn(for v: UInt32) -> Unicode.Scalar? {
    if v < 0x20 {
      if v == 0x0A || v == 0x09 { return nil }
      return Unicode.Scalar(0x2400 + v)
    }
    if v < 0x7F { return nil }
    if v == 0x7F { return "\u{2421}" }
    if v <= 0x9F { return "\u{FFFD}" }
    if v == 0x061C || v == 0x200E || v == 0x200F || (0x2028...0x202E).contains(v)
      || (0x2066...0x2069).contains(v)
    {
      return "\u{FFFD}"
    }
    return nil
  }

  /// Whether the UTF-8 `bytes` hold a character ``sanitize(_:)`` replaces or drops, read byte
  /// by byte: the characters it looks for are all known by their encoded bytes.
  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let n = bytes.count
    var i = 0
    while i < n {
      let b = bytes[i]
      if b < 0x80 {
        if b < 0x20 {
          if b != 0x0A { return true }
        } else if b == 0x7F {
          return true
        }
      } else if b == 0xC2 {
        // U+0080–U+009F are C2 80 … C2 9F.
        if i + 1 < n, bytes[i + 1] >= 0x80, bytes[i + 1] <= 0x9F { return true }
      } else if b == 0xD8 {
        // U+061C (ARABIC LETTER MARK) is D8 9C.
        if i + 1 < n, bytes[i + 1] == 0x9C { return true }
      } else if b == 0xEF, i + 2 < n, bytes[i + 1] == 0xBB, bytes[i + 2] == 0xBF {
        return true  // U+FEFF
      } else if b == 0xF3, i + 2 < n, bytes[i + 1] == 0xA0, bytes[i + 2] == 0x80 || bytes[i + 2] == 0x81 {
        return true  // tag characters U+E0000–U+E007F
      } else if b == 0xE2, i + 2 < n {
        // U+200E/F: E2 80 8E/8F; U+2028–E: E2 80 A8–AE; U+2066–9: E2 81 A6–A9.
        let b1 = bytes[i + 1]
        let b2 = bytes[i + 2]
        if b1 == 0x80, b2 == 0x8E || b2 == 0x8F || (b2 >= 0xA8 && b2 <= 0xAE) { return true }
        if b1 == 0x81, b2 >= 0xA6, b2 <= 0xA9 { return true }
        // U+200B, U+200D: E2 80 8B, 8D; U+2060–4: E2 81 A0–A4 (invisible format characters).
        if b1 == 0x80, b2 == 0x8B || b2 == 0x8D { return true }
        if b1 == 0x81, b2 >= 0xA0, b2 <= 0xA4 { return true }
        // Anything else from E2 (box drawing, bullets, arrows): the whole character at once.
        if b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 { i += 2 }
      }
      i += 1
    }
    return false
  }
}
