import Foundation
import TestSupport
import Testing

@testable import LaunchTracking

/// A state file cut short at any byte, or replaced by random bytes, is recognised as
/// corrupt: reading reports it, a launch moves it aside intact, starts afresh, and leaves a
/// valid file behind. Never a crash, never a half-read state.
@Suite struct StateFileCorruptionTests {
  @Test func truncationAtEveryByteIsCorruptAndRecovered() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let valid = try validStateFile(in: dir)
    let path = dir + "/launch-state.json"
    var recovered = 0
    // Every proper prefix. The only prefix that is still a whole document is the file
    // without its trailing newline, which must read as the same state.
    for length in 0..<valid.count {
      let prefix = Data(valid.prefix(length))
      try prefix.write(to: URL(fileURLWithPath: path))
      let store = FileLaunchStore(directory: dir, warn: { _ in })
      let snapshot = try store.read()
      let isWholeDocument = length == valid.count - 1 && valid.last == 0x0A
      if isWholeDocument {
        guard case .state = snapshot else {
          Issue.record("the file without its newline does not read as a state: \(snapshot)")
          continue
        }
        continue
      }
      guard case .unusable(let reason) = snapshot else {
        Issue.record("a file cut at byte \(length) of \(valid.count) reads as \(snapshot)")
        continue
      }
      #expect(reason.contains(path) && !reason.contains("\n"), "unclear reason: \(reason)")
      // Every 16th length also goes through a whole launch transaction (each one fsyncs).
      if length % 16 == 0 || length == valid.count - 2 {
        try expectRecovery(in: dir, corruptBytes: prefix)
        recovered += 1
      }
    }
    #expect(recovered > valid.count / 16)
    print("StateFileCorruptionTests: \(valid.count) truncations read, \(recovered) recovered by a launch")
  }

  @Test func randomBytesAreCorruptAndRecovered() throws {
    let dir = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var generator = SeededRandom(seed: 20_261_124)  // fixed, so a failing round repeats
    for round in 0..<200 {
      let count = Int.random(in: 1...2048, using: &generator)
      var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      // Half the rounds start like JSON, to get past the first byte.
      if round % 2 == 0 { bytes.insert(contentsOf: Array("{\"schema\":1,".utf8), at: 0) }
      let data = Data(bytes)
      try data.write(to: URL(fileURLWithPath: dir + "/launch-state.json"))
      let snapshot = try FileLaunchStore(directory: dir, warn: { _ in }).read()
      guard case .unusable = snapshot else {
        Issue.record("random bytes read as \(snapshot): \(data.base64EncodedString())")
        continue
      }
      if round % 10 == 0 { try expectRecovery(in: dir, corruptBytes: data) }
    }
  }

  // MARK: - Helpers

  /// Runs a launch over the corrupt file now in `dir` and checks that the file was moved
  /// aside byte for byte, the launch started afresh, and a valid state replaced it.
  private func expectRecovery(in dir: String, corruptBytes: Data) throws {
    let warnings = WarningLog()
    let store = FileLaunchStore(directory: dir, warn: warnings.sink)
    let tracker = LaunchTracker(
      appID: "test", version: try AppVersion(parsing: "2.0.0"), store: store,
      now: { Date(timeIntervalSince1970: 1_800_000_000) })
    let record = try tracker.recordLaunch()
    #expect(record.state.launchCount == 1)
    #expect(record.state.lastLaunch.stateWasReset)
    #expect(record.state.lastLaunch.kind == .first)
    let lines = warnings.all
    #expect(lines.count == 1 && lines.allSatisfy { !$0.contains("\n") && $0.contains("corrupt") }, "\(lines)")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir)
    let aside = names.filter { $0.hasPrefix("launch-state.json.corrupt-") }
    #expect(aside.count == 1, "\(names)")
    for name in aside {
      let kept = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
      #expect(kept == corruptBytes, "the corrupt file was not kept intact")
      try FileManager.default.removeItem(atPath: dir + "/" + name)
    }
    guard case .state(let state) = try store.read() else {
      Issue.record("no valid state after recovering")
      return
    }
    #expect(state.launchCount == 1)
  }

  private func validStateFile(in dir: String) throws -> [UInt8] {
    let store = FileLaunchStore(directory: dir, warn: { _ in })
    var date = Date(timeIntervalSince1970: 1_700_000_000)
    for version in ["1.0.0", "1.1.0", "2.0.0-beta.1", "2.0.0"] {
      let tracker = LaunchTracker(
        appID: "test", version: try AppVersion(parsing: version), store: store, now: { [date] in date })
      _ = try tracker.recordLaunch()
      date += 86_400 * 40
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/launch-state.json"))
    try FileManager.default.removeItem(atPath: dir + "/launch-state.json")
    return Array(bytes)
  }

  private func temporaryDirectory() throws -> String {
    let path = FileManager.default.temporaryDirectory.path + "/state-corruption-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
