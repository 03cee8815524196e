import LaunchTracking
import Testing

@testable import LaunchGreeter

/// `--theme auto` reads `COLORFGBG` (`fg;bg`, the last field the background): 7 or 15 is a
/// light background, 0 to 6 or 8 a dark one, anything else (or nothing) falls back to dark.
@Suite struct GreeterThemeTests {
  @Test(arguments: [
    ("0;15", GreeterTheme.light), ("0;7", .light), ("0;default;15", .light),
    ("15;0", .dark), ("7;8", .dark), ("15;6", .dark), ("0;1", .dark),
  ])
  func colorFGBGNamesTheBackground(value: String, expected: GreeterTheme) {
    #expect(GreeterTheme.background(colorFGBG: value) == expected)
    #expect(GreeterTheme.auto.resolved(colorFGBG: value) == expected)
  }

  @Test(arguments: [nil, "", "0;default", "0;12", "0;x", "0;-1"] as [String?])
  func autoIsDarkWhenColorFGBGSaysNothingUsable(value: String?) {
    #expect(GreeterTheme.background(colorFGBG: value) == nil)
    #expect(GreeterTheme.auto.resolved(colorFGBG: value) == .dark)
  }

  @Test func anExplicitThemeIgnoresColorFGBG() {
    for theme in [GreeterTheme.dark, .light, .mono] {
      #expect(theme.resolved(colorFGBG: "0;15") == theme)
      #expect(theme.resolved(colorFGBG: "15;0") == theme)
    }
  }

  @Test func eachThemeHasItsOwnColours() {
    #expect(GreeterTheme.light.markdown != GreeterTheme.dark.markdown)
    #expect(GreeterTheme.light.palette != GreeterTheme.dark.palette)
    #expect(GreeterTheme.mono.markdown != GreeterTheme.dark.markdown)
    #expect(GreeterTheme.mono.palette != GreeterTheme.light.palette)
  }
}
