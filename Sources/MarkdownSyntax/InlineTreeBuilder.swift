/// Turns the inline parser's index-linked nodes into ``Inline`` values: adjacent text is
/// merged, GFM email autolinks are found in the merged text (as cmark-gfm does after
/// parsing), and nesting deeper than ``InlineParser/maxDepth`` is flattened.
extension InlineParser {
  /// The inlines; `buffer` is where adjacent text is merged (empty on entry and on return),
  /// kept by the caller from one parse to the next.
  mutating func build(mergingTextIn buffer: inout RawBytes) -> [Inline] {
    var out: [Inline] = []
    // Email autolinks are found only outside links, and only with the GFM extensions: plain
    // CommonMark starts as if inside a link.
    buildChildren(of: 0, depth: 0, inLink: !gfm, into: &out, buffer: &buffer)
    return out
  }

  func string(of node: Node) -> String {
    if node.inExtra {
      return String(decoding: extra[node.start..<node.end], as: UTF8.self)
    }
    return String(decoding: UnsafeBufferPointer(rebasing: p[node.start..<node.end]), as: UTF8.self)
  }

  /// Appends the text of `node` to `pending`.
  func appendText(of node: Node, to pending: inout RawBytes) {
    guard node.end > node.start else { return }
    if node.inExtra {
      extra.withUnsafeBufferPointer { pending.append(Bytes(rebasing: $0[node.start..<node.end])) }
    } else {
      pending.append(Bytes(rebasing: p[node.start..<node.end]))
    }
  }

  /// Appends a footnote reference to `out`, or its text to `buffer` when its label has no
  /// definition.
  mutating func appendFootnoteReference(
    _ node: Node, into out: inout [Inline], buffer: inout RawBytes, inLink: Bool
  ) {
    let range = node.start..<node.end
    if let reference = footnotes.reference(p, range, line: lineOf.line(at: node.start)) {
      Self.flush(&buffer, into: &out, autolink: !inLink)
      out.append(.footnoteReference(reference))
    } else {
      buffer.append(ASCII.openBracket)
      buffer.append(ASCII.caret)
      buffer.append(Bytes(rebasing: p[range]))
      buffer.append(ASCII.closeBracket)
    }
  }

  /// `buffer` is empty on entry and on return (shared by all levels to avoid allocations).
  mutating func buildChildren(
    of parent: Int, depth: Int, inLink: Bool, into out: inout [Inline], buffer: inout RawBytes
  ) {
    var count = 0
    var c = nodes[parent].first
    while c >= 0 {
      count += 1
      c = nodes[c].next
    }
    out.reserveCapacity(count)
    var n = nodes[parent].first
    while n >= 0 {
      let node = nodes[n]
      switch node.kind {
      case .text:
        appendText(of: node, to: &buffer)
      case .softBreak, .hardBreak, .code, .html:
        Self.flush(&buffer, into: &out, autolink: !inLink)
        out.append(leaf(node))
      case .footnoteReference:
        appendFootnoteReference(node, into: &out, buffer: &buffer, inLink: inLink)
      case .emphasis, .strong, .strikethrough, .link, .image:
        if depth >= Self.maxDepth {
          flatten(n, buffer: &buffer, into: &out, inLink: inLink)
          break
        }
        Self.flush(&buffer, into: &out, autolink: !inLink)
        var children: [Inline] = []
        let childInLink = inLink || node.kind == .link || node.kind == .image
        buildChildren(of: n, depth: depth + 1, inLink: childInLink, into: &children, buffer: &buffer)
        switch node.kind {
        case .emphasis: out.append(.emphasis(children))
        case .strong: out.append(.strong(children))
        case .strikethrough: out.append(.strikethrough(children))
        case .link:
          let target = links[node.payload]
          out.append(.link(destination: target.destination, title: target.title, content: children))
        default:
          let target = links[node.payload]
          out.append(.image(source: target.destination, title: target.title, alt: children))
        }
      case .root:
        break
      }
      n = node.next
    }
    Self.flush(&buffer, into: &out, autolink: !inLink)
  }

  func leaf(_ node: Node) -> Inline {
    switch node.kind {
    case .softBreak: return .softBreak
    case .hardBreak: return .hardBreak
    case .code: return .code(string(of: node))
    default: return .html(string(of: node))
    }
  }

  /// Emits the leaves under `root` without their wrappers (iteratively: no recursion).
  mutating func flatten(_ root: Int, buffer: inout RawBytes, into out: inout [Inline], inLink: Bool) {
    var n = nodes[root].first
    while n >= 0 {
      let node = nodes[n]
      switch node.kind {
      case .text: appendText(of: node, to: &buffer)
      case .footnoteReference: appendFootnoteReference(node, into: &out, buffer: &buffer, inLink: inLink)
      case .softBreak, .hardBreak, .code, .html:
        Self.flush(&buffer, into: &out, autolink: !inLink)
        out.append(leaf(node))
      default: break
      }
      // Depth-first: go down, else to the next sibling, else up until a sibling exists.
      if node.first >= 0 {
        n = node.first
        continue
      }
      var m = n
      while m >= 0 && m != root && nodes[m].next < 0 { m = nodes[m].parent }
      n = (m < 0 || m == root) ? -1 : nodes[m].next
    }
  }

  /// Appends the buffered text, splitting out email autolinks when allowed.
  static func flush(_ buffer: inout RawBytes, into out: inout [Inline], autolink: Bool) {
    guard !buffer.isEmpty else { return }
    buffer.withBytes { b in
      if autolink && Scan.contains(ASCII.at, in: b) {
        splitEmails(b, into: &out)
      } else {
        out.append(.text(String(decoding: b, as: UTF8.self)))
      }
    }
    buffer.removeAll()
  }

  /// cmark-gfm's email autolink post-processing of a text run.
  static func splitEmails(_ b: Bytes, into out: inout [Inline]) {
    var textStart = 0
    for email in emailAutolinks(in: b) {
      if email.lowerBound > textStart {
        out.append(
          .text(
            String(decoding: UnsafeBufferPointer(rebasing: b[textStart..<email.lowerBound]), as: UTF8.self)))
      }
      let address = String(decoding: UnsafeBufferPointer(rebasing: b[email]), as: UTF8.self)
      out.append(.link(destination: "mailto:" + address, title: nil, content: [.text(address)]))
      textStart = email.upperBound
    }
    if textStart < b.count {
      out.append(.text(String(decoding: UnsafeBufferPointer(rebasing: b[textStart...]), as: UTF8.self)))
    }
  }

  /// The email addresses cmark-gfm's autolink extension finds in a merged text run, in order.
  static func emailAutolinks(in b: Bytes) -> [Range<Int>] {
    var found: [Range<Int>] = []
    var textStart = 0
    var i = 0
    let end = b.count
    while i < end {
      guard b[i] == ASCII.at else {
        i += 1
        continue
      }
      let at = i
      var s = at
      var slash = false
      while s > textStart {
        let c = b[s - 1]
        if Scan.isAlnum(c) || c == ASCII.period || c == ASCII.plus || c == ASCII.hyphen
          || c == ASCII.underscore
        {
          s -= 1
          continue
        }
        if c == ASCII.slash { slash = true }
        break
      }
      if s == at || slash {
        i += 1
        continue
      }
      var e = at
      var ats = 0
      var dots = 0
      while e < end {
        let c = b[e]
        if Scan.isAlnum(c) {
        } else if c == ASCII.at {
          ats += 1
          if ats > 1 { break }
        } else if c == ASCII.period, e + 1 < end, Scan.isAlnum(b[e + 1]) {
          dots += 1
        } else if c != ASCII.hyphen && c != ASCII.underscore {
          break
        }
        e += 1
      }
      let length = e - at
      if length < 2 || ats != 1 || dots == 0 || !(Scan.isAlpha(b[e - 1]) || b[e - 1] == ASCII.period) {
        i += 1
        continue
      }
      e = autolinkDelimiter(b, at, e)
      if e <= at {
        i += 1
        continue
      }
      found.append(s..<e)
      textStart = e
      i = e
    }
    return found
  }
}
