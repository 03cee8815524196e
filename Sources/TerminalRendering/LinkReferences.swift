import MarkdownSyntax

/// Numbered link references: each distinct URL gets a number the first time it is seen, and
/// waits in ``pending`` until the renderer lists it (at the end of the top-level block).
///
/// A changelog has hundreds of links, so the URLs are found through a small open-addressing
/// table hashed over their UTF-8 bytes, a word at a time, rather than a `[String: Int]`
/// (whose hashing and growth cost several times more per link). The hash is ``ByteHash``.
struct LinkReferences {
  /// The URL of number `n` at `n - 1`, and its hash.
  private var urls: [String] = []
  private var hashes: [UInt64] = []
  /// Numbers by hash slot; 0 is an empty slot. The count is a power of two.
  private var slots: [Int] = []
  private(set) var pending: [(number: Int, url: String)] = []

  /// The number for `url`, assigning the next one if it is new.
  mutating func number(for url: String) -> Int {
    if 2 * (urls.count + 1) > slots.count { grow() }
    let hash = ByteHash.of(url)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let n = slots[slot]
      if hashes[n - 1] == hash, urls[n - 1] == url { return n }
      slot = (slot + 1) & mask
    }
    urls.append(url)
    hashes.append(hash)
    let n = urls.count
    slots[slot] = n
    pending.append((n, url))
    return n
  }

  /// Forgets the references not yet listed (once they are), keeping the storage.
  mutating func clearPending() {
    pending.removeAll(keepingCapacity: true)
  }

  // MARK: - Helpers

  /// Doubles the table (64 slots at first) and puts every number back.
  private mutating func grow() {
    let count = max(64, slots.count * 2)
    slots = [Int](repeating: 0, count: count)
    let mask = count - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = index + 1
    }
  }
}
