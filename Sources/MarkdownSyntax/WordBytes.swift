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

/// The package's one UTF-8 validator: where bytes stop being well-formed UTF-8 (RFC 3629: no
/// overlong forms, surrogates or values past U+10FFFF), fast on runs of ASCII.
package enum UTF8Validation {
  /// The offset of the first byte of the first ill-formed sequence (nil when `bytes` is
  /// well-formed), and whether a NUL byte came before it.
  package static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> (invalidAt: Int?, sawNUL: Bool) {
    guard let base = bytes.baseAddress else { return (nil, false) }
    let n = bytes.count
    var i = 0
    var sawNUL = false
    while i < n {
      // Eight ASCII bytes at a time (and whether one of them is a NUL).
      if i + 8 <= n {
        let word = WordBytes.load(base, i)
        if word & WordBytes.highs == 0 {
          if WordBytes.zeroBytes(word) != 0 { sawNUL = true }
          i += 8
          continue
        }
      }
      let c = base[i]
      if c < 0x80 {
        if c == 0 { sawNUL = true }
        i += 1
        continue
      }
      let length: Int
      let minimum: UInt32
      var value: UInt32
      if c & 0xE0 == 0xC0 {
        length = 2
        minimum = 0x80
        value = UInt32(c & 0x1F)
      } else if c & 0xF0 == 0xE0 {
        length = 3
        minimum = 0x800
        value = UInt32(c & 0x0F)
      } else if c & 0xF8 == 0xF0 {
        length = 4
        minimum = 0x10000
        value = UInt32(c & 0x07)
      } else {
        return (i, sawNUL)
      }
      guard i + length <= n else { return (i, sawNUL) }
      for k in 1..<length {
        let d = base[i + k]
        guard d & 0xC0 == 0x80 else { return (i, sawNUL) }
        value = value << 6 | UInt32(d & 0x3F)
      }
      if value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) {
        return (i, sawNUL)
      }
      i += length
    }
    return (nil, sawNUL)
  }

  /// The 1-based line holding the first ill-formed sequence, or nil when `bytes` is valid:
  /// for messages that name a line.
  package static func firstInvalidLine(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { b in
      guard let offset = scan(b).invalidAt else { return nil }
      var line = 1
      for k in 0..<offset where b[k] == 0x0A { line += 1 }
      return line
    }
  }
}
