import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The whole ``HostileContent`` corpus through the built executable: `render` in every
/// format, `notes`, `notes --list` and `lint` over a Content/ made of it (hostile front
/// matter and a hostile file name included), 1 MB lines, 10,000-deep nesting, a 50 MB file,
/// and special files where notes should be. Every run ends (time limit) with a defined exit
/// status and no crash, and nothing it prints, on stdout or stderr, holds a terminal
/// control. Extends `RenderCommandTests.hostileDocumentIsDefused` and
/// `NotesCommandTests.escapeSequencesInNotesAndTitlesAreNeutralised` (one document each).
@Suite struct HostileContentTests {
  @Test func renderNeutralisesTheWholeCorpusInEveryFormat() throws {
    let dir = try TestPaths.makeTemporaryDirectory("hostile-render")
    defer { try? FileManager.default.removeItem(at: dir) }
    var runs = 0
    for document in HostileContent.documents {
      let path = dir.appendingPathComponent(document.name).path
      try Data(document.bytes).write(to: URL(fileURLWithPath: path))
      for format in ["plain", "ansi", "html", "json"] {
        let result = try BoundedRun.whatsnew(
          ["render", path, "--format", format, "--width", "60"], timeout: 60)
        runs += 1
        expectClean(result, status: 0, format: format, context: "render \(document.name) --format \(format)")
      }
    }
    print("HostileContentTests: \(HostileContent.documents.count) hostile documents, \(runs) render runs")
  }

  @Test func renderSurvivesPathologicalDocuments() throws {
    let dir = try TestPaths.makeTemporaryDirectory("hostile-pathological")
    defer { try? FileManager.default.removeItem(at: dir) }
    for document in HostileContent.pathological() {
      let path = dir.appendingPathComponent(document.name).path
      try Data(document.bytes).write(to: URL(fileURLWithPath: path))
      for (format, width) in [("plain", "80"), ("ansi", "7")] {
        let result = try BoundedRun.whatsnew(
          ["render", path, "--format", format, "--width", width], timeout: 60)
        expectClean(result, status: 0, format: format, context: "render \(document.name) --format \(format)")
        if format == "plain" {
          #expect(result.stdout.contains(HostileContent.marker) || !document.name.hasPrefix("nested"))
        }
      }
    }
  }

  @Test func notesListAndLintNeutraliseAHostileContentDirectory() throws {
    let content = try TestPaths.makeTemporaryDirectory("hostile-content")
    defer { try? FileManager.default.removeItem(at: content) }
    // Notes must be UTF-8: the invalid documents get versions below 1.0.0, each refused on
    // its own in one line; the range from 1.0.0 holds the valid ones.
    var versions: [String] = []
    var invalid: [String] = []
    for (i, document) in HostileContent.documents.enumerated() {
      let isUTF8 = String(validating: document.bytes, as: UTF8.self) != nil
      let version = isUTF8 ? "1.\(i).0" : "0.\(i).0"
      if isUTF8 { versions.append(version) } else { invalid.append(version) }
      try Data(document.bytes).write(to: content.appendingPathComponent("\(version).md"))
    }
    #expect(invalid.count >= 2)
    let esc = "\u{1B}"
    let frontMatter = """
      ---
      title: Evil \(esc)]2;\(HostileContent.hostileTitle)\u{07} \(esc)]52;c;cHduZWQ=\u{07} \u{9B}2J \u{202E}txt
      ---

      # Heading \(esc)]0;\(HostileContent.hostileTitle)\u{07}

      &#27;]2;x&#7; text

      """
    try Data(frontMatter.utf8).write(to: content.appendingPathComponent("2.0.0.md"))
    // Front matter lint fails (a date holding an escape, a line that is not key: value): the
    // catalog refuses the file, in one line that names it and shows the value neutralised.
    try Data("---\ndate: 2025-01-01\(esc)[2J\n\(esc)[31mjunk line\n---\n\nText.\n".utf8).write(
      to: content.appendingPathComponent("0.98.0.md"))
    // A file name that is itself an escape sequence (not a version: lint names it).
    try Data("# x\n".utf8).write(
      to: content.appendingPathComponent("3.0.0\(esc)]2;\(HostileContent.hostileTitle)\u{07}.md"))
    try Data("# Welcome \(esc)[2J\(esc)]0;t\u{07}\n\nBack after {{days}} days \u{9B}1m\n".utf8).write(
      to: content.appendingPathComponent("welcome-back.md"))
    try Data("# Page one \(esc)]52;c;cHduZWQ=\u{07}\n\ntext\n\n# Page two\n".utf8).write(
      to: content.appendingPathComponent("onboarding.md"))

    var runs: [([String], Int32)] = [
      (["notes", "--list"], 0), (["notes", "--from", "0.99.0", "--format", "plain"], 0),
      (["notes", "--from", "0.99.0", "--format", "ansi"], 0),
      (["notes", "--from", "0.99.0", "--format", "html"], 0),
      (["notes", "--from", "0.99.0", "--format", "json"], 0), (["notes", "2.0.0", "--format", "plain"], 0),
      (["notes", "2.0.0", "--format", "ansi", "--width", "20"], 0),
      (["lint"], 1),  // the files that are not UTF-8 are errors
    ]
    for version in versions { runs.append((["notes", version, "--format", "plain", "--width", "30"], 0)) }
    for version in invalid + ["0.98.0"] { runs.append((["notes", version, "--format", "plain"], 1)) }
    for (arguments, status) in runs {
      let result = try BoundedRun.whatsnew(arguments + ["--content", content.path], timeout: 60)
      let format = arguments.contains("ansi") ? "ansi" : "plain"
      expectClean(result, status: status, format: format, context: arguments.joined(separator: " "))
      if result.exited(1) && arguments[0] == "notes" {
        let reason = arguments[1] == "0.98.0" ? "0.98.0.md:2: bad date \"2025-01-01␛[2J\"" : "UTF-8"
        #expect(
          result.errorLines.count == 1 && result.stderr.contains(reason), "\(arguments): \(result.stderr)")
      }
      if arguments == ["lint"] {
        // The hostile file name is reported, neutralised.
        #expect((result.stdout + result.stderr).contains("3.0.0␛]2;"), "lint does not name the odd file")
      }
    }
  }

  @Test func fiftyMegabyteFilesAreRefusedInOneLine() throws {
    let dir = try TestPaths.makeTemporaryDirectory("hostile-huge")
    defer { try? FileManager.default.removeItem(at: dir) }
    let huge = dir.appendingPathComponent("1.0.0.md")
    try HostileContent.writeHuge(to: huge, megabytes: 50)
    try Data("# Small\n".utf8).write(to: dir.appendingPathComponent("0.9.0.md"))
    let start = Date()
    for arguments in [
      ["render", huge.path, "--format", "plain"],
      ["notes", "1.0.0", "--content", dir.path, "--format", "plain"],
      ["notes", "--from", "0.1.0", "--content", dir.path, "--format", "plain"],
    ] {
      let result = try BoundedRun.whatsnew(arguments, timeout: 60)
      expectClean(result, status: 1, format: "plain", context: arguments.joined(separator: " "))
      #expect(
        result.errorLines.count == 1 && result.stderr.contains("1.0.0.md"), "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("16 MiB"), "\(arguments): \(result.stderr)")
    }
    // Standard input is held to the same limit, and lint reports the file.
    let piped = try BoundedRun.whatsnew(
      ["render", "-", "--format", "plain"], timeout: 60, stdinFile: huge.path)
    expectClean(piped, status: 1, format: "plain", context: "render - < 50 MB")
    let lint = try BoundedRun.whatsnew(["lint", "--content", dir.path], timeout: 60)
    expectClean(lint, status: 1, format: "plain", context: "lint with a 50 MB file")
    #expect((lint.stdout + lint.stderr).contains("1.0.0.md"))
    #expect(Date().timeIntervalSince(start) < 60, "refusing 50 MB took \(Date().timeIntervalSince(start)) s")
  }

  @Test func specialFilesWhereNotesShouldBeDoNotHang() throws {
    let dir = try TestPaths.makeTemporaryDirectory("hostile-special")
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data("# One\n".utf8).write(to: dir.appendingPathComponent("1.0.0.md"))
    // A FIFO blocks a reader that opens it; /dev/zero never ends.
    #expect(mkfifo(dir.appendingPathComponent("1.1.0.md").path, 0o644) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("1.2.0.md").path, withDestinationPath: "/dev/zero")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("1.3.0.md"), withIntermediateDirectories: false)
    for (arguments, status) in [
      (["notes", "1.1.0"], 1), (["notes", "1.2.0"], 1), (["notes", "1.3.0"], 1), (["notes", "--list"], 1),
      (["lint"], 1), (["notes", "1.0.0"], 0),
    ] as [([String], Int32)] {
      let result = try BoundedRun.whatsnew(
        arguments
          + ["--content", dir.path, "--format", "plain"].filter {
            arguments[0] == "notes" || ($0 != "--format" && $0 != "plain")
          }, timeout: 30)
      expectClean(result, status: status, format: "plain", context: arguments.joined(separator: " "))
      if status == 1 && arguments[0] == "notes" {
        #expect(result.errorLines.count == 1, "\(arguments): \(result.stderr)")
      }
    }
    for path in ["/dev/zero"] {
      let result = try BoundedRun.whatsnew(["render", path, "--format", "plain"], timeout: 30)
      expectClean(result, status: 1, format: "plain", context: "render \(path)")
    }
  }

  // MARK: - Helpers

  /// The run ended in time with `status`, without a crash
  /// report, and neither stream holds a terminal control (ANSI output: only SGR).
  private func expectClean(_ result: BoundedRun.Result, status: Int32, format: String, context: String) {
    guard let outcome = result.outcome else {
      Issue.record("\(context): did not end within its time limit")
      return
    }
    #expect(outcome == .exited(status), "\(context): \(outcome), stderr: \(result.stderr.prefix(300))")
    #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrac"), "\(context)")
    if format == "ansi" {
      if let problem = HostileContent.firstNonSGR(in: result.stdout) {
        Issue.record("\(context): stdout holds \(problem)")
      }
    } else if let problem = HostileContent.firstControl(inBytes: result.stdoutBytes) {
      Issue.record("\(context): stdout holds \(problem)")
    }
    if let problem = HostileContent.firstControl(inBytes: result.stderrBytes) {
      Issue.record("\(context): stderr holds \(problem)")
    }
  }
}
