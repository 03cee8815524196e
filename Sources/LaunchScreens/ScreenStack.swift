import TerminalRendering

/// The screens of the app, topmost last: routes events to the top screen, pops it on
/// ``ScreenEffect/close`` (and quits when that was the last one), shows the `?` help overlay,
/// turns Ctrl-C into ``ScreenEffect/interrupt``, and draws a
/// short "enlarge the terminal" message instead of any screen below ``minimumWidth`` x
/// ``minimumHeight``.
///
/// Effects other than closing are passed up to the app, which may ``push(_:)`` new screens.
package struct ScreenStack: Screen {
  /// The smallest terminal the screens are laid out for.
  package static let minimumWidth = 30
  package static let minimumHeight = 8

  package private(set) var screens: [any Screen]
  package var palette: Palette
  /// True while the help overlay is shown.
  package private(set) var showsHelp = false
  /// The first row of the help overlay shown, when it is taller than the terminal.
  package private(set) var helpOffset = 0
  /// The last size the driver reported (nil before the first resize).
  package private(set) var size: (width: Int, height: Int)?

  package init(_ screens: [any Screen] = [], palette: Palette = .dark) {
    self.screens = screens
    self.palette = palette
  }

  package var isEmpty: Bool { screens.isEmpty }

  /// Puts `screen` on top and lays it out at the current size.
  package mutating func push(_ screen: any Screen) {
    var screen = screen
    if let size { _ = screen.update(.resize(width: size.width, height: size.height)) }
    screens.append(screen)
    showsHelp = false
  }

  /// Removes the top screen.
  package mutating func pop() {
    guard !screens.isEmpty else { return }
    screens.removeLast()
    showsHelp = false
    if let size { _ = updateTop(.resize(width: size.width, height: size.height)) }
  }

  /// True when the last reported size is below the minimum.
  package var isTooSmall: Bool {
    guard let size else { return false }
    return size.width < Self.minimumWidth || size.height < Self.minimumHeight
  }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .resize(let width, let height):
      size = (width, height)
      return updateTop(event)
    case .key(Self.interrupt):
      return [.interrupt]
    case .key(let key):
      // Nothing of the screens shows, so no key acts on them (Ctrl-C still quits).
      if isTooSmall { return [] }
      if showsHelp {
        // The scrolling keys scroll a help taller than the terminal; any other key closes it.
        let rows = size.map { helpRows(width: $0.width, height: $0.height) }
        if let rows, rows.total > rows.visible {
          switch key {
          case .char("j"), .down:
            helpOffset = min(helpOffset + 1, rows.total - rows.visible)
            return []
          case .char("k"), .up:
            helpOffset = max(helpOffset - 1, 0)
            return []
          default:
            break
          }
        }
        showsHelp = false
        return []
      }
      if Self.showHelp ~= key {
        showsHelp = true
        helpOffset = 0
        return []
      }
    case .wheel:
      if showsHelp || isTooSmall { return [] }
    case .tick:
      break
    }
    var effects: [ScreenEffect] = []
    var closedTheLast = false
    for effect in updateTop(event) {
      if effect == .close {
        pop()
        closedTheLast = closedTheLast || screens.isEmpty
      } else {
        effects.append(effect)
      }
    }
    // The quit comes after the update's other effects, so a driver that stops at it has
    // performed them all.
    if closedTheLast { effects.append(.quit) }
    return effects
  }

  package func draw(into canvas: inout Canvas) {
    canvas.fill(row: 0, column: 0, width: canvas.width, height: canvas.height, style: .plain)
    if canvas.width < Self.minimumWidth || canvas.height < Self.minimumHeight {
      drawTooSmall(into: &canvas)
      return
    }
    screens.last?.draw(into: &canvas)
    if showsHelp { drawHelp(into: &canvas) }
  }

  /// The top screen's bindings, then the ones the stack handles for every screen.
  package var bindings: [KeyBinding] { (screens.last?.bindings ?? []) + Self.commonBindings }

  package var footerBindings: [KeyBinding] { screens.last?.footerBindings ?? [] }

  package var legend: [HelpEntry] { screens.last?.legend ?? [] }

  package var plainText: ScreenText? { screens.last?.plainText }

  /// `?` (or F1): the help overlay. Screens end their footer with it.
  package static let showHelp = KeyBinding(
    [.char("?"), .function(1)], help: HelpEntry("?", "this help"), footer: FooterHint("?", "help"))
  /// Ctrl-C: leave at once (``ScreenEffect/interrupt``).
  package static let interrupt = KeyBinding([.ctrlC], help: HelpEntry("Ctrl-C", "quit at once"))
  /// Ctrl-Z: the driver suspends the program like a shell job; no screen sees the key.
  package static let suspend = KeyBinding([.ctrl("z")], help: HelpEntry("Ctrl-Z", "suspend"))
  /// The keys every screen has, which the stack (and the driver) handle.
  package static let commonBindings = [showHelp, interrupt, suspend]

  /// Changes the topmost screen of type `T` in place (nothing when there is none): how a
  /// driver gives a screen what it read for it (``WhatsNewSheet/provide(_:)``).
  package mutating func modify<T: Screen>(_ type: T.Type, _ change: (inout T) -> Void) {
    guard let index = screens.lastIndex(where: { $0 is T }), var screen = screens[index] as? T else { return }
    change(&screen)
    screens[index] = screen
  }

  /// Finishes the deferred work of the top screen, the only one shown.
  package mutating func finishDeferredWork() -> Bool {
    guard var top = screens.popLast() else { return false }
    let changed = top.finishDeferredWork()
    screens.append(top)
    return changed
  }

  // MARK: - Helpers

  private mutating func updateTop(_ event: ScreenEvent) -> [ScreenEffect] {
    guard var top = screens.popLast() else { return [] }
    let effects = top.update(event)
    screens.append(top)
    return effects
  }

  private func drawTooSmall(into canvas: inout Canvas) {
    let lines = [
      "Terminal too small",
      "Enlarge it to at least",
      "\(Self.minimumWidth)x\(Self.minimumHeight) (now \(canvas.width)x\(canvas.height))",
    ]
    let top = max(0, (canvas.height - lines.count) / 2)
    for (i, line) in lines.enumerated() where top + i < canvas.height {
      canvas.centered(line, row: top + i, style: i == 0 ? palette.accent : .plain)
    }
  }

  /// The help overlay's entries: the top screen's, then the keys every screen has.
  private var helpEntries: [HelpEntry] {
    (screens.last?.help ?? []) + Self.commonBindings.helpEntries
  }

  /// The help overlay laid out at a size: one row per line (an action too long for the box
  /// wraps onto more rows), how many rows show, and the box's geometry.
  private func helpRows(width: Int, height: Int) -> HelpLayout {
    let entries = helpEntries
    let keyWidth = entries.map { CellWidth.of($0.keys) }.max() ?? 0
    let actionWidth = entries.map { CellWidth.of($0.action) }.max() ?? 0
    let boxWidth = max(0, min(width - 2, keyWidth + actionWidth + 7))
    let actionRoom = max(1, boxWidth - keyWidth - 7)
    var rows: [(keys: String, action: String)] = []
    for entry in entries {
      let lines = TextWrapper.wrap(StyledLine(entry.action), width: actionRoom).map(\.text)
      for (i, line) in (lines.isEmpty ? [""] : lines).enumerated() {
        rows.append((i == 0 ? entry.keys : "", line))
      }
    }
    // A blank row above and below the entries when they fit with it, else none.
    let padding = rows.count + 4 <= height - 2 ? 1 : 0
    let boxHeight = max(0, min(height - (padding == 1 ? 2 : 0), rows.count + 2 + 2 * padding))
    return HelpLayout(
      rows: rows, keyWidth: keyWidth, boxWidth: boxWidth, boxHeight: boxHeight, padding: padding,
      visible: max(0, boxHeight - 2 - 2 * padding))
  }

  private struct HelpLayout {
    var rows: [(keys: String, action: String)]
    var keyWidth: Int
    var boxWidth: Int
    var boxHeight: Int
    var padding: Int
    var visible: Int
    var total: Int { rows.count }
  }

  private func drawHelp(into canvas: inout Canvas) {
    let layout = helpRows(width: canvas.width, height: canvas.height)
    let top = max(0, (canvas.height - layout.boxHeight) / 2)
    let left = max(0, (canvas.width - layout.boxWidth) / 2)
    canvas.box(
      row: top, column: left, width: layout.boxWidth, height: layout.boxHeight, style: palette.focusedBorder)
    canvas.put(" Keys ", row: top, column: left + 2, style: palette.accent)
    let offset = min(helpOffset, max(0, layout.total - layout.visible))
    for (i, row) in layout.rows.dropFirst(offset).prefix(layout.visible).enumerated() {
      let y = top + 1 + layout.padding + i
      canvas.put(
        CellText.truncate(row.keys, to: layout.keyWidth), row: y, column: left + 2, style: palette.accent)
      canvas.put(row.action, row: y, column: left + 4 + layout.keyWidth)
    }
    let scrolls = layout.total > layout.visible
    var closing = "any key closes"
    if scrolls {
      closing =
        offset + layout.visible < layout.total ? "j ↓ more, other keys close" : "k ↑ back, other keys close"
    }
    if layout.boxHeight >= 3 {
      canvas.put(
        CellText.truncate(closing, to: layout.boxWidth - 4), row: top + layout.boxHeight - 1,
        column: left + 2,
        style: palette.dim)
    }
  }
}
