/// Styles are plain data: a foreground and background colour and a set of attributes.
/// Output devices (ncurses, ANSI, plain text) decide how to show them.

/// A terminal colour: the terminal's default, one of the 16 named colours, or a 256-colour index.
public enum TerminalColor: Sendable, Hashable {
  case `default`
  /// 0...15: black, red, green, yellow, blue, magenta, cyan, white, then the bright ones.
  case named(UInt8)
  /// 0...255 in the xterm 256-colour palette.
  case indexed(UInt8)

  public static let black = TerminalColor.named(0)
  public static let red = TerminalColor.named(1)
  public static let green = TerminalColor.named(2)
  public static let yellow = TerminalColor.named(3)
  public static let blue = TerminalColor.named(4)
  public static let magenta = TerminalColor.named(5)
  public static let cyan = TerminalColor.named(6)
  public static let white = TerminalColor.named(7)
  public static let brightBlack = TerminalColor.named(8)
}

/// Text attributes, combinable.
public struct TextAttributes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let italic = TextAttributes(rawValue: 1 << 2)
  public static let underline = TextAttributes(rawValue: 1 << 3)
  public static let reverse = TextAttributes(rawValue: 1 << 4)
  public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}

/// How a run of text looks.
public struct Style: Sendable, Hashable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: TextAttributes

  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  public static let plain = Style()

  /// This style with `extra` attributes added.
  public func adding(_ extra: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }
}
