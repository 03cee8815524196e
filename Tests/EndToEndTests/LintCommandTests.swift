import Foundation
import TestSupport
import Testing

@Suite struct LintCommandTests {
  @Test func theDemoContentPassesWithoutWarnings() throws {
    let result = try Run.whatsnew(["lint", "--content", TestPaths.content.path])
    #expect(result.status == 0)
    #expect(result.stdout == "\(TestPaths.content.path): no problems in 14 files\n")
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
