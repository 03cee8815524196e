import TerminalRendering

/// The styles of the screens' own chrome (bars, lists, dots, boxes). Plain data, like the
/// Markdown themes; the notes themselves are styled by whoever renders the ``LineSource``s.
package struct Palette: Sendable, Hashable {
  /// The title bar at the top of a screen.
  package var titleBar: Style
  /// The right-hand part of the title bar (a version, a page count).
  package var titleBarDetail: Style
  /// The key-hint bar at the bottom.
  package var footer: Style
  /// A key named in the footer or the help overlay.
  package var footerKey: Style
  /// Headings and highlights drawn by the screens.
  package var accent: Style
  /// Secondary text: dates, counts, hints.
  package var dim: Style
  /// The selected entry of a list that has the focus.
  package var selection: Style
  /// The selected entry of a list that does not have the focus.
  package var inactiveSelection: Style
  /// Box and separator lines.
  package var border: Style
  /// Box and separator lines around the part that has the focus.
  package var focusedBorder: Style
  /// Error messages.
  package var error: Style
  /// The filled part of a progress bar.
  package var progressFill: Style
  /// The empty part of a progress bar.
  package var progressEmpty: Style

  package init(
    titleBar: Style, titleBarDetail: Style, footer: Style, footerKey: Style, accent: Style, dim: Style,
    selection: Style, inactiveSelection: Style, border: Style, focusedBorder: Style, error: Style,
    progressFill: Style, progressEmpty: Style
  ) {
    self.titleBar = titleBar
    self.titleBarDetail = titleBarDetail
    self.footer = footer
    self.footerKey = footerKey
    self.accent = accent
    self.dim = dim
    self.selection = selection
    self.inactiveSelection = inactiveSelection
    self.border = border
    self.focusedBorder = focusedBorder
    self.error = error
    self.progressFill = progressFill
    self.progressEmpty = progressEmpty
  }

  /// Colours for a dark terminal background (the default).
  package static let dark = Palette(
    titleBar: Style(foreground: .named(15), background: .indexed(24), attributes: .bold),
    titleBarDetail: Style(foreground: .indexed(153), background: .indexed(24)),
    footer: Style(foreground: .indexed(250), background: .indexed(236)),
    footerKey: Style(foreground: .indexed(222), background: .indexed(236), attributes: .bold),
    accent: Style(foreground: .indexed(81), attributes: .bold),
    dim: Style(foreground: .indexed(244)),
    selection: Style(foreground: .named(15), background: .indexed(31), attributes: .bold),
    inactiveSelection: Style(foreground: .indexed(252), background: .indexed(238)),
    border: Style(foreground: .indexed(240)),
    focusedBorder: Style(foreground: .indexed(81)),
    error: Style(foreground: .indexed(203), attributes: .bold),
    progressFill: Style(foreground: .indexed(78)),
    progressEmpty: Style(foreground: .indexed(238))
  )

  /// Colours for a light terminal background.
  package static let light = Palette(
    titleBar: Style(foreground: .named(15), background: .indexed(25), attributes: .bold),
    titleBarDetail: Style(foreground: .indexed(195), background: .indexed(25)),
    footer: Style(foreground: .indexed(238), background: .indexed(253)),
    footerKey: Style(foreground: .indexed(88), background: .indexed(253), attributes: .bold),
    accent: Style(foreground: .indexed(25), attributes: .bold),
    dim: Style(foreground: .indexed(243)),
    selection: Style(foreground: .named(15), background: .indexed(25), attributes: .bold),
    inactiveSelection: Style(foreground: .indexed(235), background: .indexed(252)),
    border: Style(foreground: .indexed(248)),
    focusedBorder: Style(foreground: .indexed(25)),
    error: Style(foreground: .indexed(160), attributes: .bold),
    progressFill: Style(foreground: .indexed(28)),
    progressEmpty: Style(foreground: .indexed(252))
  )

  /// Attributes only (bold, dim, reverse, underline), for `NO_COLOR` and `--color never`.
  package static let monochrome = Palette(
    titleBar: Style(attributes: [.reverse, .bold]),
    titleBarDetail: Style(attributes: .reverse),
    footer: Style(attributes: .reverse),
    footerKey: Style(attributes: [.reverse, .bold]),
    accent: Style(attributes: .bold),
    dim: Style(attributes: .dim),
    selection: Style(attributes: [.reverse, .bold]),
    inactiveSelection: Style(attributes: .underline),
    border: Style(attributes: .dim),
    focusedBorder: Style(attributes: .bold),
    error: Style(attributes: .bold),
    progressFill: Style(attributes: .bold),
    progressEmpty: Style(attributes: .dim)
  )
}
