import NotesTools
import ReleaseNotes
import TestSupport
import Testing

/// `actions:` in a release's front matter: the one list shape the front matter reads, checked
/// ids and keys, and lint's warning for a key the sheet binds itself.
@Suite struct ReleaseActionsTests {
  @Test func actionsAreReadInOrderWithTheirLines() {
    let front = NotesFrontMatter(
      text: """
        ---
        title: Export
        actions:
          - key: t
            id: try-export
            label: Try the new export
          - id: open-2
            key: "O"
        date: 2026-05-02
        ---
        Text.

        """)
    #expect(front.issues.isEmpty, "\(front.issues)")
    #expect(front.title == "Export" && front.date == "2026-05-02")
    #expect(
      front.actions == [
        .init(key: "t", id: "try-export", label: "Try the new export", line: 4),
        .init(key: "O", id: "open-2", label: "open-2", line: 7),
      ])
  }

  @Test func badIdsAndKeysAreErrorsAndLeftOut() {
    let front = NotesFrontMatter(
      text: """
        ---
        actions:
          - key: a
            id: Try_Export
          - key: b
          - key: ab
            id: two-keys
          - key: c
            id: ok
            run: rm -rf /
          - key: c
            id: again
        ---
        Text.

        """)
    #expect(front.actions.map(\.id) == ["ok"])
    #expect(
      front.issues
        == [
          .init(
            .error, line: 3, "bad action id \"Try_Export\": expected letters a-z, digits and -, not empty"),
          .init(.error, line: 5, "bad action id \"\": expected letters a-z, digits and -, not empty"),
          .init(
            .error, line: 6, "bad key \"ab\" for action two-keys: expected one printable ASCII character"),
          .init(.error, line: 11, "action again uses key c, as ok does"),
          .init(.warning, line: 10, "unknown action field \"run\" (known: key, id, label)"),
        ].sorted { $0.line < $1.line })
  }

  @Test func aListWhereOneValueBelongsAndAValueWhereAListDoesAreErrors() {
    let front = NotesFrontMatter(
      text: "---\ntitle:\n  - key: t\nactions: try-export\n---\nText.\n")
    #expect(
      front.errors == [
        .init(.error, line: 3, "\"title:\" takes one value, not a list"),
        .init(.error, line: 4, "\"actions:\" takes a list of \"- key: value\" items"),
      ])
  }

  /// An indented line that is neither an item nor a field of one is malformed; a line that
  /// is not indented ends the list.
  @Test func theListShapeIsStrict() {
    let front = NotesFrontMatter(
      text: "---\nactions:\n  id: no-dash\n  - key: t\n    id: ok\n    just words\ntitle: After\n---\nText.\n"
    )
    #expect(front.actions.map(\.id) == ["ok"] && front.title == "After")
    #expect(
      front.errors == [
        .init(.error, line: 3, "malformed front matter line: expected key: value"),
        .init(.error, line: 6, "malformed front matter line: expected key: value"),
      ])
  }

  @Test func lintWarnsAboutAKeyTheSheetBindsItself() throws {
    let dir = try SeededDirectory([
      "onboarding.md": "# Hi\n\nWelcome.\n",
      "welcome-back.md": "Back after {{days}} days.\n",
      "1.0.0.md": "---\nactions:\n  - key: q\n    id: try-it\n  - key: t\n    id: fine\n---\n\nNotes.\n",
    ])
    defer { dir.remove() }
    let report = try ContentLinter.lint(directory: dir.path, sheetKeys: ["q": "close"])
    #expect(
      report.diagnostics.map(\.description) == [
        "\(dir.path)/1.0.0.md:3: warning: action try-it uses the sheet's own key q (close): it is ignored"
      ])
  }
}
