import MarkdownSyntax

/// Numbered link references: each distinct URL gets a number the first time it is seen, and
/// waits in ``pending`` until the renderer lists it (at the end of the top-level block).
///
/// A changelog has hundreds of links, so the URLs are numbered through a ``StringTable``
/// rather than a `[String: Int]` (whose hashing and growth cost several times more per link).
struct LinkReferences {
  /// The URL of number `n` at index `n - 1` (a footnote's key starts with U+0000, which no
  /// parsed URL holds).
  private var urls = StringTable()
  /// What waits to be listed: a URL, or (when `footnote` is not -1) the footnote at that
  /// index of the document's footnotes.
  private(set) var pending: [(number: Int, url: String, footnote: Int)] = []

  /// The number for `url`, assigning the next one if it is new.
  mutating func number(for url: String) -> Int {
    let (index, added) = urls.insert(url)
    if added { pending.append((index + 1, url, -1)) }
    return index + 1
  }

  /// The number for the document's footnote numbered `footnote`: footnotes share the links'
  /// numbers, so a block's references are listed after it in one sequence.
  mutating func number(forFootnote footnote: Int) -> Int {
    let (index, added) = urls.insert("\u{0}" + String(footnote))
    if added { pending.append((index + 1, "", footnote - 1)) }
    return index + 1
  }

  /// Forgets the references not yet listed (once they are), keeping the storage.
  mutating func clearPending() {
    pending.removeAll(keepingCapacity: true)
  }
}
