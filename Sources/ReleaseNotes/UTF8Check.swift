/// Finds where UTF-8 goes wrong, for messages that name a line.
enum UTF8Check {
  /// The 1-based line holding the first invalid byte sequence, or nil when `bytes` is valid.
  static func firstInvalidLine(_ bytes: [UInt8]) -> Int? {
    var line = 1
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b < 0x80 {
        if b == 0x0A { line += 1 }
        i += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch b {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return line
      }
      guard i + length <= n else { return line }
      if bytes[i + 1] < low || bytes[i + 1] > high { return line }
      for k in 2..<max(2, length) where bytes[i + k] < 0x80 || bytes[i + k] > 0xBF { return line }
      i += length
    }
    return nil
  }
}
