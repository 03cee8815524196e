import LaunchScreens
import LaunchTracking
import TerminalRendering

/// The demo app's main screen: a fictional notes app ("Jot") with a few notes, and entries to
/// write a note (the usage event `new-note`, which the walkthrough's "Write a note" page waits
/// for), reopen what's new, the walkthrough and the release-notes browser, and quit.
package struct HomeScreen: Screen {
  /// One of the fictional notes listed on the home screen.
  package struct Note: Sendable, Hashable {
    package var title: String
    package var detail: String
    package init(_ title: String, _ detail: String) {
      self.title = title
      self.detail = detail
    }
  }

  /// One entry of the menu.
  package struct Entry: Sendable, Hashable {
    package var key: Character
    package var label: String
    /// What the help overlay says the key does.
    package var help: String
    package var action: Action
  }

  /// What an entry does.
  package enum Action: Sendable, Hashable {
    /// Writes a (fictional) note: it joins the list, and the app records ``newNoteEvent``.
    case newNote
    case open(Destination)
    case quit
  }

  /// The usage event the app records when the user writes a note.
  package static let newNoteEvent = "new-note"
  /// The request `n` "new note" sends: the app records ``newNoteEvent``.
  package static let newNoteRequest = "event:" + newNoteEvent

  package let appName: String
  package let version: AppVersion
  /// The notes listed, newest first.
  package private(set) var notes: [Note]
  package let entries: [Entry]
  /// The highlighted entry.
  package private(set) var selected: Int = 0
  package var palette: Palette
  /// The tip due on this launch (`GreetOutcome.tip`'s text), shown at the bottom with `x` "no
  /// more tips"; nil: the screen's own hint.
  package var tip: String?
  /// True when `!` asks the app for a deliberate crash (``Destination/crashRequest``), which
  /// the demo arms only for the tests of the terminal's restore.
  package var offersCrash = false

  /// The notes a new user of the fictional app sees.
  package static let sampleNotes: [Note] = [
    Note("Groceries: oat milk, lemons, rye bread", "today"),
    Note("Ideas for the spring trip", "2 days ago"),
    Note("Meeting notes — roadmap review", "last week"),
    Note("Books to read", "March"),
  ]

  package init(
    appName: String, version: AppVersion, notes: [Note] = HomeScreen.sampleNotes, palette: Palette = .dark
  ) {
    self.appName = appName
    self.version = version
    self.notes = notes
    self.palette = palette
    self.entries = [
      Entry(key: "n", label: "New note", help: "write a note", action: .newNote),
      Entry(key: "w", label: "What's new in \(version)", help: "what's new", action: .open(.whatsNew)),
      Entry(key: "o", label: "Take the tour again", help: "the tour", action: .open(.onboarding)),
      Entry(
        key: "r", label: "Browse release notes", help: "release notes",
        action: .open(.releaseNotes(version: nil))),
      Entry(key: "q", label: "Quit", help: "quit", action: .quit),
    ]
  }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    guard case .key(let key) = event else {
      if case .wheel(let direction) = event { move(direction == .down ? 1 : -1) }
      return []
    }
    let keys = self.keys
    switch key {
    case keys.down: move(1)
    case keys.up: move(-1)
    case keys.first: selected = 0
    case keys.last: selected = entries.count - 1
    case keys.open: return activate(entries[selected])
    case keys.crash: return [.app(Destination.crashRequest)]
    case keys.noMoreTips:
      tip = nil
      return [.app(Destination.noMoreTipsRequest)]
    default:
      if let index = keys.entries.firstIndex(where: { $0 ~= key }) {
        selected = index
        return activate(entries[index])
      }
    }
    return []
  }

  /// The home screen's keys: what `update` matches and the help and the footer show.
  package struct Keys: Sendable {
    package var down = KeyBinding(
      [.down, .char("j"), .tab], help: HelpEntry("j k  ↑ ↓", "choose an entry"),
      footer: FooterHint("↑↓", "select"))
    package var up = KeyBinding(
      [.up, .char("k"), .backTab], help: HelpEntry("j k  ↑ ↓", "choose an entry"),
      footer: FooterHint("↑↓", "select"))
    package var first = KeyBinding(
      [.home, .char("g")], help: HelpEntry("g G  Home End", "first / last entry"))
    package var last = KeyBinding([.end, .char("G")], help: HelpEntry("g G  Home End", "first / last entry"))
    package var open = KeyBinding(
      [.enter, .right, .char("l")], help: HelpEntry("Enter  →", "open it"), footer: FooterHint("⏎", "open"))
    /// One binding per menu entry, in the menu's order: its letter (and Esc for quitting).
    package var entries: [KeyBinding]
    package var crash = KeyBinding([.char("!")], help: HelpEntry("!", "crash on purpose (for the tests)"))
    /// While a tip is shown: turn tips off.
    package var noMoreTips = KeyBinding(
      [.char("x")], help: HelpEntry("x", "no more tips"), footer: FooterHint("x", "no more tips"))

    /// Every binding, in the help overlay's order.
    package var all: [KeyBinding] { [down, up, first, last, open] + entries + [noMoreTips, crash] }
  }

  /// The keys for these entries.
  package var keys: Keys {
    var keys = Keys(
      entries: entries.map { entry in
        let letter = String(entry.key)
        guard entry.action == .quit else {
          return KeyBinding([.char(entry.key)], help: HelpEntry(letter, entry.help))
        }
        return KeyBinding(
          [.char(entry.key), .escape], help: HelpEntry(letter + "  Esc", entry.help),
          footer: FooterHint(letter, entry.help))
      })
    keys.crash.isEnabled = offersCrash
    keys.noMoreTips.isEnabled = tip != nil
    return keys
  }

  package var bindings: [KeyBinding] { keys.all.enabled }

  /// The footer: select, open, quit, help.
  package var footerBindings: [KeyBinding] {
    let keys = self.keys
    return [keys.down, keys.up, keys.open] + keys.entries.filter { $0.footer != nil }
      + [keys.noMoreTips].enabled + [ScreenStack.showHelp]
  }

  /// None: the app's own screen is left out of a line-by-line presentation.
  package var plainText: ScreenText? { nil }

  package func draw(into canvas: inout Canvas) {
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
    if let tip, row + 2 < h - 2 {
      canvas.put("Tip: ", row: h - 3, column: left, style: palette.accent)
      canvas.put(CellText.truncate(tip, to: max(1, inner - 5)), row: h - 3, column: left + 5)
    } else if row + 2 < h - 2 {
      canvas.put(
        CellText.truncate("Tip: press ? on any screen to see its keys.", to: inner), row: h - 3, column: left,
        style: palette.dim)
    }
    canvas.footer(row: h - 1, bindings: footerBindings, right: "", palette: palette)
  }

  // MARK: - Helpers

  private mutating func move(_ delta: Int) {
    selected = (selected + delta + entries.count) % entries.count
  }

  private mutating func activate(_ entry: Entry) -> [ScreenEffect] {
    switch entry.action {
    case .newNote:
      notes.insert(Note("Untitled note", "just now"), at: 0)
      return [.app(Self.newNoteRequest)]
    case .open(let destination): return [.app(destination.request)]
    case .quit: return [.quit]
    }
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
package enum Destination: Sendable, Hashable {
  case whatsNew
  case onboarding
  /// The release-notes browser, optionally on one version.
  case releaseNotes(version: AppVersion?)

  /// The request a hidden key sends to ask for a deliberate crash (honoured only when the demo
  /// is run with its test variable set).
  package static let crashRequest = "crash"
  /// The request `x` "no more tips" sends: the app turns tips off.
  package static let noMoreTipsRequest = "tips:off"

  /// This destination as the text of an app request.
  package var request: String {
    switch self {
    case .whatsNew: return "open:whats-new"
    case .onboarding: return "open:onboarding"
    case .releaseNotes(let version):
      return "open:release-notes" + (version.map { ":" + $0.description } ?? "")
    }
  }

  /// The destination an app request names, or nil.
  package init?(request: String) {
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
