import Foundation
import TestSupport

/// A scratch app "tally" for `whatsnew greet`: a notes folder written from `files` and a state
/// directory, in a temporary directory removed with everything in it when the last copy goes.
struct TallyApp {
  let directory: TemporaryDirectory
  var notes: String { directory.path + "/notes" }
  var state: String { directory.path + "/state" }

  init(_ label: String, notes files: [String: String]) throws {
    directory = try TemporaryDirectory(label)
    let notes = try directory.subdirectory("notes")
    for (name, text) in files {
      try Data(text.utf8).write(to: notes.appendingPathComponent(name))
    }
  }

  /// `whatsnew greet` for Tally `version` with these notes and state, then `extra`.
  func greet(_ version: String, _ extra: String = "") -> String {
    "greet --app-id tally --app-name Tally --content '\(notes)' --state-dir '\(state)' --app-version \(version) "
      + extra
  }
}
