import LaunchScreens
import LaunchTracking
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The greeting as plain lines and typed answers: the accessible mode's logic, with no I/O.
///
/// It holds the same ``ScreenStack`` the full-screen UI would run, built by the same
/// ``GreetingScreens`` for the same decision, and presents its top screen, whatever its type,
/// through what every ``Screen`` provides: its ``Screen/plainText`` (the walkthrough page by
/// page, the what's-new sheet with every release at once, the welcome-back card, an update
/// failure), appended to the scrollback, and its ``Screen/bindings``: each binding with a
/// ``TypedAnswer`` is a choice (the one typed as Enter listed first), and an answer is turned
/// into that binding's first key and handed to the screen's own `update`, so the effects (and
/// what ``GreetingReducer`` records for them) are the full UI's by construction, and a new
/// screen is served by giving it a text and answers.
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
      // Every effect of the answer is performed before the loop ends.
      for effect in effects { perform(effect, &presenter.stack) }
      if effects.contains(.quit) || effects.contains(.interrupt) || presenter.stack.isEmpty {
        return .finished
      }
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
    let text = current.text
    if presented != text.identity {
      let body =
        presented != nil && presented == text.continues ? text.continuation ?? text.lines : text.lines
      presented = text.identity
      lines = [""] + Self.plain(body(max(1, width))).map(Self.clean) + [""]
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

  /// The line that reports an update step starting: a shown screen's (the progress screen's)
  /// text on one line, or nil when it has none (a step finished).
  static func progressLine(_ screen: some Screen) -> String? {
    guard let text = screen.plainText else { return nil }
    return plain(text.lines(Int(Int32.max))).map(clean).joined(separator: " ")
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

  /// One choice at the prompt: one answer of a binding's ``TypedAnswer``.
  private struct Choice {
    /// What is typed (lowercased, trimmed); "" is Enter alone.
    var answer: String
    /// The key the full-screen UI binds to the same choice: the binding's first.
    var key: Key
    /// Shown in the prompt; nil for an alias that is accepted but not listed.
    var label: String?

    var name: String { answer.isEmpty ? "Enter" : answer }
    var help: String { label ?? "" }
  }

  /// A screen as text: its lines at a width, its prompt and its choices.
  private struct Described {
    var text: ScreenText
    var choices: [Choice]

    var prompt: String {
      "["
        + choices.compactMap { choice in choice.label.map { "\(choice.name): \($0)" } }.joined(
          separator: ", ")
        + "] "
    }
  }

  /// `screen`'s text and the choices its bindings offer (the one typed as Enter first, then
  /// in the bindings' order; a binding's first answer carries its label, the others are
  /// accepted unlisted); nil for a screen without a text form.
  private static func described(_ screen: (any Screen)?) -> Described? {
    guard let screen, let text = screen.plainText else { return nil }
    var choices: [Choice] = []
    for binding in screen.bindings {
      guard let typed = binding.answer, let key = binding.keys.first else { continue }
      for (i, answer) in typed.answers.enumerated() {
        choices.append(Choice(answer: answer, key: key, label: i == 0 ? typed.label : nil))
      }
    }
    if let enter = choices.firstIndex(where: { $0.answer.isEmpty }) {
      choices.insert(choices.remove(at: enter), at: 0)
    }
    return Described(text: text, choices: choices)
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
