import MarkdownSyntax
import Testing

@testable import TerminalRendering

@Suite struct SanitizerTests {
  @Test func controlsBecomeVisiblePictures() {
    #expect(Sanitizer.sanitize("a\u{1B}[31mb") == "a␛[31mb")
    #expect(Sanitizer.sanitize("\u{0}\u{7}\u{7F}") == "␀␇␡")
    #expect(Sanitizer.sanitize("x\u{9B}y\u{85}") == "x\u{FFFD}y\u{FFFD}")
    #expect(Sanitizer.sanitize("\u{202E}evil\u{2066}\u{200F}") == "\u{FFFD}evil\u{FFFD}\u{FFFD}")
    #expect(Sanitizer.sanitize("line\nnext") == "line\nnext")
  }

  /// The bytes form (`render --format plain` and `--format html` write bytes) changes exactly
  /// what the `String` form changes, tabs and format characters by the same flag, and gives
  /// clean text back as it came.
  @Test func bytesAreSanitizedAsTheirString() {
    let texts = [
      "plain text\n", "a\u{1B}[31mb\tc\u{7F}\n", "x\u{9B}y\u{202E}z", "a\u{200B}b\u{FEFF}\tc",
      "→ é 👨\u{200D}💻\n", "",
    ]
    for text in texts {
      for expandingTabs in [true, false] {
        let bytes = Sanitizer.sanitize(utf8: Array(text.utf8), expandingTabs: expandingTabs)
        #expect(bytes == Array(Sanitizer.sanitize(text, expandingTabs: expandingTabs).utf8), "\(text)")
      }
    }
    #expect(Sanitizer.sanitize(utf8: Array("a\tb".utf8), expandingTabs: false) == Array("a\tb".utf8))
    #expect(Sanitizer.sanitize(utf8: Array("a\tb".utf8)) == Array("a   b".utf8))
  }

  /// Invisible format characters (zero-width space, word joiner, byte order mark, tag
  /// characters outside an emoji tag sequence, a joiner between nothing it joins) draw nothing
  /// and are dropped from terminal output; joined emoji and tag flags stay whole. Output that is
  /// data, not a terminal's (`expandingTabs: false`, HTML), keeps them.
  @Test func invisibleFormatCharactersAreDroppedOutsideACluster() {
    #expect(Sanitizer.needsSanitizing("a\u{200B}b"))
    #expect(Sanitizer.needsSanitizing("\u{FEFF}x"))
    #expect(Sanitizer.needsSanitizing("x\u{E0041}"))
    #expect(Sanitizer.sanitize("a\u{200B}b\u{FEFF}c\u{2060}d") == "abcd")
    #expect(Sanitizer.sanitize("tag\u{E0041}\u{E007F}s") == "tags")
    #expect(Sanitizer.sanitize("\u{200D}joined\u{200D} \u{200D}") == "joined ")
    let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
    #expect(Sanitizer.sanitize("flag " + england + ".") == "flag " + england + ".")
    #expect(Sanitizer.sanitize("\u{1F468}\u{200D}\u{1F4BB} at work") == "\u{1F468}\u{200D}\u{1F4BB} at work")
    #expect(Sanitizer.sanitize("a\u{200B}b", expandingTabs: false) == "a\u{200B}b")
  }

  /// Plain and ANSI output hold none of them either.
  @Test func renderedTextHoldsNoInvisibleFormatCharacters() {
    let document = MarkdownParser.parse("Zero\u{200B}width\u{FEFF} *word\u{2060}joiner* tag\u{E0041}\n")
    let lines = TerminalMarkdown.render(document, options: RenderOptions(width: 60))
    for output in [PlainSerializer.serialize(lines), ANSISerializer.serialize(lines)] {
      for invisible: Unicode.Scalar in ["\u{200B}", "\u{FEFF}", "\u{2060}", "\u{E0041}"] {
        #expect(!output.unicodeScalars.contains(invisible), "\(output.debugDescription)")
      }
      #expect(output.contains("Zerowidth"))
    }
  }

  @Test func tabsExpandToStopsOfFour() {
    #expect(Sanitizer.sanitize("\tx") == "    x")
    #expect(Sanitizer.sanitize("ab\tc") == "ab  c")
    #expect(Sanitizer.sanitize("abcd\te\nx\ty") == "abcd    e\nx   y")
    #expect(Sanitizer.sanitize("日\tx") == "日  x")
  }

  @Test func cleanTextIsUnchanged() {
    let text = "Plain text, 中文, emoji 👍, accents é, arrows ↩ and bars │."
    #expect(!Sanitizer.needsSanitizing(text))
    #expect(Sanitizer.sanitize(text) == text)
  }

  @Test func everyControlScalarIsCaught() {
    var controls: [Unicode.Scalar] = []
    for v in UInt32(0)...0x9F where v != 0x0A && v != 0x09 && (v < 0x20 || v >= 0x7F) {
      if let s = Unicode.Scalar(v) { controls.append(s) }
    }
    for v: UInt32 in [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
    {
      if let s = Unicode.Scalar(v) { controls.append(s) }
    }
    for s in controls {
      let text = "a" + String(s) + "b"
      #expect(Sanitizer.needsSanitizing(text), "U+\(String(s.value, radix: 16))")
      let out = Sanitizer.sanitize(text)
      #expect(!out.unicodeScalars.contains(s), "U+\(String(s.value, radix: 16)) survived")
    }
  }

  @Test func controlsAreFoundAtEveryOffsetOfALongString() {
    for control in ["\u{1B}", "\u{0}", "\u{1F}", "\u{7F}", "\u{9B}", "\u{202E}", "\u{2069}"] {
      for offset in 0..<24 {
        let text = String(repeating: "x", count: offset) + control + String(repeating: "y", count: 17)
        #expect(Sanitizer.needsSanitizing(text), "offset \(offset)")
        #expect(!Sanitizer.sanitize(text).contains(control))
      }
    }
    #expect(!Sanitizer.needsSanitizing(String(repeating: "~ printable ascii } ", count: 10)))
  }

  /// The scan skips newlines and box-drawing characters in bulk: a control right after them,
  /// at any offset, is still found, and text of only those is clean.
  @Test func controlsAfterNewlinesAndRulesAreFound() {
    let controls = [
      "\u{1B}", "\u{0}", "\u{9}", "\u{B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{61C}",
      "\u{200E}", "\u{202A}", "\u{2066}",
    ]
    for filler in ["\n", "a\n", "─", "═\n", "•x", "é"] {
      for offset in 0..<20 {
        let head = String(repeating: filler, count: offset)
        #expect(!Sanitizer.needsSanitizing(head + String(repeating: "y\n", count: 9)), "\(filler) \(offset)")
        for control in controls {
          let text = head + control + String(repeating: "─\n", count: 9)
          #expect(
            Sanitizer.needsSanitizing(text),
            "\(filler) × \(offset), then U+\(control.unicodeScalars.map { String($0.value, radix: 16) })")
        }
      }
    }
  }
}
