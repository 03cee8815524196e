/// Writes styled lines as plain text: styles dropped, no escape bytes at all.
public enum PlainSerializer {
  /// The text of `lines`, each followed by a newline. Every run goes through ``Sanitizer``
  /// again, so hand-built lines cannot smuggle control characters out either.
  public static func serialize(_ lines: [StyledLine]) -> String {
    var out = ""
    out.reserveCapacity(lines.count * 40)
    for line in lines {
      for run in line.runs { out += Sanitizer.sanitize(run.text) }
      out += "\n"
    }
    return out
  }
}
