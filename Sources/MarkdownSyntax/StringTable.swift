/// Distinct strings, numbered from 0 in the order they were added, found through a small
/// open-addressing table hashed over their UTF-8 bytes with a per-process seed (``ByteHash``). The parser keeps link
/// definitions' labels in one and the renderer numbers link URLs with one: a changelog has
/// hundreds of both, and a `[String: Int]` costs several times more per key in hashing and
/// growth (and its first use instantiates generic metadata).
package struct StringTable {
  /// The strings, in the order they were added.
  package private(set) var keys: [String] = []
  private var hashes: [UInt64] = []
  /// Indices plus one by hash slot; 0 is an empty slot. The count is a power of two, at least
  /// twice the number of keys.
  private var slots: [Int] = []

  package init() {}

  package var isEmpty: Bool { keys.isEmpty }
  package var count: Int { keys.count }

  /// The index of `key`, if it is in the table.
  package func index(of key: String) -> Int? {
    locate(key, ByteHash.of(key)).found
  }

  /// The index of `key`, added at the end if it is new; `added` says whether it was.
  package mutating func insert(_ key: String) -> (index: Int, added: Bool) {
    if 2 * (keys.count + 1) > slots.count { grow() }
    let hash = ByteHash.of(key)
    let (found, slot) = locate(key, hash)
    if let found { return (found, false) }
    keys.append(key)
    hashes.append(hash)
    slots[slot] = keys.count
    return (keys.count - 1, true)
  }

  // MARK: - Helpers

  /// The index of `key` if present, and the slot where it is or would go.
  private func locate(_ key: String, _ hash: UInt64) -> (found: Int?, slot: Int) {
    guard !slots.isEmpty else { return (nil, 0) }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let k = slots[slot] - 1
      if hashes[k] == hash, keys[k] == key { return (k, slot) }
      slot = (slot + 1) & mask
    }
    return (nil, slot)
  }

  /// Doubles the table (64 slots at first) and puts every key back.
  private mutating func grow() {
    let count = max(64, slots.count * 2)
    slots = [Int](repeating: 0, count: count)
    let mask = count - 1
    for (k, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & mask
      while slots[slot] != 0 { slot = (slot + 1) & mask }
      slots[slot] = k + 1
    }
  }
}

/// A 64-bit hash of a string's UTF-8 bytes for the package's own hash tables of labels and
/// URLs: the standard library's `Hasher` (SipHash), seeded afresh in every process, so a
/// document cannot be written to make its labels collide.
package enum ByteHash {
  package static func of(_ text: String) -> UInt64 {
    // Borrowed in place when contiguous (native and small strings are): `withUTF8` needs a
    // mutable copy, a retain and a release a call.
    if let hash = text.utf8.withContiguousStorageIfAvailable({ of(bytes: $0) }) { return hash }
    var text = text
    return text.withUTF8 { of(bytes: $0) }
  }

  private static func of(bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
    return UInt64(bitPattern: Int64(hasher.finalize()))
  }
}
