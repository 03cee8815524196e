import Foundation
import TestSupport
import Testing

/// docs/update-feed.md's "Only what the user's channel can install" (issue 46): each example on
/// a new install of Tally 2.0.0 in a terminal at 09:00, with a fake Homebrew install in
/// `~/brew` and the cache a fetch ten minutes before left.
extension ReadmeTests {
  static let channelSection = "Only what the user's channel can install"

  /// The cache each example finds, in order: 2.1.1 with homebrew at 2.1.0; then 2.1.0 out at
  /// 08:00 with no channels (for the Homebrew install, then the download).
  static var channelCaches: [String] {
    let published = FeedCacheTime.seconds("2026-03-02T08:00:00Z")
    let young = #"[{"version": "2.1.0", "notes": "", "published": \#(published)}]"#
    let named =
      #"[{"version": "2.1.1", "notes": ""}, {"version": "2.1.0", "notes": ""}], "channels": {"homebrew": "2.1.0", "npm": "2.1.1"}"#
    return [named, young, young]
  }

  @Test(.requires(TmuxAvailability.present, TmuxAvailability.missing))
  func theChannelExamplesAreTrue() throws {
    let examples = try Self.examples(in: [Self.channelSection], of: "docs/update-feed.md")
    #expect(examples.count == Self.channelCaches.count)
    for (example, releases) in zip(examples, Self.channelCaches) {
      let home = try Home()
      let bin = try home.directory.subdirectory("brew/bin")
      try Data().write(to: bin.appendingPathComponent("tally"))
      let terminal = try Terminal(home)
      defer { terminal.kill() }
      try terminal.install()
      let checked = FeedCacheTime.seconds("2026-03-02T08:50:00Z")
      let feed = example.arguments.drop { $0 != "--feed" }.dropFirst().first ?? ""
      let cache = #"{"url": "\#(feed)", "checked": \#(checked), "releases": \#(releases)}"#
      try Data(cache.utf8).write(
        to: home.directory.url.appendingPathComponent(".local/state/tally/update-feed.json"))
      let output = try terminal.run(example)
      #expect(example.matches(output), "\(example) printed:\n\(output)")
    }
  }
}

/// Seconds since 1970 of an ISO 8601 date-time, for a cache's JSON.
enum FeedCacheTime {
  static func seconds(_ text: String) -> Double {
    ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970 ?? 0
  }
}
