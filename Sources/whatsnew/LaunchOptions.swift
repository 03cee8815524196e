import ArgumentParser
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

/// The options `demo`, `state` and `reset` share: which app, and where its state lives.
struct StateOptions: ParsableArguments {
  @Option(help: "The app whose launches are tracked.")
  var appID = "whatsnew-demo"

  @Option(
    help: ArgumentHelp(
      "The state directory (default: $WHATSNEW_STATE_DIR, else $XDG_STATE_HOME/<app-id>).",
      valueName: "dir"))
  var stateDir: String?

  /// The options as plain values.
  var settings: StateSettings { StateSettings(appID: appID, stateDir: stateDir) }

  func validate() throws { try settings.validate() }

  /// The state directory for these options.
  var directory: String { settings.directory }

  /// The file store for these options; warnings go to stderr.
  func makeStore(now: @escaping @Sendable () -> Date) -> FileLaunchStore { settings.makeStore(now: now) }
}

/// ``StateOptions`` as plain values (see ``DemoLaunch`` for why both exist).
struct StateSettings: Equatable {
  var appID = "whatsnew-demo"
  var stateDir: String?

  func validate() throws {
    if let problem = StateLocation.problem(withAppID: appID) {
      throw ValidationError("--app-id: \(problem)")
    }
    if stateDir == "" { throw ValidationError("--state-dir: the directory is empty") }
  }

  /// The state directory for these options.
  var directory: String {
    StateLocation.directory(
      appID: appID, stateDirectory: stateDir, environment: processEnvironment)
  }

  /// The file store for these options; warnings go to stderr.
  func makeStore(now: @escaping @Sendable () -> Date) -> FileLaunchStore {
    let env = processEnvironment
    let delay = env["WHATSNEW_WRITE_DELAY_MS"].flatMap { Int($0) } ?? 0
    return FileLaunchStore(directory: directory, writeDelayMilliseconds: delay, now: now) {
      Console.error($0)
    }
  }
}

/// The executable's clock: the system clock, or the fixed `WHATSNEW_NOW` (ISO 8601) for
/// QA and end-to-end tests.
enum LaunchClock {
  static func fromEnvironment() throws -> @Sendable () -> Date {
    guard let text = processEnvironment["WHATSNEW_NOW"], !text.isEmpty else {
      return { Date() }
    }
    guard let date = parse(text) else {
      throw ValidationError(
        "WHATSNEW_NOW=\"\(text)\" is not an ISO 8601 date-time (e.g. 2026-01-31T12:00:00Z)")
    }
    return { date }
  }

  static func parse(_ text: String) -> Date? {
    let styles = [
      Date.ISO8601FormatStyle(),
      Date.ISO8601FormatStyle(includingFractionalSeconds: true),
      Date.ISO8601FormatStyle().year().month().day(),
    ]
    for style in styles {
      if let date = try? style.parse(text) { return date }
    }
    return nil
  }
}

/// The process environment, read once (building the dictionary is not free, and a launch
/// consults it several times).
let processEnvironment = readEnvironment()

/// `environ` as a dictionary, read directly: `ProcessInfo.processInfo.environment` cost about
/// 0.6M instructions here (a fifth of a whole launch), most of it setting up `ProcessInfo` and
/// its locking, against about 0.1M for this loop. For a name given twice the first one wins,
/// as `getenv` would answer; an entry without `=` is skipped.
func readEnvironment() -> [String: String] {
  #if !canImport(Glibc)
    return ProcessInfo.processInfo.environment
  #else
    return readEnviron()
  #endif
}

#if canImport(Glibc)
  private func readEnviron() -> [String: String] {
    var result: [String: String] = [:]
    // `environ` is NULL after `clearenv()`; the optional keeps that case an empty dictionary.
    let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    guard var entry = start else { return result }
    while let pointer = entry.pointee {
      let length = strlen(pointer)
      pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
        let buffer = UnsafeBufferPointer(start: bytes, count: length)
        if let equals = buffer.firstIndex(of: UInt8(ascii: "=")) {
          let name = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<equals]), as: UTF8.self)
          if result[name] == nil {
            result[name] = String(
              decoding: UnsafeBufferPointer(rebasing: buffer[(equals + 1)...]), as: UTF8.self)
          }
        }
      }
      entry += 1
    }
    return result
  }
#endif
