import Foundation
import JotDemo
import LaunchScreens
import LaunchTracking
import TerminalRendering
import TestSupport
import Testing

/// Every screen's key table against its help, footer, accessible answers and behaviour
/// (`KeyTableAudit`), in the states that change its keys; and every `Screen` in `Sources/` has
/// a sample here, so a new screen is audited as soon as it exists.
@Suite struct KeyTableTests {
  static func source(_ text: String) -> LineSource {
    LineSource { width in
      text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
        TextWrapper.wrap(StyledLine(String($0)), width: width)
      }
    }
  }

  static let releases: [ReleaseSection] = (0..<12).map { i in
    let items = (1...8).map { "- Change \($0) of release \(i), something better than before." }
    return ReleaseSection(
      version: AppVersion("1.\(12 - i).0") ?? "1.0.0", title: "Release \(i)",
      date: "2026-01-\(10 + i)", notes: source(items.joined(separator: "\n")))
  }

  static let pages = (1...3).map { i in
    OnboardingScreen.Page(
      title: "Page \(i)",
      body: source(
        Array(repeating: "A line of the walkthrough's page \(i).", count: 30).joined(separator: "\n")))
  }

  static func press(_ keys: [Key], _ screen: some Screen) -> any Screen {
    var screen = screen
    _ = screen.update(.resize(width: 80, height: 24))
    for key in keys { _ = screen.update(.key(key)) }
    return screen
  }

  /// Each screen type in the states that enable, disable or relabel its bindings.
  static let samples: [(String, any Screen)] = {
    let sheet = WhatsNewSheet(appName: "Jot", version: "1.12.0", since: "1.0.0", releases: releases)
    var presented = WhatsNewSheet(
      appName: "Jot", version: "1.12.0", since: "1.0.0", releases: releases,
      presentation: .whatsNew(upTo: "1.12.0"))
    var collapsed = presented
    collapsed.collapsesEarlier = true
    let onboarding = OnboardingScreen(appName: "Jot", pages: pages)
    let long = source(
      Array(repeating: "You were away a while; here is what changed.", count: 40).joined(separator: "\n"))
    var browser = ReleaseBrowser(appName: "Jot", releases: releases)
    browser.livedThrough = ["1.10.0"]
    var home = HomeScreen(appName: "Jot", version: "2.1.0")
    home.offersCrash = true
    var tipped = HomeScreen(appName: "Jot", version: "2.1.0")
    tipped.tip = "Find any note with jot find WORD."
    presented.palette = .monochrome
    let steps = [
      ChecklistScreen.Step(title: "Page 2", isDone: true),
      ChecklistScreen.Step(title: "Page 3", isDone: false),
    ]
    let checklist = ChecklistScreen(appName: "Jot", steps: steps, tour: pages)
    return [
      ("sheet", sheet),
      ("sheet, scrolled", press([.char("d")], sheet)),
      ("sheet, at the bottom", press([.char("G")], sheet)),
      ("presented sheet", presented),
      ("presented sheet, collapsed", collapsed),
      ("walkthrough, first page", onboarding),
      ("walkthrough, second page scrolled", press([.char("n"), .char("d")], onboarding)),
      ("walkthrough, last page", OnboardingScreen(appName: "Jot", pages: pages, startPage: 2)),
      ("welcome back", WelcomeBackScreen(appName: "Jot", days: 40, greeting: source("Welcome back."))),
      ("welcome back, long", WelcomeBackScreen(appName: "Jot", days: 40, greeting: long)),
      ("update progress", UpdateProgressScreen(appName: "Jot", version: "2.0.0", step: 1, total: 2)),
      (
        "update failure", UpdateFailureScreen(appName: "Jot", stepSummary: "Move notes", message: "disk full")
      ),
      (
        "update card",
        UpdateAvailableScreen(
          appName: "Jot", current: "2.0.0", available: "2.1.0", date: "2026-03-01",
          upgradeCommand: "brew upgrade jot", notes: source("- Faster sync."))
      ),
      ("update card, no notes", UpdateAvailableScreen(appName: "Jot", current: "2.0.0", available: "2.1.0")),
      (
        "update card, notes open",
        press(
          [.char("n")],
          UpdateAvailableScreen(
            appName: "Jot", current: "2.0.0", available: "2.1.0", notes: source("- Faster sync.")))
      ),
      ("checklist", checklist),
      ("checklist, no tour", ChecklistScreen(appName: "Jot", steps: steps)),
      ("checklist, tour open", press([.char("t"), .char("n")], checklist)),
      ("browser", browser),
      ("browser, notes", press([.enter, .char("d")], browser)),
      ("home", HomeScreen(appName: "Jot", version: "2.1.0")),
      ("home, crash armed", home),
      ("home, with a tip", tipped),
      ("stack", ScreenStack([HomeScreen(appName: "Jot", version: "2.1.0"), sheet])),
    ]
  }()

  @Test(arguments: samples.indices)
  func theKeyTableIsWhatTheScreenShowsAndDoes(index: Int) {
    let (state, screen) = Self.samples[index]
    for (width, height) in [(80, 24), (40, 12)] {
      let problems = KeyTableAudit.problems(of: screen, width: width, height: height)
      #expect(problems.isEmpty, "\(state) at \(width)x\(height):\n\(problems.joined(separator: "\n"))")
    }
  }

  /// Every type that conforms to `Screen` in `Sources/` is among the samples.
  @Test func everyScreenInTheSourcesHasASample() throws {
    let sampled = Set(Self.samples.map { String(describing: type(of: $0.1)) })
    let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    let conformance = /(?:struct|class|enum|extension)\s+(\w+)\s*:[^{]*\bScreen\b/
    var found: [String] = []
    // TestSupport holds test doubles (EffectsFixture), not screens an app shows.
    for file in files where file.hasSuffix(".swift") && !file.hasPrefix("TestSupport/") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: conformance) { found.append(String(match.1)) }
    }
    #expect(found.count >= 8, "found only \(found)")
    for name in found { #expect(sampled.contains(name), "\(name) conforms to Screen but has no sample here") }
  }
}

/// The audit itself: each rule catches the drift it is for.
@Suite struct KeyTableAuditTests {
  /// A screen whose table, footer and `update` can be made to disagree.
  struct Drifting: Screen {
    var table = [KeyBinding([.char("q")], help: HelpEntry("q", "close"), footer: FooterHint("q", "close"))]
    var footer: [FooterHint]? = nil
    var handled: [Key] = [.char("q")]

    mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
      guard case .key(let key) = event, handled.contains(key) else { return [] }
      return [.close]
    }
    func draw(into canvas: inout Canvas) {}
    var bindings: [KeyBinding] { table }
    var footerBindings: [KeyBinding] {
      guard let footer else { return table }
      return footer.map { KeyBinding([.char("q")], help: HelpEntry("q", "close"), footer: $0) }
    }
    var plainText: ScreenText? { nil }
  }

  @Test func aConsistentTableHasNoProblems() {
    #expect(KeyTableAudit.problems(of: Drifting()) == [])
  }

  @Test func aFooterNamingAnUnboundKeyFails() {
    var screen = Drifting()
    screen.table[0].footer = FooterHint("x", "close")
    let problems = KeyTableAudit.problems(of: screen)
    #expect(
      problems.contains { $0.contains("the footer names x, which the screen does not bind") }, "\(problems)")
  }

  @Test func aFooterHintThatIsNoBindingFails() {
    var screen = Drifting()
    screen.footer = [FooterHint("q", "leave")]
    #expect(KeyTableAudit.problems(of: screen).contains { $0.contains("is not a binding of the screen") })
  }

  @Test func aBindingWithoutHelpTextFails() {
    var screen = Drifting()
    screen.table[0].help = HelpEntry("q", "")
    #expect(KeyTableAudit.problems(of: screen).contains { $0.contains("bound without help text") })
  }

  @Test func aHelpLineNamingAnUnboundKeyFails() {
    var screen = Drifting()
    screen.table[0].help = HelpEntry("q  Esc", "close")
    #expect(KeyTableAudit.problems(of: screen).contains { $0.contains("names Esc, which it does not bind") })
  }

  @Test func aKeyHandledOutsideTheTableFails() {
    var screen = Drifting()
    screen.handled.append(.escape)
    let problems = KeyTableAudit.problems(of: screen)
    #expect(problems.contains { $0.contains("reacts to escape, which no binding has") }, "\(problems)")
  }

  @Test func aKeyBoundTwiceFails() {
    var screen = Drifting()
    screen.table.append(KeyBinding([.char("q")], help: HelpEntry("q", "quit")))
    #expect(KeyTableAudit.problems(of: screen).contains { $0.contains("is bound twice") })
  }

  @Test func keyNames() {
    #expect(KeyTableAudit.keys(named: "↑↓") == [.up, .down])
    #expect(KeyTableAudit.keys(named: "space") == [.char(" ")])
    #expect(KeyTableAudit.keys(named: "⏎") == [.enter])
    #expect(KeyTableAudit.keys(named: "Ctrl-D") == [.ctrl("d")])
    #expect(KeyTableAudit.keys(named: "nope") == nil)
  }
}
