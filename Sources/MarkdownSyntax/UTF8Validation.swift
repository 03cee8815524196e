/// Where bytes stop being well-formed UTF-8, for messages that name a line. The standard
/// library's parser decides what is well-formed (RFC 3629: no overlong forms, surrogates or
/// values past U+10FFFF).
package enum UTF8Validation {
  /// The offset of the first byte of the first ill-formed sequence, or nil when `bytes` is
  /// well-formed.
  package static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return offset
      case .emptyInput: return nil
      }
    }
  }

  /// The 1-based line holding the first ill-formed sequence, or nil when `bytes` is valid.
  package static func firstInvalidLine(_ bytes: [UInt8]) -> Int? {
    guard let offset = firstInvalidOffset(bytes) else { return nil }
    return bytes[..<offset].count { $0 == UInt8(ascii: "\n") } + 1
  }
}
