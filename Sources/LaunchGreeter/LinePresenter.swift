import LaunchScreens
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The greeting as plain lines and typed answers: the accessible mode's logic, with no I/O.
///
/// It holds the same ``ScreenStack`` the full-screen UI would run, built by the same
/// ``GreetingScreens`` for the same decision, and presents its top screen as text appended
/// to the scrollback: the walkthrough page by page, the what's-new sheet with every release
/// at once (a brief release by its heading; past ten releases the newest, until `e`), the
/// welcome-back card, an update failure. Each answer is turned into the key the
/// full-screen UI binds to the same choice and handed to the screen's own `update`, so the
/// effects (and what ``GreetingReducer`` records for them) are the full UI's by construction:
///
/// | screen | answers | the full UI's key |
/// |---|---|---|
/// | walkthrough | Enter or `n`: next (finish on the last page), `p`: back, `s`: skip, `q`: later | `n`, `p`, `s`, `q` |
/// | what's new | Enter or `q`: done, `l`: later, `x`: no more release notes, `e`: the earlier releases (a long range) | `q`, `l`, `x`, `e` |
/// | welcome back, update failure | Enter or `q`: continue | Enter |
///
/// `?` repeats the choices in words; any other answer is refused with the list of choices.
/// The end of input (nil) leaves at once without dismissing anything (``ScreenEffect/quit``:
/// what is not yet dismissed stays pending, as after `q` on the walkthrough), and
/// ``interrupt()`` is Ctrl-C (``ScreenEffect/interrupt``). A screen it cannot show as text
/// (an app's own full-screen UI) ends the presentation.
///
/// Text is rendered by `TerminalMarkdown` with ``theme`` at the width given, written as
/// `PlainSerializer` writes it (no escape bytes), without box-drawing or block characters:
/// heading rules, thematic breaks and table borders are left out, table bars become `|`, and
/// any such character in the notes themselves becomes its ASCII look-alike.
struct LinePresenter {
  /// What to print next.
  struct Output: Sendable, Equatable {
    /// Whole lines, each to be followed by a newline.
    var lines: [String]
    /// The question to print without a newline, or nil when the presentation is over.
    var prompt: String?
  }

  /// What the terminal read: a line (without its newline), the end of input, or a
  /// termination signal.
  enum Input: Sendable, Equatable {
    case line(String)
    case end
    case signal(Int32)
  }

  /// Presents `stack` until it is done: prints with `write`, reads with `read`, and hands
  /// every effect to `perform` (which may change the stack). Returns when the stack quits or
  /// empties, when nothing left on it can be shown as text, or on a signal (SIGINT, which is
  /// Ctrl-C here, ends it as ``ScreenEffect/interrupt``, the others as
  /// ``GreeterTerminal/RunEnd/signal(_:)``).
  static func run(
    _ stack: inout ScreenStack, width: () -> Int, write: (String) -> Void, read: () -> Input,
    perform: (ScreenEffect, inout ScreenStack) -> Void
  ) -> GreeterTerminal.RunEnd {
    var presenter = LinePresenter(stack: stack)
    defer { stack = presenter.stack }
    func print(_ lines: [String]) {
      if !lines.isEmpty { write(lines.joined(separator: "\n") + "\n") }
    }
    while true {
      let output = presenter.output(width: width())
      print(output.lines)
      guard let prompt = output.prompt else { return .finished }
      write(prompt)
      var effects: [ScreenEffect]
      switch read() {
      case .line(let typed):
        let answered = presenter.answer(typed)
        print(answered.lines)
        effects = answered.effects
      case .end:
        write("\n")  // the terminal echoed no newline for Ctrl-D
        effects = presenter.answer(nil).effects
      case .signal(let signal):
        write("\n")  // after the `^C` the terminal echoed
        guard signal == SIGINT else { return .signal(signal) }
        effects = presenter.interrupt()
      }
      for effect in effects {
        perform(effect, &presenter.stack)
        if effect == .quit || effect == .interrupt { return .finished }
      }
      if presenter.stack.isEmpty { return .finished }
    }
  }

  /// The screens, as the full-screen UI would run them; effects are performed on it.
  var stack: ScreenStack

  /// A presenter for `stack`'s top screen.
  init(stack: ScreenStack) {
    self.stack = stack
  }

  /// The top screen's text when it differs from what was presented last (the first call, a
  /// page turned, the next screen), then its prompt; no prompt once nothing is left to show.
  mutating func output(width: Int) -> Output {
    guard let current = Self.described(stack.screens.last) else {
      presented = nil
      return Output(lines: [], prompt: nil)
    }
    var lines: [String] = []
    if presented != current.identity {
      let text =
        presented != nil && presented == current.continues
        ? current.continuation ?? current.text : current.text
      presented = current.identity
      lines = [""] + text(max(1, width)).map(Self.clean) + [""]
    }
    return Output(lines: lines, prompt: Self.clean(current.prompt))
  }

  /// Applies one typed line (without its newline; nil at the end of input). Returns the
  /// effects to perform and lines to print (for an answer that is not one of the choices).
  mutating func answer(_ typed: String?) -> (effects: [ScreenEffect], lines: [String]) {
    guard let typed else { return ([.quit], []) }
    guard let current = Self.described(stack.screens.last) else { return ([.quit], []) }
    let answer = String(typed.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      .lowercased()
    if answer == "?" || answer == "h" || answer == "help" {
      return ([], current.choices.filter { $0.label != nil }.map { Self.clean("\($0.name): \($0.help)") })
    }
    guard let choice = current.choices.first(where: { $0.answer == answer }) else {
      let names = current.choices.filter { $0.label != nil }.map(\.name)
      let request =
        names == ["Enter"]
        ? "Please press Enter, or type ? for help."
        : "Please type one of: \(names.joined(separator: ", ")), or ? for help."
      return ([], [Self.clean(request)])
    }
    return (stack.update(.key(choice.key)), [])
  }

  /// Ctrl-C: leave at once, dismissing nothing more.
  func interrupt() -> [ScreenEffect] { [.interrupt] }

  /// The line that reports an update step starting, or nil for the other progress reports
  /// (a step finished) and other screens: the full-screen UI's progress screen, without the
  /// bar.
  static func progressLine(_ screen: some Screen) -> String? {
    guard let screen = screen as? UpdateProgressScreen, screen.completed < Double(screen.step) else {
      return nil
    }
    let target = screen.version.map { "Updating \(screen.appName) to \($0)" } ?? "Updating \(screen.appName)"
    let summary = screen.summary.isEmpty ? "" : ": \(screen.summary)"
    return clean("\(target), step \(screen.step) of \(screen.total)\(summary) ...")
  }

  /// The Markdown theme: no colours; the decorations it draws with box-drawing characters
  /// (heading rules, thematic breaks, table borders) carry ``decoration`` so they can be
  /// left out, and a block quote's lines start with `>`.
  static let theme = Theme(
    headingDecoration: decoration, quoteBar: quotePrefix, tableBorder: decoration, thematicBreak: decoration,
    quoteBarGlyph: ">")

  // MARK: - Helpers

  /// Marks the runs ``theme`` draws as decoration (no other element of the theme has a style).
  private static let decoration = Style(attributes: [.dim])
  /// Marks a block quote's prefix, which a decoration line may carry.
  private static let quotePrefix = Style(attributes: [.italic])

  /// Which screen, and which page of it, was presented last.
  private var presented: String?

  /// One choice at the prompt.
  private struct Choice {
    /// What is typed (lowercased, trimmed); "" is Enter alone.
    var answer: String
    /// The key the full-screen UI binds to the same choice.
    var key: Key
    /// Shown in the prompt; nil for an alias that is accepted but not listed.
    var label: String?

    var name: String { answer.isEmpty ? "Enter" : answer }
    var help: String { label ?? "" }
  }

  /// A screen as text: its lines at a width, its prompt and its choices.
  private struct Described {
    var identity: String
    var text: (Int) -> [String]
    /// The identity of a screen this one goes on from (a collapsed sheet now expanded), and
    /// the text to print instead of ``text`` right after it.
    var continues: String? = nil
    var continuation: ((Int) -> [String])? = nil
    var choices: [Choice]

    var prompt: String {
      "["
        + choices.compactMap { choice in choice.label.map { "\(choice.name): \($0)" } }.joined(
          separator: ", ")
        + "] "
    }
  }

  private static func described(_ screen: (any Screen)?) -> Described? {
    switch screen {
    case let screen as OnboardingScreen: onboarding(screen)
    case let screen as WhatsNewSheet: whatsNew(screen)
    case let screen as WelcomeBackScreen: welcomeBack(screen)
    case let screen as UpdateFailureScreen: updateFailure(screen)
    default: nil
    }
  }

  private static func onboarding(_ screen: OnboardingScreen) -> Described {
    let page = screen.page
    var choices = [
      Choice(answer: "", key: .char("n"), label: screen.isLastPage ? "finish" : "next"),
      Choice(answer: "n", key: .char("n")),
    ]
    if page > 0 { choices.append(Choice(answer: "p", key: .char("p"), label: "back")) }
    choices.append(Choice(answer: "s", key: .char("s"), label: screen.isLastPage ? nil : "skip"))
    choices.append(Choice(answer: "q", key: .char("q"), label: "later"))
    return Described(
      identity: "onboarding \(page)",
      text: { width in
        var lines = wrap(
          "Welcome to \(screen.appName), page \(page + 1) of \(max(1, screen.pages.count))", width)
        if screen.pages.indices.contains(page) {
          let current = screen.pages[page]
          if !current.title.isEmpty { lines += [""] + wrap(current.title, width) }
          lines += [""] + plain(current.body.lines(width: width))
        }
        return lines
      }, choices: choices)
  }

  private static func whatsNew(_ sheet: WhatsNewSheet) -> Described {
    // While collapsed, the newest release alone; `e` then adds the earlier ones below it.
    let shown = sheet.isCollapsed ? Array(sheet.releases.prefix(1)) : sheet.releases
    var choices = [
      Choice(answer: "", key: .char("q"), label: sheet.presentation == nil ? "close" : "done"),
      Choice(answer: "q", key: .char("q")),
    ]
    if sheet.isCollapsed {
      choices.append(Choice(answer: "e", key: .char("e"), label: "show the earlier releases"))
    }
    if sheet.presentation != nil {
      choices.append(Choice(answer: "l", key: .char("l"), label: "later"))
      choices.append(Choice(answer: "x", key: .char("x"), label: "no more release notes"))
    }
    return Described(
      identity: "whats-new \(sheet.version)" + (sheet.isCollapsed ? " collapsed" : ""),
      text: { width in
        var title = sheet.customTitle ?? "What's new in \(sheet.appName) \(sheet.version)"
        if sheet.customTitle == nil, let since = sheet.since { title += ", since \(since)" }
        var lines = wrap(title, width)
        let versions = sheet.releases.map(\.version.description)
        if sheet.releases.count > 1 {
          lines += wrap("\(versions.count) releases: \(versions.joined(separator: ", ")).", width)
        }
        if let greeting = sheet.greeting { lines += [""] + plain(greeting.lines(width: width)) }
        lines += releases(shown, width)
        if sheet.isCollapsed {
          let earlier = sheet.releases.count - shown.count
          let what = earlier == 1 ? "1 earlier release is" : "\(earlier) earlier releases are"
          lines += [""] + wrap("\(what) not shown; e shows them.", width)
        } else {
          lines += [""] + wrap("End of the release notes.", width)
        }
        return lines
      },
      continues: "whats-new \(sheet.version) collapsed",
      continuation: { width in
        releases(Array(sheet.releases.dropFirst()), width).drop(while: \.isEmpty) + [""]
          + wrap("End of the release notes.", width)
      },
      choices: choices)
  }

  /// Each release's heading and notes; a brief release's heading alone, and a run of brief
  /// releases without blank lines between them.
  private static func releases(_ releases: [ReleaseSection], _ width: Int) -> [String] {
    var lines: [String] = []
    var previousWasBrief = false
    for release in releases {
      if release.isBrief {
        if !previousWasBrief { lines.append("") }
        lines += wrap(heading(release), width)
      } else {
        lines += [""] + wrap(heading(release), width) + [""] + plain(release.notes.lines(width: width))
      }
      previousWasBrief = release.isBrief
    }
    return lines
  }

  private static func welcomeBack(_ card: WelcomeBackScreen) -> Described {
    Described(
      identity: "welcome-back",
      text: { width in
        let away = card.days == 1 ? "1 day" : "\(card.days) days"
        return wrap("Welcome back to \(card.appName), away \(away)", width) + [""]
          + plain(card.greeting.lines(width: width))
      },
      choices: [Choice(answer: "", key: .enter, label: "continue"), Choice(answer: "q", key: .enter)])
  }

  private static func updateFailure(_ screen: UpdateFailureScreen) -> Described {
    Described(
      identity: "update-failure \(screen.stepSummary)",
      text: { width in
        let errors = screen.message.split(separator: "\n", omittingEmptySubsequences: false).map {
          "Error: \($0)"
        }
        let lines =
          ["\(screen.appName) could not finish updating.", "Step: \(screen.stepSummary)"] + errors
          + ["\(screen.appName) will try again on the next launch."]
        return lines.flatMap { wrap($0, width) }
      },
      choices: [Choice(answer: "", key: .enter, label: "continue"), Choice(answer: "q", key: .enter)])
  }

  /// `2.0.0: Tally 2, released 2026-02-16`, as much as is known.
  private static func heading(_ release: ReleaseSection) -> String {
    var text = release.version.description
    if release.isPrerelease { text += " (pre-release)" }
    if let title = release.title, !title.isEmpty { text += ": \(title)" }
    if let date = release.date, !date.isEmpty { text += ", released \(date)" }
    if let detail = release.detail, !detail.isEmpty { text += " (\(detail))" }
    return text
  }

  /// The presenter's own `text` (made ``clean(_:)``), wrapped at `width`.
  private static func wrap(_ text: String, _ width: Int) -> [String] {
    plain(TextWrapper.wrap(StyledLine(clean(text)), width: width))
  }

  /// Rendered lines as plain text, without the lines that are only box-drawing decoration.
  static func plain(_ lines: [StyledLine]) -> [String] {
    var kept: [StyledLine] = []
    for line in lines where !isDecoration(line) { kept.append(line) }
    var text = PlainSerializer.serialize(kept)
    if text.hasSuffix("\n") { text.removeLast() }
    if kept.isEmpty { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// A heading rule, a thematic break or a table border (maybe behind a quote's `>`).
  private static func isDecoration(_ line: StyledLine) -> Bool {
    var drawn = false
    for run in line.runs {
      if run.style == decoration {
        if run.text.unicodeScalars.contains(where: isBoxDrawing) { drawn = true }
      } else if run.style != quotePrefix && run.text.contains(where: { !$0.isWhitespace }) {
        return false
      }
    }
    return drawn
  }

  /// `text` made safe to print: control characters neutralised (``Sanitizer``) and
  /// box-drawing and block characters replaced by ASCII look-alikes.
  static func clean(_ text: String) -> String {
    let safe = Sanitizer.sanitize(text)
    guard safe.unicodeScalars.contains(where: isBoxDrawing) else { return safe }
    var out = String.UnicodeScalarView()
    for scalar in safe.unicodeScalars { out.append(ascii(for: scalar) ?? scalar) }
    return String(out)
  }

  /// U+2500 to U+259F: box drawing and block elements.
  static func isBoxDrawing(_ scalar: Unicode.Scalar) -> Bool {
    (0x2500...0x259F).contains(scalar.value)
  }

  private static func ascii(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    case 0x2550: "="
    case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2574, 0x2576, 0x2578, 0x257A,
      0x257C, 0x257E:
      "-"
    case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579,
      0x257B, 0x257D, 0x257F:
      "|"
    case 0x2571: "/"
    case 0x2572: "\\"
    case 0x2573: "X"
    case 0x2500...0x257F: "+"
    case 0x2580...0x259F: "#"
    default: nil
    }
  }
}
