import ArgumentParser
import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `whatsnew history`: every version this user ran, with the date each was first launched
/// and whether it came by upgrade or downgrade. Reads only.
struct HistoryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Lists every version a user ran, when each was first launched and how it came.",
    discussion: "Exit status: 0 listed (also when nothing is recorded), 1 when the state cannot be read."
  )

  @OptionGroup var state: StateOptions

  @Flag(help: "Print the history as JSON, for tools.")
  var json = false

  func run() throws {
    let (state, note) = self.state.recordedState()
    if let note {
      // With --json the output stays one JSON object: the note goes to stderr.
      if json { Console.error("whatsnew: " + note) } else { Console.out(note) }
    }
    let store = state.makeStore(now: { Date() })
    var recorded: LaunchState?
    switch try store.read() {
    case .empty: break
    case .state(let s): recorded = s
    case .newerSchema(_, let s?): recorded = s
    case .newerSchema(let schema, nil):
      throw CommandFailure("cannot read \(store.path): schema \(schema) is too new")
    case .unusable(let reason): throw CommandFailure(reason)
    }
    let items = recorded?.history ?? []
    if json {
      let versions: [StateJSON] = items.map { item in
        .object([
          "version": .string(item.version.description),
          "firstLaunchDate": .string(LaunchStateCodec.iso8601(item.firstLaunchDate) ?? ""),
          "arrivedBy": .string(item.arrivedBy.rawValue),
          "inferred": .bool(item.isInferred),
          "current": .bool(item.version == recorded?.currentVersion),
        ])
      }
      let report: StateJSON = .object([
        "appID": .string(state.appID), "stateFile": .string(store.path), "versions": .array(versions),
      ])
      Console.out(String(decoding: report.serialized(), as: UTF8.self))
      return
    }
    guard let recorded else {
      Console.out("No launches of \(state.appID) recorded (\(store.path)).")
      return
    }
    Console.out("Versions of \(state.appID) run by this user, oldest first (\(store.path)):")
    let width = items.map { $0.version.description.count }.max() ?? 0
    for (n, item) in items.enumerated() {
      let name = item.version.description
      let padded = name + String(repeating: " ", count: max(0, width - name.count))
      let how: String
      switch item.arrivedBy {
      case .first: how = "installed"
      case .upgrade: how = n == 0 ? "upgrade from an unknown version" : "upgrade"
      case .downgrade: how = "downgrade"
      case .returning, .regular: how = item.arrivedBy.rawValue
      }
      let date = LaunchStateCodec.iso8601(item.firstLaunchDate) ?? "?"
      let current = item.version == recorded.currentVersion ? "  (current)" : ""
      Console.out(
        "  \(padded)  first launched \(date)  \(how)\(item.isInferred ? " (inferred)" : "")\(current)")
    }
  }
}
