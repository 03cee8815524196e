import MarkdownSyntax

/// Asks the parser about a snippet, for tests that depend on its features.
enum MarkdownParserProbe {
  static func unresolved(_ markdown: String) -> [UnresolvedReference] {
    MarkdownParser.parse(markdown).unresolvedReferences
  }
}
