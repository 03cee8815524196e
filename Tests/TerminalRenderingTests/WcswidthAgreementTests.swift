import Foundation
import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

/// Terminals and tmux lay text out by code point, as `wcswidth` measures it; Python's `wcwidth`
/// as Debian packages it (python3-wcwidth, run by /usr/bin/python3, not a `python3` that may
/// carry a newer `wcwidth` of its own) is the reference. These strings are where a
/// grapheme-based width can disagree: Indic conjuncts and vowel signs, a lone regional
/// indicator, a lone skin-tone modifier.
@Suite struct WcswidthAgreementTests {
  static let samples = [
    "स्ते", "नमस्ते", "क्षि", "हिन्दी में नोट्स", "स्त्री", "தமிழ் குறிப்புகள்", "க்ஷி", "ক্ষমা", "ਪੰਜਾਬੀ", "ગુજરાતી",
    "తెలుగు", "ಕನ್ನಡ", "മലയാളം", "ക്ക", "සිංහල", "ภาษาไทย กำลัง", "🇦", "🇿", "a🇯b", "🏻", "🏿", "x🏽y",
    "🇯🇵🇫🇷", "日本語", "한국어", "café", "cafe\u{301}", "Jot 2.1",
  ]

  static let python = URL(fileURLWithPath: "/usr/bin/python3")

  static let hasWcwidth: Bool = {
    guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
    let result = try? Run.process(python, ["-c", "import wcwidth"])
    return result?.status == 0
  }()

  /// `wcswidth` of each line of `lines`, from Python.
  static func wcswidth(_ lines: [String]) throws -> [Int] {
    let script =
      "import sys, wcwidth\nfor line in sys.stdin.read().split('\\n'):\n    print(wcwidth.wcswidth(line))\n"
    let result = try Run.process(python, ["-c", script], stdin: Data(lines.joined(separator: "\n").utf8))
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").compactMap { Int($0) }
  }

  @Test(
    .requires(
      hasWcwidth, "needs /usr/bin/python3 with wcwidth (scripts/setup --tests installs python3-wcwidth)"))
  func cellWidthAndTheOracleAgreeWithWcswidth() throws {
    let reference = try Self.wcswidth(Self.samples)
    #expect(reference.count == Self.samples.count)
    for (sample, expected) in zip(Self.samples, reference) {
      #expect(CellWidth.of(sample) == expected, "CellWidth of \(sample.debugDescription)")
      #expect(IndependentWidth.of(sample) == expected, "IndependentWidth of \(sample.debugDescription)")
    }
  }

  static let indicNotes = """
    # हिन्दी नोट्स

    नमस्ते! अब नोट्स गिट के साथ सिंक होते हैं, और हर दिन का एक नया नोट स्वतः बनता है। स्त्री, क्षमा, \
    त्रुटि और ज्ञान जैसे संयुक्ताक्षर भी सही चौड़ाई में दिखते हैं।

    - தமிழ் குறிப்புகள் இப்போது ஒத்திசைக்கப்படுகின்றன 🇯 🏽
    - ภาษาไทย กำลัง ทำงาน ได้ดี

    """

  @Test(
    .requires(
      hasWcwidth, "needs /usr/bin/python3 with wcwidth (scripts/setup --tests installs python3-wcwidth)"),
    arguments: [20, 40, 80])
  func indicTextFitsTheWidthAsWcswidthMeasuresIt(width: Int) throws {
    let output = PlainSerializer.serialize(
      TerminalMarkdown.render(MarkdownParser.parse(Self.indicNotes), options: RenderOptions(width: width)))
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let measured = try Self.wcswidth(lines)
    #expect(measured.count == lines.count)
    for (line, cells) in zip(lines, measured) {
      #expect(cells <= width, "\(cells) cells by wcswidth at width \(width): \(line)")
      #expect(IndependentWidth.of(line) == cells, "oracle and wcswidth differ on: \(line)")
    }
  }

  @Test func lineAndParagraphSeparatorsNeverReachTheTerminal() {
    let document = MarkdownParser.parse("One\u{2028}two\u{2029}three &#x2028;\n")
    let plain = PlainSerializer.serialize(
      TerminalMarkdown.render(document, options: RenderOptions(width: 40)))
    for output in [plain, Sanitizer.sanitize("a\u{2028}b\u{2029}")] {
      #expect(
        !output.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 },
        "\(output.debugDescription)")
    }
    #expect(Sanitizer.sanitize("a\u{2028}b\u{2029}") == "a\u{FFFD}b\u{FFFD}")
    var canvas = Canvas(width: 10, height: 1)
    canvas.put("x\u{2028}y", row: 0, column: 0)
    #expect(canvas.textDump() == "x\u{FFFD}y")
  }
}
