import Foundation
import LaunchGreeter
import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

/// `GreetingScreens.section(_:loaded:)`: a sheet is built from notes its caller has read
/// (`notes --from` in a terminal reads every file first), and reads no file itself, however it
/// is laid out or drawn.
@Suite struct LoadedSectionsTests {
  /// A content directory of 30 releases, 1.1.0 to 1.30.0, each with a title and six items.
  func content() throws -> URL {
    let directory = try TestPaths.makeTemporaryDirectory("whatsnew-loaded")
    for minor in 1...30 {
      let items = (1...6).map { "- Change \($0) of 1.\(minor).0." }.joined(separator: "\n")
      try "---\ntitle: Release \(minor)\ndate: 2026-01-\(minor < 10 ? "0" : "")\(minor)\n---\n\n\(items)\n"
        .write(to: directory.appendingPathComponent("1.\(minor).0.md"), atomically: true, encoding: .utf8)
    }
    return directory
  }

  /// Each release of `catalog`'s range read as the command reads it: its text or its error.
  func load(
    _ catalog: ReleaseNotesCatalog, _ entries: [ReleaseNotesCatalog.Entry]? = nil
  ) throws -> [(AppVersion, Result<ReleaseNoteText, ReleaseNotesError>)] {
    try (entries ?? catalog.index().entries(after: nil, upTo: AppVersion(1, 30, 0))).map { entry in
      (entry.version, Result { () throws(ReleaseNotesError) in try catalog.noteText(entry) })
    }
  }

  /// The sheet of `loaded`, from screens with no catalog at all.
  func sheet(_ loaded: [(AppVersion, Result<ReleaseNoteText, ReleaseNotesError>)]) -> WhatsNewSheet {
    let screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: [:]), appName: "Jot", palette: .dark, theme: .dark)
    return WhatsNewSheet(
      appName: "Jot", version: AppVersion(1, 30, 0), releases: loaded.map { screens.section($0, loaded: $1) })
  }

  @Test func theSheetReadsNoFileWhileItRuns() throws {
    let directory = try content()
    var sheet = sheet(try load(try ReleaseNotesCatalog(directory: directory.path)))
    // The files are gone before the sheet lays anything out: a sheet that read them while it
    // ran would show "cannot read" errors in place of the notes.
    try FileManager.default.removeItem(at: directory)
    _ = sheet.update(.resize(width: 80, height: 24))
    _ = sheet.finishDeferredWork()
    let text = ScreenRender.settled(sheet, width: 80, height: 400).textDump()
    #expect(!text.contains("cannot read"))
    for minor in [1, 15, 30] {
      #expect(text.contains("1.\(minor).0 — Release \(minor) · 2026-01-\(minor < 10 ? "0" : "")\(minor)"))
      #expect(text.contains("Change 6 of 1.\(minor).0."))
    }
  }

  @Test func aFileThatCouldNotBeReadShowsItsErrorInPlaceOfItsNotes() throws {
    let directory = try content()
    defer { try? FileManager.default.removeItem(at: directory) }
    let catalog = try ReleaseNotesCatalog(directory: directory.path)
    // Listed while every file is there.
    let entries = try catalog.index().entries(after: nil, upTo: AppVersion(1, 30, 0))
    try Data([0xC3, 0x28]).write(to: directory.appendingPathComponent("1.20.0.md"))
    try FileManager.default.removeItem(at: directory.appendingPathComponent("1.10.0.md"))
    let loaded = try load(catalog, entries)
    let failed = loaded.filter { if case .failure = $0.1 { true } else { false } }.map(\.0)
    #expect(failed == [AppVersion(1, 20, 0), AppVersion(1, 10, 0)])
    // The temporary paths are as long as $TMPDIR makes them, and the sheet wraps its text at a
    // reading width however wide the screen: compare with the rows joined and blanks left out.
    let text = ScreenRender.settled(sheet(loaded), width: 300, height: 400).textDump().filter {
      !$0.isWhitespace
    }
    #expect(text.contains("1.20.0.md:1:notvalidUTF-8"))
    #expect(text.contains("cannotread\(directory.path.filter { !$0.isWhitespace })/1.10.0.md"))
    #expect(text.contains("Change6of1.21.0."))
  }
}
