import MarkdownSyntax
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Inputs that make naive Markdown parsers quadratic or blow the stack (after cmark's
/// `test/pathological_tests.py`). Each is built at 50,000 repetitions and must parse in
/// under a second, in the debug build too; the HTML is rendered afterwards (untimed) to show
/// the tree is safe to walk.
@Suite(.serialized) struct PathologicalInputTests {
  static let n = 50_000

  static let cases: [(String, String)] = {
    let n = PathologicalInputTests.n
    func rep(_ s: String, _ k: Int = n) -> String { String(repeating: s, count: k) }
    var backticks = ""
    for i in 1...300 { backticks += "e" + rep("`", i) }
    var references = ""
    for i in 0..<(n / 5) { references += "[\(i)]: /url\n" }
    references += rep("[0] ")
    return [
      ("nested block quotes", rep("> ") + "a\n"),
      ("nested block quotes, one per line", (0..<300).map { rep(">", $0) + " a\n" }.joined()),
      ("nested bullet lists", rep("- ") + "a\n"),
      ("nested ordered lists", rep("1. ") + "a\n"),
      ("nested lists, one per line", (0..<200).map { rep("  ", $0) + "* a\n" }.joined()),
      ("unmatched *", rep("*a ")),
      ("unmatched _", rep("_a ")),
      ("emphasis closers without openers", rep("a_ ")),
      ("mismatched openers and closers", rep("*a_ ")),
      ("openers and closers multiple of 3", "a**b" + rep("c* ")),
      ("nested strong emphasis", rep("*a **a ", n / 2) + "b" + rep(" a** a*", n / 2)),
      ("unmatched [", rep("[a")),
      ("unmatched ]", rep("a]")),
      ("nested brackets", rep("[") + "a" + rep("]")),
      ("nested images", rep("![") + "a" + rep("]")),
      ("link openers and emphasis closers", rep("[ a_")),
      ("[ (]( runs", rep("[ (](")),
      ("unclosed links A", rep("[a](<b")),
      ("unclosed links B", rep("[a](b")),
      ("unclosed link titles", rep("[a](b \"c")),
      ("backtick runs", backticks),
      ("unmatched backticks", rep("`a ")),
      ("10,000 definitions and 50,000 references", references),
      ("unclosed comments", rep("<!-- ")),
      ("unclosed processing instructions", rep("<? ")),
      ("unclosed declarations", rep("<!A ")),
      ("unclosed CDATA", rep("<![CDATA[ ")),
      ("unclosed tags", rep("<a href=\"")),
      ("thematic break look-alikes", rep("- ") + "x\n"),
      ("U+0000", rep("a\u{0}b ")),
      (
        "a table of 10,000 columns",
        "|" + rep("a|", n / 5) + "\n|" + rep("-|", n / 5) + "\n|" + rep("b|", n / 5) + "\n"
      ),
      ("strikethrough runs", rep("~a ")),
      ("www autolink look-alikes", rep("www.a ")),
      ("email look-alikes", rep("a@")),
    ]
  }()

  /// The best of three runs, in CPU time of the parsing thread, so load from other processes
  /// on this shared machine (the whole suite runs in parallel) does not fail the test; a
  /// quadratic parser fails every run.
  @Test(arguments: 0..<cases.count)
  func parsesInUnderASecond(_ index: Int) {
    let (name, input) = Self.cases[index]
    var document = MarkdownDocument()
    var best = Duration.seconds(1_000)
    for _ in 0..<3 {
      let start = threadCPUTime()
      document = MarkdownParser.parse(input)
      let elapsed = threadCPUTime() - start
      best = min(best, elapsed)
      if best < .milliseconds(500) { break }
    }
    let html = HTMLRenderer.render(document)
    print("pathological \(name): \(best)")
    #expect(!html.isEmpty, "\(name): no output")
    #expect(best < .seconds(1), "\(name): took \(best)")
  }
}

/// The CPU time the calling thread has used.
private func threadCPUTime() -> Duration {
  var now = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
  return .seconds(Int64(now.tv_sec)) + .nanoseconds(Int64(now.tv_nsec))
}
