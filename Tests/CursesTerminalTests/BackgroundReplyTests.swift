import Testing

@testable import CursesTerminal

/// The background query's replies, read without a terminal: OSC 11 (`ESC ] 11 ; rgb:…`, ended
/// by BEL or `ESC \`), then the DA1 reply that ends the wait.
@Suite struct BackgroundReplyTests {
  private static let da1 = "\u{1B}[?1;2c"

  private func scan(_ text: String) -> BackgroundReplyScanner {
    var scanner = BackgroundReplyScanner()
    scanner.feed(Array(text.utf8))
    return scanner
  }

  @Test(arguments: ["\u{07}", "\u{1B}\\"])
  func bothTerminatorsEndTheColourReply(terminator: String) {
    let scanner = scan("\u{1B}]11;rgb:ffff/ffff/ffff" + terminator + Self.da1)
    #expect(scanner.color == BackgroundColor(red: 1, green: 1, blue: 1))
    #expect(scanner.isComplete)
    #expect(scanner.typed.isEmpty)
  }

  @Test(arguments: [
    ("rgb:f/0/8", BackgroundColor(red: 1, green: 0, blue: 8.0 / 15)),
    ("rgb:ff/00/80", BackgroundColor(red: 1, green: 0, blue: 128.0 / 255)),
    ("rgb:fff/000/800", BackgroundColor(red: 1, green: 0, blue: 2048.0 / 4095)),
    ("rgb:FFFF/0000/8000", BackgroundColor(red: 1, green: 0, blue: 32768.0 / 65535)),
    (
      "rgba:c0c0/c0c0/c0c0/ffff",
      BackgroundColor(red: 0xc0c0 / 65535.0, green: 0xc0c0 / 65535.0, blue: 0xc0c0 / 65535.0)
    ),
  ])
  func channelsOfOneToFourDigitsAndRGBA(specification: String, expected: BackgroundColor) {
    #expect(BackgroundColor(specification: Array(specification.utf8)) == expected)
    #expect(scan("\u{1B}]11;\(specification)\u{07}" + Self.da1).color == expected)
  }

  @Test(arguments: [
    "rgb:ffff/ffff", "rgb:fffff/0/0", "rgb:gg/00/00", "rgb://", "rgba:1/2/3", "cmyk:0/0/0/0", "#ffffff", "",
    "rgb:1/2/3/4",
  ])
  func garbageIsNoColour(specification: String) {
    #expect(BackgroundColor(specification: Array(specification.utf8)) == nil)
    let scanner = scan("\u{1B}]11;\(specification)\u{1B}\\" + Self.da1)
    #expect(scanner.color == nil)
    #expect(scanner.answeredColor)
    #expect(scanner.isComplete)
    #expect(scanner.typed.isEmpty)
  }

  @Test func aTruncatedReplyIsNotComplete() {
    for text in [
      "\u{1B}]11;rgb:ffff/ff", "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}", "\u{1B}]11;rgb:0/0/0\u{07}\u{1B}[?1;",
    ] {
      let scanner = scan(text)
      #expect(!scanner.isComplete, "\(Array(text.utf8))")
      #expect(scanner.typed.isEmpty)
    }
    #expect(scan("\u{1B}]11;rgb:0/0/0\u{07}\u{1B}[?1;").color == BackgroundColor(red: 0, green: 0, blue: 0))
  }

  /// Where the wait stopped when it ended before the DA1 reply: the session drops the rest
  /// that comes later instead of reading it as keys.
  @Test func aReplyCutByTheWaitSaysWhereItWasCut() {
    #expect(scan("").cut == .betweenReplies)
    #expect(scan("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\").cut == .betweenReplies)
    #expect(scan("\u{1B}").cut == .afterEscape)
    #expect(scan("\u{1B}]11;rgb:ffff/").cut == .inString)
    #expect(scan("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}").cut == .afterStringEscape)
    #expect(scan("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}\u{1B}[?6").cut == .inReply)
    #expect(scan("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}" + Self.da1).cut == nil)
    #expect(scan(Self.da1).cut == nil)
  }

  @Test func da1AloneEndsTheWaitWithoutAColour() {
    let scanner = scan(Self.da1)
    #expect(scanner.isComplete)
    #expect(scanner.color == nil)
    #expect(!scanner.answeredColor)
  }

  @Test func keysTypedAroundTheRepliesAreKeptInOrder() {
    // Typed before the replies: `a`, Ctrl-C, an arrow (CSI A), Alt-x; after DA1: `q`.
    let scanner = scan("a\u{03}\u{1B}[A\u{1B}x\u{1B}]11;rgb:0/0/0\u{07}\u{1B}[?62;22c" + "q")
    #expect(scanner.color == BackgroundColor(red: 0, green: 0, blue: 0))
    #expect(scanner.isComplete)
    #expect(scanner.typed == Array("a\u{03}\u{1B}[A\u{1B}xq".utf8))
  }

  @Test func anotherOSCReplyIsNotTheBackground() {
    let scanner = scan("\u{1B}]10;rgb:ffff/ffff/ffff\u{07}" + Self.da1)
    #expect(scanner.color == nil)
    #expect(!scanner.answeredColor)
  }

  @Test func anOverlongReplyIsCutAndRefused() {
    let scanner = scan("\u{1B}]11;rgb:" + String(repeating: "f", count: 500) + "\u{07}" + Self.da1)
    #expect(scanner.color == nil)
    #expect(scanner.isComplete)
  }

  @Test(arguments: [
    ("rgb:0000/0000/0000", false), ("rgb:ffff/ffff/ffff", true), ("rgb:c0c0/c0c0/c0c0", true),
    ("rgb:00/2b/36", false), ("rgb:fd/f6/e3", true), ("rgb:28/28/28", false), ("rgb:80/80/80", true),
    ("rgb:60/60/60", false),
  ])
  func lightMeansDarkTextContrastsMore(specification: String, light: Bool) throws {
    let color = try #require(BackgroundColor(specification: Array(specification.utf8)))
    #expect(color.isLight == light, "\(color) luminance \(color.relativeLuminance)")
  }

  @Test func luminanceIsWCAGs() throws {
    #expect(BackgroundColor(red: 0, green: 0, blue: 0).relativeLuminance == 0)
    #expect(abs(BackgroundColor(red: 1, green: 1, blue: 1).relativeLuminance - 1) < 1e-9)
    // #808080: WCAG's 0.2159.
    let grey = try #require(BackgroundColor(specification: Array("rgb:80/80/80".utf8)))
    #expect(abs(grey.relativeLuminance - 0.2159) < 1e-3)
    #expect(BackgroundColor(red: 1, green: 1, blue: 1).description == "#ffffff")
  }
}
