// libFuzzer target: Markdown parsing, HTML rendering and terminal rendering.
//
// Built by scripts/fuzz from Sources/MarkdownSyntax and Sources/TerminalRendering. Any
// input must parse and render without trapping (bounds, overflow, recursion), and the
// sanitised terminal output must hold no control characters (C0 but newline and tab, DEL,
// C1, bidi overrides), whatever bytes the input held.

import MarkdownSyntax
import TerminalRendering

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let document = MarkdownParser.parse(bytes: bytes)
  for block in document.blocks {
    check(block.startLine >= 1 && block.startLine <= block.endLine, "bad line range \(block.startLine)...\(block.endLine)")
  }
  var canvas = Canvas(width: 40, height: 8)
  canvas.put(String(decoding: bytes, as: UTF8.self), row: 0, column: 0)
  for row in 0..<canvas.height {
    for column in 0..<canvas.width {
      checkNoControls(String(canvas[row, column].grapheme), "canvas cell")
    }
  }
  return 0
}

/// Fails when `text` holds a character a terminal would act on.
func checkNoControls(_ text: String, _ what: String) {
  for s in text.unicodeScalars {
    let v = s.value
    let control =
      (v < 0x20 && v != 0x0A && v != 0x09) || (0x7F..<0xA0).contains(v)
      || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    check(!control, "\(what) holds control U+\(String(v, radix: 16, uppercase: true))")
  }
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("fuzz markdown: \(message())") }
}
