import MarkdownSyntax

/// Styled text as one buffer of UTF-8 bytes with style runs over it, split into segments
/// (the pieces between hard line breaks).
///
/// The inline flattener writes a paragraph's text here and the wrapper reads it from here,
/// so a paragraph costs one byte buffer rather than a `String` per text node, per run and per
/// wrapped range. Adjacent text in one style within a segment is one run (as
/// ``StyledLine/append(_:style:)`` merges it). The buffers keep their storage between
/// paragraphs (``removeAll()``).
struct FlatText: ~Copyable {
  /// Bytes `start..<end` of ``bytes``, in `style`, linking to ``links``[`link`] (-1: no link).
  struct Run {
    var start: Int
    var end: Int
    var style: Style
    var link: Int32 = -1
  }

  var bytes = RawBytes()
  var runs: [Run] = []
  /// The URLs runs link to (``Hyperlink/target(for:)``'s), by index.
  var links: [String] = []
  /// For each segment, the index in ``runs`` one past its last run.
  var segmentEnds: [Int] = []
  /// The first run of the segment being written.
  private var segmentStart = 0

  /// The runs of segment `index`.
  func segment(_ index: Int) -> Range<Int> {
    (index == 0 ? 0 : segmentEnds[index - 1])..<segmentEnds[index]
  }

  /// Empties the text, keeping the storage.
  mutating func removeAll() {
    bytes.removeAll()
    runs.removeAll(keepingCapacity: true)
    if !links.isEmpty { links.removeAll(keepingCapacity: true) }
    segmentEnds.removeAll(keepingCapacity: true)
    segmentStart = 0
  }

  /// Ends the current segment and starts the next (a hard break).
  mutating func endSegment() {
    segmentEnds.append(runs.count)
    segmentStart = runs.count
  }

  /// Appends `text` in `style`, merging it into the last run of the segment when the style
  /// (and link) is the same; `link` is an index in ``links`` (-1: none).
  mutating func append(_ text: String, _ style: Style, link: Int32 = -1) {
    let start = bytes.count
    bytes.append(utf8: text)
    extendRun(from: start, style, link: link)
  }

  /// The index in ``links`` of `url`, added when it is not the last one there.
  mutating func link(_ url: String) -> Int32 {
    if links.last != url { links.append(url) }
    return Int32(links.count - 1)
  }

  /// Appends one ASCII byte in `style` (see ``append(_:_:)``).
  mutating func append(ascii: UInt8, _ style: Style, link: Int32 = -1) {
    bytes.append(ascii)
    extendRun(from: bytes.count - 1, style, link: link)
  }

  /// Appends `[n]` in `style`.
  mutating func appendReference(_ n: Int, _ style: Style) {
    let start = bytes.count
    bytes.append(UInt8(ascii: "["))
    bytes.append(decimal: n)
    bytes.append(UInt8(ascii: "]"))
    extendRun(from: start, style)
  }

  /// Ends the last segment and sanitises each run (after one scan finds anything to do, which
  /// is rare): runs are sanitised as whole strings, so tabs expand from the run's start.
  mutating func finish() {
    segmentEnds.append(runs.count)
    let clean = bytes.withBytes { !Sanitizer.needsSanitizing(utf8: $0) }
    if clean { return }
    var out = RawBytes(capacity: bytes.count + 16)
    for r in runs.indices {
      let start = out.count
      out.append(utf8: Sanitizer.sanitize(string(runs[r].start, runs[r].end)))
      runs[r].start = start
      runs[r].end = out.count
    }
    bytes = out
  }

  /// The runs `range` as a ``StyledLine``.
  func line(_ range: Range<Int>) -> StyledLine {
    var line = StyledLine()
    line.runs.reserveCapacity(range.count)
    for r in range {
      line.runs.append(
        StyledRun(string(runs[r].start, runs[r].end), style: runs[r].style, link: url(of: runs[r])))
    }
    return line
  }

  /// Bytes `start..<end` as a string (they are whole UTF-8 sequences).
  func string(_ start: Int, _ end: Int) -> String {
    bytes.withBytes {
      String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
    }
  }

  /// The URL `run` links to, or nil.
  func url(of run: Run) -> String? {
    run.link < 0 ? nil : links[Int(run.link)]
  }

  // MARK: - Helpers

  /// Makes bytes `start...` (just appended) part of the last run, or a new run.
  private mutating func extendRun(from start: Int, _ style: Style, link: Int32 = -1) {
    let end = bytes.count
    guard end > start else { return }
    if runs.count > segmentStart, runs[runs.count - 1].style == style, runs[runs.count - 1].link == link {
      runs[runs.count - 1].end = end
    } else {
      runs.append(Run(start: start, end: end, style: style, link: link))
    }
  }
}
