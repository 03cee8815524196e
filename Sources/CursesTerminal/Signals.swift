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
/// notices it within one `getch` timeout and returns, the session is closed with `endwin`, and
/// the caller decides what happens next (a tool re-raises it with ``reraise(_:)`` so its exit
/// status tells the truth; a library returns it to its host).
///
/// Crash signals (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE) cannot wait for the loop.
/// Their handler does only async-signal-safe work: it writes bytes prepared in advance (leave
/// the alternate screen, show the cursor, reset attributes, stop mouse reporting) with
/// `write(2)` and puts back the terminal modes saved before ncurses started with
/// `tcsetattr(3)`. It does not call `endwin`, which is not async-signal-safe. Then, by
/// ``CrashAction``, it puts back the handler that was there before the session (the host's
/// crash reporter, the Swift runtime's backtracer, a sanitizer's report) or the default action,
/// and re-raises the signal, so the process still dies of it.
///
/// A session is a guest in its process: removing the handlers puts back exactly the
/// `sigaction`s and the signal mask that were in place when they were installed.
///
/// Everything the crash handler reads lives in ``Storage``, heap memory allocated once with
/// the C types' own sizes. Imported C structs are never kept in a Swift global or static
/// stored property: an unoptimised build of this toolchain gave `static var savedModes =
/// termios()` 57 bytes for the 60-byte struct, so saving the modes wrote past it (see
/// docs/reliability.md, "Memory safety").
package enum Signals {
  /// The signals that end a session cleanly.
  package static let termination: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
  /// The signals of a crash.
  package static let crash: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// What a crash signal does once the terminal is restored.
  package enum CrashAction: Sendable, Equatable {
    /// Hand it to the handler installed before the session (a guest's choice: the host's
    /// crash reporting goes on as before).
    case previousHandler
    /// The signal's default action: the process dies of it with no report (a program that
    /// promises never to print a stack trace).
    case defaultAction
  }

  /// Returns and clears the termination signal received since the last call, if any.
  package static func takePending() -> Int32? {
    let value = pending.exchange(0, ordering: .acquiringAndReleasing)
    return value == 0 ? nil : value
  }

  /// Restores the default action for `signal` and raises it: the way for a program to exit
  /// "killed by it" after the terminal has been restored. Libraries leave this to their host.
  package static func reraise(_ signal: Int32) -> Never {
    _ = Glibc.signal(signal, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signal)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(signal)
    // Signals whose default is to be ignored would return here; exit as a shell would report.
    exit(128 + signal)
  }

  /// Delivers `signal` to the process again, as it would have arrived had no session caught
  /// it: to the action and under the mask in place now (call it after the session has put
  /// back the host's). The default action ends the process (SIGINT: status 130 from a shell)
  /// before this returns; a handler of the host's runs before this returns; an ignored
  /// signal is dropped. When the calling thread blocks `signal`, it goes to the process
  /// (another thread, or pending until unblocked) instead of being lost.
  package static func redeliver(_ signal: Int32) {
    var mask = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &mask)
    if sigismember(&mask, signal) == 1 {
      kill(getpid(), signal)
    } else {
      // To this thread: a signal not blocked here is delivered before `raise` returns.
      raise(signal)
    }
  }

  // MARK: - Helpers

  private static let pending = Atomic<Int32>(0)

  /// What the handlers read and what removing them puts back, in C-layout heap memory.
  /// Written only while no handler of ours is installed (or before it is), and only read by
  /// the handlers, which is why unchecked access is sound here. It owns that memory (and the
  /// crash handler's byte buffer): it cannot be copied, and frees the memory when it ends.
  struct Storage: ~Copyable, @unchecked Sendable {
    /// The terminal modes saved before ncurses started, restored by the crash handler.
    let modes: UnsafeMutablePointer<termios>
    /// Whether ``modes`` holds saved modes.
    let hasModes: UnsafeMutablePointer<Bool>
    /// The terminal's file descriptor, or -1 when the crash handler has nothing to restore.
    let fd: UnsafeMutablePointer<Int32>
    /// The bytes the crash handler writes, and how many.
    let bytes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
    let byteCount: UnsafeMutablePointer<Int>
    /// The actions in place before ours, one per signal of ``termination`` then ``crash``,
    /// then SIGTSTP's.
    let previousActions: UnsafeMutablePointer<sigaction>
    /// Which entries of ``previousActions`` hold a saved action (ours are installed).
    let installed: UnsafeMutablePointer<Bool>
    /// Whether a crash goes on to the previous handler (``CrashAction/previousHandler``).
    let chainsCrashes: UnsafeMutablePointer<Bool>
    /// The signal mask before ``installTerminationHandlers()`` unblocked its signals.
    let previousMask: UnsafeMutablePointer<sigset_t>
    let hasPreviousMask: UnsafeMutablePointer<Bool>

    static func make() -> Storage {
      let slots = termination.count + crash.count + 1
      let storage = Storage(
        modes: .allocate(capacity: 1), hasModes: .allocate(capacity: 1), fd: .allocate(capacity: 1),
        bytes: .allocate(capacity: 1), byteCount: .allocate(capacity: 1),
        previousActions: .allocate(capacity: slots), installed: .allocate(capacity: slots),
        chainsCrashes: .allocate(capacity: 1), previousMask: .allocate(capacity: 1),
        hasPreviousMask: .allocate(capacity: 1))
      storage.modes.initialize(to: termios())
      storage.hasModes.initialize(to: false)
      storage.fd.initialize(to: -1)
      storage.bytes.initialize(to: nil)
      storage.byteCount.initialize(to: 0)
      storage.previousActions.initialize(repeating: sigaction(), count: slots)
      storage.installed.initialize(repeating: false, count: slots)
      storage.chainsCrashes.initialize(to: true)
      storage.previousMask.initialize(to: sigset_t())
      storage.hasPreviousMask.initialize(to: false)
      return storage
    }

    deinit {
      bytes.pointee?.deallocate()
      modes.deallocate()
      hasModes.deallocate()
      fd.deallocate()
      bytes.deallocate()
      byteCount.deallocate()
      previousActions.deallocate()
      installed.deallocate()
      chainsCrashes.deallocate()
      previousMask.deallocate()
      hasPreviousMask.deallocate()
    }
  }

  /// Allocated on first use, which is before any handler that reads it is installed.
  static let storage = Storage.make()

  /// Turns the termination signals into the flag ``takePending()`` reads (and unblocks
  /// them), keeping the actions and mask that were there for
  /// ``removeTerminationHandlers()``. A session without ncurses (a line-by-line one) calls
  /// this pair itself.
  package static func installTerminationHandlers() {
    _ = pending.exchange(0, ordering: .acquiringAndReleasing)
    // A signal mask inherited from the parent would hide these from us (resizes included).
    var set = sigset_t()
    sigemptyset(&set)
    for sig in termination + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&set, sig) }
    if !storage.hasPreviousMask.pointee {
      sigprocmask(SIG_UNBLOCK, &set, storage.previousMask)
      storage.hasPreviousMask.pointee = true
    } else {
      sigprocmask(SIG_UNBLOCK, &set, nil)
    }
    for (slot, sig) in termination.enumerated() {
      install(slot: slot, signal: sig) { received in Signals.pending.store(received, ordering: .releasing) }
    }
  }

  /// Puts back the termination handlers and the signal mask that were there before.
  package static func removeTerminationHandlers() {
    for slot in termination.indices { uninstall(slot: slot, signal: termination[slot]) }
    if storage.hasPreviousMask.pointee {
      sigprocmask(SIG_SETMASK, storage.previousMask, nil)
      storage.hasPreviousMask.pointee = false
    }
  }

  /// Where SIGTSTP's saved action is kept.
  private static var suspendSlot: Int { termination.count + crash.count }

  private static let suspendRequested = Atomic<Bool>(false)

  /// Turns SIGTSTP into a request the loop reads with ``takeSuspendRequest()`` (and suspends
  /// as for Ctrl-Z), when its action is the default one; returns whether it did. Ctrl-Z is a
  /// key in raw mode, so this SIGTSTP is a `kill -TSTP` from outside.
  ///
  /// Installed before `newterm`, it also keeps ncurses away from SIGTSTP: ncurses installs a
  /// handler of its own only when it finds the default action at start-up, and then ignores
  /// the signal around every refresh (two `sigaction` calls each, with a `j` in the sheet);
  /// finding another action, it leaves the signal alone for the rest of the process.
  static func installSuspendHandler() -> Bool {
    var current = sigaction()
    guard sigaction(SIGTSTP, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil,
      current.sa_flags & SA_SIGINFO == 0
    else { return false }
    _ = suspendRequested.exchange(false, ordering: .acquiringAndReleasing)
    install(slot: suspendSlot, signal: SIGTSTP) { _ in
      Signals.suspendRequested.store(true, ordering: .releasing)
    }
    return true
  }

  /// Puts back SIGTSTP's action from before ``installSuspendHandler()``.
  static func removeSuspendHandler() { uninstall(slot: suspendSlot, signal: SIGTSTP) }

  /// Whether SIGTSTP arrived since the last call (and clears it).
  static func takeSuspendRequest() -> Bool {
    suspendRequested.exchange(false, ordering: .acquiringAndReleasing)
  }

  /// Prepares what the crash handler restores, then installs it.
  static func installCrashHandlers(
    fd: Int32, modes: termios?, bytes: [UInt8], action: CrashAction = .previousHandler
  ) {
    storage.chainsCrashes.pointee = action == .previousHandler
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
    buffer.initialize(from: bytes, count: bytes.count)
    storage.bytes.pointee?.deallocate()
    storage.bytes.pointee = buffer
    storage.byteCount.pointee = bytes.count
    storage.fd.pointee = fd
    if let modes {
      storage.modes.pointee = modes
      storage.hasModes.pointee = true
    } else {
      storage.hasModes.pointee = false
    }
    for (index, sig) in crash.enumerated() {
      install(slot: termination.count + index, signal: sig) { received in
        Signals.restoreFromSignalHandler()
        Signals.putBackPreviousAction(for: received)
        raise(received)
      }
    }
  }

  /// Puts back the crash handlers that were there before; the crash handler then has
  /// nothing left to restore.
  static func removeCrashHandlers() {
    for (index, sig) in crash.enumerated() { uninstall(slot: termination.count + index, signal: sig) }
    storage.fd.pointee = -1
    storage.byteCount.pointee = 0
  }

  /// Async-signal-safe: `write` and `tcsetattr` only.
  static func restoreFromSignalHandler() {
    let fd = storage.fd.pointee
    guard fd >= 0 else { return }
    if let bytes = storage.bytes.pointee, storage.byteCount.pointee > 0 {
      _ = write(fd, bytes, storage.byteCount.pointee)
    }
    if storage.hasModes.pointee { _ = tcsetattr(fd, TCSANOW, storage.modes) }
  }

  /// Async-signal-safe: `sigaction` only. Falls back to the default action.
  private static func putBackPreviousAction(for sig: Int32) {
    if storage.chainsCrashes.pointee, let index = crash.firstIndex(of: sig),
      storage.installed[termination.count + index]
    {
      sigaction(sig, storage.previousActions + termination.count + index, nil)
    } else {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = SIG_DFL
      sigaction(sig, &action, nil)
    }
  }

  private static func install(slot: Int, signal sig: Int32, handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    // Keep the first saved action when installing twice: it is the host's.
    let previous: UnsafeMutablePointer<sigaction>? =
      storage.installed[slot] ? nil : storage.previousActions + slot
    if sigaction(sig, &action, previous) == 0, previous != nil { storage.installed[slot] = true }
  }

  private static func uninstall(slot: Int, signal sig: Int32) {
    guard storage.installed[slot] else { return }
    sigaction(sig, storage.previousActions + slot, nil)
    storage.installed[slot] = false
  }
}
