/// Splits text into lines on `\n` bytes, dropping a `\r` before it, with each line's UTF-8
/// offset. (Splitting a `String` on the `Character` `"\n"` would miss `\r\n`, which Swift
/// treats as one character.)
struct TextLine {
  /// The line's text, without its line ending.
  var text: Substring
  /// The UTF-8 offset of the line's first byte.
  var offset: Int
  /// The UTF-8 offset just after the line ending (where the next line starts).
  var end: Int
}

func splitLines(_ text: String) -> [TextLine] {
  var result: [TextLine] = []
  let utf8 = text.utf8
  var start = utf8.startIndex
  var startOffset = 0
  var index = start
  var offset = 0
  while index != utf8.endIndex {
    if utf8[index] == 0x0A {
      var lineEnd = index
      if lineEnd > start, utf8[utf8.index(before: lineEnd)] == 0x0D { lineEnd = utf8.index(before: lineEnd) }
      let next = utf8.index(after: index)
      result.append(TextLine(text: text[start..<lineEnd], offset: startOffset, end: offset + 1))
      start = next
      startOffset = offset + 1
    }
    index = utf8.index(after: index)
    offset += 1
  }
  if start != utf8.endIndex {
    var lineEnd = utf8.endIndex
    if utf8[utf8.index(before: lineEnd)] == 0x0D { lineEnd = utf8.index(before: lineEnd) }
    result.append(TextLine(text: text[start..<lineEnd], offset: startOffset, end: offset))
  }
  return result
}

/// `s` without leading and trailing spaces and tabs.
func trimSpaces(_ s: Substring) -> Substring {
  var s = s
  while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
  while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
  return s
}

/// True when the line holds only spaces and tabs.
func isBlank(_ s: Substring) -> Bool {
  s.allSatisfy { $0 == " " || $0 == "\t" }
}
