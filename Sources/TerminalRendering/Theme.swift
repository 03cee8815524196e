import MarkdownSyntax

/// How each Markdown element looks: plain data, so themes can be compared, copied and
/// written by hand.
///
/// A theme holds styles and the few glyphs the renderer draws (bullets, check boxes, the
/// block-quote bar, the wrap marker). ``dark`` suits dark terminal backgrounds, ``light``
/// light ones, and ``monochrome`` uses only bold, underline, reverse and dim, so it reads
/// the same on any terminal and under `NO_COLOR`.
package struct Theme: Sendable, Hashable {
  /// Ordinary paragraph text.
  package var text: Style
  /// Headings by level: index 0 is level 1; levels past the end use the last entry.
  package var headings: [Style]
  /// The rule drawn under level-1 (`═`) and level-2 (`─`) headings, and the `###` marks of
  /// deeper headings.
  package var headingDecoration: Style
  package var emphasis: Style
  package var strong: Style
  package var strikethrough: Style
  /// Inline code spans.
  package var code: Style
  /// The lines of fenced and indented code blocks.
  package var codeBlock: Style
  /// The marker at the end of a code line that continues on the next line.
  package var wrapMarkerStyle: Style
  /// Raw HTML blocks, shown verbatim (never interpreted).
  package var html: Style
  package var quoteBar: Style
  package var listMarker: Style
  package var taskDone: Style
  package var taskOpen: Style
  /// Link text.
  package var link: Style
  /// The `[1]` after link text, and the number in the list of references.
  package var linkReference: Style
  /// URLs in the list of references.
  package var linkDestination: Style
  /// Image alt text.
  package var image: Style
  package var tableBorder: Style
  package var tableHeader: Style
  package var thematicBreak: Style

  /// Bullets by list nesting depth (cycled).
  package var bullets: [String]
  package var taskDoneGlyph: String
  package var taskOpenGlyph: String
  /// Drawn at the start of every line of a block quote, followed by a space.
  package var quoteBarGlyph: String
  /// Ends a code line that is continued on the next line (one cell wide).
  package var wrapMarker: String
  /// The bar and label colour of each kind of GitHub alert; a kind without one uses
  /// ``quoteBar`` (its label bold either way).
  package var alerts: [AlertKind: Style]
  /// Written before and after struck text where the output cannot strike it through (plain
  /// text, a theme without the attribute, a curses screen): `~~`, as lowdown's and pandoc's
  /// plain writers keep it, so that "~~Export~~ Search no longer stops" is not read as
  /// "Export Search no longer stops" (issue 47). Empty: nothing written.
  package var strikethroughMark = ""

  /// Builds a theme; every style defaults to ``Style/plain`` and the glyphs to the usual ones.
  package init(
    text: Style = .plain, headings: [Style] = [.plain], headingDecoration: Style = .plain,
    emphasis: Style = .plain, strong: Style = .plain, strikethrough: Style = .plain, code: Style = .plain,
    codeBlock: Style = .plain, wrapMarkerStyle: Style = .plain, html: Style = .plain,
    quoteBar: Style = .plain, listMarker: Style = .plain, taskDone: Style = .plain,
    taskOpen: Style = .plain, link: Style = .plain, linkReference: Style = .plain,
    linkDestination: Style = .plain, image: Style = .plain, tableBorder: Style = .plain,
    tableHeader: Style = .plain, thematicBreak: Style = .plain,
    bullets: [String] = ["•", "◦", "▪"], taskDoneGlyph: String = "☑", taskOpenGlyph: String = "☐",
    quoteBarGlyph: String = "│", wrapMarker: String = "↩", alerts: [AlertKind: Style] = [:]
  ) {
    self.alerts = alerts
    self.text = text
    self.headings = headings
    self.headingDecoration = headingDecoration
    self.emphasis = emphasis
    self.strong = strong
    self.strikethrough = strikethrough
    self.code = code
    self.codeBlock = codeBlock
    self.wrapMarkerStyle = wrapMarkerStyle
    self.html = html
    self.quoteBar = quoteBar
    self.listMarker = listMarker
    self.taskDone = taskDone
    self.taskOpen = taskOpen
    self.link = link
    self.linkReference = linkReference
    self.linkDestination = linkDestination
    self.image = image
    self.tableBorder = tableBorder
    self.tableHeader = tableHeader
    self.thematicBreak = thematicBreak
    self.bullets = bullets
    self.taskDoneGlyph = taskDoneGlyph
    self.taskOpenGlyph = taskOpenGlyph
    self.quoteBarGlyph = quoteBarGlyph
    self.wrapMarker = wrapMarker
  }

  /// This theme with struck text between `~~` marks, for output that cannot show the
  /// strikethrough attribute (plain text, curses screens).
  package func markingStrikethrough() -> Theme {
    var theme = self
    theme.strikethroughMark = "~~"
    return theme
  }

  /// The bar and label style of a GitHub alert of `kind`.
  package func alert(_ kind: AlertKind) -> Style { alerts[kind] ?? quoteBar }

  /// The style of a heading of `level` (1...6).
  package func heading(level: Int) -> Style {
    guard !headings.isEmpty else { return .plain }
    return headings[min(max(level, 1), headings.count) - 1]
  }

  // MARK: - The built-in themes

  /// For dark backgrounds: colour for structure, attributes for emphasis.
  package static let dark = builtIn(
    headings: [
      Style(foreground: .named(13), attributes: [.bold]), Style(foreground: .named(14), attributes: [.bold]),
      Style(foreground: .named(12), attributes: [.bold]), Style(foreground: .named(12)),
    ],
    muted: Style(foreground: .brightBlack), emphasis: italic, strong: bold,
    strikethrough: Style(attributes: [.strikethrough, .dim]), code: Style(foreground: .named(11)),
    codeBlock: Style(foreground: .named(10)), listMarker: Style(foreground: .named(11)),
    taskDone: Style(foreground: .named(10)), taskOpen: Style(foreground: .named(11)),
    link: Style(foreground: .named(12), attributes: [.underline]),
    linkDestination: Style(foreground: .named(12)),
    image: Style(foreground: .named(13)),
    alerts: [
      .note: Style(foreground: .named(12)), .tip: Style(foreground: .named(10)),
      .important: Style(foreground: .named(13)), .warning: Style(foreground: .named(11)),
      .caution: Style(foreground: .named(9)),
    ]
  )

  /// For light backgrounds: darker, non-bright colours.
  package static let light = builtIn(
    headings: [
      Style(foreground: .magenta, attributes: [.bold]), Style(foreground: .blue, attributes: [.bold]),
      Style(foreground: .cyan, attributes: [.bold]), Style(foreground: .cyan),
    ],
    muted: Style(foreground: .brightBlack), emphasis: italic, strong: bold,
    strikethrough: Style(attributes: [.strikethrough, .dim]), code: Style(foreground: .red),
    codeBlock: Style(foreground: .green), listMarker: Style(foreground: .yellow),
    taskDone: Style(foreground: .green), taskOpen: Style(foreground: .yellow),
    link: Style(foreground: .blue, attributes: [.underline]), linkDestination: Style(foreground: .blue),
    image: Style(foreground: .magenta),
    alerts: [
      .note: Style(foreground: .blue), .tip: Style(foreground: .green),
      .important: Style(foreground: .magenta),
      .warning: Style(foreground: .yellow), .caution: Style(foreground: .red),
    ]
  )

  /// No colour at all: only bold, underline, reverse and dim.
  /// Struck text is dim between `~~` marks: dim alone reads as plain.
  package static let monochrome = builtIn(
    headings: [Style(attributes: [.bold, .underline]), bold, bold, underline],
    muted: dim, emphasis: underline, strong: bold, strikethrough: dim, code: Style(attributes: [.reverse]),
    codeBlock: .plain, listMarker: bold, taskDone: bold, taskOpen: .plain,
    link: underline, linkDestination: underline, image: underline
  ).markingStrikethrough()

  private static let bold = Style(attributes: [.bold])
  private static let dim = Style(attributes: [.dim])
  private static let italic = Style(attributes: [.italic])
  private static let underline = Style(attributes: [.underline])

  /// A theme shaped as the built-in ones are: what frames the text (heading rules and `###`
  /// marks, the wrap marker, raw HTML, the quote bar, link numbers, table borders and
  /// thematic breaks) is drawn in `muted`, and table headers as `strong` text.
  private static func builtIn(
    headings: [Style], muted: Style, emphasis: Style, strong: Style, strikethrough: Style, code: Style,
    codeBlock: Style, listMarker: Style, taskDone: Style, taskOpen: Style, link: Style,
    linkDestination: Style, image: Style, alerts: [AlertKind: Style] = [:]
  ) -> Theme {
    Theme(
      headings: headings, headingDecoration: muted, emphasis: emphasis, strong: strong,
      strikethrough: strikethrough, code: code, codeBlock: codeBlock, wrapMarkerStyle: muted, html: muted,
      quoteBar: muted, listMarker: listMarker, taskDone: taskDone, taskOpen: taskOpen, link: link,
      linkReference: muted, linkDestination: linkDestination, image: image, tableBorder: muted,
      tableHeader: strong, thematicBreak: muted, alerts: alerts)
  }
}

extension Style {
  /// This style with `other` laid over it: `other`'s colours where they are not the default,
  /// and the union of the attributes. Used to nest emphasis inside links, headings, etc.
  package func overlaid(with other: Style) -> Style {
    Style(
      foreground: other.foreground == .default ? foreground : other.foreground,
      background: other.background == .default ? background : other.background,
      attributes: attributes.union(other.attributes))
  }
}
