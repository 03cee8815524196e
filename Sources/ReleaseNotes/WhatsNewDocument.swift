import LaunchTracking
import MarkdownSyntax

/// Builds the one document a what's-new sheet shows for several versions: each version's
/// notes under a level-1 heading naming the version and its title, with its date below.
///
/// A notes file that itself uses level-1 headings has all its top-level headings moved one
/// level down, so every version heading stays the outermost one.
package enum WhatsNewDocument {
  /// The document for `notes`, the critical ones first, each under its mark and summary, then
  /// the others, each in the order given (the catalog gives newest first).
  package static func make(_ notes: [ReleaseNote]) -> MarkdownDocument {
    let notes = WhatsNewRules.criticalFirst(notes) { $0.text.isCritical }
    var blocks: [Block] = []
    var definitions: [String: LinkDefinition] = [:]
    var footnotes: [Footnote] = []
    for note in notes {
      // Each note numbers its footnotes from 1: shifted past the ones before, they stay apart.
      // Their labels name them in HTML (`fn-LABEL`), so with more than one note each label
      // takes its version as a prefix (`fn-2.0.0-1`): unique on the page, and the same
      // whichever range of versions the page shows.
      let document = note.document.offsettingFootnotes(
        by: footnotes.count, labelPrefix: notes.count > 1 ? "\(note.version)-" : "")
      footnotes += document.footnotes
      blocks.append(Block(.heading(level: 1, content: [.text(note.heading)]), startLine: 0, endLine: 0))
      if let date = note.date, !date.isEmpty {
        blocks.append(Block(.paragraph([.emphasis([.text("Released \(date)")])]), startLine: 0, endLine: 0))
      }
      if note.isUntranslated {
        blocks.append(
          Block(
            .paragraph([.emphasis([.text(ReleaseNoteText.untranslatedMarker)])]), startLine: 0, endLine: 0))
      }
      if note.text.isCritical, let summary = note.summary {
        blocks.append(Block(.paragraph([.strong([.text(summary)])]), startLine: 0, endLine: 0))
      }
      let demote = document.blocks.contains {
        if case .heading(1, _) = $0.kind { return true }
        return false
      }
      for block in document.blocks {
        if demote, case .heading(let level, let content) = block.kind {
          blocks.append(Block(.heading(level: min(level + 1, 6), content: content), startLine: 0, endLine: 0))
        } else {
          blocks.append(block)
        }
      }
      definitions.merge(document.linkDefinitions) { first, _ in first }
    }
    var document = MarkdownDocument(frontMatter: nil, blocks: blocks, linkDefinitions: definitions)
    document.footnotes = footnotes
    return document
  }
}
