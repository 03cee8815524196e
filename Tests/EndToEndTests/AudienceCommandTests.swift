import Foundation
import TestSupport
import Testing

/// `whatsnew notes` and `--channel`: a block for another platform or channel is not printed.
@Suite struct AudienceCommandTests {
  @Test func notesShowsOnlyThisPlatformsAndChannelsBlocks() throws {
    let dir = try TestPaths.makeTemporaryDirectory("whatsnew-audience")
    defer { try? FileManager.default.removeItem(at: dir) }
    try """
    ## Added

    - Everywhere.

    <!-- only: linux -->
    - On Linux.
    <!-- end only -->

    <!-- only: windows -->
    - On Windows.
    <!-- end only -->

    <!-- only: beta -->
    - On beta.
    <!-- end only -->

    """.write(to: dir.appendingPathComponent("1.0.0.md"), atomically: true, encoding: .utf8)
    let plain = try Run.whatsnew(["notes", "1.0.0", "--content", dir.path, "--format", "plain"])
    #expect(plain.status == 0, "\(plain.stderr)")
    #expect(plain.stdout.contains("Everywhere.") && plain.stdout.contains("On Linux."))
    #expect(!plain.stdout.contains("On Windows.") && !plain.stdout.contains("On beta."))
    #expect(!plain.stdout.contains("only"))
    let beta = try Run.whatsnew([
      "notes", "1.0.0", "--content", dir.path, "--format", "plain", "--channel", "beta",
    ])
    #expect(beta.stdout.contains("On beta.") && !beta.stdout.contains("On Windows."))
  }
}
