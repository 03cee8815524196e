import Foundation
import NotesTools
import ReleaseNotes
import TestSupport
import Testing

/// `done-when:` in `onboarding.md`: each walkthrough page's event, read into the pages, and
/// linted (a bad event name is an error; the key elsewhere, or more entries than pages, a
/// warning).
@Suite struct DoneWhenTests {
  static let onboarding = "---\ndone-when: [-, create]\n---\n# Welcome\n\nHello.\n\n# Write a note\n\nMore.\n"

  @Test func eachPageCarriesItsEvent() throws {
    let catalog = ReleaseNotesCatalog(files: ["onboarding.md": Self.onboarding, "1.0.0.md": "First.\n"])
    let pages = try catalog.onboardingPages()
    #expect(pages.map(\.title) == ["Welcome", "Write a note"])
    #expect(pages.map(\.doneWhen) == [nil, "create"])
    let front = NotesFrontMatter(text: Self.onboarding)
    #expect(front.doneWhen == [nil, "create"] && front.text == "---\ndone-when: [-, create]\n---\n")
  }

  @Test func aBadEventNameIsAnError() {
    let front = NotesFrontMatter(text: "---\ndone-when: [-, Create]\n---\n# A\n")
    #expect(front.doneWhen == nil)
    #expect(front.errors.count == 1)
    #expect(
      front.errors.first?.message.hasPrefix(#"bad done-when "[-, Create]": the event name "Create""#) == true)
  }

  @Test func lintChecksTheNamesThePlaceAndThePageCount() throws {
    let dir = try SeededDirectory([
      "onboarding.md": "---\ndone-when: [-, create, search]\n---\n# Welcome\n\nHello.\n\n# Next\n\nMore.\n",
      "welcome-back.md": "# Back\n\n{{days}} days.\n",
      "1.0.0.md": "---\ndone-when: [create]\n---\nFirst.\n",
      "1.1.0.md": "---\ndone-when: [Bad]\n---\nSecond.\n",
    ])
    defer { dir.remove() }
    let lines = try ContentLinter.lint(directory: dir.path).diagnostics.map(\.description)
    #expect(
      lines.contains("\(dir.path)/onboarding.md:2: warning: done-when lists 3 pages; the walkthrough has 2"))
    #expect(lines.contains("\(dir.path)/1.0.0.md:2: warning: done-when: only onboarding.md reads this key"))
    #expect(
      lines.contains { $0.hasPrefix("\(dir.path)/1.1.0.md:2: error: bad done-when \"[Bad]\"") }, "\(lines)")
  }
}
