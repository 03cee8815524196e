import TerminalRendering

/// The welcome-back screen after a long absence: the greeting (with the days away filled in)
/// in a centred card. Any of Enter, space, `q` or Esc dismisses it.
package struct WelcomeBackScreen: Screen {
  package let appName: String
  /// Days since the previous launch.
  package let days: Int
  /// The greeting from `welcome-back.md`, `{{days}}` already replaced.
  package let greeting: LineSource
  package var palette: Palette
  private var scroller = Scroller()

  package init(appName: String, days: Int, greeting: LineSource, palette: Palette = .dark) {
    self.appName = appName
    self.days = days
    self.greeting = greeting
    self.palette = palette
  }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .key(Self.keys.dismiss):
      return [.dismissed(.welcomeBack), .close]
    case .key(let key):
      _ = scroller.handle(key, with: Self.keys.scroll)
    case .wheel(let direction):
      scroller.handle(direction)
    case .resize(let width, let height):
      let card = Card(greeting: greeting, width: width, height: height)
      scroller.resize(contentHeight: card.lines.count, viewportHeight: card.visible)
    case .tick:
      break
    }
    return []
  }

  package func draw(into canvas: inout Canvas) {
    let h = canvas.height
    canvas.bar(
      row: 0, left: "Welcome back to \(appName)", right: awayLabel, style: palette.titleBar,
      rightStyle: palette.titleBarDetail)
    let card = Card(greeting: greeting, width: canvas.width, height: h)
    var s = scroller
    s.resize(contentHeight: card.lines.count, viewportHeight: card.visible)
    if card.height >= 3 {
      canvas.box(
        row: card.top, column: card.left, width: card.width, height: card.height, style: palette.border)
      for i in 0..<card.visible where s.offset + i < card.lines.count {
        canvas.put(
          line: card.lines[s.offset + i], row: card.top + 1 + card.padding + i, column: card.left + 2,
          maxWidth: card.inner)
      }
    }
    canvas.footer(
      row: h - 1, bindings: footerBindings(scrolls: s.contentHeight > s.viewportHeight),
      right: s.contentHeight > s.viewportHeight ? s.positionLabel : "", palette: palette)
  }

  /// The card's keys: what `update` matches and the help, the footer and the accessible mode
  /// show.
  package struct Keys: Sendable {
    /// Every key it names dismisses the card, as the greeting's own text may say of `q`.
    package var dismiss = KeyBinding(
      [.enter, .char("q"), .char(" "), .escape, .right, .char("n")],
      help: HelpEntry("q  Enter  space  Esc", "continue"),
      footer: FooterHint("q", "continue"), answer: TypedAnswer(["", "q"], label: "continue"))
    /// Scrolls a greeting taller than the card (space is ``dismiss``).
    package var scroll = Scroller.Keys.standard.without(.char(" ")).described(
      line: HelpEntry("j k ↑ ↓", "scroll the greeting"), page: HelpEntry("f  PgDn", "scroll a page"),
      pageBack: HelpEntry("b  PgUp", "scroll back a page"))

    /// Every binding, in the help overlay's order.
    package var all: [KeyBinding] { [dismiss] + scroll.all }
  }

  /// The card's keys (the same in every state).
  package static let keys: Keys = {
    var keys = Keys()
    keys.scroll.lineDown.footer = FooterHint("↑↓", "scroll")
    keys.scroll.lineUp.footer = FooterHint("↑↓", "scroll")
    return keys
  }()

  package var bindings: [KeyBinding] { Self.keys.all }

  package var footerBindings: [KeyBinding] {
    footerBindings(scrolls: scroller.contentHeight > scroller.viewportHeight)
  }

  /// The card as text: the title bar's words, then the greeting.
  package var plainText: ScreenText? {
    let card = self
    return ScreenText(identity: "welcome-back") { width in
      let away = card.days == 1 ? "1 day" : "\(card.days) days"
      return ScreenText.wrap("Welcome back to \(card.appName), away \(away)", width) + [StyledLine()]
        + card.greeting.lines(width: width)
    }
  }

  /// The card's geometry at a size: as wide as comfortable, as tall as the greeting (with a
  /// blank line above and below it when there is room), centred between the bars.
  private struct Card {
    let lines: [StyledLine]
    /// Outer and inner width, height, where it stands, the blank lines around the greeting
    /// and how many of its lines show.
    let width: Int, inner: Int, height: Int, top: Int, left: Int, padding: Int, visible: Int

    init(greeting: LineSource, width w: Int, height h: Int) {
      width = min(w - 2, 64)
      inner = max(1, width - 4)
      lines = greeting.lines(width: inner)
      let room = h - 2
      padding = room >= lines.count + 4 ? 1 : 0
      height = min(room, lines.count + 2 + 2 * padding)
      top = 1 + max(0, (room - height) / 2)
      left = max(0, (w - width) / 2)
      visible = max(0, height - 2 - 2 * padding)
    }
  }

  // MARK: - Helpers

  /// Continue, and the scrolling keys when the greeting does not fit the card.
  private func footerBindings(scrolls: Bool) -> [KeyBinding] {
    [Self.keys.dismiss] + (scrolls ? [Self.keys.scroll.lineDown, Self.keys.scroll.lineUp] : [])
  }

  private var awayLabel: String { days == 1 ? "away 1 day" : "away \(days) days" }
}
