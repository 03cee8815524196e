/// A growable byte buffer on raw memory, the renderers' output: an append is a capacity check
/// and a copy. It owns its memory: it cannot be copied, and frees the memory when
/// it ends. Its bytes are lent only for the length of a closure (``withBytes(_:)``).
package struct RawBytes: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  /// How many bytes the buffer holds.
  package private(set) var count = 0
  private var capacity: Int

  package init(capacity: Int = 256) {
    self.capacity = max(capacity, 16)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  package var isEmpty: Bool { count == 0 }

  /// The last byte, if any.
  package var last: UInt8? { count > 0 ? base[count - 1] : nil }

  /// Calls `body` with the bytes the buffer holds (valid only inside `body`).
  @inline(__always)
  package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: base, count: count))
  }

  /// Empties the buffer, keeping its memory.
  package mutating func removeAll() { count = 0 }

  /// Makes room for `n` more bytes.
  @inline(__always) package mutating func reserve(_ n: Int) {
    if n > capacity &- count { grow(n) }
  }

  @inline(__always) package mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count &+= 1
  }

  @inline(__always) package mutating func append(_ start: UnsafePointer<UInt8>, _ n: Int) {
    reserve(n)
    (base + count).initialize(from: start, count: n)
    count &+= n
  }

  package mutating func append(_ b: UnsafeBufferPointer<UInt8>) {
    guard let start = b.baseAddress else { return }
    append(start, b.count)
  }

  /// Appends the UTF-8 bytes of `text`.
  package mutating func append(utf8 text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// Appends `value` in decimal, as `String(value)` writes it.
  package mutating func append(decimal value: Int) {
    if value < 0 { append(ASCII.hyphen) }
    append(digits: value.magnitude)
  }

  // MARK: - Helpers

  private mutating func append(digits value: UInt) {
    if value >= 10 { append(digits: value / 10) }
    append(UInt8(48 + value % 10))
  }

  @inline(never) private mutating func grow(_ n: Int) {
    let newCapacity = max(count + n, capacity * 2)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.initialize(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }
}
