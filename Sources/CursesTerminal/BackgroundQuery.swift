import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Asks the terminal for its background colour (OSC 11), at most once per process.
///
/// The query is `ESC ] 11 ; ? ESC \` followed by a Primary Device Attributes request
/// (`ESC [ c`) as a sentinel: nearly every terminal answers DA1, and answers come in order, so
/// a DA1 reply without an OSC 11 reply before it ends the wait at once. While it waits, the
/// terminal is in non-canonical mode without echo or signals, so no reply is shown or reaches
/// the shell, and it is put back as it was before returning. Bytes are read a few at a time
/// (never more than ``BackgroundReplyScanner/safeReadCount``, the fewest that must still come
/// before the DA1 reply can end) until the DA1 reply ends, so nothing after it is consumed;
/// keys typed before it (Ctrl-C included) come back in ``Answer/typed`` for the screen to read. ``send()`` and
/// ``Sent/collect()`` split the query so a launch can send it as soon as it knows a screen
/// will be shown, load what the screen shows while the terminal answers, and read the reply
/// just before the first paint. A terminal that answers
/// neither within ``timeoutMilliseconds`` costs that long, once: the answer is kept for the
/// rest of the process. A reply that comes later reaches the screen's key loop, which drops
/// escape sequences it does not know, and the rest of a reply cut by the wait (``Answer/cut``);
/// one still to come when the screen closes is read and dropped then (``CursesSession``).
package enum BackgroundQuery {
  /// What the terminal said.
  package struct Answer: Sendable, Equatable {
    /// What came back.
    package enum Reply: Sendable, Equatable {
      /// The background colour.
      case color(BackgroundColor)
      /// Only the DA1 reply (or an OSC 11 reply with no colour this reads).
      case noColor
      /// Nothing within the timeout.
      case noAnswer
    }
    package var reply: Reply
    /// Keys typed while the query waited, to be read as keys.
    package var typed: [UInt8]
    /// Where the replies were cut when the wait ended before the DA1 reply, whose rest may
    /// still come; nil once the DA1 reply was read (or for an answer remembered from before).
    package var cut: Cut?

    /// Where a wait ended in the replies, so that what comes next is known for their rest.
    package enum Cut: Sendable, Equatable {
      /// Between sequences: a reply may still come whole.
      case betweenReplies
      /// Just after an Escape.
      case afterEscape
      /// Inside the OSC 11 string.
      case inString
      /// After an Escape inside the OSC 11 string (`\` ends it).
      case afterStringEscape
      /// Inside the DA1 reply (`ESC [ ? …`), before its final `c`.
      case inReply
    }

    package init(reply: Reply, typed: [UInt8] = [], cut: Cut? = nil) {
      self.reply = reply
      self.typed = typed
      self.cut = cut
    }
  }

  /// How long the query waits for the DA1 reply: long enough for a local terminal (tmux, VTE,
  /// xterm answer within a few milliseconds), short enough not to be felt at start-up.
  package static let timeoutMilliseconds = 150

  /// The query's bytes: OSC 11 with a question mark, then DA1.
  package static let request: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

  /// Asks the terminal on standard input and output, or returns what this process was told
  /// before: ``send()`` and ``Sent/collect()`` at once. Nil when either is not a terminal,
  /// its modes cannot be set, or a query sent earlier has not been collected.
  package static func ask() -> Answer? {
    if let asked = answered() { return asked }
    return send()?.collect()
  }

  /// What this process was told before (keys typed then were handed on then), or nil.
  package static func answered() -> Answer? {
    guard case .answered(let asked) = state.withLock({ $0 }) else { return nil }
    return Answer(reply: asked.reply)
  }

  /// Writes the query and leaves the reply to be read by ``Sent/collect()`` (or drained when
  /// the ``Sent`` ends uncollected), so work can go on while the terminal answers. From here
  /// until then the terminal is in non-canonical mode without echo or signals (Ctrl-C is a
  /// key), and the termination signals are flags: one that arrives meanwhile is delivered
  /// again once the modes are back. Nil, changing nothing, when standard input or output is
  /// not a terminal, its modes cannot be set, or this process has asked before.
  package static func send() -> Sent? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    let first = state.withLock { state -> Bool in
      guard case .none = state else { return false }
      state = .sent
      return true
    }
    guard first else { return nil }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else {
      state.withLock { $0 = .none }
      return nil
    }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    quiet.c_iflag &= ~tcflag_t(ICRNL | IXON)
    // A read returns at once with what has come (none: 0), and poll waits for more.
    withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    Signals.installTerminationHandlers()
    guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else {
      Signals.removeTerminationHandlers()
      state.withLock { $0 = .none }
      return nil
    }
    let written = writeAll(request)
    return Sent(saved: saved, written: written, deadline: now() + Double(timeoutMilliseconds) / 1000)
  }

  /// A query written to the terminal whose reply is still to be read: ``collect()`` it once
  /// (it cannot be copied or collected twice); one that ends uncollected drains the reply, so
  /// it never reaches the shell, and puts the terminal back just the same.
  package struct Sent: ~Copyable {
    fileprivate let saved: termios
    fileprivate let written: Bool
    fileprivate let deadline: Double

    /// Reads the reply, waiting only for what is left of ``timeoutMilliseconds`` since the
    /// query was sent, then puts the terminal's modes and the termination signals back (a
    /// termination signal received meanwhile is delivered again now) and remembers the answer
    /// for the rest of the process.
    package consuming func collect() -> Answer {
      let answer = finish()
      discard self
      return answer
    }

    deinit {
      // Nothing is shown: keys typed meanwhile have nowhere to go, but a Ctrl-C still stops.
      let answer = finish()
      if answer.typed.contains(3) { Signals.redeliver(SIGINT) }
    }

    private func finish() -> Answer {
      let answer =
        written ? BackgroundQuery.readReply(from: STDIN_FILENO, until: deadline) : Answer(reply: .noAnswer)
      var saved = saved
      _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved)
      let signal = Signals.takePending()
      Signals.removeTerminationHandlers()
      BackgroundQuery.state.withLock { $0 = .answered(answer) }
      if let signal { Signals.redeliver(signal) }
      return answer
    }
  }

  // MARK: - Helpers

  private enum State {
    case none
    case sent
    case answered(Answer)
  }

  private static let state = Mutex<State>(.none)

  /// Writes all of `bytes` to standard output; false when it cannot.
  private static func writeAll(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let n = write(STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { return false }
        offset += n
      }
      return true
    }
  }

  /// Reads `fd` (a terminal whose modes make a read return at once: `VMIN` and `VTIME` 0) until
  /// the DA1 reply or `deadline`, at most ``BackgroundReplyScanner/safeReadCount`` bytes a read,
  /// so nothing after the reply is consumed; poll waits only when nothing has come yet.
  package static func readReply(from fd: Int32, until deadline: Double) -> Answer {
    var scanner = BackgroundReplyScanner()
    var buffer: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    // True right after poll said the terminal is readable: a read of nothing then is its end.
    var readable = false
    while !scanner.isComplete {
      let count = min(scanner.safeReadCount, MemoryLayout.size(ofValue: buffer))
      let n = withUnsafeMutableBytes(of: &buffer) { read(fd, $0.baseAddress, count) }
      if n > 0 {
        _ = withUnsafeBytes(of: buffer) { scanner.feed($0.prefix(n)) }
        readable = false
        continue
      }
      if n < 0, errno == EINTR { continue }
      guard n == 0 || errno == EAGAIN, !readable else { break }
      let left = Int32(((deadline - now()) * 1000).rounded(.up))
      guard left > 0 else { break }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, left)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      readable = true
    }
    let reply: Answer.Reply
    if let color = scanner.color {
      reply = .color(color)
    } else {
      reply = scanner.isComplete || scanner.answeredColor ? .noColor : .noAnswer
    }
    return Answer(reply: reply, typed: scanner.typed, cut: scanner.cut)
  }

  package static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
}
