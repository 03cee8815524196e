import TerminalRendering

/// The "Get started" checklist card: one row per walkthrough step the app can tell the user
/// did (a page with a `done-when:` event), ticked (`✓`) once done, an empty mark (`○`)
/// before, and how many are done.
///
/// Enter, `q`, space or Esc goes on (the card comes back on a later launch while a step is
/// not done); `x` dismisses it for good (``ScreenEffect/stopShowing(_:)`` of
/// ``Presentation/checklist``). `t` opens the walkthrough over the card, from its first page,
/// when the card was given one: closing or finishing it comes back to the card, and it
/// records nothing (the walkthrough is read again, not completed).
package struct ChecklistScreen: Screen {
  /// One row: a walkthrough page's title and whether the user did what it teaches.
  package struct Step: Sendable, Equatable {
    package var title: String
    package var isDone: Bool

    package init(title: String, isDone: Bool) {
      self.title = title
      self.isDone = isDone
    }
  }

  package let appName: String
  package let steps: [Step]
  package var palette: Palette
  /// The walkthrough's pages, which `t` opens; none: `t` is disabled.
  package let tour: [OnboardingScreen.Page]
  /// The walkthrough while it is open over the card.
  private var walkthrough: OnboardingScreen?
  private var size = (width: 80, height: 24)

  package init(appName: String, steps: [Step], tour: [OnboardingScreen.Page] = [], palette: Palette = .dark) {
    self.appName = appName
    self.steps = steps
    self.tour = tour
    self.palette = palette
  }

  /// How many steps are done.
  package var doneCount: Int { steps.filter(\.isDone).count }

  /// `1 of 3 done`.
  package var progressLabel: String { "\(doneCount) of \(steps.count) done" }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    if case .resize(let width, let height) = event { size = (width, height) }
    if var open = walkthrough {
      // The walkthrough read again from the card records nothing; closing it comes back here.
      let effects = open.update(event)
      walkthrough = effects.contains(.close) || effects.contains(.quit) ? nil : open
      return []
    }
    let keys = Self.keys(hasTour: !tour.isEmpty)
    switch event {
    case .key(keys.tour):
      var open = OnboardingScreen(appName: appName, pages: tour, palette: palette)
      _ = open.update(.resize(width: size.width, height: size.height))
      walkthrough = open
    case .key(keys.dismiss):
      return [.close]
    case .key(keys.never):
      return [.stopShowing(.checklist), .close]
    case .key, .wheel, .tick, .resize:
      break
    }
    return []
  }

  package func draw(into canvas: inout Canvas) {
    if let walkthrough {
      walkthrough.draw(into: &canvas)
      return
    }
    let h = canvas.height
    canvas.bar(
      row: 0, left: "Get started with \(appName)", right: progressLabel, style: palette.titleBar,
      rightStyle: palette.titleBarDetail)
    canvas.card(style: palette.border) { width, rows in lines(width: width, rows: rows) }
    canvas.footer(row: h - 1, bindings: footerBindings, right: "", palette: palette)
  }

  /// The card's keys.
  package struct Keys: Sendable {
    /// Goes on with the app; the card comes back while a step is not done.
    package var dismiss = KeyBinding(
      [.enter, .char("q"), .char(" "), .escape], help: HelpEntry("q  Enter  space  Esc", "continue"),
      footer: FooterHint("q", "continue"), answer: TypedAnswer(["", "q"], label: "continue"))
    /// Opens the walkthrough over the card.
    package var tour: KeyBinding
    /// Dismisses the card for good.
    package var never = KeyBinding(
      [.char("x")], help: HelpEntry("x", "don't show this again"),
      footer: FooterHint("x", "don't show again"),
      answer: TypedAnswer(["x"], label: "don't show this again"))

    /// Every binding, in the help overlay's order.
    package var all: [KeyBinding] { [dismiss, tour, never] }
  }

  /// The card's keys: `t` only when it has a walkthrough to open.
  package static func keys(hasTour: Bool) -> Keys {
    Keys(
      tour: KeyBinding(
        [.char("t")], help: HelpEntry("t", "take the tour again"), footer: FooterHint("t", "tour"),
        answer: TypedAnswer(["t"], label: "tour"), isEnabled: hasTour))
  }

  package var bindings: [KeyBinding] {
    if let walkthrough { return walkthrough.bindings }
    return Self.keys(hasTour: !tour.isEmpty).all.enabled
  }

  package var footerBindings: [KeyBinding] {
    if let walkthrough { return walkthrough.footerBindings }
    return Self.keys(hasTour: !tour.isEmpty).all.enabled
  }

  package var legend: [HelpEntry] {
    if let walkthrough { return walkthrough.legend }
    return [HelpEntry("✓  ○", "done / not done yet")]
  }

  /// The card as text, one line per step saying `done` or `not done yet` in words (a screen
  /// reader says nothing useful for `○`); the walkthrough's while it is open.
  package var plainText: ScreenText? {
    if let walkthrough { return walkthrough.plainText }
    let card = self
    return ScreenText(identity: "checklist") { width in
      var lines = ScreenText.wrap("Get started with \(card.appName): \(card.progressLabel)", width)
      lines.append(StyledLine())
      for step in card.steps {
        lines += ScreenText.wrap("\(step.title): \(step.isDone ? "done" : "not done yet")", width)
      }
      return lines
    }
  }

  // MARK: - Helpers

  /// The card's text at `width`: the steps, one row each (a title too long is cut with `…`),
  /// then how many are done. With fewer than all `rows`, the last row says how many more
  /// steps there are.
  private func lines(width: Int, rows: Int = .max) -> [StyledLine] {
    var lines: [StyledLine] = []
    for step in steps {
      var line = StyledLine()
      line.append(step.isDone ? "✓ " : "○ ", style: step.isDone ? palette.accent : palette.dim)
      line.append(CellText.truncate(Sanitizer.sanitize(step.title), to: max(1, width - 2)))
      lines.append(line)
    }
    let summary =
      "\(progressLabel). A step is ticked once you have done it in \(appName)"
      + (tour.isEmpty ? "." : "; t shows the tour again.")
    let all =
      lines + [StyledLine()]
      + TextWrapper.wrap(StyledLine(Sanitizer.sanitize(summary), style: palette.dim), width: width)
    if all.count <= rows { return all }
    // Too short for the summary (the title bar counts too): the steps alone, else as many as
    // fit and how many more.
    if lines.count <= rows { return lines }
    guard rows > 0 else { return [] }
    return Array(lines.prefix(rows - 1)) + [
      StyledLine("… \(steps.count - rows + 1) more", style: palette.dim)
    ]
  }
}
