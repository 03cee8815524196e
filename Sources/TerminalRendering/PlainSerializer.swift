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
    // Appending the runs' strings keeps them valid UTF-8 as they are: no byte array to
    // validate again at the end, and each append is one copy.
    var out = ""
    out.reserveCapacity(capacity)
    for line in lines {
      for run in line.runs { out += run.text }
      out += "\n"
    }
    return Sanitizer.sanitize(out)
  }
}
