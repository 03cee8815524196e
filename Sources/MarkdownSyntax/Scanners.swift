/// Byte-level scanners shared by the block and inline phases: character classes, link
/// destinations, titles and labels, raw HTML, entities and label normalisation.
///
/// Every scanner works on UTF-8 bytes and returns how far it matched; none of them
/// allocates unless it must build a result.
package typealias Bytes = UnsafeBufferPointer<UInt8>

package enum Scan {
  // MARK: - Character classes

  static func isSpaceOrTab(_ c: UInt8) -> Bool { c == 32 || c == 9 }
  static func isLineEnd(_ c: UInt8) -> Bool { c == 10 || c == 13 }
  /// ASCII whitespace as cmark counts it: space, tab, LF, VT, FF, CR.
  package static func isSpace(_ c: UInt8) -> Bool { c == 32 || (c >= 9 && c <= 13) }
  static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
  static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
  static func isAlnum(_ c: UInt8) -> Bool { isAlpha(c) || isDigit(c) }
  static func isHex(_ c: UInt8) -> Bool {
    isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102)
  }
  static func isControl(_ c: UInt8) -> Bool { c < 32 || c == 127 }
  /// ASCII punctuation (the characters a backslash can escape).
  static func isASCIIPunct(_ c: UInt8) -> Bool {
    (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)
  }

  // MARK: - Searching a whole document

  /// The first index from `start` on where `bytes` holds `a` or `b`, or nil: what
  /// `bytes[start...].firstIndex { $0 == a || $0 == b }` returns, read eight bytes at a time.
  ///
  /// The package's one word-wide scan. It finds line ends and U+0000 in every byte of a
  /// document and email autolinks' `@` in all its text; a profile of those searches byte by
  /// byte showed 3 ms more on a 1 MB document (`scripts/budget render-html`, 8% more, past the
  /// budget), so they are the exception to "idiomatic Swift unless a profile shows a
  /// millisecond".
  static func firstIndex(of a: UInt8, or b: UInt8, in bytes: Bytes, from start: Int = 0) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var i = start
    while i + 8 <= bytes.count {
      let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
      // The bytes equal to `a` are zero in `x`, those equal to `b` in `y`. Subtracting one
      // from every byte sets the high bit of each zero byte; a borrow may also mark the byte
      // above a zero byte, so only the lowest mark is sure to be a match.
      let x = word ^ (ones &* UInt64(a))
      let y = word ^ (ones &* UInt64(b))
      let found = ((x &- ones) & ~x | (y &- ones) & ~y) & highs
      if found != 0 { return i + found.trailingZeroBitCount / 8 }
      i += 8
    }
    return bytes[i...].firstIndex { $0 == a || $0 == b }
  }

  /// Whether `bytes` holds `byte` (``firstIndex(of:or:in:from:)``).
  static func contains(_ byte: UInt8, in bytes: Bytes) -> Bool {
    firstIndex(of: byte, or: byte, in: bytes) != nil
  }

  /// Decodes the scalar starting at `i` (the input is valid UTF-8).
  static func scalar(_ p: Bytes, at i: Int, end: Int) -> UInt32 {
    let b0 = UInt32(p[i])
    if b0 < 0x80 { return b0 }
    if b0 < 0xE0, i + 1 < end { return (b0 & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F) }
    if b0 < 0xF0, i + 2 < end {
      return (b0 & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
    }
    if i + 3 < end {
      return (b0 & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12 | UInt32(p[i + 2] & 0x3F) << 6
        | UInt32(p[i + 3] & 0x3F)
    }
    return 0xFFFD
  }

  /// Decodes the scalar that ends just before `i`.
  static func scalar(_ p: Bytes, before i: Int, start: Int) -> UInt32 {
    var j = i - 1
    while j > start, p[j] & 0xC0 == 0x80 { j -= 1 }
    return scalar(p, at: j, end: i)
  }

  /// Unicode whitespace (Zs) plus tab, LF, FF, CR.
  static func isUnicodeWhitespace(_ c: UInt32) -> Bool {
    if c < 0x80 { return c == 32 || c == 9 || c == 10 || c == 12 || c == 13 }
    guard let s = Unicode.Scalar(c) else { return false }
    return s.properties.generalCategory == .spaceSeparator
  }

  /// Unicode punctuation as CommonMark 0.31 defines it: general category P or S.
  static func isUnicodePunct(_ c: UInt32) -> Bool {
    if c < 0x80 { return isASCIIPunct(UInt8(c)) }
    guard let s = Unicode.Scalar(c) else { return false }
    switch s.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
      .modifierSymbol, .otherSymbol:
      return true
    default:
      return false
    }
  }

  // MARK: - Links

  /// Skips spaces and tabs, at most one line ending, then spaces and tabs again.
  static func spnl(_ p: Bytes, _ i: Int, _ end: Int) -> Int {
    var i = i
    while i < end, isSpaceOrTab(p[i]) { i += 1 }
    if i < end, p[i] == 10 {
      i += 1
      while i < end, isSpaceOrTab(p[i]) { i += 1 }
    }
    return i
  }

  /// Skips ASCII whitespace including line endings (cmark's `scan_spacechars`).
  static func spaceChars(_ p: Bytes, _ i: Int, _ end: Int) -> Int {
    var i = i
    while i < end, isSpace(p[i]) { i += 1 }
    return i
  }

  /// A link destination at `i`: returns the end of the match and the range of the
  /// destination text (without pointy brackets), or nil.
  static func linkDestination(_ p: Bytes, _ i: Int, _ end: Int) -> (end: Int, text: Range<Int>)? {
    var j = i
    if j < end, p[j] == ASCII.lessThan {
      j += 1
      while j < end {
        let c = p[j]
        if c == ASCII.greaterThan {
          return (j + 1, (i + 1)..<j)
        } else if c == ASCII.backslash {
          j += 2
        } else if c == 10 || c == ASCII.lessThan {
          return nil
        } else {
          j += 1
        }
      }
      return nil
    }
    var depth = 0
    while j < end {
      let c = p[j]
      // Bytes other than `\\`, `(`, `)`, a space or a control need no closer look.
      if c > ASCII.closeParen, c != ASCII.backslash, c != 127 {
        j += 1
        continue
      }
      if c == ASCII.backslash, j + 1 < end, isASCIIPunct(p[j + 1]) {
        j += 2
      } else if c == ASCII.openParen {
        depth += 1
        j += 1
        if depth > 32 { return nil }
      } else if c == ASCII.closeParen {
        if depth == 0 { break }
        depth -= 1
        j += 1
      } else if isSpace(c) || isControl(c) {
        if j == i { return nil }
        break
      } else {
        j += 1
      }
    }
    if j >= end || depth != 0 { return nil }
    return (j, i..<j)
  }

  /// A link title at `i` (`"…"`, `'…'` or `(…)`): returns the end of the match.
  static func linkTitle(_ p: Bytes, _ i: Int, _ end: Int) -> Int? {
    guard i < end else { return nil }
    let open = p[i]
    let close: UInt8
    switch open {
    case 34: close = open  // "
    case 39: close = open  // '
    case 40: close = 41  // ( )
    default: return nil
    }
    var j = i + 1
    while j < end {
      let c = p[j]
      if c == close { return j + 1 }
      if c == ASCII.backslash, j + 1 < end {
        j += 2
        continue
      }
      if open == ASCII.openParen, c == ASCII.openParen { return nil }
      j += 1
    }
    return nil
  }

  /// A link label `[…]` at `i`: returns the end (after `]`) and the inner range.
  /// Labels hold at most 999 characters and no unescaped brackets.
  static func linkLabel(_ p: Bytes, _ i: Int, _ end: Int) -> (end: Int, inner: Range<Int>)? {
    guard i < end, p[i] == ASCII.openBracket else { return nil }
    var j = i + 1
    var nonBlank = false
    while j < end {
      let c = p[j]
      if c == ASCII.closeBracket {
        if !nonBlank { return nil }
        return (j + 1, (i + 1)..<j)
      }
      if c == ASCII.openBracket { return nil }
      if c == ASCII.backslash, j + 1 < end, isASCIIPunct(p[j + 1]) {
        j += 1
        nonBlank = true
      } else if !isSpace(c) {
        nonBlank = true
      }
      j += 1
      if j - i > 1000 { return nil }
    }
    return nil
  }

  /// Normalises a link label: trims, collapses internal whitespace and case-folds.
  static func normalizeLabel(_ p: Bytes, _ range: Range<Int>) -> String {
    var ascii = true
    var folded: [UInt8] = []
    folded.reserveCapacity(range.count)
    var pendingSpace = false
    for i in range {
      let c = p[i]
      if isSpace(c) {
        pendingSpace = !folded.isEmpty
        continue
      }
      if pendingSpace {
        folded.append(UInt8(ascii: " "))
        pendingSpace = false
      }
      if c >= 0x80 { ascii = false }
      folded.append(c >= 65 && c <= 90 ? c | 0x20 : c)
    }
    let s = String(decoding: folded, as: UTF8.self)
    if ascii { return s }
    // Full case folding approximated by lower(upper(lower(s))), which maps ẞ and ß to "ss".
    return s.lowercased().uppercased().lowercased()
  }

  // MARK: - Raw HTML

  /// A tag name: ASCII letter then letters, digits or `-`. Returns the end.
  static func tagName(_ p: Bytes, _ i: Int, _ end: Int) -> Int? {
    guard i < end, isAlpha(p[i]) else { return nil }
    var j = i + 1
    while j < end, isAlnum(p[j]) || p[j] == ASCII.hyphen { j += 1 }
    return j
  }

  /// An open tag starting at `i` (pointing at `<`): returns the end after `>`.
  static func openTag(_ p: Bytes, _ i: Int, _ end: Int) -> Int? {
    guard var j = tagName(p, i + 1, end) else { return nil }
    while true {
      // attribute: whitespace, name, optional value
      let ws = spaceChars(p, j, end)
      guard ws < end else { return nil }
      let c = p[ws]
      if c == ASCII.greaterThan { return ws + 1 }
      if c == ASCII.slash {
        return ws + 1 < end && p[ws + 1] == ASCII.greaterThan ? ws + 2 : nil
      }
      if ws == j { return nil }
      guard isAlpha(c) || c == ASCII.underscore || c == ASCII.colon else { return nil }
      var k = ws + 1
      while k < end {
        let d = p[k]
        if isAlnum(d) || d == ASCII.underscore || d == ASCII.period || d == ASCII.colon
          || d == ASCII.hyphen
        {
          k += 1
        } else {
          break
        }
      }
      j = k
      // optional value
      let beforeEq = spaceChars(p, k, end)
      if beforeEq < end, p[beforeEq] == ASCII.equals {
        var v = spaceChars(p, beforeEq + 1, end)
        guard v < end else { return nil }
        let q = p[v]
        if q == ASCII.quote || q == ASCII.apostrophe {
          v += 1
          while v < end, p[v] != q { v += 1 }
          guard v < end else { return nil }
          j = v + 1
        } else {
          let start = v
          while v < end {
            let d = p[v]
            if isSpace(d) || d == ASCII.quote || d == ASCII.apostrophe || d == ASCII.equals
              || d == ASCII.lessThan || d == ASCII.greaterThan || d == ASCII.backtick
            {
              break
            }
            v += 1
          }
          if v == start { return nil }
          j = v
        }
      }
    }
  }

  /// A closing tag `</name  >` starting at `i`: returns the end.
  static func closingTag(_ p: Bytes, _ i: Int, _ end: Int) -> Int? {
    guard i + 1 < end, p[i + 1] == ASCII.slash, let j = tagName(p, i + 2, end) else { return nil }
    let k = spaceChars(p, j, end)
    return k < end && p[k] == ASCII.greaterThan ? k + 1 : nil
  }

  /// Finds `needle` at or after `i`; returns the index just past it.
  static func find(_ p: Bytes, _ needle: StaticString, from i: Int, _ end: Int) -> Int? {
    let n = needle.utf8CodeUnitCount
    let s = needle.utf8Start
    var j = i
    while j + n <= end {
      if p[j] == s[0] {
        var k = 1
        while k < n, p[j + k] == s[k] { k += 1 }
        if k == n { return j + n }
      }
      j += 1
    }
    return nil
  }

  /// True when the bytes at `i` start with `word`, ignoring ASCII case.
  static func hasPrefixIgnoringCase(_ p: Bytes, _ i: Int, _ end: Int, _ word: StaticString) -> Bool {
    let n = word.utf8CodeUnitCount
    guard i + n <= end else { return false }
    let s = word.utf8Start
    for k in 0..<n {
      var c = p[i + k]
      if c >= 65 && c <= 90 { c |= 0x20 }
      if c != s[k] { return false }
    }
    return true
  }

  // MARK: - Entities and escapes

  /// Appends the characters the entity named `p[range]` (without `&` and `;`) stands for to
  /// `out`; false when there is no such entity. A binary search of ``EntityTable``'s sorted
  /// records, where they lie: nothing is built at run time (issue 47).
  static func appendEntity(named range: Range<Int>, in p: Bytes, to out: inout [UInt8]) -> Bool {
    EntityTable.records.withUTF8Buffer { table in
      let starts = EntityTable.starts
      var low = 0
      var high = EntityTable.count
      while low < high {
        let middle = (low + high) / 2
        let record = Int(starts[middle])
        switch compareName(p, range, table, record) {
        case .less: high = middle
        case .greater: low = middle + 1
        case .equal(let valueStart):
          out.append(contentsOf: table[valueStart..<Int(starts[middle + 1])])
          return true
        }
      }
      return false
    }
  }

  /// How `p[range]` orders against the name of the record at `record` in `table`.
  private enum NameOrder {
    case less, greater
    /// Equal; the record's value starts here.
    case equal(Int)
  }

  /// Compares `p[range]` with the name that starts `table` at `record` (it ends at `;`).
  private static func compareName(
    _ p: Bytes, _ range: Range<Int>, _ table: UnsafeBufferPointer<UInt8>, _ record: Int
  ) -> NameOrder {
    var i = range.lowerBound
    var j = record
    while true {
      let t = table[j]
      if i == range.upperBound { return t == ASCII.semicolon ? .equal(j + 1) : .less }
      if t == ASCII.semicolon { return .greater }
      let c = p[i]
      if c != t { return c < t ? .less : .greater }
      i += 1
      j += 1
    }
  }

  /// Appends the UTF-8 encoding of `code` (invalid and zero code points become U+FFFD).
  static func appendScalar(_ code: UInt32, to out: inout [UInt8]) {
    let c = (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) ? 0xFFFD : code
    if c < 0x80 {
      out.append(UInt8(c))
    } else if c < 0x800 {
      out.append(UInt8(0xC0 | (c >> 6)))
      out.append(UInt8(0x80 | (c & 0x3F)))
    } else if c < 0x10000 {
      out.append(UInt8(0xE0 | (c >> 12)))
      out.append(UInt8(0x80 | ((c >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (c & 0x3F)))
    } else {
      out.append(UInt8(0xF0 | (c >> 18)))
      out.append(UInt8(0x80 | ((c >> 12) & 0x3F)))
      out.append(UInt8(0x80 | ((c >> 6) & 0x3F)))
      out.append(UInt8(0x80 | (c & 0x3F)))
    }
  }

  /// Decodes an entity or numeric character reference at `i` (pointing at `&`), appending
  /// the decoded bytes. Returns the end of the reference, or nil when there is none.
  static func entity(_ p: Bytes, _ i: Int, _ end: Int, into out: inout [UInt8]) -> Int? {
    var j = i + 1
    guard j < end else { return nil }
    if p[j] == ASCII.hash {
      j += 1
      var value: UInt32 = 0
      var digits = 0
      if j < end, p[j] | 0x20 == ASCII.x {
        j += 1
        while j < end, isHex(p[j]), digits < 7 {
          let c = p[j]
          let d = isDigit(c) ? UInt32(c - 48) : UInt32((c | 0x20) - 87)
          value = value * 16 + d
          digits += 1
          j += 1
        }
        guard digits >= 1, digits <= 6 else { return nil }
      } else {
        while j < end, isDigit(p[j]), digits < 8 {
          value = value * 10 + UInt32(p[j] - 48)
          digits += 1
          j += 1
        }
        guard digits >= 1, digits <= 7 else { return nil }
      }
      guard j < end, p[j] == ASCII.semicolon else { return nil }
      appendScalar(value, to: &out)
      return j + 1
    }
    guard isAlpha(p[j]) else { return nil }
    let start = j
    while j < end, isAlnum(p[j]), j - start < 32 { j += 1 }
    guard j < end, p[j] == ASCII.semicolon else { return nil }
    guard appendEntity(named: start..<j, in: p, to: &out) else { return nil }
    return j + 1
  }

  /// Removes backslash escapes and decodes entities in `range` (for destinations, titles,
  /// info strings).
  static func unescape(_ p: Bytes, _ range: Range<Int>) -> String {
    if !p[range].contains(where: { $0 == ASCII.backslash || $0 == ASCII.ampersand }) {
      return String(decoding: UnsafeBufferPointer(rebasing: p[range]), as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
      let c = p[i]
      if c == ASCII.backslash, i + 1 < end, isASCIIPunct(p[i + 1]) {
        out.append(p[i + 1])
        i += 2
      } else if c == ASCII.ampersand, let next = entity(p, i, end, into: &out) {
        i = next
      } else {
        out.append(c)
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
