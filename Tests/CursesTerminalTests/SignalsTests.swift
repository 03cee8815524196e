import Synchronization
import TestSupport
import Testing

@testable import CursesTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// The crash handler's saved terminal modes and the guest rules, checked on a real
/// pseudo-terminal. These tests change process-wide signal state, so they run one at a time.
@Suite(.serialized) struct SignalsTests {
  private func bytes(of modes: termios) -> [UInt8] {
    withUnsafeBytes(of: modes) { Array($0) }
  }

  @Test func theModesSavedAtStartAreRestoredBitForBit() throws {
    // The child side is what the handler restores.
    let terminal = try PseudoTerminalPair()
    let child = terminal.child
    // Unusual but valid modes, so a partial copy could not pass by luck.
    var start = termios()
    try #require(tcgetattr(child, &start) == 0)
    start.c_lflag &= ~tcflag_t(ECHO)
    start.c_iflag |= tcflag_t(IXANY)
    start.c_cc.16 = 7  // VMIN on Linux
    start.c_cc.5 = 3  // VTIME
    cfsetispeed(&start, speed_t(B9600))
    cfsetospeed(&start, speed_t(B9600))
    try #require(tcsetattr(child, TCSANOW, &start) == 0)
    var saved = termios()
    try #require(tcgetattr(child, &saved) == 0)
    #expect(MemoryLayout<termios>.size == 60)

    Signals.installCrashHandlers(fd: child, modes: saved, bytes: [])
    defer { Signals.removeCrashHandlers() }
    #expect(bytes(of: Signals.storage.modes.pointee) == bytes(of: saved))

    // What ncurses would do: raw mode.
    var raw = saved
    cfmakeraw(&raw)
    cfsetispeed(&raw, speed_t(B38400))
    cfsetospeed(&raw, speed_t(B38400))
    try #require(tcsetattr(child, TCSANOW, &raw) == 0)
    var changed = termios()
    try #require(tcgetattr(child, &changed) == 0)
    #expect(bytes(of: changed) != bytes(of: saved))

    Signals.restoreFromSignalHandler()
    var restored = termios()
    try #require(tcgetattr(child, &restored) == 0)
    #expect(bytes(of: restored) == bytes(of: saved))
    #expect(bytes(of: restored).count == 60)
  }

  @Test func removingTheHandlersPutsBackTheHostsOwn() throws {
    // A host with its own SIGTERM and SIGSEGV handlers and SIGHUP blocked.
    let hostTerm: @convention(c) (Int32) -> Void = { _ in }
    let hostSegv: @convention(c) (Int32) -> Void = { _ in }
    var previousTerm = sigaction()
    var previousSegv = sigaction()
    var hostAction = sigaction()
    hostAction.__sigaction_handler.sa_handler = hostTerm
    sigaction(SIGTERM, &hostAction, &previousTerm)
    hostAction.__sigaction_handler.sa_handler = hostSegv
    sigaction(SIGSEGV, &hostAction, &previousSegv)
    var hostMask = sigset_t()
    var before = sigset_t()
    sigemptyset(&hostMask)
    sigaddset(&hostMask, SIGHUP)
    sigprocmask(SIG_BLOCK, &hostMask, &before)
    defer {
      sigaction(SIGTERM, &previousTerm, nil)
      sigaction(SIGSEGV, &previousSegv, nil)
      sigprocmask(SIG_SETMASK, &before, nil)
    }

    func handler(_ sig: Int32) -> UnsafeMutableRawPointer? {
      var current = sigaction()
      sigaction(sig, nil, &current)
      return unsafeBitCast(current.__sigaction_handler.sa_handler, to: UnsafeMutableRawPointer?.self)
    }
    func blocked(_ sig: Int32) -> Bool {
      var mask = sigset_t()
      sigprocmask(SIG_BLOCK, nil, &mask)
      return sigismember(&mask, sig) == 1
    }
    let hostTermPointer = unsafeBitCast(hostTerm, to: UnsafeMutableRawPointer?.self)
    let hostSegvPointer = unsafeBitCast(hostSegv, to: UnsafeMutableRawPointer?.self)

    Signals.installTerminationHandlers()
    Signals.installCrashHandlers(fd: -1, modes: nil, bytes: [])
    #expect(handler(SIGTERM) != hostTermPointer)
    #expect(handler(SIGSEGV) != hostSegvPointer)
    #expect(!blocked(SIGHUP))

    Signals.removeCrashHandlers()
    Signals.removeTerminationHandlers()
    #expect(handler(SIGTERM) == hostTermPointer)
    #expect(handler(SIGSEGV) == hostSegvPointer)
    #expect(blocked(SIGHUP))
  }

  /// What a greeting interrupted by Ctrl-C does once the terminal is given back: the signal
  /// goes to the host's own handler before `redeliver` returns (so the host's next line does
  /// not run first), and an ignored one is dropped. (SIGUSR2 stands in for SIGINT, which the
  /// test runner may be sent for real.)
  @Test func aRedeliveredSignalReachesTheHostsHandlerBeforeItReturns() {
    let hostHandler: @convention(c) (Int32) -> Void = { received in
      hostDeliveries.add(Int(received), ordering: .relaxed)
    }
    var host = sigaction()
    host.__sigaction_handler.sa_handler = hostHandler
    sigemptyset(&host.sa_mask)
    var previous = sigaction()
    sigaction(SIGUSR2, &host, &previous)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGUSR2)
    var mask = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &unblock, &mask)
    defer {
      sigaction(SIGUSR2, &previous, nil)
      pthread_sigmask(SIG_SETMASK, &mask, nil)
    }
    let before = hostDeliveries.load(ordering: .relaxed)
    Signals.redeliver(SIGUSR2)
    #expect(hostDeliveries.load(ordering: .relaxed) - before == Int(SIGUSR2))

    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigaction(SIGUSR2, &ignore, nil)
    Signals.redeliver(SIGUSR2)
    #expect(hostDeliveries.load(ordering: .relaxed) - before == Int(SIGUSR2))
  }
}

/// The sum of the signal numbers the host handler above received.
private let hostDeliveries = Atomic<Int>(0)
