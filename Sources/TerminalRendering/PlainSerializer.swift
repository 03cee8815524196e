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
    var out = ""
    out.reserveCapacity(capacity + capacity / 8)
    for line in lines {
      for run in line.runs { out += run.text }
      out += "\n"
    }
    return Sanitizer.sanitize(out)
  }
}
