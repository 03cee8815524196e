import LaunchTracking

/// Splits a changelog (Keep a Changelog and the other common styles) into one notes file
/// per version: what `whatsnew import-changelog` does.
///
/// A heading is a version heading when its text starts with a version, bracketed, linked or
/// not, with or without `v` or the word `Version`: `## 1.2.3`, `## [1.2.3] - 2024-01-02`,
/// `## v1.2.3`, `### 1.2.3 (2024-01-02)`, or a setext heading. The level of the shallowest
/// version heading is the version level; every heading at that level or above ends a section.
/// Headings at the version level that are not versions (`Unreleased`, `Main`) are skipped and
/// reported. A date `YYYY-MM-DD` in the heading becomes the `date:` front matter; other
/// words after the version (`[YANKED]`) become the `title:`.
///
/// Each section keeps its Markdown verbatim, except that separators (`---`) and blank
/// lines around it are trimmed, its headings move up so the shallowest is `##` (as in the
/// demo Content), and the changelog's link reference definitions (usually all at its
/// bottom) are copied into each file that uses them. A version listed twice is joined into
/// one file, with a warning.
package struct ChangelogImporter: Sendable {
  /// One version's notes.
  package struct Section: Sendable, Equatable {
    package var version: AppVersion
    package var date: String?
    package var title: String?
    /// The 1-based lines of its heading(s) in the changelog.
    package var lines: [Int]
    /// The notes' Markdown (without front matter).
    package var markdown: String
    /// True when the changelog had nothing under the heading (a placeholder line is written).
    package var wasEmpty: Bool
    /// True for a GitHub release marked `"prerelease": true`, whatever its tag.
    package var markedPrerelease = false
    /// A GitHub release body's front matter (`---`, `key: value` lines, `---` at its top), by
    /// key in lower case: the body's notes start after it.
    package var bodyFrontMatter: [String: String] = [:]
    /// A GitHub release's `published_at` as it was written (a date-time), when it is one of at
    /// most 40 characters: the update feed counts a package manager's delay from it.
    package var published: String?

    /// The file name it is written to: the canonical version (`1.2` gives `1.2.0.md`).
    package var fileName: String { version.canonical + ".md" }

    /// The file's whole text: front matter (when there is a title or date), then the notes.
    package var fileText: String {
      var front = NotesFrontMatter()
      front.title = title
      front.date = date
      let head = front.text
      return head + (head.isEmpty ? "" : "\n") + markdown + "\n"
    }
  }

  /// The sections, in changelog order.
  package internal(set) var sections: [Section] = []
  /// What was left out, with where: headings at the version level that are not versions and
  /// their 1-based lines; for GitHub Releases, drafts and tags that are not versions and their
  /// 1-based positions in the array; for changie, files that are not a version (line 0).
  package internal(set) var skipped: [(title: String, line: Int)] = []
  /// Things worth a warning (a version listed twice).
  package internal(set) var warnings: [String] = []
  /// What the input was.
  package internal(set) var kind: InputKind = .markdown

  /// The line written for a version the changelog lists without any notes.
  package static let emptySectionText = "_The changelog lists no changes for this version._"

  /// Splits `text`.
  package init(text: String) {
    let lines = splitLines(text)
    let scanner = HeadingScanner(text: text, lines: lines)
    let parsed = scanner.headings.map { ($0, Self.versionHeading($0.text)) }
    guard let versionLevel = parsed.filter({ $0.1 != nil }).map(\.0.level).min() else { return }
    let boundaries = parsed.filter { $0.0.level <= versionLevel }

    let definitions = Definitions(lines: lines, scanner: scanner)

    var positions: [AppVersion: Int] = [:]
    for (n, (heading, found)) in boundaries.enumerated() {
      guard let found else {
        if heading.level == versionLevel {
          let title =
            heading.text.hasPrefix("[") && heading.text.hasSuffix("]")
            ? String(heading.text.dropFirst().dropLast()) : heading.text
          skipped.append((title, heading.firstLine + 1))
        }
        continue
      }
      let end = n + 1 < boundaries.count ? boundaries[n + 1].0.firstLine : lines.count
      let body = Self.notes(lines: (heading.lastLine + 1)..<end, of: lines, scanner, definitions)
      if let at = positions[found.version] {
        let first = sections[at]
        warnings.append(
          "version \(found.version) appears twice (lines \(first.lines.map(String.init).joined(separator: ", ")) and "
            + "\(heading.firstLine + 1)); their notes are joined in \(first.fileName)")
        sections[at].lines.append(heading.firstLine + 1)
        if !body.isEmpty {
          sections[at].markdown = sections[at].wasEmpty ? body : sections[at].markdown + "\n\n" + body
          sections[at].wasEmpty = false
        }
        if sections[at].date == nil { sections[at].date = found.date }
        continue
      }
      positions[found.version] = sections.count
      sections.append(
        Section(
          version: found.version, date: found.date, title: found.title, lines: [heading.firstLine + 1],
          markdown: body.isEmpty ? Self.emptySectionText : body, wasEmpty: body.isEmpty))
    }
  }

  /// The link reference definitions of a text, outside code, keyed by normalised label.
  struct Definitions {
    var byLabel: [String: (line: Int, text: String)] = [:]
    /// Whether each line is a definition.
    var isDefinition: [Bool]

    init(lines: [TextLine], scanner: HeadingScanner) {
      isDefinition = Array(repeating: false, count: lines.count)
      for (i, line) in lines.enumerated() where !scanner.inCode[i] {
        if let label = ChangelogImporter.definitionLabel(line.text) {
          isDefinition[i] = true
          if byLabel[label] == nil { byLabel[label] = (i, String(trimSpaces(line.text))) }
        }
      }
    }
  }

  /// The notes of lines `range`: trimmed, headings moved up so the shallowest is `##`, and
  /// followed by the link reference definitions they use. Empty when there is nothing.
  static func notes(
    lines range: Range<Int>, of lines: [TextLine], _ scanner: HeadingScanner, _ definitions: Definitions
  ) -> String {
    let bodyLines = trimmed(range: range, lines: lines, skip: definitions.isDefinition)
    var body = relevel(bodyLines, lines: lines, headings: scanner.headings)
    let used = usedLabels(in: body, among: definitions.byLabel)
    if !used.isEmpty {
      body += "\n\n" + used.map(\.text).joined(separator: "\n")
    }
    return body
  }

  /// ``notes(lines:of:_:_:)`` for a whole text that is one release's notes (a GitHub
  /// release's body, a changie file without a version heading).
  static func notes(fromBody text: String) -> String {
    let lines = splitLines(text)
    let scanner = HeadingScanner(text: text, lines: lines)
    return notes(lines: 0..<lines.count, of: lines, scanner, Definitions(lines: lines, scanner: scanner))
  }

  /// What was skipped, one phrase each, with where it is in the input: `Unreleased (line 3)`
  /// in a changelog, `draft v1.3.0 (release 1)` in GitHub Releases.
  package var skippedDescriptions: [String] {
    skipped.map { item in
      switch kind {
      case .markdown: return "\(item.title) (line \(item.line))"
      case .githubReleases: return "\(item.title) (release \(item.line))"
      case .changie: return item.title
      }
    }
  }

  // MARK: - Headings

  /// A heading's version, date and title, if it names a version.
  struct VersionHeading: Equatable {
    var version: AppVersion
    var date: String?
    var title: String?
  }

  /// Reads a version heading's text: `[1.2.3] - 2024-01-02`, `v1.2.3`, `Version 1.2.3 (2024-01-02)`.
  static func versionHeading(_ text: String) -> VersionHeading? {
    var rest = trimSpaces(Substring(text))
    for word in ["version ", "release "] where rest.lowercased().hasPrefix(word) {
      rest = trimSpaces(rest.dropFirst(word.count))
    }
    var token: Substring
    if rest.first == "[", let close = rest.firstIndex(of: "]") {
      token = rest[rest.index(after: rest.startIndex)..<close]
      rest = rest[rest.index(after: close)...]
      // A link: [1.2.3](https://...)
      if rest.first == "(", let end = rest.firstIndex(of: ")") { rest = rest[rest.index(after: end)...] }
    } else {
      let end = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? rest.endIndex
      token = rest[..<end]
      rest = rest[end...]
    }
    while let last = token.last, last == ":" || last == "," { token = token.dropLast() }
    guard let version = AppVersion(String(token)) else { return nil }

    var date: String?
    var remainder = String(rest)
    if let found = firstISODate(in: rest) {
      date = String(rest[found])
      remainder = String(rest[..<found.lowerBound]) + String(rest[found.upperBound...])
    }
    let separators: Set<Character> = [" ", "\t", "-", "–", "—", ":", "(", ")", "[", "]", "/", "|", ","]
    let title = String(
      remainder.drop(while: { separators.contains($0) }).reversed().drop(while: { separators.contains($0) })
        .reversed())
    return VersionHeading(version: version, date: date, title: title.isEmpty ? nil : title)
  }

  /// The first `YYYY-MM-DD` in `s` that is a real day.
  static func firstISODate(in s: Substring) -> Range<Substring.Index>? {
    let chars = Array(s.indices)
    guard chars.count >= 10 else { return nil }
    for i in 0...(chars.count - 10) {
      let end = i + 10 < chars.count ? chars[i + 10] : s.endIndex
      let candidate = s[chars[i]..<end]
      if NotesFrontMatter.isValidDate(String(candidate)) { return chars[i]..<end }
    }
    return nil
  }

  // MARK: - Bodies

  /// The lines of `range` without link definitions, and without blank lines and thematic
  /// breaks at either end.
  static func trimmed(range: Range<Int>, lines: [TextLine], skip: [Bool]) -> [Int] {
    var kept = range.filter { !skip[$0] }
    func isFiller(_ i: Int) -> Bool {
      isBlank(lines[i].text) || HeadingScanner.isThematicBreak(trimSpaces(lines[i].text))
        || trimSpaces(lines[i].text).hasPrefix("<!--") && trimSpaces(lines[i].text).hasSuffix("-->")
    }
    while let first = kept.first, isFiller(first) { kept.removeFirst() }
    while let last = kept.last, isFiller(last) { kept.removeLast() }
    return kept
  }

  /// The text of `indices`, with headings moved so the shallowest one is level 2: up for
  /// ATX headings, and down for level-1 ones (a setext `===` underline becomes `---`).
  static func relevel(_ indices: [Int], lines: [TextLine], headings: [HeadingScanner.Heading]) -> String {
    guard let first = indices.first, let last = indices.last else { return "" }
    let inside = headings.filter { $0.firstLine >= first && $0.lastLine <= last }
    let shallowest = inside.map(\.level).min() ?? 2
    let shift = shallowest - 2
    let atx = Dictionary(
      inside.filter(\.isATX).map { ($0.firstLine, $0.level) }, uniquingKeysWith: { a, _ in a })
    let setextUnderlines = shift < 0 ? inside.filter { !$0.isATX && $0.level == 1 }.map(\.lastLine) : []
    var out: [String] = []
    var previousBlank = false
    for i in indices {
      let text = lines[i].text
      let blank = isBlank(text)
      if blank && previousBlank { continue }  // removed definitions can leave double blanks
      previousBlank = blank
      if shift != 0, let level = atx[i] {
        let hashes = trimSpaces(text).prefix(while: { $0 == "#" })
        let rest = trimSpaces(text).dropFirst(hashes.count)
        out.append(String(repeating: "#", count: min(6, level - shift)) + rest)
      } else if setextUnderlines.contains(i) {
        out.append(String(repeating: "-", count: max(3, trimSpaces(text).count)))
      } else {
        out.append(String(text))
      }
    }
    return out.joined(separator: "\n")
  }

  /// `[label]: destination` at the start of a line: the normalised label.
  static func definitionLabel(_ line: Substring) -> String? {
    let indent = line.prefix(while: { $0 == " " }).count
    guard indent < 4 else { return nil }
    let s = line.dropFirst(indent)
    guard s.first == "[", let close = s.firstIndex(of: "]") else { return nil }
    let label = s[s.index(after: s.startIndex)..<close]
    let after = s[s.index(after: close)...]
    guard after.first == ":", !trimSpaces(after.dropFirst()).isEmpty, !label.isEmpty,
      !label.hasPrefix("^")
    else { return nil }
    return normalise(label)
  }

  /// The definitions whose labels appear in brackets in `body`, in changelog order.
  static func usedLabels(in body: String, among definitions: [String: (line: Int, text: String)])
    -> [(line: Int, text: String)]
  {
    guard !definitions.isEmpty else { return [] }
    var used: Set<String> = []
    var rest = body[...]
    while let open = rest.firstIndex(of: "[") {
      let after = rest[rest.index(after: open)...]
      guard let close = after.firstIndex(of: "]") else { break }
      let label = normalise(after[..<close])
      if definitions[label] != nil { used.insert(label) }
      rest = after
    }
    return used.compactMap { definitions[$0] }.sorted { $0.line < $1.line }
  }

  /// Case-folded, with runs of white space as one space (CommonMark label matching).
  static func normalise(_ label: Substring) -> String {
    label.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ").lowercased()
  }
}
