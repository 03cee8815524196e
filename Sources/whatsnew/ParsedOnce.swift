import MarkdownSyntax
import Synchronization

/// Markdown parsed the first time it is needed and then kept, so a screen that lays out text
/// lazily parses only what comes into view, and a resize re-renders without parsing again.
final class ParsedOnce: Sendable {
  private let markdown: String
  private let parsed = Mutex<MarkdownDocument?>(nil)

  init(_ markdown: String) {
    self.markdown = markdown
  }

  /// The parsed document (parsed on the first call).
  var document: MarkdownDocument {
    parsed.withLock { cached in
      if let cached { return cached }
      let document = MarkdownParser.parse(markdown)
      cached = document
      return document
    }
  }
}
