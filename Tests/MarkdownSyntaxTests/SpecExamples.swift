import Foundation
import MarkdownSyntax
import NotesTools
import TestSupport

/// One example from a spec file.
struct SpecExample {
  var number: Int
  var section: String
  /// The extension named after `example` (`table`, `strikethrough`, ...), or "".
  var extensionName: String
  var markdown: String
  var html: String

  /// Renders the example and compares after normalisation. Front matter is off: the specs
  /// know none, and examples such as `---` / `Foo` / `---` must be setext headings there.
  var passes: Bool {
    let document = MarkdownParser.parse(markdown, frontMatter: false)
    let actual = HTMLRenderer.render(document, tagFilter: extensionName == "tagfilter", unsafe: true)
    return HTMLNormalizer.normalize(actual) == HTMLNormalizer.normalize(html)
  }

  /// Whether plain CommonMark (``MarkdownFlavor/commonMark``: no extension, no tag filter)
  /// renders the example as expected.
  var passesAsCommonMark: Bool {
    let document = MarkdownParser.parse(markdown, flavor: .commonMark)
    return HTMLNormalizer.normalize(HTMLRenderer.render(document, unsafe: true))
      == HTMLNormalizer.normalize(html)
  }

  var actualHTML: String {
    HTMLRenderer.render(
      MarkdownParser.parse(markdown, frontMatter: false), tagFilter: extensionName == "tagfilter",
      unsafe: true)
  }

  /// Reads every example of a spec file (`→` stands for a tab).
  static func load(_ name: String) throws -> [SpecExample] {
    let text = try String(contentsOf: TestPaths.corpusFile(name), encoding: .utf8)
    let fence = String(repeating: "`", count: 32)
    var examples: [SpecExample] = []
    var section = ""
    var state = 0  // 0 outside, 1 markdown, 2 html
    var markdown = ""
    var html = ""
    var ext = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      switch state {
      case 0:
        if line.hasPrefix(fence + " example") {
          state = 1
          markdown = ""
          html = ""
          ext = String(line.dropFirst(fence.count + " example".count)).trimmingCharacters(in: .whitespaces)
        } else if line.hasPrefix("#") {
          let title = line.drop(while: { $0 == "#" })
          if title.hasPrefix(" ") { section = title.trimmingCharacters(in: .whitespaces) }
        }
      case 1:
        if line == "." {
          state = 2
        } else {
          markdown += line.replacingOccurrences(of: "→", with: "\t") + "\n"
        }
      default:
        if line == fence {
          state = 0
          examples.append(
            SpecExample(
              number: examples.count + 1, section: section, extensionName: ext, markdown: markdown,
              html: html))
        } else {
          html += line.replacingOccurrences(of: "→", with: "\t") + "\n"
        }
      }
    }
    return examples
  }
}
