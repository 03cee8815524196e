/// The seven HTML block start conditions of CommonMark and their end conditions.
enum HTMLBlockStart {
  static let blockTags: Set<String> = [
    "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
    "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
    "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
    "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
    "optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot",
    "th", "thead", "title", "tr", "track", "ul",
  ]

  /// The start condition (1...7) matched by the line at `i` (pointing at `<`), or nil.
  static func scan(_ p: Bytes, _ i: Int, _ end: Int, allowType7: Bool) -> Int? {
    guard i + 1 < end else { return nil }
    let c = p[i + 1]
    if c == ASCII.exclamation {
      if Scan.hasPrefixIgnoringCase(p, i, end, "<!--") { return 2 }
      if i + 9 <= end, Scan.hasPrefixIgnoringCase(p, i, end, "<![cdata["),
        p[i + 3] == ASCII.C
      {
        return 5
      }
      if i + 2 < end, Scan.isAlpha(p[i + 2]) { return 4 }
      return nil
    }
    if c == ASCII.question { return 3 }
    // Type 1: script, pre, style, textarea.
    for word: StaticString in ["script", "pre", "style", "textarea"] {
      let n = word.utf8CodeUnitCount
      if Scan.hasPrefixIgnoringCase(p, i + 1, end, word) {
        let k = i + 1 + n
        if k >= end || Scan.isSpace(p[k]) || p[k] == ASCII.greaterThan { return 1 }
      }
    }
    // Type 6: block tag names.
    var j = i + 1
    if j < end, p[j] == ASCII.slash { j += 1 }
    if let nameEnd = Scan.tagName(p, j, end) {
      var name = ""
      for k in j..<nameEnd {
        let b = p[k]
        name.unicodeScalars.append(Unicode.Scalar(b >= 65 && b <= 90 ? b | 0x20 : b))
      }
      if blockTags.contains(name) {
        if nameEnd >= end || Scan.isSpace(p[nameEnd]) || p[nameEnd] == ASCII.greaterThan { return 6 }
        if p[nameEnd] == ASCII.slash, nameEnd + 1 < end, p[nameEnd + 1] == ASCII.greaterThan {
          return 6
        }
      }
    }
    // Type 7: a complete open or closing tag alone on the line.
    if allowType7 {
      let tagEnd = p[i + 1] == ASCII.slash ? Scan.closingTag(p, i, end) : Scan.openTag(p, i, end)
      if var k = tagEnd {
        // The tag must be on this line.
        for q in i..<k where p[q] == 10 { return nil }
        while k < end, Scan.isSpaceOrTab(p[k]) { k += 1 }
        if k == end {
          let nameStart = p[i + 1] == ASCII.slash ? i + 2 : i + 1
          if let nameEnd = Scan.tagName(p, nameStart, end) {
            let n = nameEnd - nameStart
            let isType1 =
              (n == 6 && Scan.hasPrefixIgnoringCase(p, nameStart, end, "script"))
              || (n == 3 && Scan.hasPrefixIgnoringCase(p, nameStart, end, "pre"))
              || (n == 5 && Scan.hasPrefixIgnoringCase(p, nameStart, end, "style"))
              || (n == 8 && Scan.hasPrefixIgnoringCase(p, nameStart, end, "textarea"))
            if isType1 && nameStart == i + 1 { return nil }
          }
          return 7
        }
      }
    }
    return nil
  }

  /// Whether the line `i..<end` satisfies the end condition of an HTML block of `type`.
  static func endsBlock(type: Int, _ p: Bytes, _ i: Int, _ end: Int) -> Bool {
    switch type {
    case 1:
      var j = i
      while j + 1 < end {
        if p[j] == ASCII.lessThan, p[j + 1] == ASCII.slash {
          for word: StaticString in ["script>", "pre>", "style>", "textarea>"]
          where Scan.hasPrefixIgnoringCase(p, j + 2, end, word) {
            return true
          }
        }
        j += 1
      }
      return false
    case 2: return Scan.find(p, "-->", from: i, end) != nil
    case 3: return Scan.find(p, "?>", from: i, end) != nil
    case 4: return Scan.find(p, ">", from: i, end) != nil
    case 5: return Scan.find(p, "]]>", from: i, end) != nil
    default: return false
    }
  }
}

/// Splitting GFM table rows into cells.
enum TableRow {
  /// The cells of the row `i..<end`: an optional leading and trailing `|`, cells split at
  /// unescaped `|`, each trimmed, with `\|` turned into `|`.
  static func cells(_ p: Bytes, _ i: Int, _ end: Int) -> [[UInt8]] {
    var s = i
    var e = end
    while s < e, Scan.isSpace(p[s]) { s += 1 }
    while e > s, Scan.isSpace(p[e - 1]) { e -= 1 }
    if s < e, p[s] == ASCII.pipe { s += 1 }
    var cells: [[UInt8]] = []
    var cell: [UInt8] = []
    var j = s
    var sawContent = false
    while j < e {
      let c = p[j]
      if c == ASCII.backslash, j + 1 < e, p[j + 1] == ASCII.pipe {
        cell.append(ASCII.pipe)
        j += 2
        sawContent = true
        continue
      }
      if c == ASCII.pipe {
        cells.append(trim(cell))
        cell.removeAll(keepingCapacity: true)
        sawContent = false
        j += 1
        continue
      }
      cell.append(c)
      sawContent = true
      j += 1
    }
    if sawContent || (cells.isEmpty && s < e) { cells.append(trim(cell)) }
    return cells
  }

  static func trim(_ cell: [UInt8]) -> [UInt8] {
    var s = 0
    var e = cell.count
    while s < e, Scan.isSpace(cell[s]) { s += 1 }
    while e > s, Scan.isSpace(cell[e - 1]) { e -= 1 }
    return Array(cell[s..<e])
  }

  /// The alignments of a delimiter row (`| :--- | :-: | ---: |`), or nil when the line is not one.
  static func delimiterRow(_ p: Bytes, _ i: Int, _ end: Int) -> [Table.Alignment]? {
    let raw = cells(p, i, end)
    guard !raw.isEmpty else { return nil }
    var sawPipe = false
    for k in i..<end where p[k] == ASCII.pipe {
      sawPipe = true
      break
    }
    var result: [Table.Alignment] = []
    for cell in raw {
      guard !cell.isEmpty else { return nil }
      var s = 0
      var e = cell.count
      let left = cell[s] == ASCII.colon
      if left { s += 1 }
      let right = e > s && cell[e - 1] == ASCII.colon
      if right { e -= 1 }
      guard s < e else { return nil }
      for k in s..<e where cell[k] != ASCII.hyphen { return nil }
      result.append(left && right ? .center : left ? .left : right ? .right : .none)
    }
    if !sawPipe && result.count == 1 { return nil }
    return result
  }
}
