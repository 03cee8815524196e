import TerminalRendering

/// The screens of the app, topmost last: routes events to the top screen, pops it on
/// ``ScreenEffect/close`` (and quits when that was the last one), shows the `?` help overlay,
/// turns Ctrl-C into ``ScreenEffect/interrupt``, and draws a
/// short "enlarge the terminal" message instead of any screen below ``minimumWidth`` x
/// ``minimumHeight``.
///
/// Effects other than closing are passed up to the app, which may ``push(_:)`` new screens.
public struct ScreenStack: Screen {
  /// The smallest terminal the screens are laid out for.
  public static let minimumWidth = 30
  public static let minimumHeight = 8

  public private(set) var screens: [any Screen]
  public var palette: Palette
  /// True while the help overlay is shown.
  public private(set) var showsHelp = false
  /// The last size the driver reported (nil before the first resize).
  public private(set) var size: (width: Int, height: Int)?

  public init(_ screens: [any Screen] = [], palette: Palette = .dark) {
    self.screens = screens
    self.palette = palette
  }

  public var isEmpty: Bool { screens.isEmpty }

  /// Puts `screen` on top and lays it out at the current size.
  public mutating func push(_ screen: any Screen) {
    var screen = screen
    if let size { _ = screen.update(.resize(width: size.width, height: size.height)) }
    screens.append(screen)
    showsHelp = false
  }

  /// Removes the top screen.
  public mutating func pop() {
    guard !screens.isEmpty else { return }
    screens.removeLast()
    showsHelp = false
    if let size { _ = updateTop(.resize(width: size.width, height: size.height)) }
  }

  /// True when the last reported size is below the minimum.
  public var isTooSmall: Bool {
    guard let size else { return false }
    return size.width < Self.minimumWidth || size.height < Self.minimumHeight
  }

  public mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .resize(let width, let height):
      size = (width, height)
      return updateTop(event)
    case .key(.ctrlC):
      return [.interrupt]
    case .key(let key):
      if isTooSmall { return key == .char("q") ? [.quit] : [] }
      if showsHelp {
        showsHelp = false
        return []
      }
      if key == .char("?") || key == .function(1) {
        showsHelp = true
        return []
      }
    case .wheel:
      if showsHelp || isTooSmall { return [] }
    case .tick:
      break
    }
    var effects: [ScreenEffect] = []
    for effect in updateTop(event) {
      if effect == .close {
        pop()
        if screens.isEmpty { effects.append(.quit) }
      } else {
        effects.append(effect)
      }
    }
    return effects
  }

  public func draw(into canvas: inout Canvas) {
    canvas.fill(row: 0, column: 0, width: canvas.width, height: canvas.height, style: .plain)
    if canvas.width < Self.minimumWidth || canvas.height < Self.minimumHeight {
      drawTooSmall(into: &canvas)
      return
    }
    screens.last?.draw(into: &canvas)
    if showsHelp { drawHelp(into: &canvas) }
  }

  public var help: [HelpEntry] { screens.last?.help ?? [] }

  /// Finishes the deferred work of the top screen, the only one shown.
  public mutating func finishDeferredWork() -> Bool {
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

  private func drawHelp(into canvas: inout Canvas) {
    var entries = help
    entries.append(HelpEntry("?", "this help"))
    entries.append(HelpEntry("Ctrl-C", "quit at once"))
    entries.append(HelpEntry("Ctrl-Z", "suspend"))
    let keyWidth = entries.map { CellWidth.of($0.keys) }.max() ?? 0
    let actionWidth = entries.map { CellWidth.of($0.action) }.max() ?? 0
    let boxWidth = min(canvas.width - 2, keyWidth + actionWidth + 7)
    let boxHeight = min(canvas.height - 2, entries.count + 4)
    let top = max(0, (canvas.height - boxHeight) / 2)
    let left = max(0, (canvas.width - boxWidth) / 2)
    canvas.box(row: top, column: left, width: boxWidth, height: boxHeight, style: palette.focusedBorder)
    canvas.put(" Keys ", row: top, column: left + 2, style: palette.accent)
    let visible = boxHeight - 4
    for (i, entry) in entries.prefix(max(0, visible)).enumerated() {
      let row = top + 2 + i
      canvas.put(
        CellText.truncate(entry.keys, to: keyWidth), row: row, column: left + 2, style: palette.accent)
      canvas.put(
        CellText.truncate(entry.action, to: max(0, boxWidth - keyWidth - 7)), row: row,
        column: left + 4 + keyWidth)
    }
    if boxHeight >= 5 {
      canvas.put(
        CellText.truncate("any key closes", to: boxWidth - 4), row: top + boxHeight - 1, column: left + 2,
        style: palette.dim)
    }
  }
}
