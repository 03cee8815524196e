/// Splits text into lines on `\n` bytes, dropping a `\r` before it, with each line's UTF-8
/// offset. (Splitting a `String` on the `Character` `"\n"` would miss `\r\n`, which Swift
/// treats as one character.)
package struct TextLine {
  /// The line's text, without its line ending.
  package var text: Substring
  /// The UTF-8 offset of the line's first byte.
  package var offset: Int
  /// The UTF-8 offset just after the line ending (where the next line starts).
  package var end: Int
}

package func splitLines(_ text: String) -> [TextLine] {
  Array(IteratorSequence(TextLineIterator(text)))
}

/// The lines of a text one at a time, as ``splitLines(_:)`` gives them, for readers that
/// stop early (front matter needs only the top of a file).
struct TextLineIterator: IteratorProtocol {
  private let text: String
  private var index: String.UTF8View.Index
  private var offset = 0

  init(_ text: String) {
    self.text = text
    self.index = text.utf8.startIndex
  }

  mutating func next() -> TextLine? {
    let utf8 = text.utf8
    guard index != utf8.endIndex else { return nil }
    let start = index
    let startOffset = offset
    while index != utf8.endIndex {
      if utf8[index] == 0x0A {
        var lineEnd = index
        if lineEnd > start, utf8[utf8.index(before: lineEnd)] == 0x0D {
          lineEnd = utf8.index(before: lineEnd)
        }
        index = utf8.index(after: index)
        offset += 1
        return TextLine(text: text[start..<lineEnd], offset: startOffset, end: offset)
      }
      index = utf8.index(after: index)
      offset += 1
    }
    var lineEnd = utf8.endIndex
    if utf8[utf8.index(before: lineEnd)] == 0x0D { lineEnd = utf8.index(before: lineEnd) }
    return TextLine(text: text[start..<lineEnd], offset: startOffset, end: offset)
  }
}

/// `s` without leading and trailing spaces and tabs.
package func trimSpaces(_ s: Substring) -> Substring {
  var s = s
  while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
  while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
  return s
}

/// True when the line holds only spaces and tabs.
func isBlank(_ s: Substring) -> Bool {
  s.allSatisfy { $0 == " " || $0 == "\t" }
}
