import Foundation
import LaunchGreeter
import LaunchScreens
import ReleaseNotes
import TestSupport
import Testing

/// Struck text on the what's-new sheet (issue 47): a curses cell has no strikethrough
/// attribute, so "~~Export~~ Search no longer stops" drawn dim read as "Export Search no
/// longer stops". The sheet marks it `~~`, in every theme.
@Suite struct StruckTextTests {
  func sheet(theme: GreeterTheme) throws -> WhatsNewSheet {
    let catalog = try ReleaseNotesCatalog(directory: TestPaths.content.path)
    let version = AppVersion(1, 4, 0)
    let screens = GreetingScreens(catalog: catalog, appName: "Jot", palette: .dark, theme: theme.markdown)
    let text = Result { () throws(ReleaseNotesError) in try catalog.noteText(for: version) }
    return WhatsNewSheet(appName: "Jot", version: version, releases: [screens.section(version, loaded: text)])
  }

  @Test func theSheetMarksStruckText() throws {
    var sheet = try sheet(theme: .dark)
    _ = sheet.update(.resize(width: 80, height: 24))
    let text = ScreenRender.settled(sheet, width: 80, height: 24).textDump()
    #expect(Golden.check(text, named: "sheet-struck-text-80x24.txt") == nil)
    #expect(text.contains("~~Export~~ Search no longer stops"))
  }

  @Test(arguments: [GreeterTheme.light, .mono])
  func everyThemeMarksIt(theme: GreeterTheme) throws {
    var sheet = try sheet(theme: theme)
    _ = sheet.update(.resize(width: 80, height: 24))
    #expect(ScreenRender.settled(sheet, width: 80, height: 24).textDump().contains("~~Export~~"))
  }
}
