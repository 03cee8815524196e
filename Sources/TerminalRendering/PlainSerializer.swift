/// Writes styled lines as plain text: styles dropped, no escape bytes at all.
public enum PlainSerializer {
  /// The text of `lines`, each followed by a newline. The whole text goes through
  /// ``Sanitizer`` again (one fast scan), so hand-built lines cannot smuggle control
  /// characters out either.
  public static func serialize(_ lines: [StyledLine]) -> String {
    var capacity = lines.count
    for line in lines {
      for run in line.runs { capacity += run.text.utf8.count }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(capacity)
    for line in lines {
      for run in line.runs { bytes.append(contentsOf: run.text.utf8) }
      bytes.append(0x0A)
    }
    return Sanitizer.sanitize(String(decoding: bytes, as: UTF8.self))
  }
}
