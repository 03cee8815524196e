/// OSC 8 hyperlinks (`ESC ] 8 ; ; URL ESC \` … text … `ESC ] 8 ; ; ESC \`): which link
/// destinations may become one, and the sequences that make one.
///
/// Only the renderer makes them, from a parsed link's destination: the text of the notes
/// never reaches the terminal as a sequence (``Sanitizer`` turns its `ESC` into `␛`).
///
/// A destination is linked only when all of these hold; otherwise it renders as text, as with
/// links off:
/// - its scheme is `http://`, `https://` or `mailto:` (in any case), with something after it
///   (never `javascript:`, `file:`, `data:` or a relative path);
/// - it holds no control character (C0, `ESC` among them, DEL, C1, the bidi controls
///   ``Sanitizer`` replaces) and no space;
/// - it is at most ``maximumLength`` bytes (VTE and others drop longer ones).
///
/// Characters beyond ASCII are sent percent-encoded (as UTF-8), as the OSC 8 convention asks.
package enum Hyperlink {
  /// The longest URL, in bytes, that is linked.
  package static let maximumLength = 2048

  /// What the terminal is sent for `destination`, or nil when it is not linked (see the rules
  /// above).
  package static func target(for destination: String) -> String? {
    guard destination.utf8.count <= maximumLength, let prefix = schemeLength(destination),
      destination.utf8.count > prefix
    else { return nil }
    var encoded = false
    for scalar in destination.unicodeScalars {
      if scalar.value <= 0x20 || Sanitizer.isControl(scalar) { return nil }
      if scalar.value >= 0x80 { encoded = true }
    }
    guard encoded else { return destination }
    var out = ""
    for byte in destination.utf8 {
      if byte < 0x80 {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out +=
          "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
      }
    }
    return out
  }

  /// The sequence that starts a link to `target` (one ``target(for:)`` returned).
  package static func open(_ target: String) -> String { "\u{1B}]8;;" + target + "\u{1B}\\" }

  /// The sequence that ends a link.
  package static let close = "\u{1B}]8;;\u{1B}\\"

  // MARK: - Helpers

  /// The length of `destination`'s allowed scheme prefix (`http://`, `https://`, `mailto:`,
  /// any case), or nil.
  private static func schemeLength(_ destination: String) -> Int? {
    for scheme in ["http://", "https://", "mailto:"] {
      let head = destination.utf8.prefix(scheme.utf8.count)
      if head.count == scheme.utf8.count,
        zip(head, scheme.utf8).allSatisfy({ a, b in (a >= 0x41 && a <= 0x5A ? a | 0x20 : a) == b })
      {
        return scheme.utf8.count
      }
    }
    return nil
  }
}
