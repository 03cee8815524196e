import Foundation
import TestSupport

/// A temporary content directory filled with the given files, for one test; removed when the
/// last copy of it goes.
struct SeededDirectory {
  private let scratch: TemporaryDirectory
  var url: URL { scratch.url }
  var path: String { url.path }

  /// Creates a fresh directory holding `files` (name -> UTF-8 text).
  init(_ files: [String: String] = [:], label: String = "notes-test") throws {
    scratch = try TemporaryDirectory(label)
    for (name, text) in files { try write(name, text) }
  }

  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
  }

  func write(_ name: String, bytes: [UInt8]) throws {
    try Data(bytes).write(to: url.appendingPathComponent(name))
  }

  func read(_ name: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
  }

  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A notes file with front matter.
func notesFile(title: String? = nil, date: String? = nil, _ body: String = "## Added\n\n- Something.\n")
  -> String
{
  var text = ""
  if title != nil || date != nil {
    text += "---\n"
    if let title { text += "title: \(title)\n" }
    if let date { text += "date: \(date)\n" }
    text += "---\n\n"
  }
  return text + body
}
