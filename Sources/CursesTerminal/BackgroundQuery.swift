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
/// the shell, and it is put back as it was before returning. Bytes are read one at a time
/// until the DA1 reply ends, so nothing after it is consumed; keys typed before it (Ctrl-C
/// included) come back in ``Answer/typed`` for the screen to read. A terminal that answers
/// neither within ``timeoutMilliseconds`` costs that long, once: the answer is kept for the
/// rest of the process. A reply that comes later reaches the screen's key loop, which drops
/// escape sequences it does not know.
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

    package init(reply: Reply, typed: [UInt8] = []) {
      self.reply = reply
      self.typed = typed
    }
  }

  /// How long the query waits for the DA1 reply: long enough for a local terminal (tmux, VTE,
  /// xterm answer within a few milliseconds), short enough not to be felt at start-up.
  package static let timeoutMilliseconds = 150

  /// The query's bytes: OSC 11 with a question mark, then DA1.
  package static let request: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)

  /// Asks the terminal on standard input and output, or returns what this process was told
  /// before. Nil when either is not a terminal or its modes cannot be set.
  package static func ask() -> Answer? {
    if let asked = cache.withLock({ $0 }) {
      // Keys typed during the first query were handed on then.
      return Answer(reply: asked.reply)
    }
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    quiet.c_iflag &= ~tcflag_t(ICRNL | IXON)
    withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &quiet) == 0 else { return nil }
    defer { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    let answer = exchange()
    cache.withLock { $0 = answer }
    return answer
  }

  // MARK: - Helpers

  private static let cache = Mutex<Answer?>(nil)

  /// Writes the request and reads until the DA1 reply or the timeout.
  private static func exchange() -> Answer {
    var scanner = BackgroundReplyScanner()
    let sent = request.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let n = write(STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { return false }
        offset += n
      }
      return true
    }
    guard sent else { return Answer(reply: .noAnswer) }
    let deadline = now() + Double(timeoutMilliseconds) / 1000
    while !scanner.isComplete {
      let left = Int32(((deadline - now()) * 1000).rounded(.up))
      guard left > 0 else { break }
      var poller = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, left)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { break }
      var byte: UInt8 = 0
      let n = read(STDIN_FILENO, &byte, 1)
      if n < 0, errno == EINTR || errno == EAGAIN { continue }
      guard n == 1 else { break }
      scanner.feed(byte)
    }
    let reply: Answer.Reply
    if let color = scanner.color {
      reply = .color(color)
    } else {
      reply = scanner.isComplete || scanner.answeredColor ? .noColor : .noAnswer
    }
    return Answer(reply: reply, typed: scanner.typed)
  }

  private static func now() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
  }
}
