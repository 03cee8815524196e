import TerminalRendering

/// The first-launch walkthrough: one page at a time, page dots and `2/4`, next, back, skip.
///
/// Every page change is reported as ``ScreenEffect/onboardingProgress(page:)`` so an
/// interrupted walkthrough resumes where it stopped; the end is reported as
/// ``ScreenEffect/onboardingFinished(skippedAt:)``. `q`/Esc leaves without finishing (the
/// walkthrough stays pending).
package struct OnboardingScreen: Screen {
  /// One page of the onboarding walkthrough.
  package struct Page: Sendable {
    /// The page's heading (for the title bar and the help text).
    package var title: String
    /// The page's text below its title, as the renderer draws it.
    package var body: LineSource
    /// True when the user already did what the page teaches (its `done-when:` event happened).
    package var isDone: Bool

    package init(title: String, body: LineSource, isDone: Bool = false) {
      self.title = title
      self.body = body
      self.isDone = isDone
    }

    /// The title as the page shows it: `Write a note  ✓ done` once done.
    package var heading: String {
      guard isDone else { return title }
      return title.isEmpty ? "✓ done" : title + "  ✓ done"
    }
  }

  package let appName: String
  package let pages: [Page]
  /// The current page, 0-based.
  package private(set) var page: Int
  package var palette: Palette
  private var scroller = Scroller()
  private var layout: Layout?

  /// Opens the walkthrough on `startPage` (clamped to the pages there are).
  package init(appName: String, pages: [Page], startPage: Int = 0, palette: Palette = .dark) {
    self.appName = appName
    self.pages = pages
    self.page = max(0, min(startPage, pages.count - 1))
    self.palette = palette
  }

  package var isLastPage: Bool { page >= pages.count - 1 }

  /// `2/4`.
  package var pageLabel: String { "\(page + 1)/\(max(1, pages.count))" }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .resize(let width, let height):
      relayout(width: width, height: height)
      return []
    case .wheel(let direction):
      scroller.handle(direction)
      return []
    case .tick:
      return []
    case .key(let key):
      return handle(key)
    }
  }

  package func draw(into canvas: inout Canvas) {
    var me = self
    if layout?.width != canvas.width || layout?.height != canvas.height {
      me.relayout(width: canvas.width, height: canvas.height)
    }
    me.drawLaidOut(into: &canvas)
  }

  /// The walkthrough's keys: what `update` matches and the help, the footer and the
  /// accessible mode show.
  package struct Keys: Sendable {
    /// The next page, or the end on the last one.
    package var next = KeyBinding(
      [.char("n"), .enter, .right, .char("l")], help: HelpEntry("n  Enter  →", "next page"),
      footer: FooterHint("n", "next"), answer: TypedAnswer(["", "n"], label: "next"))
    package var back = KeyBinding(
      [.char("p"), .left, .char("h"), .backspace], help: HelpEntry("p  ←", "previous page"),
      footer: FooterHint("p", "back"), answer: TypedAnswer(["p"], label: "back"))
    package var skip = KeyBinding(
      [.char("s")], help: HelpEntry("s", "skip the tour"), footer: FooterHint("s", "skip"),
      answer: TypedAnswer(["s"], label: "skip"))
    /// Scrolls a page taller than the screen, and at its end turns the page.
    package var spaceBar = KeyBinding(
      [.char(" ")], help: HelpEntry("space", "scroll a page, at its end the next"))
    /// Scrolls a page taller than the screen (space is ``spaceBar``).
    package var scroll = Scroller.Keys.standard.without(.char(" ")).described(
      line: HelpEntry("j k  ↑ ↓", "scroll a long page"), page: HelpEntry("f  PgDn", "scroll a page"),
      pageBack: HelpEntry("b  PgUp", "scroll back a page"),
      ends: HelpEntry("g G  Home End", "top / end of the page"))
    /// Leaves without finishing: the walkthrough resumes on this page next time.
    package var close = KeyBinding(
      [.char("q"), .escape], help: HelpEntry("q  Esc", "close (resume later)"),
      footer: FooterHint("q", "later"),
      answer: TypedAnswer(["q"], label: "later"))

    /// Every binding, in the help overlay's order.
    package var all: [KeyBinding] { [next, back, skip, spaceBar] + scroll.all + [close] }

    static let base = Keys()
  }

  /// The keys on the current page.
  package var keys: Keys {
    var keys = Keys.base
    keys.back.isEnabled = page > 0
    if isLastPage {
      keys.next.footer?.action = "finish"
      keys.next.answer?.label = "finish"
      // Still accepted on the last page, where it ends the tour as finishing does not.
      keys.skip.answer?.label = nil
    }
    return keys
  }

  package var bindings: [KeyBinding] { keys.all.enabled }

  /// The footer: next (or finish), back past the first page, skip before the last, later, help.
  package var footerBindings: [KeyBinding] {
    let keys = self.keys
    var shown = [keys.next, keys.back]
    if !isLastPage { shown.append(keys.skip) }
    return shown.enabled + [keys.close, ScreenStack.showHelp]
  }

  /// The page as text: where the reader is, the page's title and its text.
  package var plainText: ScreenText? {
    let screen = self
    return ScreenText(identity: "onboarding \(page)") { width in
      let page = screen.page
      var lines = ScreenText.wrap(
        "Welcome to \(screen.appName), page \(page + 1) of \(max(1, screen.pages.count))", width)
      if screen.pages.indices.contains(page) {
        let current = screen.pages[page]
        if !current.heading.isEmpty { lines += [StyledLine()] + ScreenText.wrap(current.heading, width) }
        lines += [StyledLine()] + current.body.lines(width: width)
      }
      return lines
    }
  }

  // MARK: - Helpers

  private struct Layout: Sendable {
    var width: Int
    var height: Int
    var lines: [StyledLine]
    var column: Int
    var textWidth: Int
    var bodyTop: Int
    var bodyHeight: Int
  }

  private mutating func handle(_ key: Key) -> [ScreenEffect] {
    let keys = self.keys
    switch key {
    case keys.next:
      return next()
    case keys.spaceBar:
      if scroller.isAtBottom { return next() }
      scroller.scroll(pages: 1)
      return []
    case keys.back:
      return go(to: page - 1)
    case keys.skip:
      return [.onboardingFinished(skippedAt: page), .close]
    case keys.close:
      return [.close]
    default:
      _ = scroller.handle(key, with: keys.scroll)
      return []
    }
  }

  private mutating func next() -> [ScreenEffect] {
    if isLastPage { return [.onboardingFinished(skippedAt: nil), .close] }
    return go(to: page + 1)
  }

  private mutating func go(to newPage: Int) -> [ScreenEffect] {
    page = newPage
    scroller = Scroller()
    if let layout { relayout(width: layout.width, height: layout.height) }
    return [.onboardingProgress(page: page)]
  }

  private mutating func relayout(width: Int, height: Int) {
    let textWidth = max(1, min(width - 4, 76))
    let column = max(0, (width - textWidth) / 2)
    let bodyTop = height >= 12 ? 2 : 1
    // Below the body: a blank line (when there is room), the dots, a blank line, the footer.
    let below = height >= 12 ? 4 : 3
    let bodyHeight = max(0, height - bodyTop - below)
    var lines: [StyledLine] = []
    if !pages.isEmpty {
      // The page's title as its heading, then its text.
      let title = pages[page].heading
      if !title.isEmpty {
        lines += TextWrapper.wrap(StyledLine(title, style: palette.accent), width: textWidth)
        lines.append(StyledLine())
      }
      lines += pages[page].body.lines(width: textWidth)
    }
    layout = Layout(
      width: width, height: height, lines: lines, column: column, textWidth: textWidth, bodyTop: bodyTop,
      bodyHeight: bodyHeight)
    scroller.resize(contentHeight: lines.count, viewportHeight: bodyHeight)
  }

  private func drawLaidOut(into canvas: inout Canvas) {
    guard let layout else { return }
    let h = canvas.height
    canvas.bar(
      row: 0, left: "Welcome to \(appName)", right: pageLabel, style: palette.titleBar,
      rightStyle: palette.titleBarDetail)
    for i in 0..<layout.bodyHeight {
      let index = scroller.offset + i
      guard index < layout.lines.count else { break }
      canvas.put(
        line: layout.lines[index], row: layout.bodyTop + i, column: layout.column, maxWidth: layout.textWidth)
    }
    // The page dots: the current page filled, and `2/4` beside them.
    var dots = StyledLine()
    for i in pages.indices {
      if i > 0 { dots.append(" ") }
      dots.append(i == page ? "●" : "○", style: i == page ? palette.accent : palette.dim)
    }
    dots.append("  " + pageLabel, style: palette.dim)
    canvas.centered(line: dots, row: h - 3)
    // `↓ more` at the right, when it leaves at least two blank cells after the dots.
    let dotsEnd = (canvas.width - dots.width) / 2 + dots.width
    if !scroller.isAtBottom, dotsEnd + 2 <= canvas.width - 8 {
      canvas.put("↓ more", row: h - 3, column: canvas.width - 8, style: palette.dim)
    }
    canvas.footer(row: h - 1, bindings: footerBindings, right: "", palette: palette)
  }
}
