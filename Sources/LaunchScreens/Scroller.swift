/// The scroll position of a tall text in a short viewport, moved with the keys of `less`.
public struct Scroller: Sendable, Hashable {
  /// The first visible line (0-based).
  public private(set) var offset: Int
  /// The number of lines of content.
  public private(set) var contentHeight: Int
  /// The number of visible lines.
  public private(set) var viewportHeight: Int

  public init(offset: Int = 0, contentHeight: Int = 0, viewportHeight: Int = 0) {
    self.offset = offset
    self.contentHeight = contentHeight
    self.viewportHeight = viewportHeight
    clamp()
  }

  /// The largest useful offset.
  public var maxOffset: Int { max(0, contentHeight - viewportHeight) }
  public var isAtTop: Bool { offset == 0 }
  public var isAtBottom: Bool { offset >= maxOffset }

  /// Sets new sizes, keeping the offset in range.
  public mutating func resize(contentHeight: Int, viewportHeight: Int) {
    self.contentHeight = max(0, contentHeight)
    self.viewportHeight = max(0, viewportHeight)
    clamp()
  }

  public mutating func scroll(by lines: Int) {
    offset += lines
    clamp()
  }

  public mutating func scroll(to line: Int) {
    offset = line
    clamp()
  }

  /// Handles a `less` key: `j`/`k`/arrows, space/`f`/PgDn, `b`/PgUp, `d`/`u` half pages,
  /// `g`/`G`/Home/End. Returns false when the key is not a scrolling key.
  public mutating func handle(_ key: Key) -> Bool {
    let page = max(1, viewportHeight - 1)
    switch key {
    case .down, .char("j"), .ctrl("n"), .ctrl("e"): scroll(by: 1)
    case .up, .char("k"), .ctrl("p"), .ctrl("y"): scroll(by: -1)
    case .pageDown, .char(" "), .char("f"), .ctrl("f"), .ctrl("v"): scroll(by: page)
    case .pageUp, .char("b"), .ctrl("b"): scroll(by: -page)
    case .char("d"), .ctrl("d"): scroll(by: max(1, viewportHeight / 2))
    case .char("u"), .ctrl("u"): scroll(by: -max(1, viewportHeight / 2))
    case .home, .char("g"), .char("<"): scroll(to: 0)
    case .end, .char("G"), .char(">"): scroll(to: maxOffset)
    default: return false
    }
    return true
  }

  /// Handles the mouse wheel: three lines a notch.
  public mutating func handle(_ wheel: WheelDirection) {
    scroll(by: wheel == .down ? 3 : -3)
  }

  /// `Top`, `Bot`, `All` or a percentage, as `less` shows it.
  public var positionLabel: String {
    if contentHeight <= viewportHeight { return "All" }
    if isAtTop { return "Top" }
    if isAtBottom { return "Bot" }
    let last = min(contentHeight, offset + viewportHeight)
    return "\(last * 100 / max(1, contentHeight))%"
  }

  /// `lines 1–20 of 143`, or `0 lines` for nothing.
  public var rangeLabel: String {
    guard contentHeight > 0 else { return "0 lines" }
    let last = min(contentHeight, offset + viewportHeight)
    return "\(offset + 1)–\(last)/\(contentHeight)"
  }

  private mutating func clamp() {
    offset = max(0, min(offset, maxOffset))
  }
}
