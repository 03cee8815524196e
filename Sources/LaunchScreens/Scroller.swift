/// The scroll position of a tall text in a short viewport, moved with the keys of `less`.
package struct Scroller: Sendable, Hashable {
  /// The first visible line (0-based).
  package private(set) var offset: Int
  /// The number of lines of content.
  package private(set) var contentHeight: Int
  /// The number of visible lines.
  package private(set) var viewportHeight: Int

  package init(offset: Int = 0, contentHeight: Int = 0, viewportHeight: Int = 0) {
    self.offset = offset
    self.contentHeight = contentHeight
    self.viewportHeight = viewportHeight
    clamp()
  }

  /// The largest useful offset.
  package var maxOffset: Int { max(0, contentHeight - viewportHeight) }
  package var isAtTop: Bool { offset == 0 }
  package var isAtBottom: Bool { offset >= maxOffset }

  /// Sets new sizes, keeping the offset in range.
  package mutating func resize(contentHeight: Int, viewportHeight: Int) {
    self.contentHeight = max(0, contentHeight)
    self.viewportHeight = max(0, viewportHeight)
    clamp()
  }

  package mutating func scroll(by lines: Int) {
    offset += lines
    clamp()
  }

  package mutating func scroll(to line: Int) {
    offset = line
    clamp()
  }

  /// Scrolls by whole pages (a page keeps one line of the last in view), down for positive.
  package mutating func scroll(pages: Int) {
    scroll(by: pages * max(1, viewportHeight - 1))
  }

  /// Handles a `less` key bound in `keys` (``Keys/standard`` unless a screen changed them).
  /// Returns false when the key is not a scrolling key.
  package mutating func handle(_ key: Key, with keys: Keys = .standard) -> Bool {
    switch key {
    case keys.lineDown: scroll(by: 1)
    case keys.lineUp: scroll(by: -1)
    case keys.pageDown: scroll(pages: 1)
    case keys.pageUp: scroll(pages: -1)
    case keys.halfDown: scroll(by: max(1, viewportHeight / 2))
    case keys.halfUp: scroll(by: -max(1, viewportHeight / 2))
    case keys.top: scroll(to: 0)
    case keys.bottom: scroll(to: maxOffset)
    default: return false
    }
    return true
  }

  /// The scrolling keys, as bindings a screen puts in its table (changing their help text,
  /// or a key it binds to something else).
  package struct Keys: Sendable, Hashable {
    package var lineDown: KeyBinding
    package var lineUp: KeyBinding
    package var pageDown: KeyBinding
    package var pageUp: KeyBinding
    package var halfDown: KeyBinding
    package var halfUp: KeyBinding
    package var top: KeyBinding
    package var bottom: KeyBinding

    /// The keys of `less`: `j`/`k`/arrows, space/`f`/PgDn, `b`/PgUp, `d`/`u` half pages,
    /// `g`/`G`/Home/End (and the Ctrl letters `less` takes too).
    package static let standard = Keys(
      lineDown: KeyBinding(
        [.char("j"), .down, .ctrl("n"), .ctrl("e")], help: HelpEntry("j k  ↑ ↓", "scroll a line")),
      lineUp: KeyBinding(
        [.char("k"), .up, .ctrl("p"), .ctrl("y")], help: HelpEntry("j k  ↑ ↓", "scroll a line")),
      pageDown: KeyBinding(
        [.char(" "), .char("f"), .pageDown, .ctrl("f"), .ctrl("v")],
        help: HelpEntry("space f PgDn", "next page"),
        footer: FooterHint("space", "page")),
      pageUp: KeyBinding([.char("b"), .pageUp, .ctrl("b")], help: HelpEntry("b  PgUp", "previous page")),
      halfDown: KeyBinding([.char("d"), .ctrl("d")], help: HelpEntry("d  u", "half a page down / up")),
      halfUp: KeyBinding([.char("u"), .ctrl("u")], help: HelpEntry("d  u", "half a page down / up")),
      top: KeyBinding([.char("g"), .home, .char("<")], help: HelpEntry("g G  Home End", "top / bottom")),
      bottom: KeyBinding([.char("G"), .end, .char(">")], help: HelpEntry("g G  Home End", "top / bottom")))

    /// Every scrolling binding, in the help overlay's order.
    package var all: [KeyBinding] { [lineDown, lineUp, pageDown, pageUp, halfDown, halfUp, top, bottom] }

    /// These keys without `key` (which a screen binds to something else).
    package func without(_ key: Key) -> Keys {
      var keys = self
      for path in [\Keys.lineDown, \.lineUp, \.pageDown, \.pageUp, \.halfDown, \.halfUp, \.top, \.bottom] {
        keys[keyPath: path].keys.removeAll { $0 == key }
      }
      return keys
    }

    /// These keys with the help of the line keys set to `line`, of the page keys to `page`,
    /// and so on (nil keeps the standard text).
    package func described(
      line: HelpEntry? = nil, page: HelpEntry? = nil, pageBack: HelpEntry? = nil, half: HelpEntry? = nil,
      ends: HelpEntry? = nil
    ) -> Keys {
      var keys = self
      if let line { (keys.lineDown.help, keys.lineUp.help) = (line, line) }
      if let page { keys.pageDown.help = page }
      if let pageBack { keys.pageUp.help = pageBack }
      if let half { (keys.halfDown.help, keys.halfUp.help) = (half, half) }
      if let ends { (keys.top.help, keys.bottom.help) = (ends, ends) }
      return keys
    }
  }

  /// Handles the mouse wheel: three lines a notch.
  package mutating func handle(_ wheel: WheelDirection) {
    scroll(by: wheel == .down ? 3 : -3)
  }

  /// `Top`, `Bot`, `All` or a percentage, as `less` shows it.
  package var positionLabel: String {
    if contentHeight <= viewportHeight { return "All" }
    if isAtTop { return "Top" }
    if isAtBottom { return "Bot" }
    let last = min(contentHeight, offset + viewportHeight)
    return "\(last * 100 / max(1, contentHeight))%"
  }

  /// `lines 1–20 of 143`, or `0 lines` for nothing.
  package var rangeLabel: String {
    guard contentHeight > 0 else { return "0 lines" }
    let last = min(contentHeight, offset + viewportHeight)
    return "\(offset + 1)–\(last)/\(contentHeight)"
  }

  private mutating func clamp() {
    offset = max(0, min(offset, maxOffset))
  }
}
