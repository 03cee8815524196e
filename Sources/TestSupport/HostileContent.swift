import Foundation

/// A corpus of hostile Markdown documents: every terminal control that could change a
/// terminal's title, clipboard, cursor or screen, the entity spellings of those controls,
/// bidi overrides, NUL, invalid UTF-8 and pathological nesting. Used by the in-process
/// rendering tests and the end-to-end `render`/`notes`/TUI tests alike.
///
/// Every document contains the marker ``marker`` right after a control, so a test can
/// tell where the text landed on a screen.
package enum HostileContent {
  /// The text placed after hostile controls; it must show up as ordinary text.
  package static let marker = "PWNED"
  /// The title an OSC 0/2 sequence in the corpus tries to set.
  package static let hostileTitle = "PWNED-TITLE"
  /// What an OSC 52 sequence in the corpus tries to put on the clipboard (base64 of it is
  /// in the documents).
  package static let hostileClipboard = "PWNED-CLIPBOARD"

  /// One hostile document.
  package struct Document: Sendable {
    package var name: String
    package var bytes: [UInt8]
  }

  /// The small documents (each well under 1 MB), by name.
  package static var documents: [Document] {
    var docs: [Document] = []
    func add(_ name: String, _ text: String) { docs.append(Document(name: name, bytes: Array(text.utf8))) }
    func addBytes(_ name: String, _ bytes: [UInt8]) { docs.append(Document(name: name, bytes: bytes)) }

    // Every C0 control (but newline), DEL, and every C1 control, raw, in every kind of block.
    var c0 = ""
    for v in Array(0x00...0x1F) + [0x7F] where v != 0x0A {
      guard let s = Unicode.Scalar(v) else { continue }
      c0 += placed(String(Character(s)) + marker, label: "U+\(hex(v))")
    }
    add("c0-controls.md", c0)
    var c1 = ""
    for v in 0x80...0x9F {
      guard let s = Unicode.Scalar(v) else { continue }
      c1 += placed(String(Character(s)) + marker, label: "U+\(hex(v))")
    }
    add("c1-controls.md", c1)
    // The same C1 controls as single raw bytes (invalid UTF-8 on their own).
    var rawC1: [UInt8] = []
    for b in UInt8(0x80)...UInt8(0x9F) { rawC1 += Array("raw ".utf8) + [b] + Array("\(marker)\n\n".utf8) }
    addBytes("c1-raw-bytes.md", rawC1)

    let esc = "\u{1B}"
    let bel = "\u{07}"
    let st = esc + "\\"
    let clip = Data(hostileClipboard.utf8).base64EncodedString()
    add(
      "osc-title.md",
      placed(esc + "]0;\(hostileTitle)" + bel + marker, label: "OSC 0")
        + placed(esc + "]2;\(hostileTitle)" + st + marker, label: "OSC 2")
        + placed("\u{9D}2;\(hostileTitle)\u{9C}" + marker, label: "8-bit OSC")
        + placed(esc + "]1;\(hostileTitle)" + bel + marker, label: "OSC 1"))
    add(
      "osc52-clipboard.md",
      placed(esc + "]52;c;\(clip)" + bel + marker, label: "OSC 52 c")
        + placed(esc + "]52;p;\(clip)" + st + marker, label: "OSC 52 p")
        + placed(esc + "]52;;\(clip)" + bel + marker, label: "OSC 52 default"))
    add(
      "osc8-hyperlink.md",
      placed(esc + "]8;;https://evil.example/" + st + marker + esc + "]8;;" + st, label: "OSC 8")
        + "[a link](https://example.com/\(esc)]8;;x\(bel)) and <https://example.com/\(esc)[2J>\n\n")
    add(
      "csi-cursor-and-clear.md",
      placed(esc + "[2J" + esc + "[H" + marker, label: "clear+home")
        + placed(esc + "[1;1H" + marker, label: "CUP")
        + placed(esc + "[10A" + esc + "[10D" + marker, label: "up/left")
        + placed(esc + "[s" + esc + "[5B" + marker + esc + "[u", label: "save/restore")
        + placed(esc + "7" + esc + "[999;999H" + marker + esc + "8", label: "DECSC")
        + placed(esc + "[?1049h" + marker + esc + "[?1049l", label: "alt screen")
        + placed(esc + "[?25l" + esc + "[3J" + esc + "[K" + marker, label: "hide cursor, erase")
        + placed(esc + "c" + marker, label: "RIS")
        + placed("\u{9B}2J\u{9B}H" + marker, label: "8-bit CSI")
        + placed(esc + "[6n" + esc + "[c" + esc + "[>0q" + marker, label: "queries"))
    add(
      "dcs-apc-pm.md",
      placed(esc + "P1$r0m" + st + marker, label: "DCS")
        + placed("\u{90}q#0;2;0;0;0\u{9C}" + marker, label: "8-bit DCS")
        + placed(esc + "_apc" + st + esc + "^pm" + st + esc + "Xsos" + st + marker, label: "APC/PM/SOS")
        + placed(
          esc + "Ptmux;" + esc + esc + "]2;\(hostileTitle)" + bel + st + marker, label: "tmux passthrough"))
    // Entities that decode to controls; CommonMark turns invalid/NUL ones into U+FFFD.
    let entities = [
      "&#27;", "&#x1b;", "&#X1B;", "&#x9b;", "&#155;", "&#x9d;", "&#157;", "&#7;", "&#0;", "&#x202E;",
      "&#8238;", "&#x2066;", "&#x200F;", "&#x7f;", "&#x85;",
    ]
    var ent = ""
    for e in entities {
      ent += placed(
        e + "]2;\(hostileTitle)" + e + "[2J" + marker, label: e.replacingOccurrences(of: "&", with: "amp "))
    }
    ent += "[link &#27;]2;x&#7;](https://example.com/ \"title &#27;[2J\")\n\n"
    ent += "[ref]\n\n[ref]: https://example.com/&#27; \"&#x9b;31m\"\n"
    add("entities.md", ent)
    var bidi = ""
    for v in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C]
    {
      guard let s = Unicode.Scalar(v) else { continue }
      bidi += placed("abc" + String(Character(s)) + marker, label: "U+\(hex(v))")
    }
    add("bidi-overrides.md", bidi)
    addBytes("nul.md", Array("# NUL\u{0}\(marker)\n\nbefore\u{0}after \u{0}\(marker)\n\n`\u{0}`\n".utf8))
    addBytes(
      "invalid-utf8.md",
      Array("# bad bytes ".utf8) + [0xFF, 0xFE] + Array(" \(marker)\n\n".utf8) + [
        0xC3, 0x28, 0x20, 0xE2, 0x82,
      ]
        + [
          0x20, 0xF0, 0x28, 0x8C, 0xBC, 0x20, 0xC0, 0xAF, 0x20, 0xED, 0xA0, 0x80, 0x20, 0xF4, 0x90, 0x80,
          0x80,
        ]
        + [0x1B, 0x5D, 0x32, 0x3B] + Array(hostileTitle.utf8) + [0x07] + Array(" \(marker)\n".utf8)
        + [0xE2, 0x80] + Array("\n".utf8))
    return docs
  }

  /// Pathological documents: 10,000-deep nesting of every container, long runs of
  /// delimiters, and single lines of `lineBytes` bytes (1 MB by default).
  package static func pathological(lineBytes: Int = 1_048_576) -> [Document] {
    let n = 10_000
    var docs: [Document] = []
    func add(_ name: String, _ text: String) { docs.append(Document(name: name, bytes: Array(text.utf8))) }
    add("nested-quotes.md", String(repeating: "> ", count: n) + marker + "\n")
    // Indented lines grow quadratically, so this form nests only 300 deep (90 KB).
    add(
      "nested-bullets-indented.md",
      (0..<300).map { String(repeating: " ", count: 2 * $0) + "- \(marker)" }.joined(separator: "\n"))
    add("nested-bullets-one-line.md", String(repeating: "- ", count: n) + marker + "\n")
    add("nested-ordered.md", String(repeating: "1. ", count: n) + marker + "\n")
    add("nested-quote-list.md", String(repeating: "> - ", count: n) + marker + "\n")
    add("brackets.md", String(repeating: "[", count: n) + marker + String(repeating: "](", count: n) + "\n")
    add(
      "emphasis.md", String(repeating: "*_", count: n) + marker + "\n" + String(repeating: "**a ", count: n))
    add("backticks.md", (1...200).map { String(repeating: "`", count: $0) + "a" }.joined(separator: " "))
    add("long-line-words.md", String(repeating: "word ", count: lineBytes / 5) + "\n")
    add("long-line-no-spaces.md", String(repeating: "x", count: lineBytes) + "\n")
    add("long-line-cjk.md", String(repeating: "漢", count: lineBytes / 3) + "\n")
    add(
      "long-line-escapes.md",
      String(repeating: "\u{1B}]2;\(hostileTitle)\u{07}\u{1B}[2J", count: lineBytes / 20) + marker + "\n")
    add(
      "wide-table.md",
      "|" + String(repeating: " a |", count: 2_000) + "\n|" + String(repeating: "---|", count: 2_000) + "\n")
    return docs
  }

  /// Writes a Markdown file of about `megabytes` MB to `url`: varied realistic notes with
  /// hostile controls sprinkled in, so the size test also exercises the sanitiser.
  package static func writeHuge(to url: URL, megabytes: Int) throws {
    let chunk = """
      ## Section \(marker)

      - Fixed a crash when \u{1B}]2;\(hostileTitle)\u{07} titles were long ([#12](https://example.com/12)).
      - **Faster** start-up: *twice* as fast with `--fast` &#27;[2J and ~~slow~~ paths.
        1. nested item with 中文字符 and emoji 🎉
      > A quote \u{9B}31m with a bidi \u{202E}override\u{202C}.

      | a | b |
      |---|---|
      | 1 | 2 |


      """
    let target = megabytes * 1_048_576
    let piece = Data(chunk.utf8)
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var block = Data()
    while block.count < 1_048_576 { block.append(piece) }
    var written = 0
    while written < target {
      try handle.write(contentsOf: block)
      written += block.count
    }
  }

  /// True when `scalar` is one a terminal acts on: C0 but newline and tab, DEL, C1, and the
  /// bidi controls.
  package static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    if v == 0x0A || v == 0x09 { return false }
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
  }

  /// The first terminal control in `text` (see ``isTerminalControl(_:)``), described, or nil.
  package static func firstControl(in text: String) -> String? {
    for (offset, s) in text.unicodeScalars.enumerated() where isTerminalControl(s) {
      return "U+\(hex(Int(s.value))) at scalar \(offset)"
    }
    return nil
  }

  /// The first terminal control in raw output bytes, or a note on invalid UTF-8, or nil.
  package static func firstControl(inBytes bytes: [UInt8]) -> String? {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return "output is not valid UTF-8"
    }
    return firstControl(in: text)
  }

  /// The first escape sequence in ANSI output that is not SGR (`ESC [ params m`), or nil.
  package static func firstNonSGR(in text: String) -> String? {
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
      let s = scalars[i]
      if s == "\u{1B}" {
        var j = i + 1
        guard j < scalars.count, scalars[j] == "[" else { return "ESC not followed by [ at scalar \(i)" }
        j += 1
        while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == ";" || scalars[j] == ":" {
          j += 1
        }
        guard j < scalars.count, scalars[j] == "m" else { return "non-SGR escape sequence at scalar \(i)" }
        i = j + 1
        continue
      }
      if isTerminalControl(s) { return "U+\(hex(Int(s.value))) at scalar \(i)" }
      i += 1
    }
    return nil
  }

  // MARK: - Helpers

  /// `payload` in a heading, a paragraph, emphasis, a code span, a fenced code block, a
  /// list item, a quote, a table cell, a link text and title.
  private static func placed(_ payload: String, label: String) -> String {
    """
    ## \(label) \(payload)

    Text \(payload) and *em \(payload)* and `code \(payload)`.

    ```
    fenced \(payload)
    ```

    - item \(payload)
      - nested \(payload)
    > quote \(payload)

    | head \(payload) | b |
    |---|---|
    | cell \(payload) | [link \(payload)](https://example.com/ "t \(payload)") |


    """
  }

  private static func hex(_ v: Int) -> String {
    let h = String(v, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - h.count)) + h
  }
}
