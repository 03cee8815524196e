import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signal handling for a terminal session: termination signals become a flag the event loop
/// polls, and crash signals restore the terminal before the process dies.
///
/// Termination (SIGTERM, SIGHUP, SIGINT, SIGQUIT) only stores the signal number; the loop
/// notices it within one `getch` timeout, leaves ncurses properly with `endwin`, and the app
/// then re-raises the signal (``reraise(_:)``) so the exit status tells the truth.
///
/// Crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) cannot wait for the loop.
/// Their handler does only async-signal-safe work: it writes bytes prepared in advance (leave
/// the alternate screen, show the cursor, reset attributes, stop mouse reporting) with
/// `write(2)` and puts back the terminal modes saved before ncurses started with
/// `tcsetattr(3)`. It does not call `endwin`, which is not async-signal-safe. Then it resets the
/// handler to the default and re-raises the signal, so the process still dies of it (with its
/// core dump, if enabled).
public enum Signals {
  /// The signals that end a session cleanly.
  public static let termination: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// The signals of a crash.
  public static let crash: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Returns and clears the termination signal received since the last call, if any.
  public static func takePending() -> Int32? {
    let value = pending.exchange(0, ordering: .acquiringAndReleasing)
    return value == 0 ? nil : value
  }

  /// Restores the default action for `signal` and raises it: the way to exit "killed by it"
  /// after the terminal has been restored.
  public static func reraise(_ signal: Int32) -> Never {
    _ = Glibc.signal(signal, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
    // Signals whose default is to be ignored would return here; exit as a shell would report.
    exit(128 + signal)
  }

  // MARK: - Helpers

  private static let pending = Atomic<Int32>(0)

  /// The bytes and terminal modes the crash handler restores. Written once before the
  /// handlers are installed and only read by them afterwards, which is why unchecked access
  /// is sound here.
  nonisolated(unsafe) private static var restoreBytes: UnsafeMutablePointer<UInt8>?
  nonisolated(unsafe) private static var restoreCount = 0
  nonisolated(unsafe) private static var savedModes = termios()
  nonisolated(unsafe) private static var hasSavedModes = false
  nonisolated(unsafe) private static var terminalFD: Int32 = -1

  static func installTerminationHandlers() {
    _ = pending.exchange(0, ordering: .acquiringAndReleasing)
    // A signal mask inherited from the parent would hide these from us (resizes included).
    var set = sigset_t()
    sigemptyset(&set)
    for sig in termination + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&set, sig) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
    for sig in termination {
      _ = signal(sig) { received in Signals.pending.store(received, ordering: .releasing) }
    }
  }

  static func removeTerminationHandlers() {
    for sig in termination { _ = signal(sig, SIG_DFL) }
  }

  /// Prepares what the crash handler restores, then installs it.
  static func installCrashHandlers(fd: Int32, modes: termios?, bytes: [UInt8]) {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
    buffer.initialize(from: bytes, count: bytes.count)
    restoreBytes?.deallocate()
    restoreBytes = buffer
    restoreCount = bytes.count
    terminalFD = fd
    if let modes {
      savedModes = modes
      hasSavedModes = true
    }
    for sig in crash {
      _ = signal(sig) { received in
        Signals.restoreFromSignalHandler()
        _ = signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  static func removeCrashHandlers() {
    for sig in crash { _ = signal(sig, SIG_DFL) }
    restoreCount = 0
  }

  /// Async-signal-safe: `write` and `tcsetattr` only.
  private static func restoreFromSignalHandler() {
    guard terminalFD >= 0 else { return }
    if let bytes = restoreBytes, restoreCount > 0 { _ = write(terminalFD, bytes, restoreCount) }
    if hasSavedModes { _ = tcsetattr(terminalFD, TCSANOW, &savedModes) }
  }
}
