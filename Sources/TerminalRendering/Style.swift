/// Styles are plain data: a foreground and background colour and a set of attributes.
/// Output devices (ncurses, ANSI, plain text) decide how to show them.

/// A terminal colour: the terminal's default, one of the 16 named colours, or a 256-colour index.
package enum TerminalColor: Sendable, Hashable {
  case `default`
  /// 0...15: black, red, green, yellow, blue, magenta, cyan, white, then the bright ones.
  case named(UInt8)
  /// 0...255 in the xterm 256-colour palette.
  case indexed(UInt8)

  package static let black = TerminalColor.named(0)
  package static let red = TerminalColor.named(1)
  package static let green = TerminalColor.named(2)
  package static let yellow = TerminalColor.named(3)
  package static let blue = TerminalColor.named(4)
  package static let magenta = TerminalColor.named(5)
  package static let cyan = TerminalColor.named(6)
  package static let white = TerminalColor.named(7)
  package static let brightBlack = TerminalColor.named(8)
}

/// Text attributes, combinable.
package struct TextAttributes: OptionSet, Sendable, Hashable {
  package let rawValue: UInt8
  package init(rawValue: UInt8) { self.rawValue = rawValue }

  package static let bold = TextAttributes(rawValue: 1 << 0)
  package static let dim = TextAttributes(rawValue: 1 << 1)
  package static let italic = TextAttributes(rawValue: 1 << 2)
  package static let underline = TextAttributes(rawValue: 1 << 3)
  package static let reverse = TextAttributes(rawValue: 1 << 4)
  package static let strikethrough = TextAttributes(rawValue: 1 << 5)
}

/// How a run of text looks.
package struct Style: Sendable, Hashable {
  package var foreground: TerminalColor
  package var background: TerminalColor
  package var attributes: TextAttributes

  package init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's default look.
  package static let plain = Style()

  /// This style with `extra` attributes added.
  package func adding(_ extra: TextAttributes) -> Style {
    var copy = self
    copy.attributes.formUnion(extra)
    return copy
  }
}
