import Foundation
import LaunchTracking
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

/// Platform and channel blocks (`<!-- only: linux -->` … `<!-- end only -->`) and a release's
/// `channels:`: shown only to their platform or channel, and lint checks the markers pair up.
@Suite struct AudienceTests {
  static let body = """
    ## Added

    - Everywhere.

    <!-- only: linux -->
    - Linux only.
    <!-- end only -->

    <!-- only: macos, windows -->
    - Not on Linux.
    <!-- end only -->

    <!-- only: beta -->
    - Beta only.
    <!-- end only -->

    """

  @Test func aBlockForAnotherPlatformIsNotShown() {
    let linux = NotesAudience(platform: "linux").filter(Self.body)
    #expect(linux.contains("Linux only.") && linux.contains("Everywhere."))
    #expect(!linux.contains("Not on Linux.") && !linux.contains("Beta only.") && !linux.contains("<!--"))
    let mac = NotesAudience(platform: "macos").filter(Self.body)
    #expect(mac.contains("Not on Linux.") && !mac.contains("Linux only."))
    // Line numbers stay those of the file.
    #expect(
      linux.split(separator: "\n", omittingEmptySubsequences: false).count
        == Self.body.split(separator: "\n", omittingEmptySubsequences: false).count)
  }

  @Test func aChannelBlockIsShownOnThatChannelOnly() {
    #expect(NotesAudience(platform: "linux", channel: "Beta").filter(Self.body).contains("Beta only."))
    #expect(!NotesAudience(platform: "linux", channel: "nightly").filter(Self.body).contains("Beta only."))
  }

  @Test func theCatalogShowsOnlyThisPlatformsBlocksAndChannelsReleases() throws {
    let dir = try SeededDirectory([
      "1.0.0.md": Self.body, "1.1.0.md": "---\nchannels: [beta]\n---\n\n- Beta feature.\n",
    ])
    defer { dir.remove() }
    let catalog = try ReleaseNotesCatalog(directory: dir.path).with(
      audience: NotesAudience(platform: "linux"))
    let stable = try catalog.noteTexts(after: nil, upTo: AppVersion(1, 1, 0))
    #expect(stable.map(\.version.description) == ["1.0.0"])
    #expect(!stable[0].markdown.contains("Not on Linux.") && stable[0].markdown.contains("Linux only."))
    let beta = catalog.with(audience: NotesAudience(platform: "linux", channel: "beta"))
    #expect(
      try beta.noteTexts(after: nil, upTo: AppVersion(1, 1, 0)).map(\.version.description) == [
        "1.1.0", "1.0.0",
      ])
  }

  @Test func channelsFrontMatter() {
    #expect(NotesFrontMatter(text: "---\nchannels: [Beta, nightly]\n---\n").channels == ["beta", "nightly"])
    #expect(NotesFrontMatter(text: "---\nchannels: beta\n---\n").channels == ["beta"])
    #expect(NotesFrontMatter(text: "---\nchannels: []\n---\n").errors.count == 1)
  }

  /// A marker is found wherever its `<!--` starts, also after `<`s that begin no comment (the
  /// search jumps from one `<` to the next).
  @Test(arguments: 0..<20)
  func aMarkerIsFoundAtAnyOffset(_ length: Int) {
    for filler in ["x", "<", "<!", "<!-", "é"] {
      var first = ""
      while first.utf8.count < length { first += filler }
      let body = first + "\n<!-- end only -->\nx"
      let problems = NotesAudience.markerProblems(body)
      #expect(problems.map(\.line) == [2], "\(filler) x \(length)")
      #expect(NotesAudience(channel: "beta").filter(body) == first + "\n\nx")
    }
  }

  @Test func lintChecksTheMarkersPairUp() throws {
    let dir = try SeededDirectory([
      "onboarding.md": LintTests.onboarding, "welcome-back.md": LintTests.welcomeBack,
      "1.0.0.md": "---\ntitle: A\n---\n\n<!-- only: linux -->\n- x\n",
      "1.1.0.md": "- y\n<!-- end only -->\n",
      "1.2.0.md": "<!-- only: linux -->\n<!-- only: beta -->\n- z\n<!-- end only -->\n",
    ])
    defer { dir.remove() }
    #expect(
      try ContentLinter.lint(directory: dir.path).diagnostics.map(\.description) == [
        "\(dir.path)/1.0.0.md:5: error: <!-- only: ... --> is never closed: add <!-- end only -->",
        "\(dir.path)/1.1.0.md:2: error: <!-- end only --> without an <!-- only: ... --> before it",
        "\(dir.path)/1.2.0.md:2: error: <!-- only: --> inside the block opened on line 1: close it first",
      ])
  }

  @Test func aCommentOpenerIsFoundWhereverItIs() {
    #expect(NotesAudience.hasComment("<!-- only: linux -->"))
    #expect(NotesAudience.hasComment("a < b <<!-- x"))
    #expect(NotesAudience.hasComment("text\n<!--"))
    #expect(!NotesAudience.hasComment("a < b, <!- not one, <! -- nor this <!-"))
    #expect(!NotesAudience.hasComment(""))
    #expect(!NotesAudience.hasComment("no markers at all"))
  }
}
