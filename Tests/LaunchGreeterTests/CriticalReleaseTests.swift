import LaunchScreens
import LaunchTracking
import ReleaseNotes
import TerminalRendering
import TestSupport
import Testing

@testable import LaunchGreeter

/// A critical release (`importance: critical` with a `summary:`) on the what's-new sheet: first,
/// in full and marked, whatever the minimum importance, also among several skipped versions.
@Suite struct CriticalReleaseTests {
  /// Three releases after 1.0.0: a patch, a critical patch (marked "Security" by default) and a
  /// minor one.
  static let notes: [String: String] = [
    "1.0.0.md": "---\ntitle: First\n---\n\nThe first release.\n",
    "1.0.1.md": "---\ntitle: Small fixes\n---\n\nAn empty file counts as zero.\n",
    "1.0.2.md": CriticalReleaseNotes.tokenFix,
    "1.1.0.md": CriticalReleaseNotes.totals,
  ]

  func sheet(minimum: ReleaseImportance, files: [String: String] = notes) throws -> WhatsNewSheet {
    var screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: files), appName: "Tally", palette: .monochrome, theme: .monochrome)
    screens.minimumImportance = minimum
    return try screens.whatsNewSheet(
      since: version("1.0.0"), upTo: version("1.1.0"), presentation: .whatsNew(upTo: version("1.1.0")))
  }

  @Test func aCriticalReleaseAmongThreeSkippedOnesShowsFirstAndInFullWithMinimumMajor() throws {
    let sheet = try sheet(minimum: .major)
    #expect(sheet.releases.map(\.version) == ["1.0.2", "1.1.0", "1.0.1"].map(version))
    #expect(sheet.releases.map(\.isBrief) == [false, true, true])
    let screen = ScreenRender.settled(sheet, width: 80, height: 24).textDump()
    let mark = try #require(screen.range(of: "▍[Security] 1.0.2 — Token fix"), "\(screen)")
    let brief = try #require(screen.range(of: "· 1.1.0 — Totals (minor)"), "\(screen)")
    #expect(mark.upperBound < brief.lowerBound)
    #expect(screen.contains("Saved tokens were written to the log; upgrade and rotate them."))
    #expect(screen.contains("The log no longer holds saved tokens."))
    #expect(!screen.contains("A total line sums every count."))
  }

  @Test func withEveryReleaseInFullTheCriticalOneStillComesFirst() throws {
    let sheet = try sheet(minimum: .patch)
    #expect(sheet.releases.map(\.version) == ["1.0.2", "1.1.0", "1.0.1"].map(version))
    #expect(sheet.releases.map(\.isBrief) == [false, false, false])
  }

  @Test func theAccessibleTextReadsTheMarkedReleaseFirst() throws {
    let text = try #require(try sheet(minimum: .major).plainText)
    let lines = text.lines(80).map(\.text)
    let first = try #require(lines.firstIndex { $0.hasPrefix("[Security]") })
    #expect(lines[first] == "[Security] 1.0.2: Token fix")
    #expect(lines[first + 2] == "Saved tokens were written to the log; upgrade and rotate them.")
    #expect(lines.firstIndex { $0.hasPrefix("1.1.0: Totals") } ?? 0 > first)
  }

  @Test func theMarkIsTheCriticalLabelWhenTheNotesGiveOne() throws {
    var files = Self.notes
    files["1.0.2.md"] =
      "---\nimportance: critical\ncritical-label: Data loss\nsummary: Deleting a tag deleted its notes.\n---\n\nFixed.\n"
    let sheet = try sheet(minimum: .major, files: files)
    #expect(sheet.releases.first?.mark == "Data loss")
    let screen = ScreenRender.settled(sheet, width: 80, height: 24).textDump()
    #expect(screen.contains("▍[Data loss] 1.0.2"), "\(screen)")
  }

  /// Past ten releases the sheet collapses to the newest one; a critical release stays in view
  /// before it.
  @Test func aCollapsedSheetStillShowsTheCriticalRelease() throws {
    var files = Self.notes
    for minor in 2...12 { files["1.\(minor).0.md"] = "Release 1.\(minor).\n" }
    var screens = GreetingScreens(
      catalog: ReleaseNotesCatalog(files: files), appName: "Tally", palette: .monochrome, theme: .monochrome)
    screens.minimumImportance = .major
    let sheet = try screens.whatsNewSheet(
      since: version("1.0.0"), upTo: version("1.12.0"), presentation: .whatsNew(upTo: version("1.12.0")))
    #expect(sheet.isCollapsed && sheet.collapsedCount == 2)
    let lines = try #require(sheet.plainText).lines(80).map(\.text)
    #expect(lines.contains("[Security] 1.0.2: Token fix"))
    #expect(lines.contains("1.12.0 (minor)"))
    #expect(lines.contains("12 earlier releases are not shown; e shows them."), "\(lines)")
  }

  /// `notes` (plain, ANSI, HTML) prints the document `WhatsNewDocument` makes: the critical
  /// release first, its heading marked, its summary in bold.
  @Test func theNotesDocumentPutsTheCriticalReleaseFirst() throws {
    let catalog = ReleaseNotesCatalog(files: Self.notes)
    let notes = try catalog.notes(after: version("1.0.0"), upTo: version("1.1.0"))
    let text = PlainSerializer.serialize(
      TerminalMarkdown.render(
        WhatsNewDocument.make(notes), options: RenderOptions(width: 80, theme: .monochrome)))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let headings = lines.filter { $0.contains(" — ") }
    #expect(headings == ["[Security] 1.0.2 — Token fix", "1.1.0 — Totals", "1.0.1 — Small fixes"], "\(text)")
    #expect(text.contains("Saved tokens were written to the log; upgrade and rotate them."))
  }
}
