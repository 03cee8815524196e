/// Numbered link references: each distinct URL gets a number the first time it is seen, and
/// waits in ``pending`` until the renderer lists it (at the end of the top-level block).
///
/// A changelog has hundreds of links, so the URLs are found through a small open-addressing
/// table hashed over their UTF-8 bytes, a word at a time, rather than a `[String: Int]`
/// (whose hashing and growth cost several times more per link).
struct LinkReferences {
  /// The URL of number `n` at `n - 1`, and its hash.
  private var urls: [String] = []
  private var hashes: [UInt64] = []
  /// Numbers by hash slot; 0 is an empty slot. The count is a power of two.
  private var slots: [Int32] = []
  private(set) var pending: [(number: Int, url: String)] = []

  /// The number for `url`, assigning the next one if it is new.
  mutating func number(for url: String) -> Int {
    if 2 * (urls.count + 1) > slots.count { grow() }
    let hash = Self.hash(url)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let n = Int(slots[slot])
      if hashes[n - 1] == hash, urls[n - 1] == url { return n }
      slot = (slot + 1) & mask
    }
    urls.append(url)
    hashes.append(hash)
    let n = urls.count
    slots[slot] = Int32(truncatingIfNeeded: n)
    pending.append((n, url))
    return n
  }

  /// Returns the references not yet listed, and forgets them.
  mutating func takePending() -> [(number: Int, url: String)] {
    defer { pending.removeAll() }
    return pending
  }

  // MARK: - Helpers

  /// Doubles the table (64 slots at first) and puts every number back.
  private mutating func grow() {
    let count = max(64, slots.count * 2)
    slots = [Int32](repeating: 0, count: count)
    let mask = count - 1
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(truncatingIfNeeded: index + 1)
    }
  }

  /// A 64-bit hash of the UTF-8 bytes of `text`, eight bytes at a time (not for adversaries:
  /// a collision only costs a comparison).
  static func hash(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { bytes -> UInt64 in
      var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
      guard let base = bytes.baseAddress else { return h }
      var i = 0
      while i + 8 <= bytes.count {
        h = (h ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0x0000_0100_0000_01B3
        h ^= h >> 29
        i += 8
      }
      while i < bytes.count {
        h = (h ^ UInt64(bytes[i])) &* 0x0000_0100_0000_01B3
        i += 1
      }
      return h ^ (h >> 32)
    }
  }
}
