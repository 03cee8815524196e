import LaunchGreeter
import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
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
/// whether the step also runs on a fresh install. Each command runs with `/bin/sh -c` under the
/// state lock, once, in version order; a non-zero exit fails the step (it is retried on the next
/// launch). Its output, standard output and error, is appended to `steps.log` in the state
/// directory, after a header line naming the step.
enum ShellSteps {
  /// The log of the steps' output, in the state directory.
  static let logFileName = "steps.log"

  struct Entry: Decodable {
    var id: String
    var version: String
    var summary: String
    var run: String
    var freshInstall: Bool?
  }

  /// Reads `path`; throws a one-line ``CommandFailure`` naming the file (and the step) at fault.
  static func load(_ path: String, logDirectory: String) throws -> [UpdateStep] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CommandFailure("cannot read the steps file \(path)")
    }
    let entries: [Entry]
    do {
      entries = try JSONDecoder().decode([Entry].self, from: data)
    } catch let DecodingError.keyNotFound(key, context) {
      let index = context.codingPath.first?.intValue.map { "step \($0 + 1)" } ?? "a step"
      throw CommandFailure("\(path): \(index) has no \"\(key.stringValue)\"")
    } catch {
      throw CommandFailure("\(path): not a JSON list of steps (id, version, summary, run)")
    }
    let log = logDirectory + "/" + logFileName
    return try entries.enumerated().map { index, entry in
      guard let version = AppVersion(entry.version) else {
        throw CommandFailure(
          "\(path): step \(index + 1) (\(entry.id)) has an invalid version \"\(entry.version)\"")
      }
      let command = entry.run
      let header = "== \(entry.id) (\(entry.version)): \(entry.summary)\n"
      return UpdateStep(
        id: entry.id, version: version, summary: entry.summary,
        runsOnFreshInstall: entry.freshInstall ?? false
      ) {
        let status = try runShell(command, appendingTo: log, header: header)
        if status != 0 {
          throw StepFailure(description: "\"\(command)\" exited with status \(status) (see \(log))")
        }
      }
    }
  }

  struct StepFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `command` with `/bin/sh -c`, standard input from /dev/null, output appended to `log`.
  /// Returns its exit status (128 + n when killed by signal n).
  static func runShell(_ command: String, appendingTo log: String, header: String) throws -> Int32 {
    let fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw StepFailure(description: "cannot open \(log): \(String(cString: strerror(errno)))")
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
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, &argv, environ)
    guard spawned == 0 else {
      throw StepFailure(description: "cannot run /bin/sh: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = status & 0x7f == 0
    return exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
