import TestSupport
import Testing

@testable import MarkdownSyntax
@testable import NotesTools

/// The word-wide search against its definition, `firstIndex(where:)`: every byte value at every
/// position of one to three words and a tail, among bytes that match neither (including bytes
/// one above a match, which a borrow could mark) and before a later match, from several starts.
@Suite struct WordSearchTests {
  @Test func findsWhatFirstIndexFinds() {
    var mismatches: [String] = []
    for (a, b): (UInt8, UInt8) in [(10, 13), (0, 0), (64, 64)] {
      for filler: UInt8 in [0x61, 0xC3, 0x80, 0xFF, a &+ 1, b &+ 1, a ^ 0x80] {
        for length in [0, 5, 8, 11, 16, 24] {
          for position in 0..<max(length, 1) {
            for value in 0...255 {
              var bytes = [UInt8](repeating: filler, count: length)
              if position < length { bytes[position] = UInt8(value) }
              if position + 9 < length { bytes[position + 9] = a }
              for start in [0, 1, 3, 8] where start <= length {
                let found = bytes.withUnsafeBufferPointer {
                  Scan.firstIndex(of: a, or: b, in: $0, from: start)
                }
                let expected = bytes[start...].firstIndex { $0 == a || $0 == b }
                if found != expected { mismatches.append("\(a) \(b) \(bytes) from \(start)") }
              }
            }
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test func containsIsFirstIndexOfOneByte() {
    let bytes = Array("an address: someone@example.com".utf8)
    bytes.withUnsafeBufferPointer { b in
      #expect(Scan.contains(ASCII.at, in: b))
      #expect(!Scan.contains(0, in: b))
      #expect(!Scan.contains(0, in: UnsafeBufferPointer(rebasing: b[0..<0])))
    }
  }
}

/// Where the block parser ends a line: at the first `\n` or `\r`, else at the end.
@Suite struct LineEndTests {
  @Test func lineEnds() {
    for length in 0..<24 {
      for at in 0...length {
        for ending: UInt8 in [10, 13] {
          var bytes = [UInt8](repeating: 0x0B, count: length)
          if at < length { bytes[at] = ending }
          if at + 3 < length { bytes[at + 3] = 10 }
          let end = bytes.withUnsafeBufferPointer { BlockParser.lineEnd($0, from: 0, length) }
          #expect(end == at)
        }
      }
    }
  }
}

/// The byte classes the scanners test, against the sets they stand for.
@Suite struct ByteTableTests {
  static func members(_ test: (UInt8) -> Bool) -> Set<UInt8> {
    Set((0...255).map(UInt8.init).filter(test))
  }

  @Test func tables() {
    #expect(Self.members { InlineParser.isSpecial($0, gfm: true) } == Set("\n\r`\\&<*_[]!~:w".utf8))
    #expect(Self.members { InlineParser.isSpecial($0, gfm: false) } == Set("\n\r`\\&<*_[]!".utf8))
    let href = Set("-_.+!*(),%#@?=;:/$~0123456789".utf8)
      .union(UInt8(ascii: "a")...UInt8(ascii: "z")).union(UInt8(ascii: "A")...UInt8(ascii: "Z"))
    #expect(Self.members(HTMLWriter.isHrefSafe) == href)
  }
}

@Suite struct RawBytesTests {
  @Test(arguments: [0, 7, 10, 99, 100, -1, -10, 1_000_000_007, Int.max, Int.min])
  func decimalsAsStringWritesThem(_ value: Int) {
    var bytes = RawBytes(capacity: 4)
    bytes.append(decimal: value)
    #expect(bytes.withBytes { Array($0) } == Array(String(value).utf8))
  }
}

/// Where bytes stop being well-formed UTF-8 (for lint's and the catalog's line numbers).
@Suite struct UTF8ValidationTests {
  /// RFC 3629's rules, each at a known offset: overlong forms, surrogates, values past
  /// U+10FFFF, bytes that never occur, a stray continuation byte and a truncated sequence.
  @Test(
    arguments: [
      ([0x61, 0xC3, 0xA9, 0xF0, 0x9F, 0x8D, 0x84, 0xF4, 0x8F, 0xBF, 0xBF], nil),
      ([0x61, 0xC0, 0x80], 1), ([0xC1, 0xBF], 0), ([0x61, 0x62, 0xE0, 0x9F, 0xBF], 2),
      ([0xF0, 0x8F, 0xBF, 0xBF], 0), ([0xED, 0x9F, 0xBF, 0xED, 0xA0, 0x80], 3),
      ([0xF4, 0x90, 0x80, 0x80], 0),
      ([0xF5, 0x80, 0x80, 0x80], 0), ([0x41, 0xFF], 1), ([0xC3, 0xA9, 0x80], 2), ([0x41, 0xE2, 0x82], 1),
      ([0x41, 0xE2, 0x82, 0x41], 1), ([0x00, 0x0A, 0xF0, 0x9F, 0x8D], 2),
    ] as [([UInt8], Int?)])
  func findsTheFirstIllFormedSequence(_ bytes: [UInt8], _ offset: Int?) {
    #expect(UTF8Validation.firstInvalidOffset(bytes) == offset)
  }

  /// On random mixes of valid, overlong, surrogate, truncated and stray bytes: the bytes before
  /// the offset are well-formed and the whole is well-formed exactly when there is none, as
  /// the standard library's `String(validating:as:)` says; the line counts the newlines before.
  @Test func agreesWithTheStandardLibrary() {
    let pieces: [[UInt8]] = [
      [0x61], [0x0A], [0], [0xC3, 0xA9], [0xC0, 0x80], [0xC1, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xE2, 0x82], [0xF0, 0x9F, 0x8D, 0x84], [0x80],
      [0xFF], [0xF5, 0x80, 0x80, 0x80], [0xE0, 0x9F, 0xBF], Array("plain ascii text".utf8),
    ]
    var random = SeededRandom(seed: 0x5EED)
    for _ in 0..<3_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        bytes += pieces.randomElement(using: &random) ?? []
      }
      let invalidAt = UTF8Validation.firstInvalidOffset(bytes)
      let valid = String(validating: bytes, as: UTF8.self) != nil
      #expect((invalidAt == nil) == valid, "\(bytes)")
      let prefix = bytes[..<(invalidAt ?? bytes.count)]
      #expect(String(validating: prefix, as: UTF8.self) != nil, "\(bytes)")
      let line = UTF8Validation.firstInvalidLine(bytes)
      #expect(line == invalidAt.map { _ in prefix.filter { $0 == 0x0A }.count + 1 }, "\(bytes)")
    }
  }
}
