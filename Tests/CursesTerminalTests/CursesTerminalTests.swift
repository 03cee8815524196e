import CNcurses
import LaunchScreens
import Testing

@testable import CursesTerminal

@Suite struct KeyDecoderTests {
  @Test func controlCharactersBecomeKeys() {
    #expect(KeyDecoder.decode(3, isFunctionKey: false) == .event(.key(.ctrlC)))
    #expect(KeyDecoder.decode(26, isFunctionKey: false) == .suspend)
    #expect(KeyDecoder.decode(13, isFunctionKey: false) == .event(.key(.enter)))
    #expect(KeyDecoder.decode(10, isFunctionKey: false) == .event(.key(.enter)))
    #expect(KeyDecoder.decode(27, isFunctionKey: false) == .event(.key(.escape)))
    #expect(KeyDecoder.decode(127, isFunctionKey: false) == .event(.key(.backspace)))
    #expect(KeyDecoder.decode(4, isFunctionKey: false) == .event(.key(.ctrl("d"))))
  }

  @Test func charactersIncludingWideOnes() {
    #expect(KeyDecoder.decode(Int32(UInt8(ascii: "q")), isFunctionKey: false) == .event(.key(.char("q"))))
    #expect(KeyDecoder.decode(0x65E5, isFunctionKey: false) == .event(.key(.char("日"))))
    // A surrogate is not a scalar: ignored, not a crash.
    #expect(KeyDecoder.decode(0xD800, isFunctionKey: false) == .ignored)
  }

  @Test func functionKeys() {
    #expect(KeyDecoder.decode(KEY_UP, isFunctionKey: true) == .event(.key(.up)))
    #expect(KeyDecoder.decode(KEY_NPAGE, isFunctionKey: true) == .event(.key(.pageDown)))
    #expect(KeyDecoder.decode(KEY_HOME, isFunctionKey: true) == .event(.key(.home)))
    #expect(KeyDecoder.decode(KEY_BTAB, isFunctionKey: true) == .event(.key(.backTab)))
    #expect(KeyDecoder.decode(whatsnew_key_resize(), isFunctionKey: true) == .resize)
    #expect(KeyDecoder.decode(whatsnew_key_mouse(), isFunctionKey: true) == .mouse)
    #expect(KeyDecoder.decode(whatsnew_key_f(1), isFunctionKey: true) == .event(.key(.function(1))))
    // The same number as a character is a character, not a function key.
    #expect(KeyDecoder.decode(KEY_UP, isFunctionKey: false) != .event(.key(.up)))
  }
}

@Suite struct PainterColorTests {
  @Test func xtermColoursFallBackToTheBasicOnes() {
    #expect(Painter.approximate(1, colors: 16) == 1)
    #expect(Painter.approximate(9, colors: 8) == 1)
    #expect(Painter.approximate(196, colors: 16) == 9)  // bright red
    #expect(Painter.approximate(28, colors: 16) == 8)  // a dim green is closer to grey than to green
    #expect(Painter.approximate(46, colors: 8) == 2)  // green
    #expect(Painter.approximate(21, colors: 16) == 12)  // bright blue
    #expect(Painter.approximate(232, colors: 16) == 0)
    #expect(Painter.approximate(255, colors: 16) == 15)
  }

  @Test func colorModeHonoursNoColor() {
    #expect(ColorMode.auto.wantsColor(noColor: nil))
    #expect(ColorMode.auto.wantsColor(noColor: ""))
    #expect(!ColorMode.auto.wantsColor(noColor: "1"))
    #expect(ColorMode.always.wantsColor(noColor: "1"))
    #expect(!ColorMode.never.wantsColor(noColor: nil))
  }
}
