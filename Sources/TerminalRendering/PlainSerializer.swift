/// Writes styled lines as plain text: styles dropped, no escape bytes at all.
package enum PlainSerializer {
  /// The text of `lines`, each followed by a newline. The whole text goes through
  /// ``Sanitizer`` again (one fast scan), so hand-built lines cannot smuggle control
  /// characters out either.
  package static func serialize(_ lines: [StyledLine]) -> String {
    String(decoding: serializeUTF8(lines), as: UTF8.self)
  }

  /// ``serialize(_:)`` as UTF-8 bytes, for a caller that writes them out (`whatsnew render`):
  /// the same bytes, without making a `String` of them (which validates every byte again).
  /// Each run's bytes are copied from its string's storage in one go.
  package static func serializeUTF8(_ lines: [StyledLine]) -> [UInt8] {
    var capacity = lines.count
    for line in lines {
      for run in line.runs { capacity += run.text.utf8.count }
    }
    // No lines, no bytes: `Array(unsafeUninitializedCapacity: 0)` writes the count into the
    // standard library's shared empty-array storage, a race ThreadSanitizer reports when
    // another thread reads an empty array at the same time.
    guard capacity > 0 else { return [] }
    // Each run's bytes go in with one memcpy into a buffer sized exactly up front.
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      var i = 0
      for line in lines {
        for run in line.runs {
          var text = run.text
          text.withUTF8 { source in
            guard let from = source.baseAddress, let to = buffer.baseAddress,
              source.count <= buffer.count - i
            else { return }
            (to + i).initialize(from: from, count: source.count)
            i += source.count
          }
        }
        if i < buffer.count {
          buffer[i] = 0x0A
          i += 1
        }
      }
      count = i
    }
    let clean = bytes.withUnsafeBufferPointer { !Sanitizer.needsSanitizing(utf8: $0) }
    if clean { return bytes }
    return Array(Sanitizer.sanitize(String(decoding: bytes, as: UTF8.self)).utf8)
  }
}
