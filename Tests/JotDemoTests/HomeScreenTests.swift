import JotDemo
import LaunchScreens
import LaunchTracking
import TerminalRendering
import TestSupport
import Testing

/// Versions written as literals in the tests (`"2.1.0"`); an invalid one stops the test run.
extension AppVersion: ExpressibleByStringLiteral {
  public init(stringLiteral text: String) {
    guard let version = AppVersion(text) else { fatalError("not a version: \(text)") }
    self = version
  }
}

@Suite struct HomeScreenTests {
  let home = HomeScreen(appName: "Jot", version: "2.1.0")

  @Test(arguments: [(80, 24), (40, 12), (30, 8)])
  func snapshot(size: (Int, Int)) {
    let dump = ScreenRender.settled(home, width: size.0, height: size.1).textDump()
    #expect(Golden.check(dump, named: "home-\(size.0)x\(size.1).txt") == nil)
    #expect(dump.contains("What's new in 2.1.0"))
    #expect(dump.contains("Quit"))
  }

  /// The due tip in place of the screen's own hint, and `x` "no more tips" asks the app to
  /// turn tips off and takes it away; without a tip `x` does nothing.
  @Test func aTipShowsAtTheBottomAndXTurnsTipsOff() {
    var s = home
    s.tip = "Find any note with jot find WORD."
    let dump = ScreenRender.settled(s, width: 80, height: 24).textDump()
    #expect(dump.contains("Tip: Find any note with jot find WORD.") && !dump.contains("press ?"))
    #expect(dump.contains("x no more tips"), "\(dump)")
    #expect(s.update(.key(.char("x"))) == [.app(Destination.noMoreTipsRequest)])
    #expect(s.tip == nil)
    #expect(ScreenRender.settled(s, width: 80, height: 24).textDump().contains("press ?"))
    #expect(s.update(.key(.char("x"))) == [])
  }

  @Test func shortcutsOpenTheirScreens() {
    var s = home
    #expect(s.update(.key(.char("w"))) == [.app(Destination.whatsNew.request)])
    #expect(s.update(.key(.char("o"))) == [.app(Destination.onboarding.request)])
    #expect(s.update(.key(.char("r"))) == [.app(Destination.releaseNotes(version: nil).request)])
    #expect(s.update(.key(.char("q"))) == [.quit])
  }

  @Test func arrowsAndEnterChooseAnEntry() {
    var s = home
    #expect(s.update(.key(.down)) == [])
    #expect(s.update(.key(.down)) == [])
    #expect(s.selected == 2)
    #expect(s.update(.key(.enter)) == [.app(Destination.onboarding.request)])
    _ = s.update(.key(.up))
    _ = s.update(.key(.up))
    _ = s.update(.key(.up))
    #expect(s.selected == 4)
    #expect(s.update(.key(.enter)) == [.quit])
  }

  /// `n` writes a note: it heads the list, and the app is asked to record `new-note`.
  @Test func newNoteAddsANoteAndAsksForItsEvent() {
    var s = home
    #expect(s.update(.key(.char("n"))) == [.app(HomeScreen.newNoteRequest)])
    #expect(HomeScreen.newNoteRequest == "event:new-note")
    #expect(s.notes.first == HomeScreen.Note("Untitled note", "just now"))
    #expect(s.notes.count == HomeScreen.sampleNotes.count + 1)
    #expect(ScreenRender.settled(s, width: 80, height: 24).textDump().contains("Untitled note"))
  }

  @Test func theCrashKeyOnlyAsksAndOnlyWhenArmed() {
    var s = home
    #expect(s.update(.key(.char("!"))) == [])
    #expect(!s.help.contains { $0.keys == "!" })
    s.offersCrash = true
    #expect(s.update(.key(.char("!"))) == [.app(Destination.crashRequest)])
    #expect(s.help.contains { $0.keys == "!" })
  }
}

@Suite struct RestorationStateTests {
  @Test func staleOrForeignStateIsNotTrusted() {
    let versions: [AppVersion] = ["2.1.0", "2.0.0"]
    let good = RestorationState(place: .releaseNotes, version: "2.0.0", scroll: 4)
    #expect(good.validated(versions: versions) == good)
    let gone = RestorationState(place: .releaseNotes, version: "9.9.9", scroll: 4)
    #expect(gone.validated(versions: versions) == RestorationState(place: .home))
    var future = good
    future.schema = 99
    #expect(future.validated(versions: versions) == nil)
    var negative = good
    negative.scroll = -3
    #expect(negative.validated(versions: versions) == nil)
  }
}

@Suite struct DestinationTests {
  @Test func requestsRoundTrip() {
    for destination: Destination in [
      .whatsNew, .onboarding, .releaseNotes(version: nil), .releaseNotes(version: "1.2.0"),
    ] {
      #expect(Destination(request: destination.request) == destination)
    }
    #expect(Destination(request: Destination.crashRequest) == nil)
    #expect(Destination(request: "open:elsewhere") == nil)
  }

  @Test func theRestorationPointIsTheTopmostPlaceWorthReopening() {
    var stack = ScreenStack([HomeScreen(appName: "Jot", version: "2.1.0")])
    #expect(RestorationState.point(of: stack) == RestorationState(place: .home))
    stack.push(WelcomeBackScreen(appName: "Jot", days: 40, greeting: .text("Hi")))
    #expect(RestorationState.point(of: stack) == RestorationState(place: .home))
    #expect(RestorationState.point(of: ScreenStack([])) == nil)
  }
}
