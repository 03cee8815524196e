/// Normalises HTML for comparison, roughly as the CommonMark spec's `normalize.py` does:
/// whitespace runs collapse to one space outside `<pre>`, whitespace next to block-level
/// tags is dropped, attributes are sorted, `/>` becomes `>`, and tag names are lower-cased.
enum HTMLNormalizer {
  static let blockTags: Set<String> = [
    "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button",
    "object", "canvas", "ol", "caption", "output", "col", "p", "colgroup", "pre", "dd", "progress", "div",
    "section", "dl", "table", "td", "dt", "tbody", "embed", "textarea", "fieldset", "tfoot", "figcaption",
    "th", "figure", "thead", "footer", "tr", "form", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "video",
    "script", "style",
  ]

  enum Token {
    case text(String)
    case tag(name: String, closing: Bool, rendered: String)
    case other(String)
  }

  static func normalize(_ html: String) -> String {
    var out = ""
    var inPre = 0
    var lastWasBlock = true
    for token in tokenize(Array(html.unicodeScalars)) {
      switch token {
      case .text(let text):
        if inPre > 0 {
          out += text
          lastWasBlock = false
          continue
        }
        var collapsed = ""
        var space = false
        for ch in text.unicodeScalars {
          if ch == " " || ch == "\n" || ch == "\t" || ch == "\r" {
            space = true
          } else {
            if space { collapsed += " " }
            space = false
            collapsed.unicodeScalars.append(ch)
          }
        }
        if space { collapsed += " " }
        if lastWasBlock && collapsed.hasPrefix(" ") { collapsed.removeFirst() }
        if out.hasSuffix(" ") && collapsed.hasPrefix(" ") { collapsed.removeFirst() }
        out += collapsed
        if !collapsed.isEmpty { lastWasBlock = false }
      case .tag(let name, let closing, let rendered):
        let block = blockTags.contains(name)
        if block && inPre == 0 && out.hasSuffix(" ") { out.removeLast() }
        out += rendered
        if name == "pre" { inPre += closing ? -1 : 1 }
        lastWasBlock = block
      case .other(let s):
        out += s
        lastWasBlock = false
      }
    }
    while out.hasSuffix(" ") || out.hasSuffix("\n") { out.removeLast() }
    return out
  }

  static func tokenize(_ s: [Unicode.Scalar]) -> [Token] {
    var tokens: [Token] = []
    var text = ""
    var i = 0
    func flush() {
      if !text.isEmpty { tokens.append(.text(text)) }
      text = ""
    }
    while i < s.count {
      if s[i] == "<", let (token, next) = tag(s, i) {
        flush()
        tokens.append(token)
        i = next
      } else {
        text.unicodeScalars.append(s[i])
        i += 1
      }
    }
    flush()
    return tokens
  }

  static func isNameChar(_ c: Unicode.Scalar) -> Bool {
    c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "-" || c == ":" || c == "_" || c == "."
  }

  static func tag(_ s: [Unicode.Scalar], _ start: Int) -> (Token, Int)? {
    var i = start + 1
    guard i < s.count else { return nil }
    if s[i] == "!" || s[i] == "?" {
      var j = i
      while j < s.count, s[j] != ">" { j += 1 }
      guard j < s.count else { return nil }
      var str = ""
      for k in start...j { str.unicodeScalars.append(s[k]) }
      return (.other(str), j + 1)
    }
    var closing = false
    if s[i] == "/" {
      closing = true
      i += 1
    }
    var name = ""
    while i < s.count, isNameChar(s[i]) {
      name.unicodeScalars.append(s[i])
      i += 1
    }
    guard !name.isEmpty, name.unicodeScalars.first.map({ $0.properties.isAlphabetic }) == true else {
      return nil
    }
    name = name.lowercased()
    var attributes: [String] = []
    while i < s.count {
      while i < s.count, s[i] == " " || s[i] == "\n" || s[i] == "\t" { i += 1 }
      guard i < s.count else { return nil }
      if s[i] == ">" {
        i += 1
        break
      }
      if s[i] == "/" {
        i += 1
        continue
      }
      var attr = ""
      while i < s.count, s[i] != "=", s[i] != ">", s[i] != " ", s[i] != "\n", s[i] != "/" {
        attr.unicodeScalars.append(s[i])
        i += 1
      }
      if attr.isEmpty { return nil }
      attr = attr.lowercased()
      if i < s.count, s[i] == "=" {
        i += 1
        var value = ""
        if i < s.count, s[i] == "\"" || s[i] == "'" {
          let q = s[i]
          i += 1
          while i < s.count, s[i] != q {
            value.unicodeScalars.append(s[i])
            i += 1
          }
          i += 1
        } else {
          while i < s.count, s[i] != " ", s[i] != ">" {
            value.unicodeScalars.append(s[i])
            i += 1
          }
        }
        attributes.append("\(attr)=\"\(value)\"")
      } else {
        attributes.append(attr)
      }
    }
    attributes.sort()
    let rendered = "<" + (closing ? "/" : "") + name + attributes.map { " " + $0 }.joined() + ">"
    return (.tag(name: name, closing: closing, rendered: rendered), i)
  }
}
