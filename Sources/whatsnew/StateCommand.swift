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

/// `whatsnew state`: prints the recorded launch state, for people or (`--json`) tools.
/// Reads only: a corrupt file is reported, not repaired.
struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Prints the recorded launch state."
  )

  @OptionGroup var state: StateOptions

  @Flag(help: "Print the state as JSON, for tools.")
  var json = false

  func run() throws {
    let (state, note) = self.state.recordedState()
    if let note {
      // With --json the output stays one JSON object: the note goes to stderr.
      if json { Console.error("whatsnew: " + note) } else { Console.out(note) }
    }
    let store = state.makeStore(now: { Date() })
    let snapshot = try store.read()
    var recorded: LaunchState?
    switch snapshot {
    case .empty: break
    case .state(let s): recorded = s
    case .newerSchema(let schema, let s):
      Console.error(
        "whatsnew: warning: \(store.path) has schema \(schema), newer than this whatsnew understands "
          + "(\(LaunchState.currentSchema))")
      guard let s else { throw CommandFailure("cannot read \(store.path): schema \(schema) is too new") }
      recorded = s
    case .unusable(let reason):
      throw CommandFailure(reason)
    }
    let report = StateReport(appID: state.appID, stateFile: store.path, state: recorded)
    if json {
      Console.out(String(decoding: try report.json().serialized(), as: UTF8.self))
    } else {
      Console.out(report.humanReadable)
    }
  }
}

/// What `state --json` prints: the state's fields, with `pending` as a list of kinds and
/// the details in `pendingDetail`. Fields without a value are `null`.
struct StateReport {
  let appID: String
  let stateFile: String
  let state: LaunchState?

  /// The state's JSON (``LaunchStateCodec``) with `stateFile`, `pending` as kinds and
  /// `pendingDetail`; every key is present, `null` when it has no value (`events` and the tips' keys
  /// only once there are some).
  func json() throws -> StateJSON {
    var fields: [String: StateJSON] = [
      "schema": .null, "launchCount": .number("0"), "firstLaunchDate": .null, "lastLaunchDate": .null,
      "installVersion": .null, "previousVersion": .null, "currentVersion": .null,
      "versionHistory": .array([]),
      "lastLaunch": .null, "pendingDetail": .array([]), "whatsNewOff": .bool(false),
      "whatsNewHiddenUntil": .null,
    ]
    if let state, case .object(let recorded) = try LaunchStateCodec.encode(state) {
      fields.merge(recorded) { _, new in new }
      fields["pendingDetail"] = recorded["pending"]
    } else {
      fields["updateSteps"] = .object([
        "completed": .array([]), "notNeeded": .array([]), "failed": .array([]),
      ])
    }
    fields["appID"] = .string(appID)
    fields["stateFile"] = .string(stateFile)
    fields["pending"] = .array((state?.pending ?? []).map { .string($0.kind.rawValue) })
    return .object(fields)
  }

  var humanReadable: String {
    guard let s = state else { return "No launches of \(appID) recorded (\(stateFile))." }
    func date(_ d: Date) -> String { d.formatted(.iso8601) }
    let launch = s.lastLaunch
    var last = launch.kind.rawValue
    if let from = launch.from, from != launch.to {
      last += " from \(from) to \(launch.to)"
    } else if launch.from == nil && launch.kind == .upgrade {
      last += " from an unknown version to \(launch.to) (an existing install)"
    } else {
      last += " of \(launch.to)"
    }
    if let days = launch.daysAway { last += ", \(days) days away" }
    let previously = s.previousVersion.map { ", previously \($0)" } ?? ""
    let versions = s.versionHistory.map { "\($0.version) (\(date($0.firstLaunchDate)))" }
    let pending = s.pending.isEmpty ? "nothing" : s.pending.map(\.summary).joined(separator: ", ")
    let steps = s.updateSteps
    var lines: [String] = []
    lines.append("App:              \(s.appID) (\(stateFile))")
    lines.append("Current version:  \(s.currentVersion)\(previously), installed \(s.installVersion)")
    lines.append(
      "Launches:         \(s.launchCount), first \(date(s.firstLaunchDate)), last \(date(s.lastLaunchDate))")
    lines.append("Last launch:      \(last)")
    lines.append("Versions:         \(versions.joined(separator: ", "))")
    lines.append("Pending:          \(pending)")
    var whatsNew = "whats-new \(s.whatsNewOff ? "off" : "on")"
    if let until = s.whatsNewHiddenUntil { whatsNew += ", put off until \(date(until))" }
    lines.append(
      "Settings:         \(whatsNew), tips \(s.tipsOff ? "off" : "on")"
        + (s.checklistDismissed ? ", checklist dismissed" : ""))
    if !s.tips.isEmpty {
      let tips = s.tips.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.shows)x" }
      let last = s.lastTipOrCardDate.map { ", last tip or update card \(date($0))" } ?? ""
      lines.append("Tips shown:       \(tips.joined(separator: ", "))\(last)")
    }
    if !s.mutedTips.isEmpty {
      lines.append("Tips muted:       \(s.mutedTips.sorted().joined(separator: ", "))")
    }
    let events = s.events.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.count)" }
    lines.append("Events:           \(events.isEmpty ? "none recorded" : events.joined(separator: ", "))")
    lines.append(
      "Update steps:     \(steps.completed.count) completed, \(steps.notNeeded.count) not needed, "
        + "\(steps.failed.count) failed")
    for e in s.updateSteps.completed { lines.append("  done        \(e.id) (\(e.version)) \(date(e.date))") }
    for e in s.updateSteps.notNeeded {
      lines.append("  not needed  \(e.id) (\(e.version)): \(e.reason ?? "not needed")")
    }
    for f in s.updateSteps.failed {
      lines.append("  FAILED      \(f.id) (\(f.version)), \(f.attempts) attempt(s): \(f.message)")
    }
    return lines.joined(separator: "\n")
  }
}
