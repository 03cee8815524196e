/// Eight bytes at a time in one `UInt64` ("SIMD within a register"): the constants and the
/// zero-byte test every word-wide byte scan of the package is built from.
package enum WordBytes {
  /// 0x01 in every byte.
  @inline(__always) package static var ones: UInt64 { 0x0101_0101_0101_0101 }
  /// 0x80 (the high bit) in every byte.
  @inline(__always) package static var highs: UInt64 { 0x8080_8080_8080_8080 }
  /// 0x7F (all but the high bit) in every byte.
  @inline(__always) package static var lows: UInt64 { 0x7F7F_7F7F_7F7F_7F7F }

  /// `byte` in every byte.
  @inline(__always) package static func repeating(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

  /// Non-zero exactly when a byte of `x` is zero; the lowest set high bit marks the first
  /// zero byte (bytes above it may be marked wrongly, so use only `!= 0` and the lowest bit).
  @inline(__always) package static func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }

  /// The eight bytes from `base + offset` (any alignment).
  @inline(__always) package static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
    UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
  }
}
