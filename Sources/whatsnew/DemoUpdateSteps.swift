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

/// The demo app's update steps. The demo ("Jot", a notes app) keeps its notes in its state
/// directory; the format changed over its releases:
///
/// | version | data |
/// |---|---|
/// | 1.0.0 | `notes.txt`, one note per line |
/// | 1.1.0 | `notes.json` (`format` 2): `{"text": ...}` objects |
/// | 1.2.0 | `notes.json` (`format` 3): notes carry `tags` taken from `#words` |
/// | 2.0.0 | plus `notes-index.json`, a word -> note numbers search index |
///
/// Each step appends `<id> <pid>` to `update-steps.log` when it runs, so tests can count
/// runs. QA knobs: `WHATSNEW_DEMO_FAIL_STEP=<id>` makes that step throw,
/// `WHATSNEW_DEMO_STEP_DELAY_MS` makes every step take that long, and
/// `WHATSNEW_DEMO_STEP_IGNORES_STOP=1` makes that delay a step that never checks whether it
/// should stop (Ctrl-C then shows "Stopping…" and leaves it running after 2 s).
enum DemoUpdateSteps {
  /// The names of the demo's data files in the state directory (removed by `reset`).
  static let dataFiles = ["notes.txt", "notes.json", "notes-index.json", "update-steps.log"]

  /// The steps, acting on files in `directory`, for the demo running at `version`.
  static func make(directory: String, version: AppVersion, environment: [String: String]) -> [UpdateStep] {
    let files = DemoNotesFiles(directory: URL(fileURLWithPath: directory))
    let failID = environment["WHATSNEW_DEMO_FAIL_STEP"]
    let delay = environment["WHATSNEW_DEMO_STEP_DELAY_MS"].flatMap { Int($0) } ?? 0
    let checksStop = environment["WHATSNEW_DEMO_STEP_IGNORES_STOP"] != "1"
    func work(_ id: String, _ body: @escaping @Sendable () throws -> Void)
      -> @Sendable (UpdateStepContext) throws -> Void
    {
      { context in
        // The delay stops when the step is asked to (Ctrl-C, its time limit), as a long step
        // should, unless the QA knob makes it a step that does not.
        for _ in stride(from: 0, to: delay, by: 10) {
          if checksStop { try context.checkCancellation() }
          usleep(10_000)
        }
        try files.log(id)
        if id == failID { throw DemoStepError("simulated failure (WHATSNEW_DEMO_FAIL_STEP=\(id))") }
        try body()
      }
    }
    return [
      UpdateStep(
        id: "seed-notes", version: "1.0.0", summary: "Create the sample notes",
        runsOnFreshInstall: true, isApplicable: { !files.exists(files.text) && !files.exists(files.json) },
        work: work("seed-notes") { try files.seed(for: version) }),
      UpdateStep(
        id: "notes-to-json", version: "1.1.0", summary: "Convert notes.txt to notes.json",
        isApplicable: { files.exists(files.text) },
        work: work("notes-to-json") { try files.convertTextToJSON() }),
      UpdateStep(
        id: "add-tags", version: "1.2.0", summary: "Add tags to every note",
        isApplicable: { files.exists(files.json) },
        work: work("add-tags") { try files.addTags() }),
      UpdateStep(
        id: "build-index", version: "2.0.0", summary: "Build the search index",
        runsOnFreshInstall: true, isApplicable: { files.exists(files.json) },
        work: work("build-index") { try files.buildIndex() }),
    ]
  }
}

/// The scratch directory `demo --simulate upgrade` runs the demo's steps in (the real state
/// is neither read nor written), removed when the demo ends.
struct DemoScratch {
  /// The directory.
  let path: String

  /// How long each simulated step takes unless `WHATSNEW_DEMO_STEP_DELAY_MS` says: long
  /// enough to see the progress bar.
  static let stepDelayMilliseconds = 600

  /// A new empty directory under `$TMPDIR` (else `/tmp`).
  static func make() throws -> DemoScratch {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let path = base + "/whatsnew-demo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    do {
      // Private to the user, and refused when the name exists (no directory is reused).
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    } catch {
      throw CommandFailure("cannot make a scratch directory in \(base) for the demo's update steps")
    }
    return DemoScratch(path: path)
  }

  /// The steps' environment: `env` with the simulated delay unless it sets one.
  func environment(_ env: [String: String]) -> [String: String] {
    var env = env
    if env["WHATSNEW_DEMO_STEP_DELAY_MS"] == nil {
      env["WHATSNEW_DEMO_STEP_DELAY_MS"] = String(Self.stepDelayMilliseconds)
    }
    return env
  }

  /// Removes the directory and what the steps wrote in it.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A demo step's failure.
struct DemoStepError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

// MARK: - The data files

/// The demo's notes data, as stored in `notes.json`.
struct DemoNotes: Codable, Equatable {
  struct Note: Codable, Equatable {
    var text: String
    var tags: [String]?
  }
  var format: Int
  var notes: [Note]
}

/// Reading and writing the demo's data files.
struct DemoNotesFiles: Sendable {
  let directory: URL
  var text: URL { directory.appendingPathComponent("notes.txt") }
  var json: URL { directory.appendingPathComponent("notes.json") }
  var index: URL { directory.appendingPathComponent("notes-index.json") }
  var stepLog: URL { directory.appendingPathComponent("update-steps.log") }

  static let samples = [
    "Welcome to Jot #intro", "Press ? for help at any time #tips", "Notes are plain text #tips #format",
  ]

  func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

  func log(_ id: String) throws {
    let fd: Int32
    do {
      fd = try Platform.openStateFile(stepLog.path, O_WRONLY | O_APPEND | O_CREAT)
    } catch {
      throw DemoStepError("cannot open \(stepLog.path): \(error.message)")
    }
    defer { close(fd) }
    if Platform.writeAll(fd, "\(id) \(getpid())\n") != nil {
      throw DemoStepError("cannot write \(stepLog.path)")
    }
  }

  /// Writes the sample notes in the format of `version`.
  func seed(for version: AppVersion) throws {
    if version < AppVersion(1, 1, 0) {
      try replace(text, with: Array((Self.samples.joined(separator: "\n") + "\n").utf8))
    } else {
      var notes = DemoNotes(format: 2, notes: Self.samples.map { .init(text: $0) })
      if version >= AppVersion(1, 2, 0) { notes = Self.tagged(notes) }
      try write(notes)
    }
  }

  func convertTextToJSON() throws {
    let lines = String(decoding: try contents(of: text), as: UTF8.self).split(separator: "\n").map(
      String.init)
    try write(DemoNotes(format: 2, notes: lines.filter { !$0.isEmpty }.map { .init(text: $0) }))
    try FileManager.default.removeItem(at: text)
  }

  func addTags() throws {
    try write(Self.tagged(try read()))
  }

  func buildIndex() throws {
    var index: [String: [Int]] = [:]
    for (i, note) in try read().notes.enumerated() {
      for word in Set(note.text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })) {
        index[String(word), default: []].append(i)
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try replace(self.index, with: Array(encoder.encode(index)))
  }

  func read() throws -> DemoNotes {
    try JSONDecoder().decode(DemoNotes.self, from: Data(contents(of: json)))
  }

  private func write(_ notes: DemoNotes) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try replace(json, with: Array(encoder.encode(notes)))
  }

  /// The file at `url`, read as every state file is (no link followed, no FIFO waited on).
  private func contents(of url: URL) throws -> [UInt8] {
    do {
      return try Platform.readStateFile(url.path)
    } catch {
      throw DemoStepError("cannot read \(url.path): \(error.message)")
    }
  }

  /// Replaces the file at `url` with `bytes` through a temporary file (the steps run under
  /// the state lock, so one name will do).
  private func replace(_ url: URL, with bytes: [UInt8]) throws {
    let temporary = directory.appendingPathComponent("." + url.lastPathComponent + ".tmp").path
    do {
      try Platform.replaceFile(url.path, with: bytes, temporary: temporary, durable: false)
    } catch {
      throw DemoStepError("cannot write \(url.path): \(error.message)")
    }
  }

  private static func tagged(_ notes: DemoNotes) -> DemoNotes {
    DemoNotes(
      format: 3,
      notes: notes.notes.map { note in
        let tags = note.text.split(separator: " ").filter { $0.hasPrefix("#") && $0.count > 1 }.map {
          String($0.dropFirst())
        }
        return .init(text: note.text, tags: tags)
      })
  }
}
