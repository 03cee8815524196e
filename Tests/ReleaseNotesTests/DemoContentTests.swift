import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

/// The demo app's Content/ holds what the demo needs to show every screen.
@Suite struct DemoContentTests {
  let catalog: ReleaseNotesCatalog

  init() throws {
    catalog = try ReleaseNotesCatalog(directory: TestPaths.content.path)
  }

  @Test func eightOrMoreVersionsWithAPreReleaseAndAPatchRelease() throws {
    let versions = try catalog.index().versions
    #expect(versions.count >= 8)
    #expect(versions.first?.description == "1.0.0")
    #expect(versions.contains(try AppVersion(parsing: "2.0.0-beta.1")))
    #expect(versions.contains { $0.patch > 0 && !$0.isPrerelease })
    #expect(try catalog.index().newestRelease == versions.last)
  }

  @Test func everyVersionHasATitleAndADate() throws {
    for summary in try catalog.summaries() {
      #expect(summary.title?.isEmpty == false, "\(summary.fileName)")
      #expect(summary.date.map(NotesFrontMatter.isValidDate) == true, "\(summary.fileName)")
    }
  }

  @Test func onboardingHasFourOrMorePagesWithTitles() throws {
    let pages = try catalog.onboardingPages()
    #expect(pages.count >= 4)
    #expect(pages.allSatisfy { !$0.title.isEmpty && !$0.document.blocks.isEmpty })
  }

  @Test func welcomeBackSaysHowLong() throws {
    let text = try catalog.welcomeBack(daysAway: 45)
    #expect(text.contains("45 days"))
    #expect(!text.contains("{{"))
  }
}
