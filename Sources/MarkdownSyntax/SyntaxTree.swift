/// The syntax tree produced by ``MarkdownParser``.
///
/// The tree is made of plain value types so that it can be shared freely across
/// threads, compared in tests and rendered by any number of back ends
/// (HTML here, styled terminal lines in `TerminalRendering`).

// MARK: - Document

/// A parsed Markdown document: its front matter (if any), its blocks, and the
/// link reference definitions it declared.
package struct MarkdownDocument: Sendable, Equatable {
  /// The front matter found at the very top of the file, if any. It is not rendered.
  package var frontMatter: FrontMatter?
  /// The top-level blocks, in source order.
  package var blocks: [Block]
  /// Link reference definitions, keyed by their normalised label.
  package var linkDefinitions: [String: LinkDefinition]
  /// Full (`[text][label]`) and collapsed (`[label][]`) references whose label has no
  /// definition, with the line they are on (for lint warnings).
  package var unresolvedReferences: [UnresolvedReference] = []
  /// The GFM footnotes that are referenced, in the order of their numbers (the order of
  /// their first references). A definition nobody refers to is left out, as cmark-gfm does.
  package var footnotes: [Footnote] = []
  /// Footnote references (`[^label]`) with no definition: they stay text. For lint warnings.
  package var undefinedFootnotes: [UnresolvedReference] = []
  /// Footnote definitions no reference uses, with their labels and lines. For lint warnings.
  package var unusedFootnotes: [UnresolvedReference] = []

  package init(
    frontMatter: FrontMatter? = nil, blocks: [Block] = [],
    linkDefinitions: [String: LinkDefinition] = [:]
  ) {
    self.frontMatter = frontMatter
    self.blocks = blocks
    self.linkDefinitions = linkDefinitions
  }
}

/// `---` / `key: value` lines / `---` at the top of a file.
package struct FrontMatter: Sendable, Equatable {
  /// The key/value pairs in source order.
  package var entries: [(key: String, value: String, line: Int)]
  /// Lines inside the front matter that are not `key: value`, with their line numbers.
  package var malformedLines: [Int]
  /// The 1-based line of the closing `---`.
  package var endLine: Int
  /// The list items under a `key:` without a value, by that key's line (see
  /// ``FrontMatterParser``).
  package var lists: [Int: [FrontMatterItem]] = [:]

  package init(entries: [(key: String, value: String, line: Int)], malformedLines: [Int], endLine: Int) {
    self.entries = entries
    self.malformedLines = malformedLines
    self.endLine = endLine
  }

  /// The value for `key`, if present (first occurrence).
  package subscript(key: String) -> String? {
    entries.first(where: { $0.key == key })?.value
  }

  package static func == (lhs: FrontMatter, rhs: FrontMatter) -> Bool {
    lhs.endLine == rhs.endLine && lhs.malformedLines == rhs.malformedLines && lhs.lists == rhs.lists
      && lhs.entries.elementsEqual(rhs.entries) {
        $0.key == $1.key && $0.value == $1.value && $0.line == $1.line
      }
  }
}

/// A reference to a link label that was never defined.
package struct UnresolvedReference: Sendable, Equatable {
  package var label: String
  package var line: Int
}

/// A GFM footnote: its definition's label (as written there), number and content.
package struct Footnote: Sendable, Equatable {
  package var label: String
  /// 1 for the footnote referenced first, and so on.
  package var number: Int
  package var blocks: [Block]
  /// How many references point to it.
  package var referenceCount: Int
  /// The 1-based line of its definition.
  package var line: Int
}

/// A reference to a GFM footnote (`[^label]`).
package struct FootnoteReference: Sendable, Equatable {
  /// The label of the footnote's definition, as written there.
  package var label: String
  /// The footnote's number.
  package var number: Int
  /// 1 for the first reference to this footnote, 2 for the second, and so on.
  package var occurrence: Int
}

/// A link reference definition: `[label]: destination "title"`.
package struct LinkDefinition: Sendable, Equatable {
  package var destination: String
  package var title: String?
  /// The 1-based line where it was defined.
  package var line: Int
}

// MARK: - Blocks

/// A block-level element with the source lines it spans (1-based, inclusive).
package struct Block: Sendable, Equatable {
  package var kind: BlockKind
  package var startLine: Int
  package var endLine: Int

  package init(_ kind: BlockKind, startLine: Int, endLine: Int) {
    self.kind = kind
    self.startLine = startLine
    self.endLine = endLine
  }
}

package enum BlockKind: Sendable, Equatable {
  case paragraph([Inline])
  /// An ATX (`#`) or setext heading; `level` is 1...6.
  case heading(level: Int, content: [Inline])
  case thematicBreak
  /// A fenced (`info` may be empty) or indented code block. `literal` ends with a newline
  /// unless empty.
  case codeBlock(info: String, literal: String, fenced: Bool)
  /// A raw HTML block, kept verbatim (renderers decide whether to show it).
  case htmlBlock(String)
  /// A block quote; with GFM, `alert` is set when it is a GitHub alert (``AlertKind``), and
  /// its marker line is then not among the children.
  case blockQuote([Block], alert: AlertKind? = nil)
  case list(ListBlock)
  case table(Table)
}

/// A GitHub alert: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` alone (any case, trailing spaces allowed) followed by content,
/// as GitHub recognises it. GFM flavour only; CommonMark keeps it a block quote.
package enum AlertKind: String, Sendable, Equatable, Hashable, CaseIterable {
  case note, tip, important, warning, caution

  /// The label renderers show ("Warning"), as GitHub titles the alert.
  package var title: String {
    switch self {
    case .note: "Note"
    case .tip: "Tip"
    case .important: "Important"
    case .warning: "Warning"
    case .caution: "Caution"
    }
  }
}

/// A bullet or ordered list.
package struct ListBlock: Sendable, Equatable {
  package enum Marker: Sendable, Equatable {
    /// `-`, `+` or `*`.
    case bullet(Character)
    /// `1.` or `1)`: the start number and the delimiter.
    case ordered(start: Int, delimiter: Character)
  }

  package var marker: Marker
  /// A tight list renders its paragraphs without spacing (no `<p>` in HTML).
  package var isTight: Bool
  package var items: [ListItem]

  package init(marker: Marker, isTight: Bool, items: [ListItem]) {
    self.marker = marker
    self.isTight = isTight
    self.items = items
  }
}

/// One list item; `task` is `nil` for an ordinary item, `true`/`false` for a GFM task item.
package struct ListItem: Sendable, Equatable {
  package var blocks: [Block]
  package var task: Bool?
  package var startLine: Int

  package init(blocks: [Block], task: Bool? = nil, startLine: Int) {
    self.blocks = blocks
    self.task = task
    self.startLine = startLine
  }
}

/// A GFM table.
package struct Table: Sendable, Equatable {
  package enum Alignment: Sendable, Equatable {
    case none, left, center, right
  }

  package var alignments: [Alignment]
  /// One entry per column.
  package var header: [[Inline]]
  /// Each row has exactly `alignments.count` cells.
  package var rows: [[[Inline]]]

  package init(alignments: [Alignment], header: [[Inline]], rows: [[[Inline]]]) {
    self.alignments = alignments
    self.header = header
    self.rows = rows
  }
}

// MARK: - Inlines

/// An inline element. Text is already unescaped and entity-decoded.
///
/// Only the cases whose payload is larger than a `String` are `indirect` (boxed), so an
/// `Inline` is two words and text, code and emphasis need no allocation of their own.
package enum Inline: Sendable, Equatable {
  case text(String)
  case softBreak
  case hardBreak
  case code(String)
  case emphasis([Inline])
  case strong([Inline])
  case strikethrough([Inline])
  /// An inline, reference or autolink link. `destination` is not yet percent-encoded.
  indirect case link(destination: String, title: String?, content: [Inline])
  indirect case image(source: String, title: String?, alt: [Inline])
  /// Raw inline HTML, verbatim.
  case html(String)
  /// A reference to a GFM footnote; its content is in ``MarkdownDocument/footnotes``.
  indirect case footnoteReference(FootnoteReference)
}

extension Inline {
  /// The text content with all markup removed (used for image alt text, headings in lists, etc.).
  package var plainText: String {
    switch self {
    case .text(let s), .code(let s): return s
    case .html: return ""
    case .footnoteReference(let reference): return "[\(reference.number)]"
    case .softBreak, .hardBreak: return " "
    case .emphasis(let c), .strong(let c), .strikethrough(let c): return c.plainText
    case .link(_, _, let c): return c.plainText
    case .image(_, _, let alt): return alt.plainText
    }
  }
}

extension Array where Element == Inline {
  /// The concatenated plain text of a run of inlines.
  package var plainText: String {
    var out = ""
    for inline in self { out += inline.plainText }
    return out
  }
}
