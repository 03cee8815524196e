import Foundation
import TestSupport
import Testing

@testable import TerminalRendering

@Suite struct CellWidthTests {
  @Test(arguments: [
    ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2),
    ("\u{1100}\u{1161}\u{11A8}", 2), ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("❤", 1),
    ("🇫🇷", 2), ("\u{200D}", 0), ("\u{200B}", 0), ("\u{FE0F}", 0), ("\u{301}", 0), ("☐", 1),
    ("─", 1), ("•", 1), ("1️⃣", 2), ("स्ते", 2), ("क्षि", 3), ("स्त्री", 4), ("🇦", 1), ("🏻", 2), ("กำ", 2),
  ])
  func graphemeWidths(text: String, width: Int) {
    #expect(text.count == 1, "test data must be one grapheme: \(text.unicodeScalars.map(\.value))")
    if let ch = text.first { #expect(CellWidth.of(ch) == width, "\(text.unicodeScalars.map(\.value))") }
  }

  @Test func stringWidthSumsGraphemes() {
    #expect(CellWidth.of("abc") == 3)
    #expect(CellWidth.of("日本語 ok") == 9)
    #expect(CellWidth.of("👩🏽‍💻 café") == 7)
  }

  @Test func tablesAreSortedAndDisjoint() {
    for table in [WidthTable.zeroWidth, WidthTable.wide, WidthTable.emoji] {
      #expect(table.count % 2 == 0)
      var previous: UInt32? = nil
      for i in stride(from: 0, to: table.count, by: 2) {
        #expect(table[i] <= table[i + 1])
        if let previous { #expect(table[i] > previous + 1, "ranges must be merged") }
        previous = table[i + 1]
      }
    }
  }
}

/// The committed table is what the committed script makes from the Unicode data.
@Suite struct WidthTableGenerationTests {
  static let canRegenerate =
    FileManager.default.fileExists(atPath: "/usr/share/unicode/EastAsianWidth.txt")
    && TestPaths.hasTool("python3")

  @Test(.enabled(if: canRegenerate, "needs python3 and Debian's unicode-data (installed by .ci/run)"))
  func committedTableMatchesTheGenerator() throws {
    let dir = try TestPaths.makeTemporaryDirectory()
    let output = dir.appendingPathComponent("WidthTable.swift")
    let script = TestPaths.packageRoot.appendingPathComponent("scripts/gen-width-table.py")
    let python = URL(fileURLWithPath: "/usr/bin/env")
    let result = try Run.process(python, ["python3", script.path, "/usr/share/unicode", output.path])
    #expect(result.status == 0, "\(result.stderr)")
    let generated = try String(contentsOf: output, encoding: .utf8)
    let committed = try String(
      contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/TerminalRendering/WidthTable.swift"),
      encoding: .utf8)
    #expect(generated == committed, "re-run scripts/gen-width-table.py and commit WidthTable.swift")
  }
}
