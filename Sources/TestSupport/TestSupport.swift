import Foundation
import Testing

/// Helpers shared by the test targets: where things are, golden files, and running
/// the built `whatsnew` binary. Not shipped in any product.
public enum TestPaths {
  /// The package root, found from this file's location.
  public static let packageRoot: URL = {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // TestSupport
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()
  }()

  /// `../shared/corpus` beside the package (or `$WHATSNEW_CORPUS`).
  public static var corpus: URL {
    if let env = ProcessInfo.processInfo.environment["WHATSNEW_CORPUS"], !env.isEmpty {
      return URL(fileURLWithPath: env)
    }
    return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
  }

  /// Whether the tests that read the shared corpus run: when it is there, or when
  /// `WHATSNEW_REQUIRE_CORPUS=1` (CI sets it, so a missing corpus fails those tests instead of
  /// skipping them). A fresh clone with nothing beside it skips them.
  public static var corpusAvailable: Bool {
    if ProcessInfo.processInfo.environment["WHATSNEW_REQUIRE_CORPUS"] == "1" { return true }
    return FileManager.default.fileExists(atPath: corpus.path)
  }

  /// Why the corpus tests are skipped, naming the path.
  public static var corpusMissing: Comment {
    Comment(rawValue: "no corpus at \(corpus.path) (../shared/corpus or $WHATSNEW_CORPUS); skipped")
  }

  /// A file in the shared corpus.
  public static func corpusFile(_ relative: String) -> URL {
    corpus.appendingPathComponent(relative)
  }

  /// The demo app's `Content/`.
  public static var content: URL { packageRoot.appendingPathComponent("Content") }

  /// The directory holding the test bundle, which is also where SwiftPM puts the built
  /// `whatsnew` executable.
  public static var buildProductsDirectory: URL {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var dir = exe.deletingLastPathComponent()
    // On Linux the test runner is `<products>/whatsnewPackageTests.xctest`.
    while dir.path != "/" {
      if FileManager.default.fileExists(atPath: dir.appendingPathComponent("whatsnew").path) { return dir }
      dir = dir.deletingLastPathComponent()
    }
    return exe.deletingLastPathComponent()
  }

  /// The built `whatsnew` executable.
  public static var whatsnewBinary: URL {
    if let env = ProcessInfo.processInfo.environment["WHATSNEW_BINARY"], !env.isEmpty {
      return URL(fileURLWithPath: env)
    }
    return buildProductsDirectory.appendingPathComponent("whatsnew")
  }

  /// A fresh empty temporary directory.
  public static func makeTemporaryDirectory(_ label: String = "whatsnew-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// True when `name` is an executable on `PATH`.
  public static func hasTool(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }
}

/// Golden text files kept beside the tests in `__Snapshots__/`. Set `WHATSNEW_RECORD=1`
/// to (re)write them.
public enum Golden {
  /// Compares `actual` with the golden file `name` next to `testFile`. Returns nil when they
  /// match (or after recording), else a message with the first differing line.
  public static func check(_ actual: String, named name: String, testFile: String = #filePath) -> String? {
    let dir = URL(fileURLWithPath: testFile).deletingLastPathComponent()
      .appendingPathComponent("__Snapshots__")
    let url = dir.appendingPathComponent(name)
    let record = ProcessInfo.processInfo.environment["WHATSNEW_RECORD"].map { $0 == "1" } ?? false
    if record || !FileManager.default.fileExists(atPath: url.path) {
      if !record { return "no golden file \(url.path); run with WHATSNEW_RECORD=1 to record it" }
      try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
      try? actual.write(to: url, atomically: true, encoding: .utf8)
      return nil
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      return "cannot read \(url.path)"
    }
    if expected == actual { return nil }
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for i in 0..<max(e.count, a.count) {
      let el = i < e.count ? String(e[i]) : "<end>"
      let al = i < a.count ? String(a[i]) : "<end>"
      if el != al {
        return "\(name): line \(i + 1) differs\n  expected: \(el)\n  actual:   \(al)"
      }
    }
    return "\(name): differs"
  }
}

/// The outcome of running a process to completion.
public struct ProcessResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// Runs programs for black-box tests.
public enum Run {
  /// Runs `executable` with `arguments`, extra `environment` (merged over the current one,
  /// with `CI` removed unless given) and optional standard input. Waits for it to exit.
  public static func process(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    stdin: Data? = nil, currentDirectory: URL? = nil
  ) throws -> ProcessResult {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "CI")
    for (k, v) in environment { env[k] = v }
    p.environment = env
    if let currentDirectory { p.currentDirectoryURL = currentDirectory }
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = input
    try p.run()
    if let stdin { writeIgnoringBrokenPipe(stdin, to: input.fileHandleForWriting) }
    try? input.fileHandleForWriting.close()
    // Read both pipes concurrently so a full pipe never blocks the child.
    let errBox = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      errBox.data = err.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    p.waitUntilExit()
    return ProcessResult(
      status: p.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errBox.data, as: UTF8.self))
  }

  /// Runs the built `whatsnew` binary.
  public static func whatsnew(
    _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
    currentDirectory: URL? = nil
  ) throws -> ProcessResult {
    try process(
      TestPaths.whatsnewBinary, arguments, environment: environment, stdin: stdin,
      currentDirectory: currentDirectory)
  }
}

/// Writes `data` to a pipe whose reader may already have exited. A plain write would raise
/// SIGPIPE and kill the whole test runner; here SIGPIPE is blocked for this thread during the
/// write, the EPIPE error is ignored, and a SIGPIPE left pending is consumed before unblocking.
private func writeIgnoringBrokenPipe(_ data: Data, to handle: FileHandle) {
  var pipeOnly = sigset_t()
  sigemptyset(&pipeOnly)
  sigaddset(&pipeOnly, SIGPIPE)
  var previous = sigset_t()
  pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
  defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
  try? handle.write(contentsOf: data)
  var pending = sigset_t()
  sigpending(&pending)
  if sigismember(&pending, SIGPIPE) == 1 {
    var zero = timespec(tv_sec: 0, tv_nsec: 0)
    _ = sigtimedwait(&pipeOnly, nil, &zero)
  }
}

private final class DataBox: @unchecked Sendable {
  var data = Data()
}
