import CNcurses
import LaunchScreens
import TerminalRendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ncurses driver: the only code in the package that calls ncurses.
///
/// A session puts the terminal in the state the screens need (alternate screen, raw mode with
/// Ctrl-C as a key, keypad, hidden cursor, mouse wheel, colours on the default background) and
/// gives it back on every way out: ``close()`` after a normal end or a termination signal, and
/// the crash handlers of ``Signals`` for a crash. Use it from one thread only.
///
/// The loop in ``run(_:perform:)`` only turns keys into events, calls the screen's `update`,
/// hands the effects to the app, draws the screen into a ``Canvas`` and paints it.
package final class CursesSession {
  /// How the app wants the terminal set up.
  package struct Options: Sendable {
    package var colorMode: ColorMode
    /// `$NO_COLOR`, honoured in ``ColorMode/auto``.
    package var noColor: String?
    /// Whether the mouse wheel scrolls (mouse reporting takes over the terminal's own
    /// selection while the session runs).
    package var mouse: Bool
    /// What a crash does once the terminal is restored.
    package var crashAction: Signals.CrashAction
    /// Whether to ask the terminal for its background (``BackgroundQuery``) before ncurses
    /// starts, when no query sent earlier is handed to ``CursesSession/open(_:query:)``; the
    /// answer is ``CursesSession/background``.
    package var asksBackground: Bool

    package init(
      colorMode: ColorMode = .auto, noColor: String? = nil, mouse: Bool = true,
      crashAction: Signals.CrashAction = .previousHandler, asksBackground: Bool = false
    ) {
      self.colorMode = colorMode
      self.noColor = noColor
      self.mouse = mouse
      self.crashAction = crashAction
      self.asksBackground = asksBackground
    }
  }

  /// What the app's effect handler tells the loop.
  package enum Action: Sendable {
    case `continue`
    case stop
  }

  /// Why ``run(_:perform:)`` returned.
  package enum Outcome: Sendable, Equatable {
    /// The app said stop.
    case finished
    /// A termination signal arrived; the app should ``close()`` and then
    /// ``Signals/reraise(_:)`` it.
    case interrupted(signal: Int32)
  }

  /// True when colours are painted.
  package let usesColor: Bool
  /// What the terminal said of its background, when ``Options/asksBackground`` asked it.
  package private(set) var background: BackgroundQuery.Answer.Reply?
  /// The terminal's current size.
  package private(set) var width: Int
  package private(set) var height: Int

  /// Sets up the terminal, or returns nil when standard input or output is not a terminal or
  /// ncurses cannot drive it (the app then falls back to plain output).
  /// A `query` sent earlier (``BackgroundQuery/send()``) is collected here, before ncurses
  /// starts, whatever ``Options/asksBackground`` says, or drained when there is no terminal.
  package static func open(
    _ options: Options = Options(), query: consuming BackgroundQuery.Sent? = nil
  ) -> CursesSession? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    return CursesSession(options, query: query)
  }

  /// Draws `screen` once, without reading keys (for progress while work runs).
  package func show(_ screen: some Screen) {
    guard screenPointer != nil else { return }
    paint(screen)
  }

  /// What ``pollInterrupt()`` found.
  package enum Interrupt: Sendable, Equatable {
    /// Ctrl-C was typed.
    case ctrlC
    /// A termination signal arrived.
    case signal(Int32)
  }

  /// For a program busy with work while ``show(_:)`` keeps a screen up: reads the keys typed
  /// since the last call, without waiting, and reports Ctrl-C among them, or a termination
  /// signal that arrived. Ctrl-Z (or a SIGTSTP from outside) suspends as on any screen, and
  /// `fg` shows the screen again; other keys are dropped (the screen takes none).
  package func pollInterrupt() -> Interrupt? {
    guard screenPointer != nil else { return nil }
    if let signal = Signals.takePending() { return .signal(signal) }
    if Signals.takeSuspendRequest() {
      suspend()
      painter.invalidate()
    }
    let window = whatsnew_stdscr()
    wtimeout(window, 0)
    defer { wtimeout(window, Self.keyTimeout) }
    var code: Int32 = 0
    while true {
      let status = whatsnew_get_key(&code)
      if status == ERR { return nil }
      // The rest of a reply cut short, if it came, went by with these keys.
      cutReply = nil
      guard status == OK else { continue }
      switch KeyDecoder.decode(code, isFunctionKey: false) {
      case .event(.key(.ctrlC)): return .ctrlC
      case .suspend:
        suspend()
        painter.invalidate()
      default: break
      }
    }
  }

  /// Runs `screen` until `perform` says stop or a termination signal arrives. `perform` gets
  /// every effect the screen returns and may change the screen (push another one).
  @discardableResult
  package func run<S: Screen>(_ screen: inout S, perform: (ScreenEffect, inout S) -> Action) -> Outcome {
    guard screenPointer != nil else { return .finished }
    if dispatch(.resize(width: width, height: height), to: &screen, perform) == .stop { return .finished }
    paint(screen)
    // Keys that come in the first moment were typed before the screen could be seen: dropped.
    let grace = KeyGrace(firstFrameAt: BackgroundQuery.now())
    // After each paint the screen may have work it put off to get that frame out sooner.
    var painted = true
    while true {
      if let signal = Signals.takePending() { return .interrupted(signal: signal) }
      if Signals.takeSuspendRequest() {
        // A SIGTSTP from outside: suspend as for Ctrl-Z.
        suspend()
        painter.invalidate()
        if dispatch(.resize(width: width, height: height), to: &screen, perform) == .stop { return .finished }
        paint(screen)
        painted = true
        continue
      }
      var code: Int32 = 0
      var status: Int32
      if painted {
        // Give the terminal a moment to show the frame, then finish the screen's deferred
        // work, at once if a key comes first (so the key sees the finished screen).
        painted = false
        status = waitForKey(&code, milliseconds: Self.deferredWorkDelay)
        // A resize lays the screen out afresh, so the work is not finished for it.
        let resizing =
          status != ERR
          && KeyDecoder.decode(code, isFunctionKey: status == whatsnew_key_code_yes()) == .resize
        if !resizing, screen.finishDeferredWork() { paint(screen) }
        if status == ERR { continue }
      } else {
        status = whatsnew_get_key(&code)
        if status == ERR {
          // No key within the timeout: a tick (screens that animate redraw on their effects).
          if dispatch(.tick, to: &screen, perform) == .stop { return .finished }
          continue
        }
      }
      // The rest of a terminal's reply cut short comes before any key: dropped whole.
      var dropped = false
      if let rest = cutReply {
        cutReply = nil
        switch readAfterEscape(continuing: rest, with: (status, code)) {
        case .alone, .sequence:
          dropped = true
        case .sequenceThen(let nextStatus, let nextCode):
          status = nextStatus
          code = nextCode
        }
      }
      // An Escape that more bytes came with starts a sequence ncurses does not know: drop it
      // whole rather than close the screen and read the rest as keys.
      escape: while !dropped, status == OK, code == 27 {
        switch readAfterEscape() {
        case .alone:
          break escape
        case .sequence:
          dropped = true
          break escape
        case .sequenceThen(let nextStatus, let nextCode):
          status = nextStatus
          code = nextCode
        }
      }
      if dropped { continue }
      // At most one event a key (an optional, not an array: appending to a fresh array looked
      // up its type's metadata on every key).
      let event: ScreenEvent?
      switch KeyDecoder.decode(code, isFunctionKey: status == whatsnew_key_code_yes()) {
      case .event(let decoded): event = decoded
      case .resize:
        // ncurses has resized `stdscr` itself.
        painter.invalidate()
        updateSize()
        event = .resize(width: width, height: height)
      case .mouse:
        event = readWheel().map { .wheel($0) }
      case .suspend:
        suspend()
        painter.invalidate()
        event = .resize(width: width, height: height)
      case .ignored: event = nil
      }
      if let event, !grace.drops(event, at: BackgroundQuery.now()) {
        if dispatch(event, to: &screen, perform) == .stop { return .finished }
        paint(screen)
        painted = true
      }
    }
  }

  /// Gives the terminal back: leaves the alternate screen, restores the modes, removes the
  /// crash handlers. Safe to call twice.
  package func close() {
    guard let screenPointer else { return }
    if replyOutstanding { dropLateReply() }
    curs_set(1)
    if options.mouse { mousemask(0, nil) }
    endwin()
    leaveDrawnScreen()
    delscreen(screenPointer)
    self.screenPointer = nil
    if let output { fclose(output) }
    if let input { fclose(input) }
    Signals.removeCrashHandlers()
    Signals.removeTerminationHandlers()
    Signals.removeSuspendHandler()
    Self.restoreLocale(previousLocale)
  }

  deinit { close() }

  // MARK: - Helpers

  private let options: Options
  private var screenPointer: OpaquePointer?
  private var output: UnsafeMutablePointer<FILE>?
  private var input: UnsafeMutablePointer<FILE>?
  private var painter: Painter
  /// Whether the terminal has an alternate screen (`smcup`/`rmcup`); `vt100` and `linux` do not,
  /// so what was drawn stays on the screen the shell writes on next.
  private var hasAlternateScreen = true
  /// The character-type locale (`LC_CTYPE`) before the session changed it, put back on close.
  private let previousLocale: String?
  /// A terminal's reply cut short, by the background query's wait or by a pause in the key
  /// loop: the next keys are its rest first (``KeyDecoder/EscapeSequence/init(resuming:)``).
  private var cutReply: KeyDecoder.EscapeSequence?
  /// Whether the background query's last reply (DA1) is still to come: ``close()`` reads and
  /// drops it, so a terminal that answers late leaves nothing for the shell.
  private var replyOutstanding = false

  private init?(_ options: Options, query: consuming BackgroundQuery.Sent?) {
    self.options = options
    // The background query first (a query sent early is read now, waiting only for what is
    // left of its time), so the modes saved below and by ncurses are the terminal's own; while
    // it waits, termination signals are flags, delivered again once the modes are back.
    let answer = query.take()?.collect() ?? (options.asksBackground ? BackgroundQuery.ask() : nil)
    self.previousLocale = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
    Self.useUTF8Locale()
    // The terminal modes before ncurses touches them, for the crash handler.
    var modes = termios()
    let hasModes = tcgetattr(STDIN_FILENO, &modes) == 0
    // Our handlers first, so ncurses leaves SIGINT/SIGTERM, and SIGTSTP, to us.
    Signals.installTerminationHandlers()
    _ = Signals.installSuspendHandler()
    self.background = answer?.reply
    if let cut = answer?.cut {
      replyOutstanding = true
      if cut != .betweenReplies { cutReply = KeyDecoder.EscapeSequence(resuming: cut) }
    }
    // Copies closed on exec: an update step (or a daemon it starts) must not hold the terminal.
    guard let output = fdopen(fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0), "w"),
      let input = fdopen(fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 0), "r")
    else {
      Signals.removeTerminationHandlers()
      Signals.removeSuspendHandler()
      Self.restoreLocale(previousLocale)
      return nil
    }
    guard let screen = newterm(nil, output, input) else {
      fclose(output)
      fclose(input)
      Signals.removeTerminationHandlers()
      Signals.removeSuspendHandler()
      Self.restoreLocale(previousLocale)
      return nil
    }
    self.output = output
    self.input = input
    self.screenPointer = screen
    set_term(screen)
    // Keys typed while the query waited are read first (pushed back last to first).
    for byte in (answer?.typed ?? []).reversed() { ungetch(Int32(byte)) }
    self.hasAlternateScreen = whatsnew_tigetstr("rmcup") != nil
    Self.leaveInitialState()
    // No typeahead check: ncurses would poll the keyboard before and during every refresh
    // (six `poll`s for a `j` in the sheet) to cut the update short when a key is waiting.
    // Every frame is sent whole instead, as less does.
    typeahead(-1)
    raw()
    noecho()
    nonl()
    let window = whatsnew_stdscr()
    // Key sequences (arrows, pages, function keys) decoded by ncurses, which also puts the
    // terminal's keypad in the mode its terminfo entry describes; plus the common Home, End and
    // Shift-Tab sequences the entry lacks (tmux's Home is `\E[1~` whatever `TERM` says): a
    // sequence the entry has is left as it defines it. Sequences ncurses still does not know are
    // dropped whole by ``readAfterEscape()``.
    keypad(window, true)
    for (sequence, code) in KeyDecoder.extraSequences where key_defined(sequence) == 0 {
      define_key(sequence, code)
    }
    // Poll so termination flags are noticed within a tenth of a second.
    wtimeout(window, Self.keyTimeout)
    set_escdelay(Self.escapeDelay)
    curs_set(0)
    var colors = false
    if options.colorMode.wantsColor(noColor: options.noColor), has_colors() {
      // Default colours before `start_color`: after it, `use_default_colors` redefines pair 0,
      // and ncurses then marks every cell of its copy of the screen (all pair 0) as unknown,
      // so the first frame would erase every blank row and row end that the refresh in
      // ``leaveInitialState()`` has just cleared (and take two `write`s instead of one).
      use_default_colors()
      start_color()
      colors = true
    }
    self.usesColor = colors
    if options.mouse {
      mouseinterval(0)
      mousemask(whatsnew_button4_pressed() | whatsnew_button5_pressed(), nil)
    }
    self.width = Int(whatsnew_getmaxx(window))
    self.height = Int(whatsnew_getmaxy(window))
    self.painter = Painter(
      usesColor: colors, colorCount: colors ? Int(whatsnew_colors()) : 0,
      pairLimit: colors ? Int(whatsnew_color_pairs()) : 0, width: width, height: height)
    Signals.installCrashHandlers(
      fd: STDOUT_FILENO, modes: hasModes ? modes : nil, bytes: Self.restoreSequence(mouse: options.mouse),
      action: options.crashAction)
  }

  /// Gets ncurses out of its initial state, in which it writes its output after every
  /// cursor movement (a frame in about 20 `write`s, a `j` in the sheet in five): ncurses 6.4
  /// flushes after each move until the first `endwin`, for programs that use its low-level
  /// cursor calls without a refresh, and only a refresh after `endwin` leaves that state.
  /// So the session does both before anything is drawn, and before `start_color`, so that
  /// the refresh does not reset the terminal's colours (`oc`, `\E]104\a` for xterm, which
  /// would undo the user's palette). This costs one `write` and two `tcsetattr`s here (the
  /// alternate screen left and entered again, the screen cleared: the terminal shows nothing
  /// of it), and from here on every refresh goes out in one
  /// `write`. (An `endwin` after `start_color` would send `oc` on the refresh; ncurses sends
  /// it on `close` and after Ctrl-Z as before.)
  private static func leaveInitialState() {
    endwin()
    doupdate()
    // That refresh cleared the screen: the first paint need not clear it again.
    clearok(whatsnew_stdscr(), false)
  }

  private func dispatch<S: Screen>(
    _ event: ScreenEvent, to screen: inout S, _ perform: (ScreenEffect, inout S) -> Action
  ) -> Action {
    Self.perform(screen.update(event), on: &screen, perform)
  }

  /// Hands every effect of one update to `perform`, in order, and then says whether the loop
  /// stops: it does when `perform` said so for any of them. An effect after the one that ends
  /// the loop is still performed (closing the last screen empties the stack before the
  /// first effect of that update is performed).
  static func perform<S: Screen>(
    _ effects: [ScreenEffect], on screen: inout S, _ perform: (ScreenEffect, inout S) -> Action
  ) -> Action {
    var action = Action.continue
    for effect in effects where perform(effect, &screen) == .stop {
      action = .stop
    }
    return action
  }

  /// How long the loop waits for a key after a paint before it finishes the screen's
  /// deferred work: long enough for the terminal to take and draw the frame before the
  /// work competes with it for the CPU, short enough not to be seen.
  static let deferredWorkDelay: Int32 = 10

  /// The normal wait for a key, in milliseconds: termination flags are noticed this often,
  /// and a tick is sent when it passes without a key.
  static let keyTimeout: Int32 = 100

  /// How long ncurses waits after an Escape for the rest of a key sequence, in milliseconds
  /// (and the session for the rest of one ncurses does not know).
  static let escapeDelay: Int32 = 25

  /// What came after an Escape.
  private enum AfterEscape {
    /// Nothing at once: the Escape key.
    case alone
    /// An escape sequence ncurses does not know, read to its end.
    case sequence
    /// An escape sequence cut short by this key, which is a key of its own.
    case sequenceThen(status: Int32, code: Int32)
  }

  /// Reads what follows an Escape ncurses returned. ncurses waits `escapeDelay` after an
  /// Escape for a sequence it knows; when the bytes that came are not one, it returns the
  /// Escape and keeps them queued, so the first is there at once (a lone Escape has nothing
  /// after it). The rest of the sequence is read while it comes within the delay, by
  /// ``KeyDecoder/EscapeSequence``. With `start` and `key`, goes on with the rest of a reply
  /// cut short, from that key. A reply that stops coming midway is remembered (``cutReply``)
  /// so its rest is dropped when it comes; one resumed that stops again is given up. The DA1
  /// reply read to its end means no reply is outstanding.
  private func readAfterEscape(
    continuing start: KeyDecoder.EscapeSequence = KeyDecoder.EscapeSequence(),
    with key: (status: Int32, code: Int32)? = nil
  ) -> AfterEscape {
    let window = whatsnew_stdscr()
    defer { wtimeout(window, Self.keyTimeout) }
    var sequence = start
    var first = key == nil
    var given = key
    while true {
      var code: Int32 = 0
      let status: Int32
      if let given {
        status = given.status
        code = given.code
      } else {
        wtimeout(window, first ? 0 : Self.escapeDelay)
        status = whatsnew_get_key(&code)
      }
      given = nil
      if status == ERR {
        if first { return .alone }
        if key == nil, let cut = sequence.cut { cutReply = KeyDecoder.EscapeSequence(resuming: cut) }
        return .sequence
      }
      first = false
      switch sequence.next(code, isFunctionKey: status == whatsnew_key_code_yes()) {
      case .more: continue
      case .end:
        if sequence.isDeviceAttributesReply { replyOutstanding = false }
        return .sequence
      case .endBefore: return .sequenceThen(status: status, code: code)
      }
    }
  }

  /// How long ``close()`` waits for a background reply still to come, in milliseconds. Only a
  /// terminal that did not answer within the query's wait (150 ms) has one: a slow link, which
  /// can answer well after that (a reply 150 ms after `q` reached the shell when this was
  /// 150 ms too), or a terminal that never answers, which costs this wait once (a launch
  /// remembers it and does not ask it again). The wait ends as soon as
  /// the reply has come.
  static let lateReplyWait: Int32 = 1000

  /// Reads and drops the background query's replies still to come, until the DA1 reply ends
  /// them or ``lateReplyWait`` passes, so that a terminal that answers after the screen closed
  /// leaves nothing for the shell to read. Keys typed in that moment go with them; keys typed
  /// after it are the shell's.
  private func dropLateReply() {
    let deadline = BackgroundQuery.now() + Double(Self.lateReplyWait) / 1000
    while replyOutstanding {
      let left = Int32(((deadline - BackgroundQuery.now()) * 1000).rounded(.up))
      guard left > 0 else { return }
      var code: Int32 = 0
      var status = waitForKey(&code, milliseconds: left)
      guard status != ERR else { return }
      if let rest = cutReply {
        cutReply = nil
        guard
          case .sequenceThen(let nextStatus, let nextCode) = readAfterEscape(
            continuing: rest, with: (status, code))
        else { continue }
        status = nextStatus
        code = nextCode
      }
      if status == OK, code == 27 { _ = readAfterEscape() }
    }
  }

  /// Reads a key as `whatsnew_get_key` does, waiting at most `milliseconds`.
  private func waitForKey(_ code: inout Int32, milliseconds: Int32) -> Int32 {
    let window = whatsnew_stdscr()
    wtimeout(window, milliseconds)
    defer { wtimeout(window, Self.keyTimeout) }
    return whatsnew_get_key(&code)
  }

  private func paint(_ screen: some Screen) {
    updateSize()
    var canvas = Canvas(width: width, height: height)
    screen.draw(into: &canvas)
    painter.paint(canvas)
    let links = painter.linkSequences
    if !links.isEmpty, !linksInUse {
      // ncurses would otherwise shift the rest of a row sideways (insert or delete a
      // character) where it can, taking a link's cells with them.
      idcok(whatsnew_stdscr(), false)
      linksInUse = true
    }
    wrefresh(whatsnew_stdscr())
    if !links.isEmpty { sendLinks(links) }
  }

  /// Whether a frame has shown links (OSC 8) yet.
  private var linksInUse = false

  /// Sends `links` (``Painter/linkSequences``) after ncurses' refresh, then puts the cursor back
  /// where ncurses left it.
  private func sendLinks(_ links: String) {
    guard let output else { return }
    let screen = whatsnew_curscr()
    let text = links + "\u{1B}[\(whatsnew_getcury(screen) + 1);\(whatsnew_getcurx(screen) + 1)H"
    fflush(output)
    let fd = fileno(output)
    let bytes = Array(text.utf8)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, base + offset, buffer.count - offset)
        if n > 0 {
          offset += n
        } else if n < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }

  private func updateSize() {
    let window = whatsnew_stdscr()
    width = Int(whatsnew_getmaxx(window))
    height = Int(whatsnew_getmaxy(window))
  }

  private func readWheel() -> WheelDirection? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    if event.bstate & whatsnew_button4_pressed() != 0 { return .up }
    if event.bstate & whatsnew_button5_pressed() != 0 { return .down }
    return nil
  }

  /// Ctrl-Z in raw mode is a key, so suspend by hand: give the terminal back, stop the job
  /// like the default SIGTSTP would, and on `fg` take the terminal again and redraw everything.
  private func suspend() {
    endwin()
    leaveDrawnScreen()
    let previous = signal(SIGTSTP, SIG_DFL)
    kill(0, SIGTSTP)
    // Execution continues here after SIGCONT.
    _ = signal(SIGTSTP, previous)
    clearok(whatsnew_curscr(), true)
    wrefresh(whatsnew_stdscr())
    updateSize()
  }

  /// On a terminal without an alternate screen, moves the shell's next line off what was
  /// drawn: `endwin` leaves the cursor at the start of the bottom row, the footer's, which the
  /// prompt would overwrite. A newline there scrolls the frame up a row and leaves the cursor
  /// on a fresh line below it (the frame stays readable in the scrollback, as a pager's last
  /// page does).
  private func leaveDrawnScreen() {
    guard !hasAlternateScreen, let output else { return }
    fflush(output)
    _ = write(fileno(output), "\r\n", 2)
  }

  /// The bytes that undo the session's terminal changes: leave the alternate screen, show the
  /// cursor, reset attributes, keypad off, mouse reporting off.
  private static func restoreSequence(mouse: Bool) -> [UInt8] {
    var bytes: [UInt8] = []
    for name in ["sgr0", "cnorm", "rmkx", "rmcup"] {
      if let s = whatsnew_tigetstr(name) { bytes += Array(String(cString: s).utf8) }
    }
    if mouse { bytes += Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l".utf8) }
    return bytes
  }

  private static func restoreLocale(_ locale: String?) {
    if let locale { _ = setlocale(LC_CTYPE, locale) }
  }

  /// ncurses paints wide characters only in a UTF-8 locale: take the user's character type,
  /// and when that is not UTF-8 (for example `C` in a bare environment) use `C.UTF-8`. Only
  /// `LC_CTYPE`: it is the one category ncurses reads (wide characters, `wcwidth`), and
  /// `setlocale(LC_ALL, "")` loaded all twelve, about 60 system calls before the first frame.
  /// Messages keep the C locale's `strerror`, as outside the session.
  private static func useUTF8Locale() {
    setlocale(LC_CTYPE, "")
    if let codeset = nl_langinfo(nl_item(CODESET)),
      String(cString: codeset).uppercased().replacingUTF8Dash() == "UTF8"
    {
      return
    }
    if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "C.utf8") }
  }
}

extension String {
  fileprivate func replacingUTF8Dash() -> String { filter { $0 != "-" } }
}
