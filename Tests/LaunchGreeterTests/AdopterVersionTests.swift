import Foundation
import TestSupport
import Testing

/// Versions are accepted the same way everywhere: an app writes a version as a `String` and
/// reads an `AppVersion`. So no public stored property an app could set holds an `AppVersion`
/// (`public package(set) var` and `public let` do; a computed `public var` is read-only).
@Suite struct AdopterVersionTests {
  static let targets = ["LaunchGreeter", "LaunchTracking", "ReleaseNotes", "LaunchScreens"]

  @Test func noPublicPropertyAnAppWritesHoldsAnAppVersion() throws {
    var writable: [String] = []
    for target in Self.targets {
      let directory = TestPaths.packageRoot.appendingPathComponent("Sources/\(target)")
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasSuffix(".swift") }.sorted()
      #expect(!files.isEmpty, "\(target)")
      for file in files {
        let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          let code = line.trimmingCharacters(in: .whitespaces)
          if code.hasPrefix("public var "), code.contains("AppVersion"), !code.contains("{") {
            writable.append("\(target)/\(file):\(index + 1): \(code)")
          }
        }
      }
    }
    #expect(writable == [], "write these as String, or make them public package(set)")
  }
}
