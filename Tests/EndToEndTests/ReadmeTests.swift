import Foundation
import TestSupport
import Testing

/// Runs the `console` blocks of README.md's "Usage" and "Release notes" sections: each
/// `$ whatsnew ARGS` line is run from the package root and its output (stdout and stderr, in
/// that order) must be the lines below it.
@Suite struct ReadmeTests {
  struct Example: CustomStringConvertible {
    var arguments: [String]
    var expected: String
    var description: String { "whatsnew " + arguments.joined(separator: " ") }
  }

  static func examples() throws -> [Example] {
    let readme = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var examples: [Example] = []
    var inConsole = false
    var inSection = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") && !inConsole {
        inSection = line == "## Release notes" || line == "## Usage"
        continue
      }
      guard inSection else { continue }
      if line == "```console" {
        inConsole = true
      } else if inConsole && line == "```" {
        inConsole = false
      } else if inConsole && line.hasPrefix("$ whatsnew ") {
        let arguments = line.dropFirst("$ whatsnew ".count).split(separator: " ").map(String.init)
        examples.append(Example(arguments: arguments, expected: ""))
      } else if inConsole, !examples.isEmpty {
        examples[examples.count - 1].expected += line + "\n"
      }
    }
    return examples
  }

  @Test func theReleaseNotesExamplesAreTrue() throws {
    let examples = try Self.examples()
    #expect(examples.count >= 4)
    for example in examples {
      let result = try Run.whatsnew(
        example.arguments, environment: ["WHATSNEW_CONTENT_DIR": ""], currentDirectory: TestPaths.packageRoot)
      #expect(result.stdout + result.stderr == example.expected, "\(example)")
    }
  }
}
