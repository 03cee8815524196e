import Foundation
import TestSupport
import Testing

/// Keeps full Foundation (and with it ICU, about 50 MB of the static binary and a slower
/// start-up) out of the shipped targets: every Foundation import there must be the
/// `#if canImport(FoundationEssentials)` pattern, so a Foundation-only API such as
/// `FileHandle` or `DateFormatter` fails to compile instead of being linked in silently.
/// (`TestSupport` is for tests only and may use Foundation.)
@Suite struct FoundationImportTests {
  @Test func shippedTargetsImportFoundationOnlyAsAFallback() throws {
    let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
    let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
    var offenders: [String] = []
    var scanned = 0
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "swift", !url.path.contains("/TestSupport/") else { continue }
      scanned += 1
      let lines = try String(contentsOf: url, encoding: .utf8).split(
        separator: "\n", omittingEmptySubsequences: false)
      var previous = ""
      for (index, line) in lines.enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        let importsFoundation =
          code.range(
            of: #"^(@\w+\s+)*((public|internal|package)\s+)?import\s+Foundation$"#,
            options: .regularExpression) != nil
        if importsFoundation && previous != "#else" {
          offenders.append("\(url.lastPathComponent):\(index + 1): \(code)")
        }
        if !code.isEmpty { previous = code }
      }
    }
    #expect(scanned > 10, "found too few sources under \(sources.path)")
    #expect(offenders.isEmpty, "import FoundationEssentials where it exists: \(offenders)")
  }

  /// The targets linked into `whatsnew-greet` (the executable the wheel and the npm package
  /// carry) use FoundationEssentials for `Date` alone: its JSON coders, `Data`, `URL`,
  /// `FileManager`, `ProcessInfo` and the ISO 8601 styles would link about 7 MB more
  /// (docs/release-build.md). JSON goes through `StateJSONDecoder`/`StateJSONEncoder`.
  @Test func theGreetingTargetsUseNoFoundationBeyondDate() throws {
    let targets = [
      "GreetProtocol", "LaunchGreeter", "LaunchTracking", "ReleaseNotes", "LaunchScreens",
      "TerminalRendering",
      "MarkdownSyntax", "CursesTerminal", "whatsnew-greet",
    ]
    // A name not part of a longer one (`StateJSONDecoder`, `isFeedURL` are ours); `URL` and `Data`
    // made, not named in a message.
    let banned =
      #"(^|[^A-Za-z0-9_])((JSONDecoder|JSONEncoder|JSONSerialization|ProcessInfo|FileManager|ISO8601FormatStyle)\b|(URL|Data)\()"#
    var offenders: [String] = []
    for target in targets {
      let directory = TestPaths.packageRoot.appendingPathComponent("Sources/" + target)
      let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        for (index, line) in lines.enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          if let found = line.range(of: banned, options: .regularExpression) {
            offenders.append("\(target)/\(url.lastPathComponent):\(index + 1): \(line[found])")
          }
        }
      }
    }
    #expect(offenders.isEmpty, "\(offenders)")
  }
}
