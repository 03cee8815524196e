import CursesTerminal
import LaunchScreens
import MarkdownSyntax
import TerminalRendering

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal front end shared by `demo` and `notes`: one ncurses session for the process,
/// the palette and Markdown theme for the colour mode, and the loop that runs a
/// ``ScreenStack``.
///
/// There is at most one session per process, opened lazily (the demo may open it to show
/// update-step progress before it knows what to present) and closed before the process exits
/// on every path: the normal end, an error thrown past the command (an `atexit` hook), and a
/// termination signal (``run(_:perform:)`` closes it before re-raising).
final class TerminalUI {
  /// The application name the demo's screens show.
  static let appName = "Jot"

  let session: CursesSession
  /// The chrome palette: colours, or attributes only when colours are off.
  let palette: Palette
  /// The Markdown theme matching ``palette``.
  let theme: Theme

  /// The process's session, opened on first use; nil when there is no terminal to drive.
  static func shared(color: String) -> TerminalUI? {
    if let current { return current }
    let mode = ColorMode(rawValue: color) ?? .auto
    // One variable read directly: the whole environment as a dictionary costs more.
    let options = CursesSession.Options(colorMode: mode, noColor: ReleaseNotesCLI.environment("NO_COLOR"))
    guard let session = CursesSession.open(options) else { return nil }
    let ui = TerminalUI(session: session)
    current = ui
    atexit { TerminalUI.closeShared() }
    return ui
  }

  /// Gives the terminal back, if a session is open.
  static func closeShared() {
    current?.session.close()
    current = nil
  }

  /// Text that renders `document` with the renderer at the screen's width.
  func source(_ document: MarkdownDocument) -> LineSource {
    let theme = theme
    return LineSource { width in
      TerminalMarkdown.render(document, options: RenderOptions(width: width, theme: theme))
    }
  }

  /// Text that renders the Markdown `text`.
  func source(markdown text: String) -> LineSource {
    source(MarkdownParser.parse(text))
  }

  /// Text that renders the Markdown `text`, parsed only when it is first laid out.
  func source(parsingLazily text: String) -> LineSource {
    let theme = theme
    let markdown = ParsedOnce(text)
    return LineSource { width in
      TerminalMarkdown.render(markdown.document, options: RenderOptions(width: width, theme: theme))
    }
  }

  /// Runs `stack` until an effect handler says stop or the stack quits. `perform` sees every
  /// effect except `.quit` and may push screens. A termination signal closes the session, lets
  /// `beforeSignalExit` save what it must, and re-raises the signal: the process ends there.
  func run(
    _ stack: inout ScreenStack, beforeSignalExit: (ScreenStack) -> Void = { _ in },
    perform: (ScreenEffect, inout ScreenStack) -> Void
  ) {
    let outcome = session.run(&stack) { effect, stack in
      if effect == .quit { return .stop }
      perform(effect, &stack)
      return stack.isEmpty ? .stop : .continue
    }
    if case .interrupted(let signal) = outcome {
      Self.closeShared()
      beforeSignalExit(stack)
      Signals.reraise(signal)
    }
  }

  /// Draws `screen` once (progress while work runs).
  func show(_ screen: some Screen) {
    var stack = ScreenStack([screen], palette: palette)
    _ = stack.update(.resize(width: session.width, height: session.height))
    session.show(stack)
  }

  // MARK: - Helpers

  /// Only touched from the main thread, which is the only thread that uses ncurses.
  nonisolated(unsafe) private static var current: TerminalUI?

  private init(session: CursesSession) {
    self.session = session
    self.palette = session.usesColor ? .dark : .monochrome
    self.theme = session.usesColor ? .dark : .monochrome
  }
}
