import Foundation
import TestSupport
import Testing

/// README.md is an introduction that links to the reference in `docs/`: short, one link from
/// each page of the reference, and no link on any of those pages that leads nowhere.
@Suite struct ReadmeLinkTests {
  /// The pages of `docs/` that are not reference: the input of an example and a list the
  /// conformance tests write (each linked from the page that uses it).
  static let notReference: Set<String> = ["docs/render-example.md", "docs/conformance-failures.md"]

  @Test func theReadmeIsAtMost300Lines() throws {
    let readme = try Self.text(of: "README.md")
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    #expect(lines <= 300, "README.md has \(lines) lines")
  }

  /// Each page of the reference is one link away from README.
  @Test func theReadmeLinksToEveryPage() throws {
    let linked = Set(
      try Self.links(in: "README.md").map { $0.split(separator: "#").first.map(String.init) ?? "" })
    let pages = try ReadmeTests.pages().filter { $0.hasPrefix("docs/") && !Self.notReference.contains($0) }
    #expect(pages.count >= 10)
    let missing = pages.filter { !linked.contains($0) }
    #expect(missing.isEmpty, "README.md links to none of \(missing)")
  }

  /// Every relative link of README and `docs/` names a file that exists, and its `#anchor` a
  /// heading of that file (as GitHub makes anchors of headings).
  @Test func everyLinkLeadsSomewhere() throws {
    let root = TestPaths.packageRoot
    var broken: [String] = []
    for page in try ReadmeTests.pages() {
      let directory = page.split(separator: "/").dropLast().joined(separator: "/")
      for link in try Self.links(in: page) {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? page : Self.normalized(directory + "/" + parts[0])
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path) else {
          broken.append("\(page): \(link) (no file \(file))")
          continue
        }
        if parts.count == 2, file.hasSuffix(".md"), !(try Self.anchors(of: file).contains(String(parts[1]))) {
          broken.append("\(page): \(link) (no heading #\(parts[1]) in \(file))")
        }
      }
    }
    #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
  }

  @Test func anchorsAreGitHubs() {
    #expect(
      Self.anchor("Greet from any language: `whatsnew greet`") == "greet-from-any-language-whatsnew-greet")
    #expect(Self.anchor("Actions in notes (\"try it\")") == "actions-in-notes-try-it")
    #expect(Self.anchor("Quick start: Swift, in one call") == "quick-start-swift-in-one-call")
  }

  // MARK: - Helpers

  static func text(of page: String) throws -> String {
    try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(page), encoding: .utf8)
  }

  /// The lines of `page` outside fenced code blocks.
  static func prose(of page: String) throws -> [Substring] {
    var inFence = false
    return try text(of: page).split(separator: "\n", omittingEmptySubsequences: false).filter { line in
      if line.hasPrefix("```") {
        inFence.toggle()
        return false
      }
      return !inFence
    }
  }

  /// The targets of `page`'s Markdown links and images that are not URLs.
  static func links(in page: String) throws -> [String] {
    try prose(of: page).joined(separator: "\n").matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1) }
      .filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
  }

  /// The anchors GitHub gives the headings of `page`.
  static func anchors(of page: String) throws -> Set<String> {
    Set(try prose(of: page).filter { $0.hasPrefix("#") }.map { anchor(String($0.drop { $0 == "#" })) })
  }

  /// A heading's anchor: lowercased, spaces to `-`, only letters, digits, `-` and `_` kept.
  static func anchor(_ heading: String) -> String {
    String(
      heading.trimmingCharacters(in: .whitespaces).lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        return character.isLetter || character.isNumber || character == "-" || character == "_"
          ? character : nil
      })
  }

  /// `path` with its `.` and `..` components resolved (`docs/../README.md`: `README.md`).
  static func normalized(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/") where component != "." {
      if component == "..", !components.isEmpty {
        components.removeLast()
      } else {
        components.append(component)
      }
    }
    return components.joined(separator: "/")
  }
}
