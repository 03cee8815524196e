import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Update steps for `greet --steps FILE`: a JSON list of steps, each a shell command.
///
/// ```json
/// [
///   {"id": "move-config", "version": "1.1.0", "summary": "Moving the config file",
///    "run": "mytool migrate-config", "freshInstall": false}
/// ]
/// ```
///
/// `id`, `version`, `summary` and `run` are required; `freshInstall` (default false) says
/// whether the step also runs on a fresh install; `timeLimit` is how many seconds it may run
/// (default 60, ``UpdateStep/defaultTimeLimit``). Each command runs with `/bin/sh -c` under the
/// state lock, once, in version order, in a process group of its own; a non-zero exit fails the
/// step (it is retried on the next launch). Past its time limit the group gets SIGTERM, then
/// SIGKILL a second later, and the step fails; Ctrl-C sends it SIGINT (then SIGKILL) and ends
/// the launch as interrupted, the step to be retried. Its standard input is /dev/null; its
/// output, standard output and error, is appended to `steps.log` in the state directory, after a
/// header line naming the step. A `steps.log` that is a link or not a regular file (a FIFO) is
/// neither followed nor waited on: the step fails, saying so, and is retried next launch.
package enum ShellSteps {
  /// The log of the steps' output, in the state directory.
  package static let logFileName = "steps.log"

  /// One step as the JSON names it.
  package struct Entry: Codable, Equatable, Sendable {
    package var id: String
    package var version: String
    package var summary: String
    package var run: String
    package var freshInstall: Bool?
    package var timeLimit: Double?

    package init(
      id: String, version: String, summary: String, run: String, freshInstall: Bool? = nil,
      timeLimit: Double? = nil
    ) {
      self.id = id
      self.version = version
      self.summary = summary
      self.run = run
      self.freshInstall = freshInstall
      self.timeLimit = timeLimit
    }
  }

  /// Reads the steps file at `path`; throws a ``RequestError`` of `steps` naming the file (and
  /// the step) at fault.
  package static func load(_ path: String, logDirectory: String) throws(RequestError) -> [UpdateStep] {
    guard let bytes = try? Platform.readFile(path) else {
      throw failure("cannot read the steps file \(path)")
    }
    let entries: [Entry]
    do {
      entries = try StateJSONDecoder().decode([Entry].self, from: bytes)
    } catch let DecodingError.keyNotFound(key, context) {
      let index = context.codingPath.first?.intValue.map { "step \($0 + 1)" } ?? "a step"
      throw failure("\(path): \(index) has no \"\(key.stringValue)\"")
    } catch {
      throw failure("\(path): not a JSON list of steps (id, version, summary, run)")
    }
    return try steps(entries, source: path + ": ", logDirectory: logDirectory)
  }

  /// The update steps `entries` describe, their output logged in `logDirectory`; `source`
  /// begins each error line (the file's path, or nothing for a request's own list).
  package static func steps(_ entries: [Entry], source: String, logDirectory: String) throws(RequestError)
    -> [UpdateStep]
  {
    let log = logDirectory + "/" + logFileName
    var steps: [UpdateStep] = []
    for (index, entry) in entries.enumerated() {
      guard let version = AppVersion(entry.version) else {
        throw failure("\(source)step \(index + 1) (\(entry.id)) has an invalid version \"\(entry.version)\"")
      }
      var timeLimit = UpdateStep.defaultTimeLimit
      if let seconds = entry.timeLimit {
        guard seconds > 0, seconds <= 86_400 else {
          throw failure(
            "\(source)step \(index + 1) (\(entry.id)) has a timeLimit of \(seconds); give seconds between 0 and 86400"
          )
        }
        timeLimit = .milliseconds(Int64((seconds * 1000).rounded(.up)))
      }
      let command = entry.run
      let header = "== \(entry.id) (\(entry.version)): \(entry.summary)\n"
      let step = UpdateStep(
        id: entry.id, version: "\(version)", summary: entry.summary,
        runsOnFreshInstall: entry.freshInstall ?? false, timeLimit: timeLimit
      ) { context in
        let status = try runShell(command, appendingTo: log, header: header, context: context)
        if status != 0 {
          throw StepFailure(description: "\"\(command)\" exited with status \(status) (see \(log))")
        }
      }
      steps.append(step)
    }
    return steps
  }

  private static func failure(_ message: String) -> RequestError {
    RequestError(parameter: .steps, message: message, isUsage: false)
  }

  struct StepFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// How long a command asked to stop has before SIGKILL: one second.
  static let killDelay: Duration = .seconds(1)

  /// Runs `command` with `/bin/sh -c` in a process group of its own, standard input from
  /// /dev/null, output appended to `log`, signals at their defaults. Returns its exit status
  /// (128 + n when killed by signal n). When `context` asks the step to stop, the group gets
  /// SIGINT (Ctrl-C) or SIGTERM (the time limit), then SIGKILL after ``killDelay``, and the
  /// reason is thrown.
  static func runShell(
    _ command: String, appendingTo log: String, header: String, context: UpdateStepContext
  ) throws -> Int32 {
    let fd: Int32
    do {
      fd = try Platform.openStateFile(log, O_WRONLY | O_CREAT | O_APPEND)
    } catch {
      throw StepFailure(description: "cannot open \(log): \(error.message)")
    }
    defer { close(fd) }
    Platform.writeAll(fd, header)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fd, 1)
    posix_spawn_file_actions_adddup2(&actions, fd, 2)
    let arguments = ["/bin/sh", "-c", command]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // Its own group, so a stop reaches what the shell started too; an empty mask and default
    // actions, so the signals do their work whatever this process blocks or catches.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    // SIGXFSZ too, which the executables ignore (Platform.ignoreFileSizeSignal).
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
    guard spawned == 0 else {
      throw StepFailure(description: "cannot run /bin/sh: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var killAt: ContinuousClock.Instant?
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid || (reaped < 0 && errno != EINTR) { break }
      if let stop = context.stop {
        if killAt == nil {
          if case .interrupted = stop { kill(-pid, SIGINT) } else { kill(-pid, SIGTERM) }
          killAt = .now + killDelay
        } else if let deadline = killAt, ContinuousClock.now >= deadline {
          kill(-pid, SIGKILL)
          while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
          break
        }
      }
      usleep(10_000)
    }
    if killAt != nil, let stop = context.stop {
      // What is left of the group (a command the shell put in the background) goes too.
      kill(-pid, SIGKILL)
      throw stop
    }
    let exited = status & 0x7f == 0
    return exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
