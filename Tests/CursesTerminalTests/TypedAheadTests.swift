import LaunchScreens
import TestSupport
import Testing

@testable import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Keys typed ahead are seen without being read: on a pseudo-terminal in the shell's canonical
/// mode a `q` without Enter counts, the modes are as they were after the look, and the `q` is
/// still there for the next reader.
@Suite struct TypedAheadTests {
  /// Polls `TypedAhead.isWaiting` until it holds (the kernel hands bytes written to the parent
  /// side on to the child's line discipline a moment later), for at most two seconds.
  private func becomesWaiting(_ fd: Int32) -> Bool {
    for _ in 0..<200 {
      if TypedAhead.isWaiting(on: fd) { return true }
      usleep(10_000)
    }
    return false
  }

  private func modes(_ fd: Int32) throws -> [UInt8] {
    var modes = termios()
    try #require(tcgetattr(fd, &modes) == 0)
    return withUnsafeBytes(of: modes) { Array($0) }
  }

  /// Reads what is waiting on `fd` in non-canonical mode, without blocking.
  private func drain(_ fd: Int32) throws -> String {
    var raw = termios()
    try #require(tcgetattr(fd, &raw) == 0)
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 0
    }
    try #require(tcsetattr(fd, TCSANOW, &raw) == 0)
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = read(fd, &buffer, buffer.count)
    return n > 0 ? String(decoding: buffer[..<n], as: UTF8.self) : ""
  }

  @Test func nothingTypedIsNothingWaiting() throws {
    let terminal = try PseudoTerminalPair()
    #expect(!TypedAhead.isWaiting(on: terminal.child))
  }

  @Test func aKeyWithoutEnterInCanonicalModeIsSeenAndLeftForTheShell() throws {
    let terminal = try PseudoTerminalPair()
    let child = terminal.child
    var canonical = termios()
    try #require(tcgetattr(child, &canonical) == 0)
    canonical.c_lflag |= tcflag_t(ICANON | ECHO)
    try #require(tcsetattr(child, TCSANOW, &canonical) == 0)
    let before = try modes(child)
    terminal.send(Array("q".utf8))
    #expect(becomesWaiting(child), "a q typed without Enter is input waiting")
    #expect(try modes(child) == before, "the modes are put back bit for bit")
    #expect(try drain(child) == "q", "the q is still there for the shell")
    #expect(!TypedAhead.isWaiting(on: child))
  }

  @Test func enterAloneAndRawModeCountToo() throws {
    let terminal = try PseudoTerminalPair()
    terminal.send([13])
    #expect(becomesWaiting(terminal.child), "Enter typed ahead")
    #expect(try drain(terminal.child) == "\n")
    // Raw mode (VMIN 0), as a host that set its own modes leaves it.
    terminal.send(Array("j".utf8))
    #expect(becomesWaiting(terminal.child))
    #expect(try drain(terminal.child) == "j")
  }

  @Test func aPipeIsNoTerminal() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    _ = write(ends[1], "q", 1)
    #expect(!TypedAhead.isWaiting(on: ends[0]))
  }
}

/// A screen's first 150 ms take no keys: a key then was typed before the screen could be seen.
@Suite struct KeyGraceTests {
  let grace = KeyGrace(firstFrameAt: 100)

  @Test func keysAndWheelNotchesInTheFirstMomentAreDropped() {
    for event in [ScreenEvent.key(.char("q")), .key(.enter), .key(.escape), .wheel(.down)] {
      #expect(grace.drops(event, at: 100), "\(event)")
      #expect(grace.drops(event, at: 100.149), "\(event)")
      #expect(!grace.drops(event, at: 100.15), "\(event) after the grace")
    }
  }

  @Test func ctrlCAndResizesAlwaysAct() {
    #expect(!grace.drops(.key(.ctrlC), at: 100))
    #expect(!grace.drops(.resize(width: 80, height: 24), at: 100))
    #expect(!grace.drops(.tick, at: 100))
  }
}
