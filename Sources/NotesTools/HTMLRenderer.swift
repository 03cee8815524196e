import MarkdownSyntax

/// Renders a ``MarkdownDocument`` as HTML the way `cmark-gfm` does: safe by default, as
/// cmark is without `--unsafe`.
package enum HTMLRenderer {
  /// The HTML for `document`; front matter is not rendered.
  ///
  /// Unless `unsafe`, raw HTML is left out (`<!-- raw HTML omitted -->` in its place) and a
  /// link or image whose address is `javascript:`, `vbscript:`, `file:` or `data:` (but for a
  /// PNG, GIF, JPEG or WebP image) gets an empty one, as cmark does. With `unsafe`, both pass
  /// through; then with `tagFilter`, the GFM tag filter is applied to raw HTML: `<title>`,
  /// `<textarea>`, `<style>`, `<xmp>`, `<iframe>`, `<noembed>`, `<noframes>`, `<script>` and
  /// `<plaintext>` have their `<` escaped.
  package static func render(_ document: MarkdownDocument, tagFilter: Bool = false, unsafe: Bool = false)
    -> String
  {
    String(decoding: renderUTF8(document, tagFilter: tagFilter, unsafe: unsafe), as: UTF8.self)
  }

  /// ``render(_:tagFilter:unsafe:)`` as UTF-8 bytes, for a caller that writes them out
  /// (`whatsnew render --format html`): the same bytes, without making a `String` of them,
  /// which would check all of their UTF-8 again.
  package static func renderUTF8(_ document: MarkdownDocument, tagFilter: Bool = false, unsafe: Bool = false)
    -> [UInt8]
  {
    var writer = HTMLWriter(tagFilter: tagFilter, unsafe: unsafe)
    writer.blocks(document.blocks, tight: false)
    if !document.footnotes.isEmpty {
      writer.raw("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
      for footnote in document.footnotes { writer.footnote(footnote) }
      writer.raw("</ol>\n</section>\n")
    }
    return writer.out.withBytes { Array($0) }
  }
}

// MARK: - Helpers

/// HTML output over a ``RawBytes`` buffer, with the escaping cmark-gfm does.
struct HTMLWriter: ~Copyable {
  var out: RawBytes
  let tagFilter: Bool
  /// Whether raw HTML and every link address pass through (cmark's `--unsafe`).
  let unsafe: Bool

  init(tagFilter: Bool, unsafe: Bool = false, capacity: Int = 4096) {
    self.tagFilter = tagFilter
    self.unsafe = unsafe
    out = RawBytes(capacity: capacity)
  }

  mutating func raw(_ s: StaticString) {
    out.append(s.utf8Start, s.utf8CodeUnitCount)
  }

  /// Starts a new line unless the output is empty or already ends with one.
  mutating func cr() {
    if let last = out.last, last != 10 { out.append(10) }
  }

  mutating func escaped(_ s: String) {
    // The bytes are read in place when they are contiguous (as a native string's are).
    if s.utf8.withContiguousStorageIfAvailable({ escaped($0) }) != nil { return }
    var s = s
    s.withUTF8 { escaped($0) }
  }

  /// Appends `b` with `&`, `<`, `>` and `"` escaped, as cmark's `escape_html` does.
  mutating func escaped(_ b: Bytes) {
    guard let base = b.baseAddress else { return }
    // The start of the bytes not yet written.
    var start = 0
    while let i = b[start...].firstIndex(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 }) {
      if i > start { out.append(base + start, i - start) }
      switch b[i] {
      case 38: raw("&amp;")
      case 60: raw("&lt;")
      case 62: raw("&gt;")
      default: raw("&quot;")
      }
      start = i + 1
    }
    if b.count > start { out.append(base + start, b.count - start) }
  }

  /// Whether cmark's `houdini_escape_href` copies byte `c` as it is: ASCII letters, digits
  /// and `-_.+!*(),%#@?=;:/$~`.
  static func isHrefSafe(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"),
      UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"),
      UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"),
      UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
      return true
    default:
      return false
    }
  }

  /// Percent-encodes a URL as cmark's `houdini_escape_href` does.
  mutating func href(_ s: String) {
    // The bytes are read in place when they are contiguous (as a native string's are).
    if s.utf8.withContiguousStorageIfAvailable({ href($0) }) != nil { return }
    var s = s
    s.withUTF8 { href($0) }
  }

  mutating func href(_ b: Bytes) {
    guard let base = b.baseAddress else { return }
    let hex: StaticString = "0123456789ABCDEF"
    var start = 0
    for i in 0..<b.count {
      let c = base[i]
      if Self.isHrefSafe(c) { continue }
      if i > start { out.append(base + start, i - start) }
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
    if b.count > start { out.append(base + start, b.count - start) }
  }

  mutating func rawHTML(_ s: String) {
    // The bytes are read in place when they are contiguous (as a native string's are).
    if s.utf8.withContiguousStorageIfAvailable({ rawHTML($0) }) != nil { return }
    var s = s
    s.withUTF8 { rawHTML($0) }
  }

  /// Raw HTML: a comment in its place unless ``unsafe``, then with the GFM tag filter when it
  /// is on.
  mutating func rawHTML(_ b: Bytes) {
    guard self.unsafe else {
      raw("<!-- raw HTML omitted -->")
      return
    }
    guard tagFilter else {
      out.append(b)
      return
    }
    var start = 0
    for i in 0..<b.count where b[i] == ASCII.lessThan && Self.isFilteredTag(b, i) {
      if let base = b.baseAddress, i > start { out.append(base + start, i - start) }
      raw("&lt;")
      start = i + 1
    }
    if let base = b.baseAddress, b.count > start { out.append(base + start, b.count - start) }
  }

  static let filteredTags: [StaticString] = [
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
  ]

  static func isFilteredTag(_ b: Bytes, _ i: Int) -> Bool {
    var j = i + 1
    if j < b.count, b[j] == ASCII.slash { j += 1 }
    for name in filteredTags {
      let n = name.utf8CodeUnitCount
      guard j + n <= b.count else { continue }
      var match = true
      for k in 0..<n where (b[j + k] | 0x20) != name.utf8Start[k] {
        match = false
        break
      }
      if match {
        let k = j + n
        if k == b.count || Scan.isSpace(b[k]) || b[k] == ASCII.greaterThan || b[k] == ASCII.slash {
          return true
        }
      }
    }
    return false
  }

  /// A link's or image's address, percent-encoded, or nothing when it is dangerous and output
  /// is not ``unsafe``.
  mutating func address(_ url: String) {
    if self.unsafe || !Self.isDangerous(url) { href(url) }
  }

  /// Whether `url` runs code or reads local files where a browser follows it: it starts with
  /// `javascript:`, `vbscript:`, `file:` or `data:`, but for `data:image/png`, `gif`, `jpeg`
  /// or `webp` (any case), as cmark's `scan_dangerous_url` has it.
  static func isDangerous(_ url: String) -> Bool {
    let start = url.prefix(16).lowercased()
    if start.hasPrefix("data:") {
      return !["png", "gif", "jpeg", "webp"].contains { start.hasPrefix("data:image/" + $0) }
    }
    return start.hasPrefix("javascript:") || start.hasPrefix("vbscript:") || start.hasPrefix("file:")
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
      out.append(decimal: level)
      raw(">")
      inlines(content)
      raw("</h")
      out.append(decimal: level)
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
    case .blockQuote(let children, let alert?):
      // GitHub's markup without the octicon it puts in the title.
      cr()
      raw("<div class=\"markdown-alert markdown-alert-")
      escaped(alert.rawValue)
      raw("\">\n<p class=\"markdown-alert-title\">")
      escaped(alert.title)
      raw("</p>\n")
      blocks(children, tight: false)
      cr()
      raw("</div>\n")
    case .blockQuote(let children, nil):
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
          out.append(decimal: start)
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
    backReferences(label: footnote.label, referenceCount: footnote.referenceCount)
  }

  mutating func backReferences(label: String, referenceCount: Int) {
    raw("<a href=\"#fnref-")
    href(label)
    raw("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a>")
    if referenceCount > 1 {
      for occurrence in 2...referenceCount {
        raw(" <a href=\"#fnref-")
        href(label)
        raw("-")
        out.append(decimal: occurrence)
        raw(
          "\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">"
        )
        out.append(decimal: occurrence)
        raw("</sup></a>")
      }
    }
  }

  mutating func footnoteReference(_ reference: FootnoteReference) {
    raw("<sup class=\"footnote-ref\"><a href=\"#fn-")
    href(reference.label)
    raw("\" id=\"fnref-")
    href(reference.label)
    if reference.occurrence > 1 {
      raw("-")
      out.append(decimal: reference.occurrence)
    }
    raw("\" data-footnote-ref>")
    out.append(decimal: reference.number)
    raw("</a></sup>")
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
    case .emphasis(let c): element("<em>", c, "</em>")
    case .strong(let c): element("<strong>", c, "</strong>")
    case .strikethrough(let c): element("<del>", c, "</del>")
    case .link(let destination, let title, let content):
      raw("<a href=\"")
      address(destination)
      if let title, !title.isEmpty {
        raw("\" title=\"")
        escaped(title)
      }
      raw("\">")
      inlines(content)
      raw("</a>")
    case .image(let source, let title, let alt):
      raw("<img src=\"")
      address(source)
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
      footnoteReference(reference)
    }
  }

  /// `content` between the tags `open` and `close`.
  mutating func element(_ open: StaticString, _ content: [Inline], _ close: StaticString) {
    raw(open)
    inlines(content)
    raw(close)
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
