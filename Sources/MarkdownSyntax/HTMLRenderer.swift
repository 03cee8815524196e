/// Renders a ``MarkdownDocument`` as HTML the way `cmark-gfm` does (raw HTML passes
/// through unchanged, as with `--unsafe`).
public enum HTMLRenderer {
  /// The HTML for `document`; front matter is not rendered.
  ///
  /// With `tagFilter`, the GFM tag filter is applied to raw HTML: `<title>`, `<textarea>`,
  /// `<style>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`, `<script>` and `<plaintext>`
  /// have their `<` escaped.
  public static func render(_ document: MarkdownDocument, tagFilter: Bool = false) -> String {
    var writer = HTMLWriter(tagFilter: tagFilter)
    writer.blocks(document.blocks, tight: false)
    if !document.footnotes.isEmpty {
      writer.raw("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
      for footnote in document.footnotes { writer.footnote(footnote) }
      writer.raw("</ol>\n</section>\n")
    }
    return String(decoding: writer.out, as: UTF8.self)
  }
}

// MARK: - Helpers

struct HTMLWriter {
  var out: [UInt8] = []
  let tagFilter: Bool

  init(tagFilter: Bool) {
    self.tagFilter = tagFilter
    out.reserveCapacity(4096)
  }

  mutating func raw(_ s: StaticString) {
    out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
  }

  /// Appends a run-time string (literals go to the `StaticString` overload, which is cheaper).
  mutating func rawString(_ s: String) {
    out.append(contentsOf: s.utf8)
  }

  mutating func cr() {
    if let last = out.last, last != 10 { out.append(10) }
  }

  mutating func escaped(_ s: String) {
    var s = s
    s.withUTF8 { b in
      guard let base = b.baseAddress else { return }
      var start = 0
      for i in 0..<b.count {
        let c = b[i]
        // Only & < > " need escaping; everything else is copied in runs.
        guard c == 38 || c == 60 || c == 62 || c == 34 else { continue }
        if i > start { out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: i - start)) }
        switch c {
        case 38: raw("&amp;")
        case 60: raw("&lt;")
        case 62: raw("&gt;")
        default: raw("&quot;")
        }
        start = i + 1
      }
      if b.count > start {
        out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: b.count - start))
      }
    }
  }

  static let hrefSafe: [Bool] = {
    var t = [Bool](repeating: false, count: 256)
    for c in "-_.+!*(),%#@?=;:/$~" { t[Int(c.asciiValue ?? 0)] = true }
    for c in 48...57 { t[Int(c)] = true }
    for c in 97...122 { t[Int(c)] = true }
    for c in 65...90 { t[Int(c)] = true }
    return t
  }()

  /// Percent-encodes a URL as cmark's `houdini_escape_href` does.
  mutating func href(_ s: String) {
    var s = s
    let safe = Self.hrefSafe
    s.withUTF8 { b in
      guard let base = b.baseAddress else { return }
      let hex: StaticString = "0123456789ABCDEF"
      var start = 0
      for i in 0..<b.count {
        let c = b[i]
        if safe[Int(c)] { continue }
        if i > start { out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: i - start)) }
        if c == 38 {
          raw("&amp;")
        } else if c == 39 {
          raw("&#x27;")
        } else {
          out.append(37)
          out.append(hex.utf8Start[Int(c >> 4)])
          out.append(hex.utf8Start[Int(c & 15)])
        }
        start = i + 1
      }
      if b.count > start {
        out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: b.count - start))
      }
    }
  }

  mutating func rawHTML(_ s: String) {
    guard tagFilter else {
      rawString(s)
      return
    }
    let bytes = Array(s.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == ASCII.lessThan, Self.isFilteredTag(bytes, i) {
        raw("&lt;")
      } else {
        out.append(bytes[i])
      }
      i += 1
    }
  }

  static func isFilteredTag(_ b: [UInt8], _ i: Int) -> Bool {
    var j = i + 1
    if j < b.count, b[j] == ASCII.slash { j += 1 }
    for name in ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
    {
      let n = Array(name.utf8)
      guard j + n.count <= b.count else { continue }
      var match = true
      for k in 0..<n.count where (b[j + k] | 0x20) != n[k] {
        match = false
        break
      }
      if match {
        let k = j + n.count
        if k == b.count || Scan.isSpace(b[k]) || b[k] == ASCII.greaterThan || b[k] == ASCII.slash {
          return true
        }
      }
    }
    return false
  }

  // MARK: Blocks

  mutating func blocks(_ blocks: [Block], tight: Bool) {
    for block in blocks { self.block(block, tight: tight) }
  }

  mutating func block(_ block: Block, tight: Bool) {
    switch block.kind {
    case .paragraph(let content):
      if tight {
        inlines(content)
      } else {
        cr()
        raw("<p>")
        inlines(content)
        raw("</p>\n")
      }
    case .heading(let level, let content):
      cr()
      raw("<h")
      rawString(String(level))
      raw(">")
      inlines(content)
      raw("</h")
      rawString(String(level))
      raw(">\n")
    case .thematicBreak:
      cr()
      raw("<hr />\n")
    case .codeBlock(let info, let literal, _):
      cr()
      if info.isEmpty {
        raw("<pre><code>")
      } else {
        raw("<pre><code class=\"")
        var word = Substring(info)
        if let space = info.firstIndex(where: { $0 == " " || $0 == "\t" }) { word = info[..<space] }
        // An info string that already names its class is not prefixed again.
        if !word.hasPrefix("language-") { raw("language-") }
        escaped(String(word))
        raw("\">")
      }
      escaped(literal)
      raw("</code></pre>\n")
    case .htmlBlock(let html):
      cr()
      rawHTML(html)
      cr()
    case .blockQuote(let children):
      cr()
      raw("<blockquote>\n")
      blocks(children, tight: false)
      cr()
      raw("</blockquote>\n")
    case .list(let list):
      cr()
      switch list.marker {
      case .bullet:
        raw("<ul>\n")
      case .ordered(let start, _):
        if start == 1 {
          raw("<ol>\n")
        } else {
          raw("<ol start=\"")
          rawString(String(start))
          raw("\">\n")
        }
      }
      for item in list.items {
        cr()
        raw("<li>")
        if let task = item.task {
          raw(
            task
              ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
              : "<input type=\"checkbox\" disabled=\"\" /> ")
        }
        blocks(item.blocks, tight: list.isTight)
        raw("</li>\n")
      }
      if case .bullet = list.marker { raw("</ul>\n") } else { raw("</ol>\n") }
    case .table(let table):
      cr()
      raw("<table>\n<thead>\n<tr>\n")
      for (column, cell) in table.header.enumerated() {
        tableCell("th", cell, table.alignments[column])
      }
      raw("</tr>\n</thead>\n")
      if !table.rows.isEmpty {
        raw("<tbody>\n")
        for row in table.rows {
          raw("<tr>\n")
          for (column, cell) in row.enumerated() {
            tableCell("td", cell, table.alignments[column])
          }
          raw("</tr>\n")
        }
        raw("</tbody>\n")
      }
      raw("</table>\n")
    }
  }

  /// A footnote as cmark-gfm writes it: a list item whose last paragraph ends with the links
  /// back to its references (after the content when it does not end with a paragraph).
  mutating func footnote(_ footnote: Footnote) {
    raw("<li id=\"fn-")
    href(footnote.label)
    raw("\">\n")
    if let last = footnote.blocks.last, case .paragraph(let content) = last.kind {
      blocks(Array(footnote.blocks.dropLast()), tight: false)
      cr()
      raw("<p>")
      inlines(content)
      raw(" ")
      backReferences(footnote)
      raw("</p>\n")
    } else {
      blocks(footnote.blocks, tight: false)
      backReferences(footnote)
      raw("\n")
    }
    raw("</li>\n")
  }

  mutating func backReferences(_ footnote: Footnote) {
    raw("<a href=\"#fnref-")
    href(footnote.label)
    raw("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a>")
    if footnote.referenceCount > 1 {
      for occurrence in 2...footnote.referenceCount {
        raw(" <a href=\"#fnref-")
        href(footnote.label)
        raw("-")
        rawString(String(occurrence))
        raw(
          "\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">"
        )
        rawString(String(occurrence))
        raw("</sup></a>")
      }
    }
  }

  mutating func tableCell(_ tag: StaticString, _ content: [Inline], _ alignment: Table.Alignment) {
    raw("<")
    raw(tag)
    switch alignment {
    case .none: break
    case .left: raw(" align=\"left\"")
    case .center: raw(" align=\"center\"")
    case .right: raw(" align=\"right\"")
    }
    raw(">")
    inlines(content)
    raw("</")
    raw(tag)
    raw(">\n")
  }

  // MARK: Inlines

  mutating func inlines(_ inlines: [Inline]) {
    for inline in inlines { self.inline(inline) }
  }

  mutating func inline(_ inline: Inline) {
    switch inline {
    case .text(let s): escaped(s)
    case .softBreak: out.append(10)
    case .hardBreak: raw("<br />\n")
    case .code(let s):
      raw("<code>")
      escaped(s)
      raw("</code>")
    case .emphasis(let c):
      raw("<em>")
      inlines(c)
      raw("</em>")
    case .strong(let c):
      raw("<strong>")
      inlines(c)
      raw("</strong>")
    case .strikethrough(let c):
      raw("<del>")
      inlines(c)
      raw("</del>")
    case .link(let destination, let title, let content):
      raw("<a href=\"")
      href(destination)
      if let title, !title.isEmpty {
        raw("\" title=\"")
        escaped(title)
      }
      raw("\">")
      inlines(content)
      raw("</a>")
    case .image(let source, let title, let alt):
      raw("<img src=\"")
      href(source)
      raw("\" alt=\"")
      altText(alt)
      if let title, !title.isEmpty {
        raw("\" title=\"")
        escaped(title)
      }
      raw("\" />")
    case .html(let s):
      rawHTML(s)
    case .footnoteReference(let reference):
      raw("<sup class=\"footnote-ref\"><a href=\"#fn-")
      href(reference.label)
      raw("\" id=\"fnref-")
      href(reference.label)
      if reference.occurrence > 1 {
        raw("-")
        rawString(String(reference.occurrence))
      }
      raw("\" data-footnote-ref>")
      rawString(String(reference.number))
      raw("</a></sup>")
    }
  }

  /// Image descriptions are rendered as plain, escaped text.
  mutating func altText(_ inlines: [Inline]) {
    for inline in inlines {
      switch inline {
      case .text(let s), .code(let s), .html(let s): escaped(s)
      case .softBreak, .hardBreak: out.append(32)
      case .emphasis(let c), .strong(let c), .strikethrough(let c): altText(c)
      case .link(_, _, let c): altText(c)
      case .image(_, _, let c): altText(c)
      case .footnoteReference: break
      }
    }
  }
}
