import Foundation
import LaunchGreeter
import LaunchScreens
import ReleaseNotes
import TestSupport
import Testing

/// `GreetingScreens.sections(reading:)`: a sheet of a range reads only the files its first
/// frame shows before painting it, and the rest as it lays them out after.
@Suite struct DeferredSectionsTests {
  /// A content directory of 30 releases, 1.1.0 to 1.30.0, each with a title and six items.
  func content() throws -> URL {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-deferred")
    for minor in 1...30 {
      let items = (1...6).map { "- Change \($0) of 1.\(minor).0." }.joined(separator: "\n")
      try "---\ntitle: Release \(minor)\ndate: 2026-01-\(minor < 10 ? "0" : "")\(minor)\n---\n\n\(items)\n"
        .write(to: directory.appendingPathComponent("1.\(minor).0.md"), atomically: true, encoding: .utf8)
    }
    return directory
  }

  func sheet(_ catalog: ReleaseNotesCatalog) throws -> (WhatsNewSheet, DeferredNotes) {
    let screens = GreetingScreens(catalog: catalog, appName: "Jot", palette: .dark, theme: .dark)
    let entries = try catalog.index().entries(after: nil, upTo: AppVersion(1, 30, 0))
    let (sections, notes) = screens.sections(reading: entries)
    return (WhatsNewSheet(appName: "Jot", version: AppVersion(1, 30, 0), releases: sections), notes)
  }

  @Test func theFirstFrameReadsOnlyTheFilesItShows() throws {
    let directory = try content()
    defer { try? FileManager.default.removeItem(at: directory) }
    var (sheet, notes) = try sheet(try ReleaseNotesCatalog(directory: directory.path))
    #expect(notes.readCount == 0)
    _ = sheet.update(.resize(width: 80, height: 24))
    // Each release takes 10 lines (heading, blank, six items, blank): 21 lines need three.
    #expect(notes.readCount == 3)
    _ = sheet.finishDeferredWork()
    #expect(notes.readCount == 30)
    #expect(notes.firstFailure() == nil)
  }

  @Test func deferredReleasesShowTheSameAsReleasesReadFirst() throws {
    let directory = try content()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = try ReleaseNotesCatalog(directory: directory.path)
    let (deferred, _) = try sheet(catalog)
    let screens = GreetingScreens(catalog: catalog, appName: "Jot", palette: .dark, theme: .dark)
    let texts = try catalog.noteTexts(after: nil, upTo: AppVersion(1, 30, 0))
    let eager = WhatsNewSheet(
      appName: "Jot", version: AppVersion(1, 30, 0), releases: texts.map(screens.section))
    for (width, height) in [(80, 24), (40, 200)] {
      let a = ScreenRender.settled(deferred, width: width, height: height).textDump()
      let b = ScreenRender.settled(eager, width: width, height: height).textDump()
      #expect(a == b)
      #expect(a.contains("1.30.0 — Release 30 · 2026-01-30"))
    }
  }

  @Test func aFileThatCannotBeReadShowsItsErrorAndIsReportedAfter() throws {
    let directory = try content()
    defer { try? FileManager.default.removeItem(at: directory) }
    var (sheet, notes) = try sheet(try ReleaseNotesCatalog(directory: directory.path))
    _ = sheet.update(.resize(width: 80, height: 24))
    // Files below the first frame go bad after it was painted: read only now, they fail.
    try Data([0xC3, 0x28]).write(to: directory.appendingPathComponent("1.20.0.md"))
    try FileManager.default.removeItem(at: directory.appendingPathComponent("1.10.0.md"))
    _ = sheet.finishDeferredWork()
    // The temporary paths are as long as $TMPDIR makes them, and the sheet wraps its text at a
    // reading width however wide the screen: compare with the rows joined and blanks left out.
    let text = ScreenRender.settled(sheet, width: 300, height: 400).textDump().filter { !$0.isWhitespace }
    #expect(text.contains("1.20.0.md:1:notvalidUTF-8"))
    #expect(text.contains("cannotread\(directory.path.filter { !$0.isWhitespace })/1.10.0.md"))
    // The newest failure, as reading every file first would have thrown.
    #expect(notes.firstFailure() == .notUTF8(path: directory.path + "/1.20.0.md", line: 1))
  }

  @Test func filesTheSheetNeverLaidOutAreReadForTheFailure() throws {
    let directory = try content()
    defer { try? FileManager.default.removeItem(at: directory) }
    var (sheet, notes) = try sheet(try ReleaseNotesCatalog(directory: directory.path))
    _ = sheet.update(.resize(width: 80, height: 24))
    try FileManager.default.removeItem(at: directory.appendingPathComponent("1.2.0.md"))
    // Closed before the rest was laid out: the failure is still found.
    #expect(notes.readCount == 3)
    #expect(notes.firstFailure().map { "\($0)" }?.hasPrefix("cannot read \(directory.path)/1.2.0.md") == true)
    // Read newest first, up to the one that failed.
    #expect(notes.readCount == 29)
  }
}
