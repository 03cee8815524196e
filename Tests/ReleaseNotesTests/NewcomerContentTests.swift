import Foundation
import LaunchTracking
import ReleaseNotes
import TestSupport
import Testing

/// What a newcomer met in the demo's own notes (issue 47).
@Suite struct NewcomerContentTests {
  /// The walkthrough's first page has no page to go back to (the screen offers no back key
  /// there), so its text must not offer one: in every language of Content/.
  @Test(arguments: [[], ["fr"]])
  func theWalkthroughsFirstPageOffersNoWayBack(languages: [String]) throws {
    let catalog = try ReleaseNotesCatalog(directory: TestPaths.content.path, languages: languages)
    let pages = try catalog.onboardingPages()
    try #require(pages.count > 1)
    let first = pages[0].markdown
    // The back key (p, ← or h on the screen) works from the second page on; the first page's
    // text names the keys that work there (Enter or Entrée, s) and not it.
    #expect(!first.contains("**p**"), "page 1 offers p, but there is no page to go back to: \(first)")
    #expect(first.contains("**s**"))
  }

  /// A version asked as `1.4` or `v1.4.0` reads the notes of 1.4.0 and names them 1.4.0, as
  /// the file does.
  @Test(arguments: ["1.4", "v1.4.0", "1.4.0"])
  func aVersionAskedInAnotherSpellingIsNamedAsTheNotesNameIt(asked: String) throws {
    let catalog = try ReleaseNotesCatalog(directory: TestPaths.content.path)
    let text = try catalog.noteText(for: try AppVersion(parsing: asked))
    #expect(text.version.text == "1.4.0")
    #expect(text.fileName == "1.4.0.md")
  }
}
