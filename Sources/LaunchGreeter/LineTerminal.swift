import CursesTerminal
import LaunchScreens
import LaunchTracking
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The accessible mode's terminal: a thin shell around ``LinePresenter`` that writes its
/// lines to standard output and reads answers from standard input, one line at a time, in
/// the terminal's ordinary (canonical, echoing) mode. No ncurses, no alternate screen, no
/// cursor movement: everything stays in the scrollback, where a screen reader and the
/// terminal's history find it.
///
/// While it is open, SIGTERM, SIGHUP, SIGINT and SIGQUIT only set the flag the read loop polls
/// (every 100 ms). SIGINT is what Ctrl-C sends in this mode, so it ends the presentation as
/// Ctrl-C does in the full-screen UI (``ScreenEffect/interrupt``); the others end it as a
/// signal (``GreeterTerminal/RunEnd/signal(_:)``). On ``close()`` the previous signal actions
/// and mask are put back, and the terminal modes too if the host had left the terminal in a
/// non-canonical mode (which this shell needs, and sets for its duration).
final class LineTerminal: GreetingTerminal {
  let palette = Palette.monochrome
  let theme = LinePresenter.theme

  /// Opens the line terminal, or nil when standard input or output is not a terminal.
  static func open() -> LineTerminal? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    return LineTerminal()
  }

  /// Prints the line for an update step that starts; other screens are not shown this way.
  func show(_ screen: some Screen) {
    if let line = LinePresenter.progressLine(screen) { emit(text: line + "\n") }
  }

  /// SIGINT is Ctrl-C in this mode (the terminal's own), as in ``readLine()``.
  func pollInterrupt() -> UpdateInterrupt? {
    guard let signal = Signals.takePending() else { return nil }
    return signal == SIGINT ? .ctrlC : UpdateInterrupt(signal: signal)
  }

  func run(_ stack: inout ScreenStack, perform: (ScreenEffect, inout ScreenStack) -> Void)
    -> GreeterTerminal.RunEnd
  {
    LinePresenter.run(
      &stack, width: { width }, write: { emit(text: $0) }, read: { readLine() }, perform: perform)
  }

  func close() {
    guard isOpen else { return }
    isOpen = false
    if var modes = savedModes { _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes) }
    Signals.removeTerminationHandlers()
  }

  deinit { close() }

  // MARK: - Helpers

  private var isOpen = true
  /// The modes to put back, when this shell had to change them.
  private var savedModes: termios?
  private var pending: [UInt8] = []

  private init() {
    Signals.installTerminationHandlers()
    var modes = termios()
    guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
    let needed = tcflag_t(ICANON | ECHO | ISIG)
    if modes.c_lflag & needed != needed {
      savedModes = modes
      modes.c_lflag |= needed
      modes.c_iflag |= tcflag_t(ICRNL)
      modes.c_oflag |= tcflag_t(OPOST | ONLCR)
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }
  }

  /// The terminal's width in cells (80 when it cannot be asked).
  private var width: Int {
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }

  /// The next line typed, the end of input, or a termination signal, whichever comes first.
  private func readLine() -> LinePresenter.Input {
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return .line(line)
      }
      if let signal = Signals.takePending() { return .signal(signal) }
      var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }  // a timeout or a signal: look again
      var chunk = [UInt8](repeating: 0, count: 1024)
      let count = read(STDIN_FILENO, &chunk, chunk.count)
      if count > 0 {
        pending += chunk[..<count]
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        // Ctrl-D on an empty line (or the terminal is gone); a line typed before it counts.
        guard !pending.isEmpty else { return .end }
        let line = String(decoding: pending, as: UTF8.self)
        pending = []
        return .line(line)
      }
    }
  }

  private func emit(text: String) {
    Platform.writeAll(STDOUT_FILENO, text)
  }
}
