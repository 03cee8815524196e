import Foundation
import LaunchTracking
import Testing

/// Helpers shared by the test targets: where things are, golden files, and running
/// the built `whatsnew` binary. Not shipped in any product.
package enum TestPaths {
  /// The package root, found from this file's location.
  package static let packageRoot: URL = {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // TestSupport
      .deletingLastPathComponent()  // Sources
      .deletingLastPathComponent()
  }()

  /// Where the corpus is looked for: `$WHATSNEW_CORPUS` alone when it is set, else `corpus/`
  /// at the package root (git-ignored: copy the public files there, docs/testing.md), then
  /// `../shared/corpus` beside the package.
  package static var corpusCandidates: [URL] {
    if let env = ProcessInfo.processInfo.environment["WHATSNEW_CORPUS"], !env.isEmpty {
      return [URL(fileURLWithPath: env)]
    }
    return [
      packageRoot.appendingPathComponent("corpus"),
      packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus"),
    ]
  }

  /// The corpus directory: the first of ``corpusCandidates`` that exists (the last when none
  /// does).
  package static var corpus: URL {
    let places = corpusCandidates
    return places.first { FileManager.default.fileExists(atPath: $0.path) } ?? places[places.count - 1]
  }

  /// The corpus files among `files` (paths inside the corpus) that are not there; none when
  /// `WHATSNEW_REQUIRE_CORPUS=1` (CI sets it, so a missing corpus fails those tests instead of
  /// skipping them). A fresh clone with nothing beside it misses them all.
  package static func missingCorpusFiles(_ files: [String]) -> [String] {
    if ProcessInfo.processInfo.environment["WHATSNEW_REQUIRE_CORPUS"] == "1" { return [] }
    let corpus = corpus
    return files.filter { !FileManager.default.fileExists(atPath: corpus.appendingPathComponent($0).path) }
  }

  /// Why a test that needs `missing` is skipped: the files, and where they were looked for.
  package static func corpusMissing(_ missing: [String]) -> String {
    let places = corpusCandidates.map(\.path).joined(separator: ", ")
    return "no corpus file \(missing.joined(separator: ", ")) in \(places) "
      + "(the public files docs/testing.md lists; copy them to corpus/ or set WHATSNEW_CORPUS)"
  }

  /// A file in the corpus.
  package static func corpusFile(_ relative: String) -> URL {
    corpus.appendingPathComponent(relative)
  }

  /// The demo app's `Content/`.
  package static var content: URL { packageRoot.appendingPathComponent("Content") }

  /// The directory holding the test bundle, which is also where SwiftPM puts the built
  /// `whatsnew` executable.
  package static var buildProductsDirectory: URL {
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
  package static var whatsnewBinary: URL {
    if let env = ProcessInfo.processInfo.environment["WHATSNEW_BINARY"], !env.isEmpty {
      return URL(fileURLWithPath: env)
    }
    return buildProductsDirectory.appendingPathComponent("whatsnew")
  }

  /// A fresh empty directory under `$TMPDIR` (`/tmp` when unset). The caller removes it
  /// (`defer { try? FileManager.default.removeItem(at: dir) }`); ``TemporaryDirectory`` removes
  /// itself.
  package static func makeTemporaryDirectory(_ label: String = "whatsnew-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// True when `name` is an executable on `PATH`.
  package static func hasTool(_ name: String) -> Bool {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
    }
  }
}

/// A fresh empty directory under `$TMPDIR` (`/tmp` when unset), removed with everything in it
/// when the last reference to it goes: keep one in a test's scope or in a suite's stored
/// property, and the test leaves nothing behind, also when it throws or an expectation fails.
package final class TemporaryDirectory: Sendable {
  package let url: URL
  package var path: String { url.path }

  package init(_ label: String = "whatsnew-test") throws {
    url = try TestPaths.makeTemporaryDirectory(label)
  }

  /// A new subdirectory `name` (intermediate directories too).
  package func subdirectory(_ name: String) throws -> URL {
    let sub = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
    return sub
  }

  deinit { TestPaths.removeTree(url.path) }
}

extension TestPaths {
  /// Removes `path` and everything below it, first giving the owner access to directories a
  /// test made unreadable or unwritable.
  package static func removeTree(_ path: String) {
    if (try? FileManager.default.removeItem(atPath: path)) != nil { return }
    func openUp(_ directory: String) {
      chmod(directory, 0o700)
      for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
        var info = stat()
        let full = directory + "/" + name
        if lstat(full, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { openUp(full) }
      }
    }
    openUp(path)
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Golden text files kept beside the tests in `__Snapshots__/`. Set `WHATSNEW_RECORD=1`
/// to (re)write them.
package enum Golden {
  /// Compares `actual` with the golden file `name` next to `testFile`. Returns nil when they
  /// match (or after recording), else a message with the first differing line.
  package static func check(_ actual: String, named name: String, testFile: String = #filePath) -> String? {
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
package struct ProcessResult: Sendable {
  package var status: Int32
  package var stdout: String
  package var stderr: String
}

/// Runs programs for black-box tests.
package enum Run {
  /// Runs `executable` with `arguments`, extra `environment` (merged over the current one,
  /// with `CI` and the coding-agent variables removed unless given) and optional standard
  /// input. Waits for it to exit.
  package static func process(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:],
    stdin: Data? = nil, currentDirectory: URL? = nil
  ) throws -> ProcessResult {
    let p = Process()
    p.executableURL = executable
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for name in ["CI"] + Invocation.agentVariables { env.removeValue(forKey: name) }
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
  package static func whatsnew(
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

/// Running a program as a user for whom a file the tests made unreadable is unreadable. Root
/// reads anything, so when the tests run as root the program runs as user nobody (65534) through
/// util-linux `setpriv`, and the files it must reach have to be under directories nobody can
/// enter: the test files under `$TMPDIR`, and copies of the program and the demo's notes
/// (``stage(in:)``), since the checkout may be where nobody cannot go (a clone under `/root`).
package enum UnreadableFiles {
  /// The command to put before the program: `setpriv` as nobody under root, nothing otherwise.
  package static var prefix: [String] {
    getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
  }

  /// Why the unreadable-file tests cannot run here, or nil when they can.
  package static var obstacle: String? {
    guard getuid() == 0 else { return nil }
    if !FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
      return "running as root without /usr/bin/setpriv (util-linux) to drop to user nobody"
    }
    var directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
    while directory != "/" && !directory.isEmpty {
      var info = stat()
      if stat(directory, &info) == 0 && info.st_mode & S_IXOTH == 0 {
        return "user nobody cannot enter \(directory) (in $TMPDIR): give the run a TMPDIR of mode 755"
      }
      directory = (directory as NSString).deletingLastPathComponent
    }
    return nil
  }

  /// Whether the unreadable-file tests can run here (see ``obstacle``).
  package static var available: Bool { obstacle == nil }

  /// The skip reason for `.requires(UnreadableFiles.available, UnreadableFiles.missing)`.
  package static var missing: String { obstacle ?? "" }

  /// Copies the built `whatsnew` and the demo's `Content/` into `directory` (made enterable by
  /// everyone), for a run under ``prefix``: the build directory and the checkout may be out of
  /// user nobody's reach. Returns the copies' locations.
  package static func stage(in directory: URL) throws -> (binary: URL, content: URL) {
    chmod(directory.path, 0o755)
    let binary = directory.appendingPathComponent("whatsnew")
    try Spawning.copyExecutable(from: TestPaths.whatsnewBinary.path, to: binary.path)
    let content = directory.appendingPathComponent("Content")
    try FileManager.default.copyItem(at: TestPaths.content, to: content)
    return (binary, content)
  }
}

/// Deterministic pseudo-random numbers (SplitMix64) for the randomised tests, so a failing run
/// repeats from its seed.
package struct SeededRandom: RandomNumberGenerator, Sendable {
  /// The seed this generator started from, to print with a failure.
  package let seed: UInt64
  private var state: UInt64

  package init(seed: UInt64) {
    self.seed = seed
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in 0..<bound.
  package mutating func next(upTo bound: UInt64) -> UInt64 { next() % bound }

  /// A value in [0, 1).
  package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
