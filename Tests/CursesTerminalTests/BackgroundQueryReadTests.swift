import Foundation
import TestSupport
import Testing

@testable import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The background query's reader takes its replies a few bytes at a time, never more than
/// ``BackgroundReplyScanner/safeReadCount``: nothing that follows the DA1 reply (keys typed
/// after it, which belong to the screen or the shell) may be consumed.
@Suite struct BackgroundQueryReadTests {
  /// What a terminal may send: keys typed before the replies, an OSC 11 reply (either
  /// terminator, cut short, another OSC, or none), then DA1.
  static let before = ["", "a", "\u{1B}[A", "\u{1B}x", "\u{1B}\u{1B}", "\u{03}"]
  static let colour = [
    "", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", "\u{1B}]11;rgb:0/0/0\u{07}", "\u{1B}]11;", "\u{1B}]",
    "\u{1B}]1", "\u{1B}]11", "\u{1B}]10;rgb:1/2/3\u{07}", "\u{1B}]11;rgb:fdfd/f6f6/e3e3",
  ]
  static let da1 = ["\u{1B}[?c", "\u{1B}[?1c", "\u{1B}[?1;2c", "\u{1B}[?62;22c"]
  static let after = ["", "q", "\u{1B}[B", "jk"]

  static var streams: [(reply: [UInt8], after: [UInt8])] {
    var streams: [(reply: [UInt8], after: [UInt8])] = []
    for b in before {
      for c in colour {
        for d in da1 {
          for a in after { streams.append((Array((b + c + d).utf8), Array(a.utf8))) }
        }
      }
    }
    return streams
  }

  @Test func readingSafeCountsStopsExactlyAtTheEndOfTheReply() {
    for (reply, after) in Self.streams {
      let stream = reply + after
      var chunked = BackgroundReplyScanner()
      var consumed = 0
      while !chunked.isComplete && consumed < stream.count {
        let count = chunked.safeReadCount
        #expect(count > 0)
        chunked.feed(stream[consumed..<min(stream.count, consumed + count)])
        consumed = min(stream.count, consumed + count)
      }
      var whole = BackgroundReplyScanner()
      whole.feed(reply)
      #expect(consumed == reply.count, "\(stream)")
      #expect(chunked.isComplete && whole.isComplete, "\(stream)")
      #expect(chunked.color == whole.color && chunked.typed == whole.typed, "\(stream)")
      #expect(chunked.safeReadCount == 0)
    }
  }

  @Test func theReaderLeavesWhatFollowsTheReplyOnTheTerminal() throws {
    for (reply, after) in [
      ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c", "jk"),
      ("a\u{1B}]11;rgb:0/0/0\u{07}\u{1B}[?1;2c", "q"),
      ("\u{1B}[?c", "\u{1B}[B"),
    ] {
      let terminal = try PseudoTerminalPair()
      try quiet(terminal.child)
      terminal.send(Array((reply + after).utf8))
      let answer = BackgroundQuery.readReply(from: terminal.child, until: BackgroundQuery.now() + 5)
      var whole = BackgroundReplyScanner()
      whole.feed(Array(reply.utf8))
      #expect(answer.typed == whole.typed)
      #expect(answer.reply == whole.color.map { .color($0) } ?? .noColor)
      #expect(remaining(terminal.child) == Array(after.utf8), "\(reply)")
    }
  }

  @Test func aReplyInPiecesIsReadWhole() throws {
    let terminal = try PseudoTerminalPair()
    try quiet(terminal.child)
    terminal.send(Array("\u{1B}]11;rgb:ff".utf8))
    // The rest comes once the reader has taken the first piece and is waiting for more.
    let (parent, child) = (terminal.parent, terminal.child)
    let sent = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      var pending: Int32 = 1
      while ioctl(child, UInt(FIONREAD), &pending) == 0 && pending > 0 { usleep(1000) }
      let rest = Array("ff/ffff/ffff\u{07}\u{1B}[?64;1cq".utf8)
      _ = rest.withUnsafeBytes { write(parent, $0.baseAddress, $0.count) }
      sent.signal()
    }
    let answer = BackgroundQuery.readReply(from: terminal.child, until: BackgroundQuery.now() + 5)
    sent.wait()
    #expect(answer.reply == .color(BackgroundColor(red: 1, green: 1, blue: 1)))
    #expect(remaining(terminal.child) == Array("q".utf8))
  }

  @Test func nothingWithinTheDeadlineIsNoAnswer() throws {
    let terminal = try PseudoTerminalPair()
    try quiet(terminal.child)
    terminal.send(Array("x".utf8))
    let answer = BackgroundQuery.readReply(from: terminal.child, until: BackgroundQuery.now() + 0.05)
    #expect(answer.reply == .noAnswer)
    #expect(answer.typed == Array("x".utf8))
  }

  // MARK: - Helpers

  /// The modes the query sets: no line editing or echo, a read returns at once.
  private func quiet(_ fd: Int32) throws {
    var modes = termios()
    try #require(tcgetattr(fd, &modes) == 0)
    modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    modes.c_iflag &= ~tcflag_t(ICRNL | IXON)
    withUnsafeMutableBytes(of: &modes.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    try #require(tcsetattr(fd, TCSANOW, &modes) == 0)
  }

  /// What is still to be read on `fd`.
  private func remaining(_ fd: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { return bytes }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { return bytes }
      bytes += buffer[0..<n]
    }
  }
}
