import LaunchScreens
import TerminalRendering
import TestSupport
import Testing

@Suite struct OnboardingScreenTests {
  func screen(start: Int = 0) -> OnboardingScreen {
    var s = OnboardingScreen(appName: "Jot", pages: Fixtures.onboarding, startPage: start)
    _ = s.update(.resize(width: 80, height: 24))
    return s
  }

  @Test func firstPageAt80x24() {
    let canvas = ScreenRender.settled(screen(), width: 80, height: 24)
    #expect(Golden.check(canvas.textDump(), named: "onboarding-page1-80x24.txt") == nil)
    #expect(canvas.textDump().contains("● ○ ○ ○  1/4"))
  }

  /// At every width from the minimum up, `↓ more` never touches the page dots.
  @Test func theMoreHintKeepsItsDistanceFromTheDots() {
    for width in 30...60 {
      var s = OnboardingScreen(
        appName: "Jot", pages: Fixtures.onboarding + Fixtures.onboarding, startPage: 0)
      _ = s.update(.resize(width: width, height: 8))
      let rows = ScreenRender.settled(s, width: width, height: 8).textDump().split(separator: "\n")
      guard let row = rows.first(where: { $0.contains("1/8") }) else {
        Issue.record("no page dots at \(width)x8")
        continue
      }
      #expect(!row.contains("8↓") && !row.contains("8 ↓"), "at \(width)x8: \(row)")
    }
  }

  @Test func secondPageAt40x12() {
    var s = screen()
    #expect(s.update(.key(.char("n"))) == [.onboardingProgress(page: 1)])
    let canvas = ScreenRender.settled(s, width: 40, height: 12)
    #expect(Golden.check(canvas.textDump(), named: "onboarding-page2-40x12.txt") == nil)
    #expect(canvas.textDump().contains("○ ● ○ ○  2/4"))
  }

  @Test func nextEnterAndRightAllGoOnAndTheLastPageFinishes() {
    var s = screen()
    let effects = Fixtures.press([.char("n"), .enter, .right], on: &s)
    #expect(
      effects == [.onboardingProgress(page: 1), .onboardingProgress(page: 2), .onboardingProgress(page: 3)])
    #expect(s.isLastPage)
    #expect(ScreenRender.settled(s, width: 80, height: 24).textDump().contains("n finish"))
    #expect(s.update(.key(.char("n"))) == [.onboardingFinished(skippedAt: nil), .close])
  }

  @Test func backGoesToThePreviousPageAndStopsAtTheFirst() {
    var s = screen(start: 1)
    #expect(s.update(.key(.char("p"))) == [.onboardingProgress(page: 0)])
    #expect(s.update(.key(.left)) == [])
    #expect(s.page == 0)
  }

  /// The footer offers the back key only where there is a page to go back to (issue 47).
  @Test func theFooterOffersBackFromTheSecondPageOn() {
    let first = ScreenRender.settled(screen(), width: 80, height: 24).textDump()
    let second = ScreenRender.settled(screen(start: 1), width: 80, height: 24).textDump()
    #expect(!first.contains("p back"))
    #expect(second.contains("p back"))
  }

  @Test func skipReportsThePage() {
    var s = screen(start: 2)
    #expect(s.update(.key(.char("s"))) == [.onboardingFinished(skippedAt: 2), .close])
  }

  @Test func quitLeavesWithoutFinishing() {
    var s = screen(start: 1)
    #expect(s.update(.key(.char("q"))) == [.close])
    #expect(s.update(.key(.escape)) == [.close])
  }

  @Test func resumesOnTheGivenPageAndClampsNonsense() {
    #expect(screen(start: 2).page == 2)
    #expect(screen(start: 99).page == 3)
    #expect(screen(start: -1).page == 0)
    #expect(ScreenRender.settled(screen(start: 2), width: 80, height: 24).textDump().contains("○ ○ ● ○  3/4"))
  }

  @Test func cjkPageAt40x12() {
    let s = OnboardingScreen(appName: "Jot", pages: [Fixtures.cjkPage] + Fixtures.onboarding)
    let canvas = ScreenRender.settled(s, width: 40, height: 12)
    #expect(Golden.check(canvas.textDump(), named: "onboarding-cjk-40x12.txt") == nil)
    // No row holds more cells than the canvas is wide, wide graphemes counted twice.
    for row in 0..<canvas.height {
      var cells = 0
      for column in 0..<canvas.width where !canvas[row, column].isContinuation {
        cells += Int(canvas[row, column].width)
      }
      #expect(cells <= 40)
    }
  }

  @Test func aLongPageScrollsAndSpaceGoesOnAtItsEnd() {
    let long = OnboardingScreen.Page(
      title: "Long", body: Fixtures.source((1...30).map { "line \($0)" }.joined(separator: "\n")))
    var s = OnboardingScreen(appName: "Jot", pages: [long] + Fixtures.onboarding)
    _ = s.update(.resize(width: 40, height: 12))
    #expect(ScreenRender.settled(s, width: 40, height: 12).textDump().contains("↓ more"))
    // Space pages through the text first, and only at its end turns the page.
    var effects: [ScreenEffect] = []
    for _ in 0..<10 where effects.isEmpty { effects = s.update(.key(.char(" "))) }
    #expect(effects == [.onboardingProgress(page: 1)])
  }
}

/// A page whose `done-when:` event happened says so after its title, on screen and in the
/// accessible mode's text; the others do not.
@Suite struct OnboardingDonePageTests {
  @Test func aDonePageSaysSoOnScreenAndInItsText() throws {
    var pages = Fixtures.onboarding
    pages[1].isDone = true
    var s = OnboardingScreen(appName: "Jot", pages: pages, startPage: 0)
    _ = s.update(.resize(width: 80, height: 24))
    let first = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(!first.contains("✓ done"))
    _ = s.update(.key(.char("n")))
    let second = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(second.contains(pages[1].title + "  ✓ done"), "\(second)")
    let text = try #require(s.plainText).lines(80).map(\.text)
    #expect(text.contains(pages[1].title + "  ✓ done"), "\(text)")
  }
}
