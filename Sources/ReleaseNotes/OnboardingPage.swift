import MarkdownSyntax

/// One page of the onboarding walkthrough: a level-1 heading and what follows it.
public struct OnboardingPage: Sendable, Equatable {
  /// The heading's text (empty for text before the first heading).
  public var title: String
  /// The page's Markdown, without its heading.
  public var markdown: String
  /// ``markdown`` parsed.
  public var document: MarkdownDocument

  public init(title: String, markdown: String, document: MarkdownDocument) {
    self.title = title
    self.markdown = markdown
    self.document = document
  }
}
