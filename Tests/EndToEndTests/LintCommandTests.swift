import Foundation
import TestSupport
import Testing

@Suite struct LintCommandTests {
  @Test func theDemoContentPassesWithoutWarnings() throws {
    let result = try Run.whatsnew(["lint", "--content", TestPaths.content.path])
    #expect(result.status == 0)
    #expect(result.stdout == "\(TestPaths.content.path): no problems in 18 files\n")
  }

  /// A tip above 3 lines at 80 columns (after its `Tip: `) is a warning; 3 lines are not.
  @Test func aLongTipIsAWarning() throws {
    let dir = try TestPaths.makeTemporaryDirectory("lint-tips")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("tips"), withIntermediateDirectories: true)
    try Data("---\ntitle: One\n---\nText.\n".utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    let words = String(repeating: "word ", count: 45)  // 225 columns: 3 lines of 75
    try Data("---\nid: short\n---\n\(words)\n".utf8).write(to: dir.appendingPathComponent("tips/short.md"))
    try Data("---\nid: long\n---\n\(words) more\n".utf8).write(to: dir.appendingPathComponent("tips/long.md"))
    let result = try Run.whatsnew(["lint", "--content", dir.path])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "\(dir.path)/tips/long.md:4: warning: the tip renders as 4 lines at 80 columns: keep it to 3\n"),
      "\(result.stdout)")
    #expect(!result.stdout.contains("short.md"), "\(result.stdout)")
  }

  /// The library says what it tried; the tool adds how to name a directory.
  @Test func noContentDirectoryNamesTheToolsOptionAndVariable() throws {
    let dir = try TestPaths.makeTemporaryDirectory("lint-nowhere")
    defer { try? FileManager.default.removeItem(at: dir) }
    let result = try Run.whatsnew(["lint"], environment: ["WHATSNEW_CONTENT_DIR": ""], currentDirectory: dir)
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("whatsnew: no Content directory found (tried ./Content"))
    #expect(result.stderr.hasSuffix("); pass --content DIR or set WHATSNEW_CONTENT_DIR\n"))
  }

  @Test func errorsFailWithFileAndLine() throws {
    let dir = try TestPaths.makeTemporaryDirectory("lint-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("---\ndate: yesterday\n---\nText.\n".utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    try Data("Text.\n".utf8).write(to: dir.appendingPathComponent("1.0.md"))
    try Data("# Hi\n".utf8).write(to: dir.appendingPathComponent("onboarding.md"))
    try Data("{{days}}\n".utf8).write(to: dir.appendingPathComponent("welcome-back.md"))
    let result = try Run.whatsnew(["lint", "--content", dir.path])
    #expect(result.status == 1)
    let p = dir.path
    #expect(
      result.stdout == """
        \(p)/1.0.0.md:2: error: bad date "yesterday": expected a real day as YYYY-MM-DD
        \(p)/1.0.md:1: error: second file for version 1.0.0: 1.0.0.md is the one used; remove or merge this one
        \(p): 2 errors and 0 warnings in 4 files

        """)
  }

  /// `lint --help` says what lint does: a missing onboarding.md is a warning, a bad date an
  /// error, and each is reported that way.
  @Test func helpMatchesTheBehaviour() throws {
    let help = try Run.whatsnew(["lint", "--help"])
    #expect(help.status == 0)
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let errors = try #require(text.firstRange(of: "Errors (exit 1):"))
    let warnings = try #require(text.firstRange(of: "Warnings (exit 0):"))
    let missing = try #require(text.firstRange(of: "a missing onboarding.md"))
    let date = try #require(text.firstRange(of: "a date that is not a real YYYY-MM-DD"))
    #expect(errors.lowerBound < date.lowerBound && date.lowerBound < warnings.lowerBound)
    #expect(warnings.lowerBound < missing.lowerBound)

    let dir = try TestPaths.makeTemporaryDirectory("lint-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("Text.\n".utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    let warned = try Run.whatsnew(["lint", "--content", dir.path])
    #expect(warned.status == 0)
    #expect(warned.stdout.contains("onboarding.md: warning: missing"))
    try Data("---\ndate: 2025-02-30\n---\nText.\n".utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    let failed = try Run.whatsnew(["lint", "--content", dir.path])
    #expect(failed.status == 1)
    #expect(failed.stdout.contains("1.0.0.md:2: error: bad date"))
  }

  @Test func warningsAloneDoNotFail() throws {
    let dir = try TestPaths.makeTemporaryDirectory("lint-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("---\nauthor: me\n---\nText.\n".utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    let result = try Run.whatsnew(["lint", "--content", dir.path])
    #expect(result.status == 0)
    #expect(result.stdout.contains("1.0.0.md:2: warning: unknown front matter key \"author\""))
    #expect(result.stdout.hasSuffix("\(dir.path): 0 errors and 3 warnings in 1 file\n"))
  }

  @Test func hostileFileNamesStayOneHarmlessLine() throws {
    let dir = try TestPaths.makeTemporaryDirectory("lint-cli")
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("x\n".utf8).write(to: dir.appendingPathComponent("evil\u{1B}]0;title\u{07}\nname.md"))
    let result = try Run.whatsnew(["lint", "--content", dir.path])
    #expect(result.status == 1)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(!result.stdout.contains("\u{07}"))
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 5)  // missing onboarding, welcome-back, no notes, the name, the summary
    #expect(
      lines.first(where: { $0.contains("evil") })?.hasPrefix(
        "\(dir.path)/evil␛]0;title␇␤name.md:1: error: file name is not a version") == true)
  }

  @Test func aMissingDirectoryIsOneLine() throws {
    let result = try Run.whatsnew(["lint", "--content", "/nonexistent/c"])
    #expect(result.status == 1)
    #expect(result.stderr == "whatsnew: content directory /nonexistent/c does not exist (from --content)\n")
  }
}
