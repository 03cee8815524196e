import LaunchScreens
import LaunchTracking
import TerminalRendering

/// The demo app's main screen: a fictional notes app ("Jot") with a few notes, and entries to
/// reopen what's new, the walkthrough and the release-notes browser, and to quit.
public struct HomeScreen: Screen {
  /// One of the fictional notes listed on the home screen.
  public struct Note: Sendable, Hashable {
    public var title: String
    public var detail: String
    public init(_ title: String, _ detail: String) {
      self.title = title
      self.detail = detail
    }
  }

  /// One entry of the menu.
  public struct Entry: Sendable, Hashable {
    public var key: Character
    public var label: String
    /// Nil for "quit".
    public var destination: Destination?
  }

  public let appName: String
  public let version: AppVersion
  public let notes: [Note]
  public let entries: [Entry]
  /// The highlighted entry.
  public private(set) var selected: Int = 0
  public var palette: Palette

  /// The notes a new user of the fictional app sees.
  public static let sampleNotes: [Note] = [
    Note("Groceries: oat milk, lemons, rye bread", "today"),
    Note("Ideas for the spring trip", "2 days ago"),
    Note("Meeting notes — roadmap review", "last week"),
    Note("Books to read", "March"),
  ]

  public init(
    appName: String, version: AppVersion, notes: [Note] = HomeScreen.sampleNotes, palette: Palette = .dark
  ) {
    self.appName = appName
    self.version = version
    self.notes = notes
    self.palette = palette
    self.entries = [
      Entry(key: "w", label: "What's new in \(version)", destination: .whatsNew),
      Entry(key: "o", label: "Take the tour again", destination: .onboarding),
      Entry(key: "r", label: "Browse release notes", destination: .releaseNotes(version: nil)),
      Entry(key: "q", label: "Quit", destination: nil),
    ]
  }

  public mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    guard case .key(let key) = event else {
      if case .wheel(let direction) = event { move(direction == .down ? 1 : -1) }
      return []
    }
    switch key {
    case .down, .char("j"), .tab: move(1)
    case .up, .char("k"), .backTab: move(-1)
    case .home, .char("g"): selected = 0
    case .end, .char("G"): selected = entries.count - 1
    case .enter, .right, .char("l"): return activate(entries[selected])
    case .escape: return [.quit]
    case .char("!"): return [.app(Destination.crashRequest)]
    case .char(let c):
      if let index = entries.firstIndex(where: { $0.key == c }) {
        selected = index
        return activate(entries[index])
      }
    default: break
    }
    return []
  }

  public func draw(into canvas: inout Canvas) {
    let w = canvas.width
    let h = canvas.height
    canvas.bar(
      row: 0, left: "\(appName) · notes for your terminal", right: version.description,
      style: palette.titleBar,
      rightStyle: palette.titleBarDetail)
    let left = w >= 40 ? 2 : 1
    let inner = max(1, w - 2 * left)
    // The menu always shows; the notes only when there is room for both.
    let menuHeight = entries.count + 1
    let notesHeight = notes.count + 2
    var row = h >= 14 ? 2 : 1
    if h - 2 - row >= menuHeight + notesHeight {
      canvas.put("Your notes", row: row, column: left, style: palette.accent)
      row += 1
      let detailWidth = notes.map { CellWidth.of($0.detail) }.max() ?? 0
      for note in notes {
        canvas.put("•", row: row, column: left, style: palette.dim)
        let titleRoom = inner - 2 - detailWidth - 2
        if titleRoom >= 8 {
          canvas.put(CellText.truncate(note.title, to: titleRoom), row: row, column: left + 2)
          canvas.put(
            note.detail, row: row, column: left + inner - CellWidth.of(note.detail), style: palette.dim)
        } else {
          canvas.put(CellText.truncate(note.title, to: inner - 2), row: row, column: left + 2)
        }
        row += 1
      }
      row += 1
    }
    canvas.put("Explore", row: row, column: left, style: palette.accent)
    row += 1
    for (i, entry) in entries.enumerated() where row < h - 1 {
      let text = CellText.pad(" \(entry.key)  \(entry.label)", to: inner)
      if i == selected {
        canvas.put(text, row: row, column: left, style: palette.selection)
      } else {
        canvas.put(" ", row: row, column: left)
        canvas.put(String(entry.key), row: row, column: left + 1, style: palette.footerKey.withoutBackground)
        canvas.put(CellText.truncate(entry.label, to: inner - 4), row: row, column: left + 4)
      }
      row += 1
    }
    if row + 2 < h - 2 {
      canvas.put(
        CellText.truncate("Tip: press ? on any screen to see its keys.", to: inner), row: h - 3, column: left,
        style: palette.dim)
    }
    canvas.footer(
      row: h - 1,
      hints: [
        (key: "↑↓", action: "select"), (key: "⏎", action: "open"), (key: "q", action: "quit"),
        (key: "?", action: "help"),
      ],
      right: "", palette: palette)
  }

  public var help: [HelpEntry] {
    [
      HelpEntry("j k  ↑ ↓", "choose an entry"),
      HelpEntry("Enter  →", "open it"),
      HelpEntry("w", "what's new"),
      HelpEntry("o", "the tour"),
      HelpEntry("r", "release notes"),
      HelpEntry("q  Esc", "quit"),
    ]
  }

  // MARK: - Helpers

  private mutating func move(_ delta: Int) {
    selected = (selected + delta + entries.count) % entries.count
  }

  private func activate(_ entry: Entry) -> [ScreenEffect] {
    guard let destination = entry.destination else { return [.quit] }
    return [.app(destination.request)]
  }
}

extension Style {
  /// This style on the terminal's default background.
  var withoutBackground: Style {
    var copy = self
    copy.background = .default
    return copy
  }
}

/// A screen the home screen can reopen, carried in ``ScreenEffect/app(_:)`` as its
/// ``request`` text.
public enum Destination: Sendable, Hashable {
  case whatsNew
  case onboarding
  /// The release-notes browser, optionally on one version.
  case releaseNotes(version: AppVersion?)

  /// The request a hidden key sends to ask for a deliberate crash (honoured only when the demo
  /// is run with its test variable set).
  public static let crashRequest = "crash"

  /// This destination as the text of an app request.
  public var request: String {
    switch self {
    case .whatsNew: return "open:whats-new"
    case .onboarding: return "open:onboarding"
    case .releaseNotes(let version):
      return "open:release-notes" + (version.map { ":" + $0.description } ?? "")
    }
  }

  /// The destination an app request names, or nil.
  public init?(request: String) {
    switch request {
    case "open:whats-new": self = .whatsNew
    case "open:onboarding": self = .onboarding
    case "open:release-notes": self = .releaseNotes(version: nil)
    default:
      let prefix = "open:release-notes:"
      guard request.hasPrefix(prefix), let version = AppVersion(String(request.dropFirst(prefix.count)))
      else { return nil }
      self = .releaseNotes(version: version)
    }
  }
}
