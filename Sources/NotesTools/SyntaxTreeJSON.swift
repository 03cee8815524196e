import MarkdownSyntax
import TerminalRendering

/// The syntax tree as JSON, for tooling (`whatsnew render --format json`).
///
/// Every node is an object with a `"type"`; blocks carry `"startLine"`/`"endLine"`. Strings
/// are escaped per RFC 8259: quote, backslash and all control characters (as `\n`, `\t` or
/// `\u00XX`); other characters, bidi controls included, are written as UTF-8 (JSON is data,
/// not terminal output). Encoding is iterative, so deep nesting cannot overflow the stack.
package enum SyntaxTreeJSON {
  /// The document as one JSON object: `{"type":"document","frontMatter":…,"blocks":[…]}`.
  package static func encode(_ document: MarkdownDocument) -> String {
    var out = "{\"type\":\"document\",\"frontMatter\":"
    if let front = document.frontMatter {
      out += "{"
      for (i, entry) in front.entries.enumerated() {
        if i > 0 { out += "," }
        out += quoted(entry.key) + ":" + quoted(entry.value)
      }
      out += "}"
    } else {
      out += "null"
    }
    out += ",\"linkDefinitions\":{"
    for (i, label) in document.linkDefinitions.keys.sorted().enumerated() {
      guard let definition = document.linkDefinitions[label] else { continue }
      if i > 0 { out += "," }
      out += quoted(label) + ":{\"destination\":" + quoted(definition.destination) + ",\"title\":"
      out += definition.title.map(quoted) ?? "null"
      out += "}"
    }
    out += "},\"blocks\":"
    var work: [Work] = [.blocks(document.blocks)]
    if !document.footnotes.isEmpty {
      work.append(.raw(",\"footnotes\":["))
      for (i, footnote) in document.footnotes.enumerated() {
        work.append(
          .raw(
            (i > 0 ? "," : "")
              + "{\"label\":\(quoted(footnote.label)),\"number\":\(footnote.number),\"blocks\":"))
        work.append(.blocks(footnote.blocks))
        work.append(.raw("}"))
      }
      work.append(.raw("]"))
    }
    work.append(.raw("}"))
    var stack: [Work] = work.reversed()
    while let work = stack.popLast() {
      switch work {
      case .raw(let text): out += text
      case .blocks(let blocks): push(blocks.map(Work.block), into: &stack)
      case .inlines(let inlines): push(inlines.map(Work.inline), into: &stack)
      case .block(let block): encode(block, &out, &stack)
      case .inline(let inline): encode(inline, &out, &stack)
      }
    }
    return out
  }

  /// `text` as a JSON string literal.
  package static func quoted(_ text: String) -> String {
    var out = "\""
    for s in text.unicodeScalars {
      switch s {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        // Controls, and the bidi controls, which JSON allows raw but a terminal would obey.
        if s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value) || Sanitizer.isControl(s) {
          let hex = String(s.value, radix: 16, uppercase: false)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(s)
        }
      }
    }
    return out + "\""
  }

  // MARK: - Helpers

  private enum Work {
    case raw(String)
    case blocks([Block])
    case inlines([Inline])
    case block(Block)
    case inline(Inline)
  }

  /// Pushes `items` as a JSON array (comma-separated), in order.
  private static func push(_ items: [Work], into stack: inout [Work]) {
    var work: [Work] = [.raw("[")]
    for (i, item) in items.enumerated() {
      if i > 0 { work.append(.raw(",")) }
      work.append(item)
    }
    work.append(.raw("]"))
    stack.append(contentsOf: work.reversed())
  }

  private static func encode(_ block: Block, _ out: inout String, _ stack: inout [Work]) {
    let lines = ",\"startLine\":\(block.startLine),\"endLine\":\(block.endLine)"
    switch block.kind {
    case .paragraph(let inlines):
      out += "{\"type\":\"paragraph\"\(lines),\"content\":"
      stack.append(contentsOf: [.raw("}"), .inlines(inlines)])
    case .heading(let level, let content):
      out += "{\"type\":\"heading\",\"level\":\(level)\(lines),\"content\":"
      stack.append(contentsOf: [.raw("}"), .inlines(content)])
    case .thematicBreak:
      out += "{\"type\":\"thematicBreak\"\(lines)}"
    case .codeBlock(let info, let literal, let fenced):
      out += "{\"type\":\"codeBlock\"\(lines),\"info\":\(quoted(info)),\"fenced\":\(fenced),"
      out += "\"literal\":\(quoted(literal))}"
    case .htmlBlock(let html):
      out += "{\"type\":\"htmlBlock\"\(lines),\"html\":\(quoted(html))}"
    case .blockQuote(let children, let alert):
      out += "{\"type\":\"blockQuote\"\(lines),"
      if let alert {
        out += "\"alert\":\(quoted(alert.rawValue)),"
      }
      out += "\"children\":"
      stack.append(contentsOf: [.raw("}"), .blocks(children)])
    case .list(let list):
      out += "{\"type\":\"list\"\(lines),"
      switch list.marker {
      case .bullet(let c): out += "\"ordered\":false,\"bullet\":\(quoted(String(c)))"
      case .ordered(let start, let d):
        out += "\"ordered\":true,\"start\":\(start),\"delimiter\":\(quoted(String(d)))"
      }
      out += ",\"tight\":\(list.isTight),\"items\":"
      var items: [Work] = []
      for item in list.items {
        let task = item.task.map { String($0) } ?? "null"
        items.append(
          .raw("{\"type\":\"item\",\"startLine\":\(item.startLine),\"task\":\(task),\"children\":"))
        items.append(.blocks(item.blocks))
        items.append(.raw("}"))
      }
      stack.append(.raw("}"))
      // Each item is three pieces; wrap them so the array commas land between items.
      var array: [Work] = [.raw("[")]
      for (i, start) in stride(from: 0, to: items.count, by: 3).enumerated() {
        if i > 0 { array.append(.raw(",")) }
        array.append(contentsOf: items[start..<start + 3])
      }
      array.append(.raw("]"))
      stack.append(contentsOf: array.reversed())
    case .table(let table):
      let alignments = table.alignments.map { alignment -> String in
        switch alignment {
        case .none: return "null"
        case .left: return "\"left\""
        case .center: return "\"center\""
        case .right: return "\"right\""
        }
      }
      out += "{\"type\":\"table\"\(lines),\"alignments\":[\(alignments.joined(separator: ","))],\"header\":"
      var work: [Work] = [.raw("[")]
      for (i, cell) in table.header.enumerated() {
        if i > 0 { work.append(.raw(",")) }
        work.append(.inlines(cell))
      }
      work.append(.raw("],\"rows\":["))
      for (r, row) in table.rows.enumerated() {
        if r > 0 { work.append(.raw(",")) }
        work.append(.raw("["))
        for (i, cell) in row.enumerated() {
          if i > 0 { work.append(.raw(",")) }
          work.append(.inlines(cell))
        }
        work.append(.raw("]"))
      }
      work.append(.raw("]}"))
      stack.append(contentsOf: work.reversed())
    }
  }

  private static func encode(_ inline: Inline, _ out: inout String, _ stack: inout [Work]) {
    switch inline {
    case .text(let s): out += "{\"type\":\"text\",\"text\":\(quoted(s))}"
    case .softBreak: out += "{\"type\":\"softBreak\"}"
    case .hardBreak: out += "{\"type\":\"hardBreak\"}"
    case .code(let s): out += "{\"type\":\"code\",\"text\":\(quoted(s))}"
    case .html(let s): out += "{\"type\":\"html\",\"html\":\(quoted(s))}"
    case .emphasis(let c):
      out += "{\"type\":\"emphasis\",\"content\":"
      stack.append(contentsOf: [.raw("}"), .inlines(c)])
    case .strong(let c):
      out += "{\"type\":\"strong\",\"content\":"
      stack.append(contentsOf: [.raw("}"), .inlines(c)])
    case .strikethrough(let c):
      out += "{\"type\":\"strikethrough\",\"content\":"
      stack.append(contentsOf: [.raw("}"), .inlines(c)])
    case .link(let destination, let title, let content):
      out += "{\"type\":\"link\",\"destination\":\(quoted(destination)),\"title\":"
      out += (title.map(quoted) ?? "null") + ",\"content\":"
      stack.append(contentsOf: [.raw("}"), .inlines(content)])
    case .image(let source, let title, let alt):
      out += "{\"type\":\"image\",\"source\":\(quoted(source)),\"title\":"
      out += (title.map(quoted) ?? "null") + ",\"alt\":"
      stack.append(contentsOf: [.raw("}"), .inlines(alt)])
    case .footnoteReference(let reference):
      out +=
        "{\"type\":\"footnoteReference\",\"label\":\(quoted(reference.label)),\"number\":\(reference.number)}"
    }
  }
}
