// libFuzzer target: Markdown parsing, terminal rendering and the serialisers.
//
// Built by scripts/fuzz from Sources/MarkdownSyntax and Sources/TerminalRendering. Any
// input must parse and render without trapping (bounds, overflow, recursion), and:
// - every styled line at every width holds no newline and is at most that many cells wide
//   (TerminalMarkdown's documented guarantee);
// - the plain output holds no terminal control (C0 but newline and tab, DEL, C1, bidi
//   controls), whatever bytes the input held, entities included;
// - the ANSI output holds no escape sequence but SGR (`ESC [ params m`);
// - `render --format plain`, which serialises the lines in batches, gives the whole's bytes;
// - the HTML, sanitised as `render --format html` writes it, holds no terminal control;
// - a Canvas the text is put into holds no control in any cell.

import MarkdownSyntax
import TerminalRendering

let widths = [2, 3, 7, 20, 80]
let themes: [Theme] = [.dark, .light, .monochrome]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let document = MarkdownParser.parse(bytes: bytes)
  for block in document.blocks {
    check(block.startLine <= block.endLine, "bad line range \(block.startLine)...\(block.endLine)")
  }
  for (i, width) in widths.enumerated() {
    let lines = TerminalMarkdown.render(document, options: RenderOptions(width: width, theme: themes[i % 3]))
    for line in lines {
      check(!line.text.contains("\n"), "a styled line holds a newline")
      check(
        line.width <= width,
        "a line is \(line.width) cells wide at width \(width): \(line.text.debugDescription)")
    }
    checkNoControls(PlainSerializer.serialize(lines), "plain output at width \(width)")
    let options = RenderOptions(width: width, theme: themes[i % 3])
    var streamed: [UInt8] = []
    TerminalMarkdown.render(document, options: options, linesAtATime: 3) {
      streamed += PlainSerializer.serializeUTF8($0)
    }
    check(
      streamed == PlainSerializer.serializeUTF8(lines),
      "the plain text written batch by batch differs from the whole at width \(width)")
    checkOnlySGR(ANSISerializer.serialize(lines), "ANSI output at width \(width)")
  }
  checkNoControls(
    Sanitizer.sanitize(HTMLRenderer.render(document, tagFilter: true), expandingTabs: false), "HTML output")
  var canvas = Canvas(width: 40, height: 8)
  canvas.put(String(decoding: bytes, as: UTF8.self), row: 0, column: 0)
  for row in 0..<canvas.height {
    for column in 0..<canvas.width {
      checkNoControls(String(canvas[row, column].grapheme), "canvas cell")
    }
  }
  return 0
}

/// True for a scalar a terminal acts on: C0 but newline and tab, DEL, C1, bidi controls.
func isControl(_ s: Unicode.Scalar) -> Bool {
  let v = s.value
  if v == 0x0A || v == 0x09 { return false }
  return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
    || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
}

func checkNoControls(_ text: String, _ what: String) {
  for s in text.unicodeScalars where isControl(s) {
    check(false, "\(what) holds control U+\(String(s.value, radix: 16, uppercase: true))")
  }
}

func checkOnlySGR(_ text: String, _ what: String) {
  let scalars = Array(text.unicodeScalars)
  var i = 0
  while i < scalars.count {
    if scalars[i] == "\u{1B}" {
      var j = i + 1
      check(j < scalars.count && scalars[j] == "[", "\(what): ESC not followed by [")
      j += 1
      while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == ";" { j += 1 }
      check(j < scalars.count && scalars[j] == "m", "\(what): an escape sequence that is not SGR")
      i = j + 1
      continue
    }
    check(!isControl(scalars[i]), "\(what) holds control U+\(String(scalars[i].value, radix: 16))")
    i += 1
  }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz markdown: \(message())") }
}
