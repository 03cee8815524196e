import Foundation
import LaunchTracking
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A tmux server of its own, running a bare shell in one pane, for driving the built `whatsnew`
/// like a person at a terminal. Its socket is in the test's scratch directory (`-S`), so nothing
/// is left in `/tmp/tmux-UID` either.
///
/// The shell runs without `CI` or the coding-agent variables (so the binary sees an interactive launch even under CI), with
/// `TERM=xterm-256color` and a UTF-8 locale. Every wait polls `capture-pane` with a timeout
/// instead of sleeping. ``kill()`` stops the server; call it in a `defer`.
final class TmuxSession {
  enum Failure: Error, CustomStringConvertible {
    case timeout(String, screen: String)
    case tmux(String)

    var description: String {
      switch self {
      case .timeout(let what, let screen): return "timed out waiting for \(what); the pane shows:\n\(screen)"
      case .tmux(let message): return "tmux failed: \(message)"
      }
    }
  }

  /// How long a wait polls before it fails. Waits return as soon as their condition holds, so a
  /// generous bound costs nothing on a quiet machine and keeps a loaded one (or the
  /// AddressSanitizer build) from failing a correct program.
  static let defaultTimeout: Double = 30

  /// A scratch directory for the test (state, pid files, stty snapshots).
  let directory: URL
  private let socket: String

  init(width: Int = 80, height: Int = 24) throws {
    directory = try TestPaths.makeTemporaryDirectory("whatsnew-tmux")
    socket = directory.appendingPathComponent("tmux.sock").path
    let shell =
      "env -u CI " + Invocation.agentVariables.map { "-u \($0) " }.joined()
      + "-u NO_COLOR TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' HISTFILE=/dev/null "
      + "bash --norc --noprofile"
    try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", shell])
    // Wait for the prompt so the first keys are not lost.
    _ = try waitFor("$")
    try run("ulimit -c 0")
  }

  /// The path of the built binary, quoted for the shell.
  var binary: String { "'" + TestPaths.whatsnewBinary.path + "'" }
  /// The repository's Content directory, quoted for the shell.
  var content: String { "'" + TestPaths.content.path + "'" }

  /// Types `command` into the shell and presses Enter.
  func run(_ command: String) throws {
    try tmux(["send-keys", "-t", "=0:", "-l", command])
    try tmux(["send-keys", "-t", "=0:", "Enter"])
  }

  /// Starts `arguments` (after the binary) in the foreground, recording its pid, the terminal
  /// modes before and after, and its exit status (shown as `EXIT:<n>` when it ends).
  ///
  /// The previous run's pid, status and stty files are removed first, so every wait below sees
  /// only this run's (a loaded machine may not have cleared the last run's screen yet).
  func start(_ arguments: String, environment: String = "", program: String? = nil) throws {
    let binary = program ?? self.binary
    let d = directory.path
    for name in ["pid", "status", "stty-before", "stty-after"] {
      try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
    try run(
      "clear; stty -a > '\(d)/stty-before'; "
        + "sh -c 'echo $$ > \"\(d)/pid\"; exec \"$@\"' sh env \(environment) \(binary) \(arguments); "
        + "s=$?; echo $s > '\(d)/status'; echo \"EX\"\"IT:$s\"; stty -a > '\(d)/stty-after'")
  }

  /// Sends tmux key names (`q`, `Enter`, `C-c`, `PageDown`, ...), as a person would: not
  /// within a screen's first moment (``afterGrace()``), except Ctrl-C alone.
  func keys(_ names: String...) throws {
    // Ctrl-C acts in a screen's first moment too: tests time how fast it does.
    if names != ["C-c"] { afterGrace() }
    try tmux(["send-keys", "-t", "=0:"] + names)
  }

  /// Sends raw bytes to the pane, as a terminal would send them (`send-keys -H`): escape
  /// sequences that no tmux key name produces.
  func bytes(_ bytes: [UInt8]) throws {
    afterGrace()
    try tmux(["send-keys", "-t", "=0:", "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// When the last wait saw what it waited for: the screen it saw was drawn before then.
  private var lastSeen = Date.distantPast

  /// Notes that a wait of the test's own (a log, a file) saw the screen it waited for now, so
  /// the next keys wait for the screen's first moment to pass (``afterGrace()``).
  func sawScreen() { lastSeen = Date() }

  /// Waits until 200 ms have passed since the last wait saw its screen: a screen drops the keys
  /// of its first 150 ms (`KeyGrace`, typed before anyone could see it), and a person cannot
  /// answer a screen faster than that either.
  private func afterGrace() {
    let left = 0.2 - Date().timeIntervalSince(lastSeen)
    if left > 0 { usleep(UInt32(left * 1_000_000)) }
  }

  /// The visible text of the pane.
  func capture() throws -> String {
    try tmux(["capture-pane", "-p", "-t", "=0:"])
  }

  /// The pane with its colours as SGR escapes.
  func captureWithColours() throws -> String {
    try tmux(["capture-pane", "-e", "-p", "-t", "=0:"])
  }

  /// A tmux format evaluated for the pane, e.g. `#{alternate_on}`.
  func display(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "-t", "=0:", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Resizes the window (and the pane in it).
  func resize(width: Int, height: Int) throws {
    try tmux(["resize-window", "-t", "=0:", "-x", "\(width)", "-y", "\(height)"])
  }

  /// Polls until the pane shows `text`; returns the screen.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = defaultTimeout) throws -> String {
    try waitUntil(text, timeout: timeout) { $0.contains(text) }
  }

  /// Polls until `condition` holds for the screen; returns it.
  @discardableResult
  func waitUntil(_ what: String, timeout: Double = defaultTimeout, _ condition: (String) -> Bool) throws
    -> String
  {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while true {
      screen = try capture()
      if condition(screen) {
        lastSeen = Date()
        return screen
      }
      if Date() > deadline { throw Failure.timeout(what, screen: screen) }
      usleep(50_000)
    }
  }

  /// Waits for the program started by ``start(_:environment:)`` to end; returns its status.
  /// It reads this run's status file (written before `EXIT:` is shown), then waits for the
  /// stty snapshot written after it.
  func waitForExit(timeout: Double = defaultTimeout) throws -> Int {
    let deadline = Date().addingTimeInterval(timeout)
    func read(_ name: String) -> String? {
      let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      guard let text, text.hasSuffix("\n") else { return nil }
      return text
    }
    while read("status") == nil || read("stty-after") == nil {
      if Date() > deadline { throw Failure.timeout("the program's exit", screen: (try? capture()) ?? "") }
      usleep(20_000)
    }
    return Int(read("status")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
  }

  /// The program's pid, once it has started.
  func pid(timeout: Double = defaultTimeout) throws -> pid_t {
    let file = directory.appendingPathComponent("pid")
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let text = try? String(contentsOf: file, encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      usleep(20_000)
    }
    throw Failure.timeout("the pid file", screen: (try? capture()) ?? "")
  }

  /// The terminal modes (`stty -a`) before and after the program, without the window size
  /// (which a resize legitimately changes).
  func sttySnapshots() -> (before: String, after: String) {
    func read(_ name: String) -> String {
      let text = (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
      return text.replacingOccurrences(of: #"rows \d+; columns \d+;"#, with: "", options: .regularExpression)
    }
    return (read("stty-before"), read("stty-after"))
  }

  /// Runs any tmux command on this session's server (e.g. `select-pane -T`, `list-buffers`).
  @discardableResult
  func command(_ arguments: [String]) throws -> String {
    if arguments.first == "send-keys" { afterGrace() }
    return try tmux(arguments)
  }

  /// Stops the server and removes the scratch directory, its socket with it.
  func kill() {
    _ = try? tmux(["kill-server"])
    TestPaths.removeTree(directory.path)
  }

  // MARK: - Helpers

  /// Runs one tmux command and returns its output (sent to a file, not a pipe: the first
  /// command starts the server, a daemon that keeps the descriptors it inherits, so a pipe
  /// would never reach end-of-file).
  ///
  /// Spawned with an empty signal mask and default dispositions: the test runner's threads
  /// block signals, and a mask inherited through the server down to `whatsnew` would hide
  /// SIGWINCH, SIGTERM and SIGHUP from it.
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    let output = directory.appendingPathComponent("tmux-output-\(UUID().uuidString.prefix(8))")
    defer { try? FileManager.default.removeItem(at: output) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The server this may start keeps what it inherits: give it nothing of the test runner's.
    Spawning.closeInheritedDescriptors(&actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ["tmux", "-S", socket] + arguments
    var cArgv: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgv { free(p) } }
    var pid: pid_t = 0
    let rc = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArgv, environ)
    guard rc == 0 else { throw Failure.tmux("cannot start tmux: \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    let deadline = Date().addingTimeInterval(10)
    while waitpid(pid, &status, WNOHANG) == 0 {
      if Date() > deadline {
        _ = Glibc.kill(pid, SIGKILL)
        _ = waitpid(pid, &status, 0)
        throw Failure.tmux("tmux \(arguments.joined(separator: " ")) did not finish")
      }
      usleep(2_000)
    }
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    guard status == 0 else {
      throw Failure.tmux("tmux \(arguments.joined(separator: " ")): status \(status): \(text)")
    }
    return text
  }
}

/// What a Swift trap (`fatalError`, a failed precondition) raises on this machine: SIGILL (the
/// `ud2` instruction) on x86-64, SIGTRAP (`brk`) on arm64. A shell reports 128 plus it.
let trapSignal: Int32 = {
  #if arch(x86_64) || arch(i386)
    return SIGILL
  #else
    return SIGTRAP
  #endif
}()

extension TmuxSession {
  /// A new user's first `demo` launch as 1.0.0 with `options` (`--content`, `--state-dir`):
  /// the walkthrough is skipped and the demo quit, so the next `demo` with the same options is
  /// an upgrade. Throws when a step does not appear or the demo does not end with 0.
  func skipTheDemosWalkthroughAsVersion100(_ options: String) throws {
    try start("demo --app-version 1.0.0 \(options)")
    try waitFor("q later")
    try keys("s")
    try waitFor("Explore")
    try keys("q")
    let status = try waitForExit()
    if status != 0 { throw Failure.tmux("the first launch of 1.0.0 ended with \(status)") }
  }
}

extension TmuxSession {
  /// Tally's first launch, `command` in `environment`: waits for its walkthrough, skips it
  /// (`s`) and expects the launch to end with status 0.
  func skipTallysWalkthrough(_ command: String, environment: String = "") throws {
    try start(command, environment: environment)
    try waitFor("Welcome to Tally")
    try keys("s")
    #expect(try waitForExit() == 0)
  }
}
