import LaunchTracking
import TerminalRendering

/// The what's-new sheet: the notes of every release since the user's last version, newest
/// first, in a pager with the keys of `less`.
///
/// The title names the version range, a line lists the releases covered, and the footer shows
/// the release under the top line and the scroll position. `]`/`[` jump between releases.
/// Closing it (`q`/Esc) reports the presentation as dismissed, if it was one; when it is one,
/// `l` ("later") closes it and reports ``ScreenEffect/remindLater(_:)``, and `x` ("never")
/// closes it and reports ``ScreenEffect/stopShowing(_:)``.
///
/// While a release with ``ReleaseSection/actions`` is on screen, the footer names
/// each action first (`t Try the new export`) and its key closes the sheet with
/// ``ScreenEffect/releaseAction(id:dismissed:)`` (which dismisses the sheet, when it is a
/// presentation); an action on one of the sheet's own keys (``ownCharacters``) is ignored.
///
/// A release marked ``ReleaseSection/isBrief`` is listed by its heading alone; one with a
/// ``ReleaseSection/mark`` (critical) has the mark before its heading. With
/// ``collapsesEarlier`` the sheet opens with only the newest release (after the critical ones,
/// which come first) and a line "…and N earlier releases"; `e` shows them all.
///
/// The layout is lazy: a resize lays out only the releases the viewport needs (newest first,
/// so usually one or two) and the driver paints that; ``finishDeferredWork()``, which the
/// driver calls once that frame is out (and before it handles the next key), lays out the
/// rest. Until then the footer shows
/// the line range without a total (`1–20/…`), since the total is not known yet. Every key
/// and wheel event finishes the layout first, so `G`, `]` and paging always see the whole
/// text.
package struct WhatsNewSheet: Screen {
  package let appName: String
  /// The version the sheet leads up to (the app's current version).
  package let version: AppVersion
  /// The version the user came from, if the sheet covers an upgrade.
  package let since: AppVersion?
  /// The releases covered: the critical (marked) ones first, then the others, each newest
  /// first (``WhatsNewRules/criticalFirst(_:isCritical:)``).
  package private(set) var releases: [ReleaseSection]
  /// A greeting shown above the notes (welcome-back after an upgrade).
  package let greeting: LineSource?
  /// What to report as dismissed on close; nil when the sheet was opened by hand.
  package let presentation: Presentation?
  package var palette: Palette
  /// The title bar's text when it should not be the default "What's new in ...".
  package var customTitle: String?
  /// Shows only the newest release and "…and N earlier releases" until `e` is pressed.
  package var collapsesEarlier = false
  /// True once `e` showed the earlier releases (or when nothing is collapsed).
  package private(set) var isExpanded = false
  package private(set) var scroller = Scroller()
  private var layout: Layout?

  package init(
    appName: String, version: AppVersion, since: AppVersion? = nil, releases: [ReleaseSection],
    greeting: LineSource? = nil, presentation: Presentation? = nil, palette: Palette = .dark
  ) {
    self.appName = appName
    self.version = version
    self.since = since
    self.releases = WhatsNewRules.criticalFirst(releases) { $0.mark != nil }
    self.greeting = greeting
    self.presentation = presentation
    self.palette = palette
  }

  /// "What's new in Jot 2.1.0 — since 1.0.0", unless ``customTitle`` says otherwise: the title
  /// bar's text and the first line of the sheet as text (``plainText``).
  package var title: String {
    if let customTitle { return customTitle }
    var s = "What's new in \(appName) \(version)"
    if let since { s += " — since \(since)" }
    return s
  }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .resize(let width, let height):
      relayout(width: width, height: height)
    case .wheel(let direction):
      _ = finishDeferredWork()
      scroller.handle(direction)
    case .tick:
      break
    case .key(let key):
      let keys = self.keys
      if case .char(let c) = key, let action = currentActions.first(where: { $0.key == c }) {
        return [.releaseAction(id: action.id, dismissed: presentation), .close]
      }
      switch key {
      case keys.close:
        if let presentation { return [.dismissed(presentation), .close] }
        return [.close]
      case keys.later:
        return [.remindLater(presentation ?? .whatsNew(upTo: version)), .close]
      case keys.never:
        return [.stopShowing(presentation ?? .whatsNew(upTo: version)), .close]
      case keys.expand:
        isExpanded = true
        if let layout { relayout(width: layout.width, height: layout.height) }
        _ = finishDeferredWork()
      default:
        _ = finishDeferredWork()
        switch key {
        case keys.nextRelease:
          if let start = layout?.sectionStarts.first(where: { $0 > scroller.offset }) {
            scroller.scroll(to: start)
          }
        case keys.previousRelease:
          if let start = layout?.sectionStarts.last(where: { $0 < scroller.offset }) {
            scroller.scroll(to: start)
          }
        default:
          _ = scroller.handle(key, with: keys.scroll)
        }
      }
    }
    return []
  }

  /// Lays out the releases the last resize left for later. Returns true when there were any
  /// (the footer's total changes, so the screen should be painted again).
  package mutating func finishDeferredWork() -> Bool {
    guard let layout, layout.laidOut < shownCount else { return false }
    extendLayout(toLines: Int.max)
    return true
  }

  /// True when every release is laid out at the current size (false before the first resize).
  package var isLaidOut: Bool {
    guard let layout else { return false }
    return layout.laidOut == shownCount
  }

  /// True while only the first releases are shown (``collapsedCount``).
  package var isCollapsed: Bool { collapsesEarlier && !isExpanded && releases.count > collapsedCount }

  /// How many releases a collapsed sheet shows: the marked (critical) ones, which come first,
  /// and the release after them.
  package var collapsedCount: Int {
    min(releases.count, releases.prefix(while: { $0.mark != nil }).count + 1)
  }

  /// How many releases the text holds: all, or ``collapsedCount`` while collapsed.
  private var shownCount: Int { isCollapsed ? collapsedCount : releases.count }

  package func draw(into canvas: inout Canvas) {
    var me = self
    if layout?.width != canvas.width || layout?.height != canvas.height {
      me.relayout(width: canvas.width, height: canvas.height)
    }
    me.drawLaidOut(into: &canvas)
  }

  /// The sheet's keys: what `update` matches and the help, the footer and the accessible
  /// mode show.
  package struct Keys: Sendable {
    package var scroll = Scroller.Keys.standard
    package var nextRelease = KeyBinding(
      [.char("]"), .char("}"), .tab], help: HelpEntry("]  [", "next / previous release"),
      footer: FooterHint("]", "next release"))
    package var previousRelease = KeyBinding(
      [.char("["), .char("{"), .backTab], help: HelpEntry("]  [", "next / previous release"))
    /// Shows the releases a collapsed sheet leaves out.
    package var expand = KeyBinding(
      [.char("e")], help: HelpEntry("e", "show the earlier releases"),
      answer: TypedAnswer(["e"], label: "show the earlier releases"))
    package var close = KeyBinding(
      [.char("q"), .escape, .char("Q")], help: HelpEntry("q  Esc", "close"), footer: FooterHint("q", "close"),
      answer: TypedAnswer(["", "q"], label: "close"))
    /// A presentation only: put it off (``ScreenEffect/remindLater(_:)``).
    package var later = KeyBinding(
      [.char("l")], help: HelpEntry("l", "later: remind me in 24 hours"), footer: FooterHint("l", "later"),
      answer: TypedAnswer(["l"], label: "later"))
    /// A presentation only: no more release notes (``ScreenEffect/stopShowing(_:)``).
    package var never = KeyBinding(
      [.char("x")], help: HelpEntry("x", "never: don't show release notes again"),
      footer: FooterHint("x", "never"), answer: TypedAnswer(["x"], label: "no more release notes"))

    /// The "try it" actions of the release on screen (``ReleaseAction``), one binding each.
    package var actions: [KeyBinding] = []

    /// Every binding, in the help overlay's order.
    package var all: [KeyBinding] {
      scroll.all + [nextRelease, previousRelease, expand, close, later, never] + actions
    }

    static let base = Keys()
  }

  /// The characters the sheet's own bindings use, with what each does: a release action on
  /// one of them is ignored (the sheet's binding wins), and lint warns about it.
  package static let ownCharacters: [Character: String] = {
    var own: [Character: String] = [:]
    for binding in Keys.base.all {
      for case .char(let c) in binding.keys where own[c] == nil { own[c] = binding.help.action }
    }
    return own
  }()

  /// The actions of the releases on screen (any line of theirs in the viewport, newest
  /// first; a brief release offers none) whose keys are not the sheet's own, each key once.
  private var currentActions: [ReleaseAction] {
    guard let layout else { return [] }
    let top = scroller.offset
    let bottom = top + max(1, scroller.viewportHeight)
    var actions: [ReleaseAction] = []
    for (index, start) in layout.sectionStarts.enumerated() where index < releases.count {
      let end = index + 1 < layout.sectionStarts.count ? layout.sectionStarts[index + 1] : layout.lines.count
      guard start < bottom, end > top, !releases[index].isBrief else { continue }
      for action in releases[index].actions
      where Self.ownCharacters[action.key] == nil && !actions.contains(where: { $0.key == action.key }) {
        actions.append(action)
      }
    }
    return actions
  }

  /// The keys in the sheet's current state.
  package var keys: Keys {
    var keys = Keys.base
    keys.expand.isEnabled = isCollapsed
    keys.actions = currentActions.map { action in
      let shown = String(action.key)
      let typed = shown.lowercased() == shown ? TypedAnswer([shown], label: action.label) : nil
      return KeyBinding(
        [.char(action.key)], help: HelpEntry(shown, action.label), footer: FooterHint(shown, action.label),
        answer: typed)
    }
    if presentation != nil {
      keys.close.answer?.label = "done"
      keys.nextRelease.footer = FooterHint("]", "release")
    } else {
      keys.later.isEnabled = false
      keys.never.isEnabled = false
    }
    return keys
  }

  package var bindings: [KeyBinding] { keys.all.enabled }

  /// The footer: close (and later, never), then paging and the next release while they would
  /// move, then help.
  package var footerBindings: [KeyBinding] {
    let keys = self.keys
    var shown = keys.actions + [keys.close, keys.later, keys.never]
    if !scroller.isAtBottom { shown.append(keys.scroll.pageDown) }
    if hasNextRelease { shown.append(keys.nextRelease) }
    return shown.enabled + [ScreenStack.showHelp]
  }

  // MARK: - Helpers

  private struct Layout: Sendable {
    var width: Int
    var height: Int
    var lines: [StyledLine]
    /// The first line of each release laid out so far, in `lines`.
    var sectionStarts: [Int]
    /// How many releases (from the newest) are in `lines`; all of them once complete.
    var laidOut: Int
    /// True when the next release's heading is in `lines` but not its notes yet: the lines
    /// asked for were reached with the heading (the first frame shows only that of it).
    var notesPending = false
    var column: Int
    var textWidth: Int
    var bodyTop: Int
    var bodyHeight: Int
    /// The line under the title listing the releases covered (it depends on the width only).
    var covers: StyledLine
  }

  /// Where the reader is, as content rather than a row number (rows move when the text is
  /// wrapped at another width): the part of the text the top line is in (a release, or the
  /// greeting above them) and how far into that part, as a fraction of its lines.
  private struct Anchor: Sendable {
    /// The release the top line belongs to; nil for the greeting.
    var release: Int?
    /// The top line, counted from the start of the part, and the part's height then.
    var line: Int
    var height: Int
  }

  /// The reader's place in the current layout; nil at the top of the text (which stays there).
  private var anchor: Anchor? {
    guard let layout, scroller.offset > 0 else { return nil }
    let top = scroller.offset
    guard let index = layout.sectionStarts.lastIndex(where: { $0 <= top }) else {
      return Anchor(release: nil, line: top, height: layout.sectionStarts.first ?? layout.lines.count)
    }
    let start = layout.sectionStarts[index]
    // A release whose notes are not laid out yet counts its heading only (line 0 or 1).
    let complete = index < layout.laidOut
    let end = index + 1 < layout.sectionStarts.count ? layout.sectionStarts[index + 1] : layout.lines.count
    return Anchor(release: index, line: top - start, height: complete ? end - start : 0)
  }

  /// The first line to show in the current layout for `anchor`, laying out the release it is
  /// in: the same line of a part as tall as before, else the same fraction of the part.
  private mutating func offset(for anchor: Anchor) -> Int {
    var start = 0
    var end: Int
    if let release = anchor.release {
      extendLayout(toLines: 0, releases: release + 1)
      guard let layout, release < layout.sectionStarts.count else { return scroller.offset }
      start = layout.sectionStarts[release]
      end = release + 1 < layout.sectionStarts.count ? layout.sectionStarts[release + 1] : layout.lines.count
    } else {
      guard let layout else { return scroller.offset }
      end = layout.sectionStarts.first ?? layout.lines.count
    }
    let height = end - start
    guard anchor.height > 0, height > 0 else { return start + min(anchor.line, max(0, height - 1)) }
    return start + min(height - 1, (anchor.line * height + anchor.height / 2) / anchor.height)
  }

  /// The place the last relayout kept and the offset it put it at. While the reader does not
  /// scroll, the next resize starts from this place rather than from the rounded one at the
  /// size in between, so 100 columns, 40 and 100 again shows the same line.
  private struct Place: Sendable {
    var anchor: Anchor
    var offset: Int
  }
  private var place: Place?

  /// Starts a new layout at this size with as many releases as the viewport needs at the
  /// reader's place (the same release and part of it as before, see ``Anchor``);
  /// ``finishDeferredWork()`` adds the rest.
  private mutating func relayout(width: Int, height: Int) {
    let anchor = place.flatMap { $0.offset == scroller.offset ? $0.anchor : nil } ?? self.anchor
    let textWidth = max(1, min(width - 4, 96))
    var lines: [StyledLine] = []
    if let greeting {
      lines += greeting.lines(width: textWidth)
      lines.append(StyledLine())
    }
    let hasRule = height >= 10
    let bodyTop = hasRule ? 3 : 2
    let bodyHeight = max(0, height - bodyTop - 1)
    layout = Layout(
      width: width, height: height, lines: lines, sectionStarts: [], laidOut: 0, column: 2,
      textWidth: textWidth, bodyTop: bodyTop, bodyHeight: bodyHeight, covers: coversLine(width: width))
    let top = anchor.map { offset(for: $0) } ?? scroller.offset
    // One line more than the viewport shows, so the footer can tell "Top" from "All".
    extendLayout(toLines: top + bodyHeight + 1)
    scroller.scroll(to: top)
    place = anchor.map { Place(anchor: $0, offset: scroller.offset) }
  }

  /// Lays out more releases until the text has at least `count` lines and `releases`
  /// releases, or every release is in, then tells the scroller the new height.
  private mutating func extendLayout(toLines count: Int, releases minimum: Int = 0) {
    guard var layout else { return }
    self.layout = nil  // keeps `layout.lines` uniquely referenced while it grows
    let textWidth = layout.textWidth
    let shown = shownCount
    while layout.laidOut < shown && (layout.lines.count < count || layout.laidOut < minimum) {
      let release = releases[layout.laidOut]
      if layout.notesPending {
        layout.notesPending = false
        layout.lines += release.notes.lines(width: textWidth)
        layout.lines.append(StyledLine())
        layout.laidOut += 1
        continue
      }
      layout.sectionStarts.append(layout.lines.count)
      var header = StyledLine()
      if release.isBrief {
        header.append("· ", style: palette.dim)
        header.append(CellText.truncate(release.heading, to: textWidth - 2), style: palette.dim)
        layout.lines.append(header)
        // A run of brief releases stays together; a blank line before the next full one.
        let next = layout.laidOut + 1
        if next < shown && !releases[next].isBrief { layout.lines.append(StyledLine()) }
      } else {
        header.append("▍", style: palette.accent)
        let mark = CellText.truncate(release.markPrefix, to: textWidth - 1)
        header.append(mark, style: palette.error)
        header.append(
          CellText.truncate(release.unmarkedHeading, to: textWidth - 1 - CellWidth.of(mark)),
          style: palette.accent)
        layout.lines.append(header)
        layout.lines.append(StyledLine())
        if layout.lines.count >= count && layout.laidOut >= minimum {
          // Enough lines with the heading: the notes (parsed and rendered only now) wait.
          layout.notesPending = true
          break
        }
        layout.lines += release.notes.lines(width: textWidth)
        layout.lines.append(StyledLine())
      }
      layout.laidOut += 1
    }
    if layout.laidOut == shown {
      while layout.lines.last?.runs.isEmpty == true { layout.lines.removeLast() }
      if shown < releases.count {
        let earlier = releases.count - shown
        layout.lines.append(StyledLine())
        var more = StyledLine(
          "…and \(earlier) earlier release\(earlier == 1 ? "" : "s")", style: palette.accent)
        more.append("  (e: show them)", style: palette.dim)
        layout.lines.append(more)
      }
    }
    scroller.resize(contentHeight: layout.lines.count, viewportHeight: layout.bodyHeight)
    self.layout = layout
  }

  /// The releases covered, on one line, ending in "+N more" when they do not all fit.
  private func coversLine(width: Int) -> StyledLine {
    let count = releases.count
    var covers = StyledLine(" Covers ", style: palette.dim)
    var used = covers.width
    for (i, release) in releases.enumerated() {
      let rest = count - i - 1
      let piece = (i > 0 ? " · " : "") + release.version.description
      let pieceWidth = CellWidth.of(piece)
      let reserve = rest > 0 ? CellWidth.of(" +\(rest) more") : 0
      if used + pieceWidth + reserve > width - 1 {
        covers.append(" +\(count - i) more", style: palette.dim)
        break
      }
      if i > 0 { covers.append(" · ", style: palette.dim) }
      covers.append(release.version.description, style: release.isPrerelease ? palette.dim : palette.accent)
      used += pieceWidth
    }
    return covers
  }

  /// The release the reader is at: the one whose notes are at the top of the viewport, or at
  /// the bottom of the text, the last one whose heading is on screen (`G` shows the last
  /// release's heading while the top line still belongs to the one before).
  private var currentRelease: ReleaseSection? {
    guard let layout, !releases.isEmpty else { return nil }
    let end = scroller.isAtBottom ? scroller.offset + scroller.viewportHeight : scroller.offset + 1
    let index = layout.sectionStarts.lastIndex(where: { $0 < end }) ?? 0
    return releases[min(index, releases.count - 1)]
  }

  /// True when `]` would move: a later release starts below the top line and the text can
  /// still scroll down to it.
  private var hasNextRelease: Bool {
    guard let layout, !scroller.isAtBottom else { return false }
    return layout.sectionStarts.contains { $0 > scroller.offset }
  }

  private func drawLaidOut(into canvas: inout Canvas) {
    guard let layout else { return }
    let count = releases.count
    canvas.bar(
      row: 0, left: title, right: count == 1 ? "1 release" : "\(count) releases", style: palette.titleBar,
      rightStyle: palette.titleBarDetail)
    let covers = layout.covers
    canvas.put(line: covers, row: 1, column: 0)
    if layout.bodyTop == 3 { canvas.rule(row: 2, style: palette.border) }
    // The body is a scrolled text: a driver that can scroll the terminal moves these rows
    // when only the offset changed, rather than redraw them.
    canvas.scrollHint = ScrollHint(
      rows: layout.bodyTop..<(layout.bodyTop + layout.bodyHeight), offset: scroller.offset)
    for i in 0..<layout.bodyHeight {
      let index = scroller.offset + i
      guard index < layout.lines.count else { break }
      canvas.put(
        line: layout.lines[index], row: layout.bodyTop + i, column: layout.column, maxWidth: layout.textWidth)
    }
    var range = scroller.rangeLabel
    var position = scroller.positionLabel
    if layout.laidOut < shownCount {
      // The rest is laid out after this frame is painted: no total and no percentage yet.
      let last = min(layout.lines.count, scroller.offset + layout.bodyHeight)
      range = "\(scroller.offset + 1)–\(last)/…"
      position = scroller.isAtTop ? "Top" : "…"
    }
    var right = range + "  " + position
    if let current = currentRelease, canvas.width >= 60 {
      right = current.version.description + " · " + right
    }
    if canvas.width < 44 { right = position }
    canvas.footer(row: canvas.height - 1, bindings: footerBindings, right: right, palette: palette)
  }
}
