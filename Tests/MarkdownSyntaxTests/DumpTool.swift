import Foundation
import MarkdownSyntax
import Testing

/// Not a test: a hook for profiling and comparing by hand. `MD_DUMP=file` renders a file to
/// /tmp/md/out.html; `MD_CASE=name` renders one pathological case.
@Suite struct DumpTool {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["MD_DUMP"] != nil)) func dump() throws {
    let path = ProcessInfo.processInfo.environment["MD_DUMP"] ?? ""
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let html = HTMLRenderer.render(MarkdownParser.parse(bytes: data, frontMatter: false))
    try html.write(toFile: "/tmp/md/out.html", atomically: true, encoding: .utf8)
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["MD_CASE"] != nil)) func runCase() throws {
    let name = ProcessInfo.processInfo.environment["MD_CASE"] ?? ""
    let input = try #require(PathologicalInputTests.cases.first { $0.0 == name }?.1)
    for _ in 0..<3 { _ = HTMLRenderer.render(MarkdownParser.parse(input)) }
  }
}
