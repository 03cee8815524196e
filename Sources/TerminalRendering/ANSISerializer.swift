/// Writes styled lines with ANSI colour: SGR sequences (`ESC [ digits ; … m`) and, around a
/// run that links (``StyledRun/link``, set only when the render asked for hyperlinks), OSC 8
/// (`ESC ] 8 ; ; URL ESC \` … `ESC ] 8 ; ; ESC \`, see ``Hyperlink``); nothing that moves the
/// cursor, sets a title or touches the clipboard.
///
/// Every styled run is opened with a full SGR (`ESC[0;…m`, so no state leaks from the run
/// before) and lines end with `ESC[0m` when a style is active, and with the link closed when
/// one is open, so each line stands alone (safe to pipe into `less -R`, `head`, or `grep`).
package enum ANSISerializer {
  /// The text of `lines` with SGR sequences, each line followed by a newline.
  package static func serialize(_ lines: [StyledLine]) -> String {
    var out = ""
    out.reserveCapacity(lines.count * 60)
    for line in lines {
      var active = Style.plain
      var link: String?
      for run in line.runs {
        if run.link != link {
          if link != nil { out += Hyperlink.close }
          // Checked again here: whoever made the run, nothing but an allowed URL is sent.
          if let target = run.link.flatMap(Hyperlink.target(for:)) { out += Hyperlink.open(target) }
          link = run.link
        }
        if run.style != active {
          out += run.style == .plain ? "\u{1B}[0m" : sgr(run.style)
          active = run.style
        }
        out += Sanitizer.sanitize(run.text)
      }
      if link != nil { out += Hyperlink.close }
      if active != .plain { out += "\u{1B}[0m" }
      out += "\n"
    }
    return out
  }

  /// The SGR sequence that sets exactly `style` (starting with a reset).
  package static func sgr(_ style: Style) -> String {
    var codes: [String] = ["0"]
    let a = style.attributes
    if a.contains(.bold) { codes.append("1") }
    if a.contains(.dim) { codes.append("2") }
    if a.contains(.italic) { codes.append("3") }
    if a.contains(.underline) { codes.append("4") }
    if a.contains(.reverse) { codes.append("7") }
    if a.contains(.strikethrough) { codes.append("9") }
    codes += colorCodes(style.foreground, base: 30, brightBase: 90, extended: 38)
    codes += colorCodes(style.background, base: 40, brightBase: 100, extended: 48)
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  // MARK: - Helpers

  private static func colorCodes(_ color: TerminalColor, base: Int, brightBase: Int, extended: Int)
    -> [String]
  {
    switch color {
    case .default: return []
    case .named(let n) where n < 8: return [String(base + Int(n))]
    case .named(let n) where n < 16: return [String(brightBase + Int(n) - 8)]
    case .named(let n), .indexed(let n): return [String(extended), "5", String(n)]
    }
  }
}
