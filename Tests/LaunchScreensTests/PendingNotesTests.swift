import LaunchScreens
import LaunchTracking
import Synchronization
import TerminalRendering
import TestSupport
import Testing

/// The what's-new sheet's first frame lays out a release's heading without its notes when the
/// heading is the last of the lines the frame needs: the notes are rendered with the rest,
/// after the frame is painted.
@Suite struct PendingNotesTests {
  final class RenderCount: Sendable {
    private let versions = Mutex<[String]>([])
    var rendered: [String] { versions.withLock { $0 } }
    func record(_ version: String) { versions.withLock { $0.append(version) } }
  }

  /// 30 releases of 13 lines each (heading, blank, 10 lines of notes, blank), newest first.
  func sheet(counting renders: RenderCount) -> WhatsNewSheet {
    let releases = (0..<30).map { i in
      let version = "1.\(30 - i).0"
      let notes = Fixtures.notes(version, items: 8)
      return ReleaseSection(
        version: AppVersion(1, UInt64(30 - i), 0), title: "Release \(30 - i)",
        notes: LineSource { width in
          renders.record(version)
          return notes.lines(width: width)
        })
    }
    return WhatsNewSheet(appName: "Jot", version: "1.30.0", since: "1.0.0", releases: releases)
  }

  static func rows(_ canvas: Canvas) -> [Substring] {
    canvas.textDump().split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test func aHeadingThatEndsTheFirstFrameWaitsForItsNotes() {
    // 18 rows: 14 body rows, and one line more to tell "Top" from "All": 15 lines, which the
    // first release (13) and the second's heading and blank line make.
    let renders = RenderCount()
    var s = sheet(counting: renders)
    _ = s.update(.resize(width: 80, height: 18))
    #expect(renders.rendered == ["1.30.0"])
    let first = Self.rows(ScreenRender.firstFrame(sheet(counting: RenderCount()), width: 80, height: 18))
    let settled = Self.rows(ScreenRender.settled(sheet(counting: RenderCount()), width: 80, height: 18))
    #expect(first[0..<17] == settled[0..<17])
    #expect(first[16].contains("1.29.0 — Release 29"))
    #expect(first[17].hasSuffix("1.30.0 · 1–14/…  Top"))
    #expect(settled[17].hasSuffix("1.30.0 · 1–14/389  Top"))
    // The rest, the pending notes first, in order.
    let changed = s.finishDeferredWork()
    #expect(changed)
    #expect(renders.rendered == (0..<30).map { "1.\(30 - $0).0" })
    #expect(s.isLaidOut)
  }

  @Test func keysAndTheNextReleaseSeeThePendingNotes() {
    var s = sheet(counting: RenderCount())
    _ = s.update(.resize(width: 80, height: 18))
    _ = s.update(.key(.char("]")))
    #expect(s.scroller.offset == 13)
    _ = s.update(.key(.char("]")))
    #expect(s.scroller.offset == 26)
    let dump = ScreenRender.firstFrame(s, width: 80, height: 18).textDump()
    #expect(dump.contains("1.28.0 — Release 28"))
    #expect(dump.contains("Change 1 in 1.28.0"))
  }
}
