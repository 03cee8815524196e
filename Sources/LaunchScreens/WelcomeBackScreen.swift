import TerminalRendering

/// The welcome-back screen after a long absence: the greeting (with the days away filled in)
/// in a centred card. Any of Enter, space, `q` or Esc dismisses it.
public struct WelcomeBackScreen: Screen {
  public let appName: String
  /// Days since the previous launch.
  public let days: Int
  /// The greeting from `welcome-back.md`, `{{days}}` already replaced.
  public let greeting: LineSource
  public var palette: Palette
  private var scroller = Scroller()

  public init(appName: String, days: Int, greeting: LineSource, palette: Palette = .dark) {
    self.appName = appName
    self.days = days
    self.greeting = greeting
    self.palette = palette
  }

  public mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .key(.enter), .key(.char(" ")), .key(.char("q")), .key(.escape), .key(.right), .key(.char("n")):
      return [.dismissed(.welcomeBack), .close]
    case .key(let key):
      _ = scroller.handle(key)
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

  public func draw(into canvas: inout Canvas) {
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
    // Every key it names dismisses the card, as the greeting's own text may say of `q`.
    var hints = [(key: "q", action: "continue")]
    var right = ""
    if s.contentHeight > s.viewportHeight {
      hints.append((key: "↑↓", action: "scroll"))
      right = s.positionLabel
    }
    canvas.footer(row: h - 1, hints: hints, right: right, palette: palette)
  }

  public var help: [HelpEntry] {
    [HelpEntry("q  Enter  space  Esc", "continue"), HelpEntry("j k ↑ ↓", "scroll the greeting")]
  }

  /// The card's geometry at a size: as wide as comfortable, as tall as the greeting (with a
  /// blank line above and below it when there is room), centred between the bars.
  private struct Card {
    let lines: [StyledLine]
    let width: Int
    let inner: Int
    let height: Int
    let top: Int
    let left: Int
    let padding: Int
    let visible: Int

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

  private var awayLabel: String { days == 1 ? "away 1 day" : "away \(days) days" }
}
