/// A growable buffer of bytes that is cheaper to append to than `[UInt8]`.
///
/// `Array.append(contentsOf:)` costs about a hundred instructions of bookkeeping per call,
/// more than copying the few bytes of a word or a line; the renderer appends thousands of
/// times per document. Here the storage is an array kept longer than its contents (the spare
/// part zero-filled), so an append is a capacity check and a copy, and emptying the buffer
/// for the next paragraph only resets the count.
struct ByteBuffer {
  /// The storage; bytes from ``count`` on are spare.
  private var storage: [UInt8] = []
  /// How many bytes the buffer holds.
  private(set) var count = 0

  var isEmpty: Bool { count == 0 }

  /// Empties the buffer, keeping its storage.
  mutating func removeAll() {
    count = 0
  }

  /// Makes room for `capacity` bytes in all.
  mutating func reserveCapacity(_ capacity: Int) {
    if capacity > storage.count { grow(to: capacity) }
  }

  mutating func append(_ byte: UInt8) {
    if count == storage.count { grow(to: count + 1) }
    storage[count] = byte
    count += 1
  }

  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    guard n > 0, let source = bytes.baseAddress else { return }
    if count + n > storage.count { grow(to: count + n) }
    let at = count
    storage.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      (base + at).update(from: source, count: n)
    }
    count += n
  }

  /// Appends the UTF-8 bytes of `text`.
  mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Calls `body` with the bytes the buffer holds.
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
  }

  // MARK: - Helpers

  /// Grows the storage to at least `needed` bytes, doubling at least.
  private mutating func grow(to needed: Int) {
    let target = Swift.max(needed, storage.count * 2, 256)
    storage.append(contentsOf: repeatElement(0, count: target - storage.count))
  }
}
