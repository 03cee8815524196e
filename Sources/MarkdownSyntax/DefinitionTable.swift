/// Link reference definitions by normalised label, while parsing.
///
/// A changelog declares hundreds of definitions and refers to them hundreds of times, so they
/// are kept in a small open-addressing table hashed over the label's UTF-8 bytes
/// (``ByteHash``) rather than a `[String: LinkDefinition]`, whose hashing and growth cost
/// several times more per label. The document's dictionary is made once, at its final size,
/// by ``dictionary()``.
struct DefinitionTable {
  private var labels: [String] = []
  private var definitions: [LinkDefinition] = []
  private var hashes: [UInt64] = []
  /// Indices plus one by hash slot; 0 is an empty slot. The count is a power of two.
  private var slots: [Int] = []

  var isEmpty: Bool { labels.isEmpty }

  /// The definition for normalised `label`, if any.
  func definition(for label: String) -> LinkDefinition? {
    index(of: label, ByteHash.of(label)).found.map { definitions[$0] }
  }

  /// Adds `definition` for normalised `label` unless the label already has one (the first
  /// definition wins). `definition` is only evaluated when it is added.
  mutating func addIfAbsent(_ label: String, _ definition: () -> LinkDefinition) {
    if 2 * (labels.count + 1) > slots.count { grow() }
    let hash = ByteHash.of(label)
    let (found, slot) = index(of: label, hash)
    guard found == nil else { return }
    labels.append(label)
    definitions.append(definition())
    hashes.append(hash)
    slots[slot] = labels.count
  }

  /// The definitions as the document keeps them.
  func dictionary() -> [String: LinkDefinition] {
    var out: [String: LinkDefinition] = [:]
    out.reserveCapacity(labels.count)
    for (label, definition) in zip(labels, definitions) { out[label] = definition }
    return out
  }

  // MARK: - Helpers

  /// The index of `label` if present, and the slot where it is or would go.
  private func index(of label: String, _ hash: UInt64) -> (found: Int?, slot: Int) {
    guard !slots.isEmpty else { return (nil, 0) }
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    while slots[slot] != 0 {
      let k = slots[slot] - 1
      if hashes[k] == hash, labels[k] == label { return (k, slot) }
      slot = (slot + 1) & mask
    }
    return (nil, slot)
  }

  /// Doubles the table (64 slots at first) and puts every entry back.
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

/// A 64-bit hash of a string's UTF-8 bytes, eight bytes at a time, for the package's own hash
/// tables of labels and URLs (not for adversaries: a collision only costs a comparison).
package enum ByteHash {
  package static func of(_ text: String) -> UInt64 {
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
