import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`, for tests that kill processes at chosen
/// moments (Foundation's `Process` adds threads and pipes that blur the timing).
///
/// Standard input, output and error go to `/dev/null` unless `outputFile` is given, in
/// which case stdout (and stderr, unless `errorFile` is given) are appended to it.
struct KillableProcess {
  /// How a spawned process ended.
  enum Outcome: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    var description: String {
      switch self {
      case .exited(let status): return "exit \(status)"
      case .signalled(let signal): return "signal \(signal)"
      }
    }
  }

  let pid: pid_t

  /// Starts `executable` with `arguments` and exactly `environment`.
  init(
    _ executable: URL, _ arguments: [String], environment: [String: String],
    outputFile: String? = nil, errorFile: String? = nil, inputFile: String = "/dev/null"
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, inputFile, O_RDONLY, 0)
    let out = outputFile ?? "/dev/null"
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    if let errorFile {
      posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    } else {
      posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    Spawning.closeInheritedDescriptors(&actions)

    let argv = [executable.path] + arguments
    let envp = environment.map { "\($0.key)=\($0.value)" }
    var cArgv: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    var cEnvp: [UnsafeMutablePointer<CChar>?] = envp.map { strdup($0) } + [nil]
    defer {
      for p in cArgv { free(p) }
      for p in cEnvp { free(p) }
    }
    var child: pid_t = 0
    let rc = posix_spawn(&child, executable.path, &actions, nil, &cArgv, &cEnvp)
    guard rc == 0 else {
      throw KillableProcessError(message: "posix_spawn \(executable.path): \(String(cString: strerror(rc)))")
    }
    pid = child
    // Crowds of these run beside timing-sensitive tests on a 2-core machine: let those win.
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(child), 10)
  }

  /// Sends `signal` (it may already have exited; a zombie ignores it).
  func send(_ signal: Int32) {
    _ = kill(pid, signal)
  }

  /// Waits for the process to end and says how.
  func wait() -> Outcome {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
    let signal = status & 0x7f
    if signal == 0 { return .exited((status >> 8) & 0xff) }
    return .signalled(signal)
  }

  /// Waits at most `timeout` seconds; kills the process with SIGKILL if it is still
  /// running then. Returns nil when it had to be killed.
  func wait(timeout: Double) -> Outcome? {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
      let r = waitpid(pid, &status, WNOHANG)
      if r == pid {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
      }
      usleep(2_000)
    }
    send(SIGKILL)
    _ = wait()
    return nil
  }

  /// The environment of the test process without `CI` (as `Run.whatsnew` does) plus `extra`.
  static func environment(_ extra: [String: String]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    for (k, v) in extra { env[k] = v }
    return env
  }
}

struct KillableProcessError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Runs the built `whatsnew` to completion with a time limit, so a hang fails the test
/// instead of stalling the suite.
enum BoundedRun {
  struct Result {
    /// How it ended; nil when it had to be killed at the time limit.
    var outcome: KillableProcess.Outcome?
    var stdoutBytes: [UInt8]
    var stderrBytes: [UInt8]

    var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

    /// True when it exited with `status`.
    func exited(_ status: Int32) -> Bool { outcome == .exited(status) }

    /// The lines on stderr.
    var errorLines: [Substring] { stderr.split(separator: "\n") }
  }

  static func whatsnew(
    _ arguments: [String], environment: [String: String] = [:], timeout: Double = 60,
    executable: URL = TestPaths.whatsnewBinary, prefix: [String] = [], stdinFile: String = "/dev/null"
  ) throws -> Result {
    let dir = try TestPaths.makeTemporaryDirectory("bounded-run")
    defer { try? FileManager.default.removeItem(at: dir) }
    let out = dir.appendingPathComponent("stdout").path
    let err = dir.appendingPathComponent("stderr").path
    let launcher = prefix.isEmpty ? executable : URL(fileURLWithPath: prefix[0])
    let arguments = prefix.isEmpty ? arguments : Array(prefix.dropFirst()) + [executable.path] + arguments
    let process = try KillableProcess(
      launcher, arguments, environment: KillableProcess.environment(environment), outputFile: out,
      errorFile: err, inputFile: stdinFile)
    let outcome = process.wait(timeout: timeout)
    let read = { (path: String) in [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }
    return Result(outcome: outcome, stdoutBytes: read(out), stderrBytes: read(err))
  }
}
