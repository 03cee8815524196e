import MarkdownSyntax
import NotesTools
import Testing

/// Inputs that make naive Markdown parsers quadratic or blow the stack (after cmark's
/// `test/pathological_tests.py`), each built at n and at 4n repetitions (n = 10,000). Both parse
/// without overflowing the stack and render HTML, and neither the parsers' work nor the HTML
/// grows faster than the input: four times the input costs about four times the work, where a
/// quadratic step would cost sixteen. The work is `MarkdownParser.parseCountingSteps`'s count
/// of loop turns, not a time: a timed assertion fails under load and under the sanitizers
/// (speed is measured by `scripts/bench`).
@Suite struct PathologicalInputTests {
  static let n = 10_000

  /// The most HTML one input byte may turn into: an escaped character (`&quot;` is 6) or a
  /// nesting marker that opens and closes an element (`- ` gives `<ul>\n<li>`…`</li>\n</ul>\n`).
  static let bytesPerInputByte = 12

  static func rep(_ s: String, _ k: Int) -> String { String(repeating: s, count: k) }

  /// The cases cmark builds from a fixed number of lines grow with n too: n / 150 lines of up
  /// to that many characters.
  static func lines(_ n: Int) -> Int { max(1, n / 150) }

  /// Each case: its name and its input at n repetitions.
  static let cases: [(name: String, input: @Sendable (Int) -> String)] = [
    ("nested block quotes", { rep("> ", $0) + "a\n" }),
    ("nested block quotes, one per line", { n in (0..<lines(n)).map { rep(">", $0) + " a\n" }.joined() }),
    ("nested bullet lists", { rep("- ", $0) + "a\n" }),
    ("nested ordered lists", { rep("1. ", $0) + "a\n" }),
    ("nested lists, one per line", { n in (0..<lines(n)).map { rep("  ", $0) + "* a\n" }.joined() }),
    ("unmatched *", { rep("*a ", $0) }),
    ("unmatched _", { rep("_a ", $0) }),
    ("emphasis closers without openers", { rep("a_ ", $0) }),
    ("mismatched openers and closers", { rep("*a_ ", $0) }),
    ("openers and closers multiple of 3", { "a**b" + rep("c* ", $0) }),
    ("nested strong emphasis", { rep("*a **a ", $0 / 2) + "b" + rep(" a** a*", $0 / 2) }),
    ("unmatched [", { rep("[a", $0) }),
    ("unmatched ]", { rep("a]", $0) }),
    ("nested brackets", { rep("[", $0) + "a" + rep("]", $0) }),
    ("nested images", { rep("![", $0) + "a" + rep("]", $0) }),
    ("link openers and emphasis closers", { rep("[ a_", $0) }),
    ("[ (]( runs", { rep("[ (](", $0) }),
    ("unclosed links A", { rep("[a](<b", $0) }),
    ("unclosed links B", { rep("[a](b", $0) }),
    ("unclosed link titles", { rep("[a](b \"c", $0) }),
    ("backtick runs", { n in (1...lines(n)).map { "e" + rep("`", $0) }.joined() }),
    ("unmatched backticks", { rep("`a ", $0) }),
    (
      "n / 5 definitions and n references",
      { n in (0..<(n / 5)).map { "[\($0)]: /url\n" }.joined() + rep("[0] ", n) }
    ),
    ("unclosed comments", { rep("<!-- ", $0) }),
    ("unclosed processing instructions", { rep("<? ", $0) }),
    ("unclosed declarations", { rep("<!A ", $0) }),
    ("unclosed CDATA", { rep("<![CDATA[ ", $0) }),
    ("unclosed tags", { rep("<a href=\"", $0) }),
    ("thematic break look-alikes", { rep("- ", $0) + "x\n" }),
    ("U+0000", { rep("a\u{0}b ", $0) }),
    (
      "a table of n / 5 columns",
      { n in "|" + rep("a|", n / 5) + "\n|" + rep("-|", n / 5) + "\n|" + rep("b|", n / 5) + "\n" }
    ),
    ("strikethrough runs", { rep("~a ", $0) }),
    ("www autolink look-alikes", { rep("www.a ", $0) }),
    ("email look-alikes", { rep("a@", $0) }),
  ]

  @Test(arguments: 0..<cases.count)
  func workGrowsNoFasterThanTheInput(_ index: Int) {
    let (name, build) = Self.cases[index]
    var sizes: [(input: Int, steps: Int, output: Int)] = []
    for n in [Self.n, 4 * Self.n] {
      let input = build(n)
      let (document, steps) = MarkdownParser.parseCountingSteps(input)
      let html = HTMLRenderer.render(document)
      #expect(!html.isEmpty, "\(name) at \(n): no output")
      sizes.append((input.utf8.count, steps, html.utf8.count))
    }
    let (small, large) = (sizes[0], sizes[1])
    #expect(large.input >= 4 * small.input - 64, "\(name): the input did not grow fourfold")
    print("pathological \(name): \(small) at n, \(large) at 4n")
    // Linear: the work grows with the input (with room for a constant part), and a bounded
    // number of output bytes per input byte, at n as at 4n.
    let growth = Double(large.input) / Double(small.input)
    let work = Double(large.steps) / Double(max(1, small.steps))
    #expect(work <= 1.25 * growth, "\(name): \(work)x the work for \(growth)x the input")
    for size in sizes {
      #expect(size.output <= Self.bytesPerInputByte * size.input + 1_024, "\(name): \(size)")
    }
  }
}
