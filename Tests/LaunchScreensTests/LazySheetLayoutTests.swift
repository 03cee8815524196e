import LaunchScreens
import LaunchTracking
import Synchronization
import TerminalRendering
import TestSupport
import Testing

/// The what's-new sheet lays out only what its first frame shows, and the rest after the
/// driver has painted that frame (`finishDeferredWork`).
@Suite struct LazySheetLayoutTests {
  /// Counts how many releases' notes have been rendered.
  final class RenderCount: Sendable {
    private let versions = Mutex<Set<String>>([])
    var count: Int { versions.withLock { $0.count } }
    func record(_ version: String) { _ = versions.withLock { $0.insert(version) } }
  }

  /// A sheet of 30 releases of 8 items each, newest first, whose sources report renders.
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

  @Test func theFirstFrameRendersOnlyTheReleasesItShows() {
    let renders = RenderCount()
    var s = sheet(counting: renders)
    _ = s.update(.resize(width: 80, height: 24))
    // Each release is 13 lines with its heading and blank lines: 21 lines need two.
    #expect(renders.count == 2)
    #expect(!s.isLaidOut)
    let changed1 = s.finishDeferredWork()
    #expect(changed1)
    #expect(renders.count == 30)
    #expect(s.isLaidOut)
    let changed2 = s.finishDeferredWork()
    #expect(!changed2)
  }

  @Test func theFirstFrameIsTheSettledFrameWithoutTheTotal() {
    let first = Self.rows(ScreenRender.firstFrame(sheet(counting: RenderCount()), width: 80, height: 24))
    let settled = Self.rows(ScreenRender.settled(sheet(counting: RenderCount()), width: 80, height: 24))
    #expect(first.count == 24 && settled.count == 24)
    #expect(first[0..<23] == settled[0..<23])
    #expect(first[23].hasSuffix("1.30.0 · 1–20/…  Top"))
    // 30 releases of 13 lines, less the trailing blank line.
    #expect(settled[23].hasSuffix("1.30.0 · 1–20/389  Top"))
  }

  @Test(arguments: [0, 7, 150, 340, 1000])
  func aResizeWhileScrolledShowsTheSameLinesAsAFullLayout(offset: Int) {
    var lazy = sheet(counting: RenderCount())
    _ = lazy.update(.resize(width: 80, height: 24))
    _ = lazy.finishDeferredWork()
    for _ in 0..<offset { _ = lazy.update(.key(.char("j"))) }
    var full = lazy
    _ = lazy.update(.resize(width: 50, height: 16))
    _ = full.update(.resize(width: 50, height: 16))
    _ = full.finishDeferredWork()
    #expect(lazy.scroller.offset == full.scroller.offset)
    var a = Canvas(width: 50, height: 16)
    lazy.draw(into: &a)
    var b = Canvas(width: 50, height: 16)
    full.draw(into: &b)
    #expect(Self.rows(a)[0..<15] == Self.rows(b)[0..<15])
  }

  @Test func keysSeeTheWholeTextBeforeTheRestIsLaidOut() {
    let renders = RenderCount()
    var s = sheet(counting: renders)
    _ = s.update(.resize(width: 80, height: 24))
    _ = s.update(.key(.char("G")))
    #expect(renders.count == 30)
    #expect(s.scroller.isAtBottom)
    #expect(s.scroller.offset == 389 - 20)
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(dump.contains("Change 8 in 1.1.0"))
    #expect(dump.contains("370–389/389  Bot"))

    var t = sheet(counting: RenderCount())
    _ = t.update(.resize(width: 80, height: 24))
    for _ in 0..<10 { _ = t.update(.key(.char("]"))) }
    #expect(t.scroller.offset == 10 * 13)
  }

  @Test func closingDoesNotLayOutTheRest() {
    let renders = RenderCount()
    var s = sheet(counting: renders)
    _ = s.update(.resize(width: 80, height: 24))
    #expect(s.update(.key(.char("q"))) == [.close])
    #expect(renders.count == 2)
  }

  @Test func theStackFinishesItsTopScreen() {
    let renders = RenderCount()
    var stack = ScreenStack([sheet(counting: renders)])
    _ = stack.update(.resize(width: 80, height: 24))
    #expect(renders.count == 2)
    let changed3 = stack.finishDeferredWork()
    #expect(changed3)
    #expect(renders.count == 30)
    let changed4 = stack.finishDeferredWork()
    #expect(!changed4)
  }

  @Test func aShortSheetIsLaidOutAtOnce() {
    var s = WhatsNewSheet(appName: "Jot", version: "2.1.0", releases: Fixtures.upgradeReleases)
    _ = s.update(.resize(width: 80, height: 60))
    #expect(s.isLaidOut)
    let changed5 = s.finishDeferredWork()
    #expect(!changed5)
    let dump = ScreenRender.firstFrame(s, width: 80, height: 60).textDump()
    #expect(dump.contains("All"))
  }
}
