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
      var s = scroller
      if s.handle(key) { scroller = s }
      return []
    case .wheel(let direction):
      scroller.handle(direction)
      return []
    case .resize, .tick:
      return []
    }
  }

  public func draw(into canvas: inout Canvas) {
    let w = canvas.width
    let h = canvas.height
    canvas.bar(
      row: 0, left: "Welcome back to \(appName)", right: awayLabel, style: palette.titleBar,
      rightStyle: palette.titleBarDetail)
    // The card: as wide as comfortable, as tall as the greeting, centred.
    let cardWidth = min(w - 2, 64)
    let inner = max(1, cardWidth - 4)
    let lines = greeting.lines(width: inner)
    let room = h - 2
    let cardHeight = min(room, lines.count + 4)
    let top = 1 + max(0, (room - cardHeight) / 2)
    let left = max(0, (w - cardWidth) / 2)
    var s = scroller
    let visible = max(0, cardHeight - 4)
    s.resize(contentHeight: lines.count, viewportHeight: visible)
    if cardHeight >= 3 {
      canvas.box(row: top, column: left, width: cardWidth, height: cardHeight, style: palette.border)
      for i in 0..<visible where s.offset + i < lines.count {
        canvas.put(line: lines[s.offset + i], row: top + 2 + i, column: left + 2, maxWidth: inner)
      }
    }
    canvas.footer(
      row: h - 1, hints: [(key: "⏎", action: "continue"), (key: "q", action: "close")], right: "",
      palette: palette)
  }

  public var help: [HelpEntry] {
    [HelpEntry("Enter  space", "continue"), HelpEntry("q  Esc", "close")]
  }

  // MARK: - Helpers

  private var awayLabel: String { days == 1 ? "away 1 day" : "away \(days) days" }
}
