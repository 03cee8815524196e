#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Keys typed ahead: input already waiting on the terminal before anything of the greeting
/// reads it. They belong to the shell (the user typed `q` or Enter for the next command while
/// the tool started), so a launch that finds some opens no screen, and reads nothing.
package enum TypedAhead {
  /// True when the terminal on `fd` has input waiting to be read; false when it has none or is
  /// not a terminal. Nothing is read: the bytes stay for whoever reads next.
  ///
  /// A terminal in canonical mode (the shell's, while a command runs) counts only finished
  /// lines as readable, so a `q` typed without Enter would be missed: the count is taken with
  /// canonical mode off for that moment (`TCSANOW`, which neither waits nor discards input),
  /// then the modes are put back as they were. On Linux, turning canonical mode back on with
  /// such a `q` waiting makes it a finished line for a reader in canonical mode (a shell with
  /// line editing, bash's or zsh's, reads in raw mode and sees it as typed).
  ///
  /// A process in the background (`tool &`) only counts: changing the modes of its controlling
  /// terminal from outside the foreground group would stop it (SIGTTOU).
  package static func isWaiting(on fd: Int32 = STDIN_FILENO) -> Bool {
    guard isatty(fd) == 1 else { return false }
    var saved = termios()
    guard tcgetattr(fd, &saved) == 0 else { return false }
    // The terminal's foreground group; -1 when it is not this process's controlling terminal
    // (then no SIGTTOU is sent).
    let foreground = tcgetpgrp(fd)
    let inBackground = foreground > 0 && foreground != getpgrp()
    guard saved.c_lflag & tcflag_t(ICANON) != 0, !inBackground else { return count(fd) > 0 }
    var counting = saved
    counting.c_lflag &= ~tcflag_t(ICANON)
    guard tcsetattr(fd, TCSANOW, &counting) == 0 else { return count(fd) > 0 }
    let waiting = count(fd)
    _ = tcsetattr(fd, TCSANOW, &saved)
    return waiting > 0
  }

  /// The bytes waiting on `fd` (`FIONREAD`); 0 when it cannot say.
  private static func count(_ fd: Int32) -> Int32 {
    var waiting: Int32 = 0
    guard ioctl(fd, UInt(FIONREAD), &waiting) == 0 else { return 0 }
    return waiting
  }
}
