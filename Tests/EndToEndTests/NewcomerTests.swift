import Foundation
import TestSupport
import Testing

/// What a newcomer met on the command line (issue 47): each run through the built binary, its
/// output in a pipe.
@Suite struct NewcomerCommandLineTests {
  /// `notes 1.4` and `notes v1.4.0` show the notes of 1.4.0 under the heading 1.4.0, as the
  /// notes name the version, not as it was typed.
  @Test(arguments: ["1.4", "v1.4.0"])
  func notesNamesTheVersionAsTheNotesDo(asked: String) throws {
    let result = try Run.whatsnew(["notes", asked, "--content", TestPaths.content.path, "--format", "plain"])
    #expect(result.status == 0, "\(result.stderr)")
    let heading = try #require(result.stdout.split(separator: "\n").first { $0.contains("Pinned notes") })
    #expect(heading.hasPrefix("1.4.0"), "heading: \(heading)")
    #expect(!result.stdout.contains(asked + " "))
  }

  /// `notes` takes `--color` as `demo` and `greet` do: `never` draws ansi output with
  /// attributes only, `always` colours it whatever NO_COLOR says.
  @Test func notesTakesTheColourOptions() throws {
    let args = ["notes", "1.4.0", "--content", TestPaths.content.path, "--format", "ansi"]
    let never = try Run.whatsnew(args + ["--color", "never", "--theme", "dark"])
    #expect(never.status == 0, "\(never.stderr)")
    #expect(!Self.sgrParameters(never.stdout).isEmpty, "ansi output with no attributes at all")
    #expect(Self.sgrParameters(never.stdout).allSatisfy { !Self.isColour($0) }, "colour with --color never")
    // NO_COLOR (set here, or in the environment the tests run in) gives way to `always`.
    let always = try Run.whatsnew(
      args + ["--color", "always", "--theme", "dark"], environment: ["NO_COLOR": "1"])
    #expect(Self.sgrParameters(always.stdout).contains(where: Self.isColour), "no colour with --color always")
    let bad = try Run.whatsnew(args + ["--color", "sometimes"])
    #expect(bad.status == 2)
    #expect(bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
  }

  /// Plain text keeps strikethrough's `~~` markers, as lowdown's and pandoc's plain writers
  /// do: "Export Search no longer stops" read as nonsense.
  @Test func plainNotesKeepTheStrikethroughMarkers() throws {
    let result = try Run.whatsnew([
      "notes", "1.4.0", "--content", TestPaths.content.path, "--format", "plain",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("~~Export~~ Search no longer stops"), "\(result.stdout)")
  }

  /// `whatsnew | cat`: no terminal to show the demo in. One line on stderr says so (and
  /// names --explain), exit status 1; nothing is recorded.
  @Test func whatsnewAloneInAPipeSaysTheDemoNeedsATerminal() throws {
    let state = try TestPaths.makeTemporaryDirectory("newcomer-pipe")
    defer { try? FileManager.default.removeItem(at: state) }
    let result = try Run.whatsnew(
      [], environment: ["WHATSNEW_STATE_DIR": state.path, "WHATSNEW_CONTENT_DIR": TestPaths.content.path])
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("whatsnew: the demo needs a terminal"))
    #expect(result.stderr.contains("--explain"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty)
    // `whatsnew --help` documents it.
    let help = try Run.whatsnew(["--help"])
    #expect(help.stdout.contains("The demo needs a terminal"), "\(help.stdout)")
  }

  /// Every parameter of every SGR sequence in `text` (`\e[1;38;5;13m` gives 1, 38, 5, 13).
  static func sgrParameters(_ text: String) -> [Int] {
    var out: [Int] = []
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(where: { !$0.isNumber && $0 != ";" }) else { break }
      if rest[end] == "m" { out += rest[..<end].split(separator: ";").compactMap { Int($0) } }
      rest = rest[end...]
    }
    return out
  }

  /// Whether an SGR parameter sets a colour (foreground or background, any form).
  static func isColour(_ parameter: Int) -> Bool {
    (30...38).contains(parameter) || (40...48).contains(parameter) || (90...97).contains(parameter)
      || (100...107).contains(parameter)
  }
}
