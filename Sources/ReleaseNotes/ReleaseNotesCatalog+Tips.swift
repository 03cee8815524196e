import LaunchTracking

/// One tip of an app's notes (`tips/<name>.md`): its rules and its text in the user's
/// language.
package struct NotesTip: Sendable, Equatable {
  /// When it may be shown (its front matter).
  package var rule: TipRule
  /// Its file in the catalog, `tips/<name>.md`.
  package var fileName: String
  /// Its Markdown, from the first translation of the user's languages, else the default file.
  package var markdown: String

  package init(rule: TipRule, fileName: String, markdown: String) {
    self.rule = rule
    self.fileName = fileName
    self.markdown = markdown
  }
}

extension ReleaseNotesCatalog {
  /// The folder of the tips, one `.md` file each.
  package static let tipsFolder = "tips"

  /// The tips' file names (`tips/find.md`), sorted; none when there is no `tips/` folder.
  package func tipFileNames() throws(ReleaseNotesError) -> [String] {
    let prefix = Self.tipsFolder + "/"
    let names: [String]
    if isInMemory {
      names = try allNames().filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    } else {
      let folder = path(of: Self.tipsFolder)
      guard FileSystem.kind(folder) == .directory else { return [] }
      do {
        names = try FileSystem.list(folder)
      } catch {
        throw .unreadable(path: folder, reason: error.message)
      }
    }
    return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") && !$0.contains("/") }.sorted()
      .map { prefix + $0 }
  }

  /// The tips, in file-name order. A tip is read as lint reads it: one with an error (no
  /// `id:`, a bad value, an empty body), or whose id an earlier tip has, is left out with a
  /// problem line. The rules come from the default file, the text from the user's language.
  package func tips() throws(ReleaseNotesError) -> (tips: [NotesTip], problems: [String]) {
    var tips: [NotesTip] = []
    var problems: [String] = []
    for name in try tipFileNames() {
      let file: NotesFile
      do {
        file = NotesFile(text: try readText(name), fileName: name, isTip: true)
      } catch {
        problems.append("\(error); the tip is not shown")
        continue
      }
      if let error = file.errors.first {
        problems.append("\(path(of: name)):\(error.line): \(error.message); the tip is not shown")
        continue
      }
      guard let id = file.front.id else { continue }
      if let first = tips.first(where: { $0.rule.id == id }) {
        problems.append(
          "\(path(of: name)): the id \(id) is \(path(of: first.fileName))'s; the tip is not shown")
        continue
      }
      var markdown = file.body
      let localized = localizedFile(name)
      if localized.language != nil, let translated = try? readUsable(localized.path) {
        markdown = translated.body
      }
      let front = file.front
      tips.append(
        NotesTip(
          rule: TipRule(
            id: id, afterLaunches: front.afterLaunches, afterDays: front.afterDays, whenUsed: front.whenUsed,
            unlessUsed: front.unlessUsed, maxShows: front.maxShows ?? TipRule.defaultMaxShows,
            importance: front.importance),
          fileName: name, markdown: audience.filter(markdown)))
    }
    return (tips, problems)
  }
}
