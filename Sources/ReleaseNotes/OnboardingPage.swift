import MarkdownSyntax

/// One page of the onboarding walkthrough: a level-1 heading and what follows it.
package struct OnboardingPage: Sendable, Equatable {
  /// The heading's text (empty for text before the first heading).
  package var title: String
  /// The page's Markdown, without its heading.
  package var markdown: String
  /// ``markdown`` parsed.
  package var document: MarkdownDocument
  /// The usage event that marks this page done (`done-when:` in `onboarding.md`), if any.
  package var doneWhen: String?

  package init(title: String, markdown: String, document: MarkdownDocument) {
    self.title = title
    self.markdown = markdown
    self.document = document
  }
}
