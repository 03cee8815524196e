import LaunchScreens
import LaunchTracking
import TestSupport
import Testing

@testable import whatsnew

/// `notes` reads before the sheet only the releases its first frame can show
/// (``NotesSheet/releasesBeforeFirstFrame(rows:)``): for any terminal height, the first frame
/// of a sheet with only those read is the first frame of a sheet with all of them, even when
/// every release is as short as one can be (a heading, a blank line, no notes).
@Suite struct NotesSheetFirstFrameTests {
  @Test func theReleasesReadFirstFillTheFirstFrameAtAnyHeight() {
    let releases = (0..<120).map { i in
      ReleaseSection(version: AppVersion(1, UInt64(120 - i), 0), notes: LineSource { _ in [] })
    }
    for rows in 3...100 {
      let first = NotesSheet.releasesBeforeFirstFrame(rows: rows)
      let waiting = releases.dropFirst(first).map {
        ReleaseSection(version: $0.version, notes: LineSource { _ in [] })
      }
      // A release not read yet has no title: a frame showing its heading would differ.
      let titled = releases.map { release in
        var release = release
        release.title = "Release \(release.version)"
        return release
      }
      let full = WhatsNewSheet(appName: "Jot", version: AppVersion(1, 120, 0), releases: titled)
      let late = WhatsNewSheet(
        appName: "Jot", version: AppVersion(1, 120, 0), releases: Array(titled.prefix(first)) + waiting,
        loaded: first)
      #expect(
        ScreenRender.firstFrame(late, width: 80, height: rows).textDump()
          == ScreenRender.firstFrame(full, width: 80, height: rows).textDump(), "\(rows) rows")
    }
  }
}
