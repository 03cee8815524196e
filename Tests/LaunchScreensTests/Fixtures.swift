import LaunchScreens
import LaunchTracking
import TerminalRendering

/// Versions written as literals in the tests (`"2.1.0"`); an invalid one stops the test run.
extension AppVersion: ExpressibleByStringLiteral {
  public init(stringLiteral text: String) {
    guard let version = AppVersion(text) else { fatalError("not a version: \(text)") }
    self = version
  }
}

/// Hand-built inputs for the screen tests: plain paragraphs wrapped at the width (a stand-in
/// for the Markdown renderer, which has its own tests), so resizing changes the lines.
enum Fixtures {
  /// `text` wrapped at `width` with the renderer's wrapper, one paragraph per `\n`.
  static func cut(_ text: String, width: Int, style: Style = .plain) -> [StyledLine] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
      TextWrapper.wrap(StyledLine(String($0), style: style), width: width)
    }
  }

  static func source(_ text: String) -> LineSource {
    LineSource { width in cut(text, width: width) }
  }

  static let onboarding: [OnboardingScreen.Page] = [
    OnboardingScreen.Page(
      title: "Welcome to Jot",
      body: source(
        "Jot keeps your notes in plain text files, right in your terminal. "
          + "This short tour shows the four things worth knowing.")),
    OnboardingScreen.Page(
      title: "Write",
      body: source("Press n to start a new note. Jot saves as you type; there is no save key.")),
    OnboardingScreen.Page(
      title: "Find",
      body: source("Press / and type: Jot searches every note, titles first.")),
    OnboardingScreen.Page(
      title: "Sync",
      body: source("Point Jot at a folder in your cloud drive and your notes follow you.")),
  ]

  static let cjkPage = OnboardingScreen.Page(
    title: "ようこそ",
    body: source(
      "Jot はターミナルのためのメモアプリです。メモはプレーンテキストで保存され、"
        + "どこでも開けます。中文也可以：笔记会自动保存。😀 絵文字も幅二つ。"))

  static func notes(_ version: String, items: Int) -> LineSource {
    var text = "JOT \(version)\n"
    for i in 1...items { text += "\n- Change \(i) in \(version): something better than before." }
    return source(text)
  }

  static let releases: [ReleaseSection] = [
    ReleaseSection(version: "2.1.0", title: "Tags", date: "2026-05-02", notes: notes("2.1.0", items: 6)),
    ReleaseSection(version: "2.0.0", title: "Sync", date: "2026-03-20", notes: notes("2.0.0", items: 8)),
    ReleaseSection(
      version: "2.0.0-beta.1", title: "Sync beta", date: "2026-03-01",
      notes: notes("2.0.0-beta.1", items: 3)),
    ReleaseSection(version: "1.4.0", title: "Search", date: "2026-02-10", notes: notes("1.4.0", items: 5)),
    ReleaseSection(version: "1.1.0", title: "Export", date: "2026-01-30", notes: notes("1.1.0", items: 4)),
  ]

  /// The releases an upgrade from 1.0.0 covers (no pre-release).
  static var upgradeReleases: [ReleaseSection] { releases.filter { !$0.isPrerelease } }

  /// Sends `keys` to `screen` and returns every effect.
  static func press(_ keys: [Key], on screen: inout some Screen) -> [ScreenEffect] {
    var effects: [ScreenEffect] = []
    for key in keys { effects += screen.update(.key(key)) }
    return effects
  }
}

/// A bottom screen for the stack tests: `w` asks the app for something, Esc leaves, and it
/// draws a "Quit" hint.
struct MenuFixture: Screen {
  static let open = KeyBinding(
    [.char("w")], help: HelpEntry("w", "what's new"), footer: FooterHint("w", "What's new"))
  static let quit = KeyBinding([.escape], help: HelpEntry("Esc", "quit"), footer: FooterHint("Esc", "Quit"))

  mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .key(Self.open): return [.app("open:whats-new")]
    case .key(Self.quit): return [.quit]
    default: return []
    }
  }

  var bindings: [KeyBinding] { [Self.open, Self.quit] }
  var footerBindings: [KeyBinding] { bindings }
  var plainText: ScreenText? { nil }

  func draw(into canvas: inout Canvas) {
    canvas.put("Menu  w What's new  Esc Quit", row: 0, column: 0)
  }
}
