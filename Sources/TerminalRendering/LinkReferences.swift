import MarkdownSyntax

/// Numbered link references: each distinct URL gets a number the first time it is seen, and
/// waits in ``pending`` until the renderer lists it (at the end of the top-level block).
///
/// A changelog has hundreds of links, so the URLs are numbered through a ``StringTable``
/// rather than a `[String: Int]` (whose hashing and growth cost several times more per link).
struct LinkReferences {
  /// The URL of number `n` at index `n - 1`.
  private var urls = StringTable()
  private(set) var pending: [(number: Int, url: String)] = []

  /// The number for `url`, assigning the next one if it is new.
  mutating func number(for url: String) -> Int {
    let (index, added) = urls.insert(url)
    if added { pending.append((index + 1, url)) }
    return index + 1
  }

  /// Forgets the references not yet listed (once they are), keeping the storage.
  mutating func clearPending() {
    pending.removeAll(keepingCapacity: true)
  }
}
