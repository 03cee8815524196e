import Foundation
import TestSupport
import Testing

/// `--theme` in a real terminal: the `notes` sheet drawn with `--theme light` and
/// `--theme dark` uses different colours, and `auto` follows `COLORFGBG`.
@Suite(
  .serialized,
  .requires(TmuxAvailability.present, TmuxAvailability.missing))
struct ThemeTmuxTests {
  @Test func lightAndDarkDrawDifferentColoursAndAutoReadsCOLORFGBG() throws {
    let light = try colours(option: "--theme light")
    let dark = try colours(option: "--theme dark")
    #expect(!light.isEmpty && !dark.isEmpty)
    #expect(light != dark, "light: \(light.sorted()) dark: \(dark.sorted())")
    #expect(try colours(option: "", environment: "COLORFGBG='0;15'") == light)
    #expect(try colours(option: "", environment: "COLORFGBG='15;0'") == dark)
    #expect(try colours(option: "--theme dark", environment: "COLORFGBG='0;15'") == dark)
  }

  @Test func noColorWinsOverTheTheme() throws {
    let mono = try colours(option: "--theme mono")
    #expect(try colours(option: "--theme light", environment: "NO_COLOR=1") == mono)
    #expect(mono.isEmpty, "\(mono.sorted())")
  }

  /// The colour SGR sequences of the `notes` sheet's first screen, opened with `option`.
  private func colours(option: String, environment: String = "") throws -> Set<String> {
    let tmux = try TmuxSession()
    defer { tmux.kill() }
    try tmux.start("notes --from 1.0.0 \(option) --content \(tmux.content)", environment: environment)
    // Laid out in full once the footer has its total.
    _ = try tmux.waitUntil("the footer's total") { $0.contains(#/1–20/\d+  Top/#) }
    let screen = try tmux.captureWithColours()
    try tmux.keys("q")
    #expect(try tmux.waitForExit() == 0)
    return Self.colours(in: screen)
  }

  /// The colour SGR parameters in a `capture-pane -e` screen.
  static func colours(in screen: String) -> Set<String> {
    // A colour is an SGR parameter 30-37, 40-47, 90-97, 100-107, or 38;5 / 48;5 (39 and 49
    // are the defaults).
    let colour = #/\x1B\[[0-9;]*m/#
    let colourParameter = #/^(?:3[0-7]|4[0-7]|9[0-7]|10[0-7])$|^[34]8;5;[0-9]+$/#
    var found = Set<String>()
    for match in screen.matches(of: colour) {
      let parameters = match.output.dropFirst(2).dropLast().split(separator: ";").map(String.init)
      var index = 0
      while index < parameters.count {
        if ["38", "48"].contains(parameters[index]), index + 2 < parameters.count {
          found.insert(parameters[index...index + 2].joined(separator: ";"))
          index += 3
          continue
        }
        if parameters[index].contains(colourParameter) { found.insert(parameters[index]) }
        index += 1
      }
    }
    return found
  }
}
