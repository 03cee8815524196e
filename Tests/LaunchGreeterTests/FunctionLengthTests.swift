import Foundation
import TestSupport
import Testing

/// Functions the size of a thought: no function or initialiser in `Sources/LaunchGreeter` is
/// 60 lines or longer (from its declaration to its closing brace), so a stage of the greeting
/// stays a function of its own. The limit is what the split of `greet()`, `present(_:)` and
/// `FeedCheck.run()` into named steps achieved (the longest is now about 54 lines): it guards
/// that, it does not ratchet.
@Suite struct FunctionLengthTests {
  static let limit = 60

  @Test func everyFunctionInLaunchGreeterIsShorterThanTheLimit() throws {
    let directory = TestPaths.packageRoot.appendingPathComponent("Sources/LaunchGreeter")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    var longest: (file: String, function: FunctionSpan)?
    for file in files {
      let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for function in FunctionSpan.all(in: source) where function.lines > (longest?.function.lines ?? 0) {
        longest = (file, function)
      }
    }
    let found = try #require(longest)
    #expect(
      found.function.lines < Self.limit,
      "\(found.file):\(found.function.line) \(found.function.name) is \(found.function.lines) lines")
  }

  @Test func theCountSeesALongFunctionAndSkipsBracesInStringsAndComments() {
    let body = Array(repeating: "    x += 1", count: 90).joined(separator: "\n")
    let source = """
      struct S {
        func short() { "{" }
        // func commented() {
        func long() {
          let s = "}}}"
      \(body)
        }
        func withDefault(keep: (Int) -> Bool = { _ in true }) {
          _ = 1
        }
        init(a: Int) {
          _ = #"{"#
        }
      }
      """
    let spans = FunctionSpan.all(in: source)
    #expect(spans.map(\.name) == ["short", "long", "withDefault", "init"])
    #expect(spans.map(\.lines) == [1, 93, 3, 3])
  }
}

/// A function's or initialiser's extent in a source file, found by matching braces (string
/// literals and comments skipped; a body opens at the first brace outside the parameter list's
/// parentheses, so a closure default argument is not taken for it).
struct FunctionSpan {
  var name: String
  /// The line of its declaration, from 1.
  var line: Int
  /// From the declaration's line to the closing brace's, both included.
  var lines: Int

  static func all(in source: String) -> [FunctionSpan] {
    let declaration = /(?:^|\s)(?:func\s+([A-Za-z_][A-Za-z0-9_]*|[^\s(<]+)|init[?!]?\s*[(<])/
    var spans: [FunctionSpan] = []
    var open: [(span: FunctionSpan, depth: Int)] = []
    var waiting: (span: FunctionSpan, parens: Int)?  // declared, its body not yet open
    var depth = 0
    var parens = 0
    var scanner = CodeScanner()
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = scanner.code(of: line)
      let start = code.firstMatch(of: declaration)
      for position in code.indices {
        if let start, position == start.range.lowerBound {
          waiting = (FunctionSpan(name: String(start.1 ?? "init"), line: index + 1, lines: 0), parens)
        }
        switch code[position] {
        case "(": parens += 1
        case ")": parens -= 1
        case "{":
          if let declared = waiting, declared.parens == parens {
            open.append((declared.span, depth))
            waiting = nil
          }
          depth += 1
        case "}":
          depth -= 1
          if let declared = waiting, declared.parens == parens { waiting = nil }  // a requirement
          if let last = open.last, last.depth == depth {
            open.removeLast()
            var span = last.span
            span.lines = index + 2 - span.line
            spans.append(span)
          }
        default: break
        }
      }
    }
    return spans.sorted { $0.line < $1.line }
  }
}

/// Removes comments and the contents of string literals from Swift source, line by line.
private struct CodeScanner {
  private var inString = false
  private var multiline = false
  private var inBlockComment = false

  mutating func code(of line: Substring) -> String {
    var code = ""
    var rest = line
    while let character = rest.first {
      if inBlockComment {
        if rest.hasPrefix("*/") { inBlockComment = false }
        rest = rest.dropFirst(rest.hasPrefix("*/") ? 2 : 1)
      } else if inString {
        if character == "\\" {
          rest = rest.dropFirst(2)
        } else if multiline ? rest.hasPrefix("\"\"\"") : character == "\"" {
          inString = false
          rest = rest.dropFirst(multiline ? 3 : 1)
        } else {
          rest = rest.dropFirst()
        }
      } else if rest.hasPrefix("//") {
        break
      } else if rest.hasPrefix("/*") {
        inBlockComment = true
        rest = rest.dropFirst(2)
      } else if character == "\"" {
        inString = true
        multiline = rest.hasPrefix("\"\"\"")
        rest = rest.dropFirst(multiline ? 3 : 1)
      } else {
        code.append(character)
        rest = rest.dropFirst()
      }
    }
    return code
  }
}
