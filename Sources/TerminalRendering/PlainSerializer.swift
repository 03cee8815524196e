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
  package static func serializeUTF8(_ lines: [StyledLine]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(lines.count) { $0 + $1.runs.reduce(0) { $0 + $1.text.utf8.count } })
    for line in lines {
      for run in line.runs { bytes.append(contentsOf: run.text.utf8) }
      bytes.append(UInt8(ascii: "\n"))
    }
    return Sanitizer.sanitize(utf8: bytes)
  }
}
