import LaunchTracking
import TerminalRendering

/// The release-notes browser: the list of versions on the left, the selected version's notes
/// on the right.
///
/// The focus starts on the list: `j`/`k`/arrows choose a version, Enter/→/Tab move into the
/// notes, where the `less` keys scroll; ←/Tab/Esc go back to the list. Paging keys always
/// scroll the notes. `q` closes the browser.
package struct ReleaseBrowser: Screen {
  package let appName: String
  /// Every release, newest first.
  package let releases: [ReleaseSection]
  /// The selected release's index.
  package private(set) var selected: Int
  /// True when the notes pane has the focus.
  package private(set) var notesFocused: Bool
  package private(set) var scroller: Scroller
  package var palette: Palette
  /// The versions (as in ``releases``) this user ran: marked `•` in the list.
  package var livedThrough: [AppVersion] = []
  private var layout: Layout?

  /// Opens on `version` (or the newest) with the notes scrolled to `scroll`.
  package init(
    appName: String, releases: [ReleaseSection], version: AppVersion? = nil, scroll: Int = 0,
    notesFocused: Bool = false,
    palette: Palette = .dark
  ) {
    self.appName = appName
    self.releases = releases
    self.selected = releases.firstIndex(where: { $0.version == version }) ?? 0
    self.notesFocused = notesFocused
    // The offset is kept until the first layout clamps it.
    self.scroller = Scroller(offset: scroll, contentHeight: Int.max / 2, viewportHeight: 0)
    self.palette = palette
  }

  package var selectedVersion: AppVersion? { releases.isEmpty ? nil : releases[selected].version }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .resize(let width, let height):
      relayout(width: width, height: height)
    case .wheel(let direction):
      scroller.handle(direction)
    case .tick:
      break
    case .key(let key):
      return handle(key)
    }
    return []
  }

  package func draw(into canvas: inout Canvas) {
    var me = self
    if layout?.width != canvas.width || layout?.height != canvas.height {
      me.relayout(width: canvas.width, height: canvas.height)
    }
    me.drawLaidOut(into: &canvas)
  }

  /// The browser's keys: what `update` matches and the help and the footer show.
  package struct Keys: Sendable {
    /// The next version in the list, or a line down in the notes.
    package var down = KeyBinding(
      [.char("j"), .down, .ctrl("n"), .ctrl("e")], help: HelpEntry("j k  ↑ ↓", "choose a version / scroll"),
      footer: FooterHint("↑↓", "version"))
    package var up = KeyBinding(
      [.char("k"), .up, .ctrl("p"), .ctrl("y")], help: HelpEntry("j k  ↑ ↓", "choose a version / scroll"),
      footer: FooterHint("↑↓", "version"))
    package var read = KeyBinding(
      [.enter, .right, .char("l")], help: HelpEntry("Enter  →", "read the notes"),
      footer: FooterHint("→", "read"))
    /// Back to the list (Esc only from the notes: in the list it closes).
    package var back = KeyBinding(
      [.left, .char("h")], help: HelpEntry("←", "back to the versions"), footer: FooterHint("←", "versions"))
    package var switchPane = KeyBinding(
      [.tab, .backTab], help: HelpEntry("Tab", "between the versions and the notes"))
    /// Paging always scrolls the notes; the first and last version in the list, the top and
    /// bottom in the notes.
    package var scroll: Scroller.Keys = {
      var keys = Scroller.Keys.standard.described(
        page: HelpEntry("space  b", "page the notes"), pageBack: HelpEntry("space  b", "page the notes"),
        ends: HelpEntry("g G", "top / bottom"))
      // The line keys are ``down`` and ``up``.
      keys.lineDown.isEnabled = false
      keys.lineUp.isEnabled = false
      return keys
    }()
    package var close = KeyBinding(
      [.char("q"), .char("Q")], help: HelpEntry("q", "close"), footer: FooterHint("q", "close"))

    /// Every binding, in the help overlay's order.
    package var all: [KeyBinding] {
      [
        down, up, read, back, switchPane, scroll.pageDown, scroll.pageUp, scroll.halfDown, scroll.halfUp,
        scroll.top,
        scroll.bottom, close,
      ]
    }

    static let base = Keys()
  }

  /// The keys with the list or the notes in focus: Esc goes back from the notes and closes
  /// from the list.
  package var keys: Keys {
    var keys = Keys.base
    if notesFocused {
      keys.back.keys.append(.escape)
      keys.back.help.keys = "←  Esc"
    } else {
      keys.close.keys.append(.escape)
      keys.close.help.keys = "q  Esc"
    }
    return keys
  }

  package var bindings: [KeyBinding] { keys.all }

  package var footerBindings: [KeyBinding] {
    let keys = self.keys
    return notesFocused
      ? [keys.back, keys.scroll.pageDown, keys.close, ScreenStack.showHelp]
      : [keys.down, keys.up, keys.read, keys.close, ScreenStack.showHelp]
  }

  package var legend: [HelpEntry] { livedThrough.isEmpty ? [] : [HelpEntry("•", "a version you ran")] }

  /// The browser as text: the selected version's heading and notes.
  package var plainText: ScreenText? {
    guard !releases.isEmpty else { return nil }
    let release = releases[selected]
    return ScreenText(identity: "release-notes \(release.version)") { width in
      ScreenText.wrap(release.heading, width) + [StyledLine()] + release.notes.lines(width: width)
    }
  }

  // MARK: - Helpers

  private struct Layout: Sendable {
    var width: Int
    var height: Int
    var listWidth: Int
    var notesColumn: Int
    var notesWidth: Int
    var lines: [StyledLine]
    var bodyTop: Int
    var bodyHeight: Int
  }

  private mutating func handle(_ key: Key) -> [ScreenEffect] {
    let keys = self.keys
    switch key {
    case keys.close:
      return [.close]
    case keys.back:
      notesFocused = false
    case keys.switchPane:
      notesFocused.toggle()
    case keys.read:
      notesFocused = true
    case keys.down:
      if notesFocused { scroller.scroll(by: 1) } else { select(selected + 1) }
    case keys.up:
      if notesFocused { scroller.scroll(by: -1) } else { select(selected - 1) }
    case keys.scroll.top where !notesFocused: select(0)
    case keys.scroll.bottom where !notesFocused: select(releases.count - 1)
    default:
      _ = scroller.handle(key, with: keys.scroll)
    }
    return []
  }

  private mutating func select(_ index: Int) {
    let clamped = max(0, min(index, releases.count - 1))
    guard clamped != selected else { return }
    selected = clamped
    scroller = Scroller()
    if let layout { relayout(width: layout.width, height: layout.height) }
  }

  private mutating func relayout(width: Int, height: Int) {
    // Wide enough for each version with its date (a pre-release's name is long) while that
    // takes at most a third of the width; never narrower than a quarter (up to 22 cells).
    let needed =
      releases.map { CellWidth.of($0.version.description) + CellWidth.of($0.date ?? "") + 3 }.max() ?? 0
    let listWidth = max(max(8, min(22, width / 4)), min(needed, width / 3))
    let notesColumn = listWidth + 2
    let notesWidth = max(1, width - notesColumn - 1)
    var lines: [StyledLine] = []
    if !releases.isEmpty {
      let release = releases[selected]
      lines.append(StyledLine(CellText.truncate(release.heading, to: notesWidth), style: palette.accent))
      lines.append(StyledLine())
      lines += release.notes.lines(width: notesWidth)
    }
    let bodyTop = 1
    let bodyHeight = max(0, height - 2)
    layout = Layout(
      width: width, height: height, listWidth: listWidth, notesColumn: notesColumn, notesWidth: notesWidth,
      lines: lines, bodyTop: bodyTop, bodyHeight: bodyHeight)
    scroller.resize(contentHeight: lines.count, viewportHeight: bodyHeight)
  }

  private func drawLaidOut(into canvas: inout Canvas) {
    guard let layout else { return }
    let h = canvas.height
    let count = releases.count
    canvas.bar(
      row: 0, left: "\(appName) release notes", right: count == 1 ? "1 version" : "\(count) versions",
      style: palette.titleBar, rightStyle: palette.titleBarDetail)
    // The version list, scrolled so the selection shows.
    let listOffset = max(0, min(selected - layout.bodyHeight / 2, count - layout.bodyHeight))
    for i in 0..<layout.bodyHeight {
      let index = listOffset + i
      guard index < count else { break }
      let release = releases[index]
      let row = layout.bodyTop + i
      let version = release.version.description
      let mark = livedThrough.contains(release.version) ? "•" : " "
      let text = CellText.pad(mark + version, to: layout.listWidth)
      // The date, right-aligned with a space after it, when it fits beside the version.
      var date: String?
      if let d = release.date, CellWidth.of(version) + CellWidth.of(d) + 3 <= layout.listWidth {
        date = d
      }
      let dateColumn = layout.listWidth - 1 - CellWidth.of(date ?? "")
      if index == selected {
        let style = notesFocused ? palette.inactiveSelection : palette.selection
        canvas.put(text, row: row, column: 0, style: style)
        if let date { canvas.put(date, row: row, column: dateColumn, style: style) }
      } else {
        canvas.put(text, row: row, column: 0, style: release.isPrerelease ? palette.dim : .plain)
        if let date { canvas.put(date, row: row, column: dateColumn, style: palette.dim) }
      }
    }
    canvas.verticalLine(
      column: layout.listWidth, row: layout.bodyTop, count: layout.bodyHeight,
      style: notesFocused ? palette.focusedBorder : palette.border)
    for i in 0..<layout.bodyHeight {
      let index = scroller.offset + i
      guard index < layout.lines.count else { break }
      canvas.put(
        line: layout.lines[index], row: layout.bodyTop + i, column: layout.notesColumn,
        maxWidth: layout.notesWidth)
    }
    var right = scroller.positionLabel
    if canvas.width >= 64 { right = scroller.rangeLabel + "  " + right }
    canvas.footer(row: h - 1, bindings: footerBindings, right: right, palette: palette)
  }
}
