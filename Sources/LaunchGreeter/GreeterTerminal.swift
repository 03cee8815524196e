import CursesTerminal
import LaunchScreens
import LaunchTracking
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One terminal session for greeting screens: the ncurses driver set up for the app, the
/// palette and Markdown theme that match its colours, and the loop that runs a
/// `ScreenStack`.
///
/// ``LaunchGreeter`` opens one when there is something to show and closes it before
/// ``LaunchGreeter/greet()-82lm6`` returns. An app that runs screens of its own (the `whatsnew` tool's
/// `notes` sheet) can open one directly. While it is open it owns the terminal: on
/// ``close()`` the terminal modes, signal handlers, signal mask and locale are put back as
/// they were.
package final class GreeterTerminal {
  /// What ended ``run(_:perform:)``.
  package enum RunEnd: Sendable, Equatable {
    /// The stack quit: the last screen closed, a screen asked to leave, or Ctrl-C.
    case finished
    /// A termination signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT) arrived. The caller decides
    /// whether to re-raise it after ``close()``.
    case signal(Int32)
  }

  /// The chrome's colours: colours, or attributes only when colours are off.
  package let palette: Palette
  /// The Markdown theme that matches ``palette``.
  package let theme: Theme

  /// The theme drawn in and where it came from.
  package let themeChoice: GreeterThemeChoice?

  /// Problem lines met while opening (a background-query memory that is a link or a FIFO),
  /// for the caller to report once the terminal is given back.
  package let problems: [String]

  /// Opens the terminal, or returns nil when standard input or output is not a terminal or
  /// ncurses cannot drive it. `noColor` is the value of `NO_COLOR`, honoured by `auto`;
  /// `colorFGBG` the value of `COLORFGBG`, read by the ``GreeterTheme/auto`` theme. With
  /// `asking`, ``GreeterTheme/auto`` first asks the terminal for its background (OSC 11, see
  /// `BackgroundQuery`) when ``GreeterTheme/reasonNotToAsk(colorsOn:environment:stdinIsTerminal:stdoutIsTerminal:remembersNoAnswer:)``
  /// allows, before ncurses starts; a terminal that does not answer in time is remembered in
  /// `asking`'s memory.
  package static func open(
    color: GreeterColorMode = .auto, noColor: String? = nil, theme: GreeterTheme = .dark,
    colorFGBG: String? = nil, asking: BackgroundAsking? = nil,
    crashAction: GreeterCrashAction = .previousHandler
  ) -> GreeterTerminal? {
    open(
      color: color, noColor: noColor, theme: theme, colorFGBG: colorFGBG,
      query: GreeterBackgroundQuery.send(color: color, noColor: noColor, theme: theme, asking: asking),
      crashAction: crashAction)
  }

  /// Opens the terminal as ``open(color:noColor:theme:colorFGBG:asking:crashAction:)`` does,
  /// with the background query already sent (``GreeterBackgroundQuery/send(color:noColor:theme:asking:)``,
  /// given the same colours and theme): its reply is read here, before ncurses starts, waiting
  /// only for what is left of the 150 ms; with no terminal to open, it is drained.
  package static func open(
    color: GreeterColorMode = .auto, noColor: String? = nil, theme: GreeterTheme = .dark,
    colorFGBG: String? = nil, query: consuming GreeterBackgroundQuery,
    crashAction: GreeterCrashAction = .previousHandler
  ) -> GreeterTerminal? {
    let notAsked = query.notAsked
    guard
      let session = CursesSession.open(
        .init(
          colorMode: color.driver, noColor: noColor, crashAction: crashAction.driver,
          asksBackground: notAsked == nil),
        query: query.sent.take())
    else { return nil }
    var problems = query.problem.map { [$0] } ?? []
    if session.background == .noAnswer, problems.isEmpty, let memory = query.memory {
      do { try memory.remember(query.key) } catch { problems.append(error.message) }
    }
    let choice = theme.choice(reply: session.background, notAsked: notAsked, colorFGBG: colorFGBG)
    return GreeterTerminal(session: session, choice: choice, problems: problems)
  }

  /// Draws `screen` once without reading keys (progress while work runs).
  package func show(_ screen: some Screen) {
    var stack = ScreenStack([screen], palette: palette)
    _ = stack.update(.resize(width: session.width, height: session.height))
    session.show(stack)
  }

  /// Ctrl-C typed, or a termination signal received, since the last call (while ``show(_:)``
  /// keeps a screen up and work runs): other keys typed meanwhile are dropped.
  package func pollInterrupt() -> UpdateInterrupt? {
    switch session.pollInterrupt() {
    case .ctrlC?: return .ctrlC
    case .signal(let signal)?: return UpdateInterrupt(signal: signal)
    case nil: return nil
    }
  }

  /// Runs `stack` until it quits (`ScreenEffect.quit` or `ScreenEffect.interrupt`), it is
  /// empty, or a termination signal arrives. `perform` sees every effect, the quitting ones
  /// included and those after them in the same update, and may push screens.
  package func run(_ stack: inout ScreenStack, perform: (ScreenEffect, inout ScreenStack) -> Void) -> RunEnd {
    let outcome = session.run(&stack) { effect, stack in
      perform(effect, &stack)
      if effect == .quit || effect == .interrupt { return .stop }
      return stack.isEmpty ? .stop : .continue
    }
    if case .interrupted(let signal) = outcome { return .signal(signal) }
    return .finished
  }

  /// Ends the process as killed by `signal` (the default action, unblocked), for a program
  /// that wants its exit status to tell the truth after a ``RunEnd/signal(_:)`` or an
  /// interrupted greeting. A library never calls this for its host.
  package static func exit(killedBy signal: Int32) -> Never { Signals.reraise(signal) }

  /// Gives the terminal back as it was. Safe to call twice.
  package func close() { session.close() }

  deinit { session.close() }

  // MARK: - Helpers

  private let session: CursesSession

  private init(session: CursesSession, choice: GreeterThemeChoice, problems: [String]) {
    self.session = session
    self.themeChoice = choice
    self.problems = problems
    let theme = choice.theme
    self.palette = session.usesColor ? theme.palette : .monochrome
    self.theme = session.usesColor ? theme.markdown : .monochrome
  }
}

/// What the greeter needs of a terminal; ``GreeterTerminal`` in an app, a scripted one in
/// tests.
protocol GreetingTerminal: AnyObject {
  var palette: Palette { get }
  var theme: Theme { get }
  /// The theme drawn in and where it came from; nil for a terminal without colours to pick.
  var themeChoice: GreeterThemeChoice? { get }
  /// Problem lines met while opening, reported with the launch's once the terminal is back.
  var problems: [String] { get }
  func show(_ screen: some Screen)
  /// Ctrl-C or a termination signal since the last call, while update steps run.
  func pollInterrupt() -> UpdateInterrupt?
  func run(_ stack: inout ScreenStack, perform: (ScreenEffect, inout ScreenStack) -> Void)
    -> GreeterTerminal.RunEnd
  func close()
}

extension GreetingTerminal {
  var themeChoice: GreeterThemeChoice? { nil }
  var problems: [String] { [] }
}

extension GreeterTerminal: GreetingTerminal {}
