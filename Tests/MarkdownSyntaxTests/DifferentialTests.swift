import Foundation
import MarkdownSyntax
import NotesTools
import TestSupport
import Testing

/// Compares our HTML with Debian's `cmark-gfm -e table -e strikethrough -e autolink -e tasklist -e footnotes`
/// on every corpus changelog, after normalising insignificant whitespace.
@Suite struct DifferentialTests {
  static let cmarkGFM = "cmark-gfm"

  static func changelogs() throws -> [URL] {
    let dir = TestPaths.corpusFile("changelogs")
    return try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "md" }
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  @Test(
    .requiresCorpus("changelogs/swift-argument-parser.md", "changelogs/Yams.md", "changelogs/Rainbow.md"),
    .requires(TestPaths.hasTool(cmarkGFM), "cmark-gfm is not installed (scripts/setup --tests installs it)"))
  func changelogsMatchCmarkGFM() throws {
    try compareChangelogs(unsafe: true)
  }

  /// Safe output (no `--unsafe` on either side): raw HTML omitted, dangerous addresses emptied.
  @Test(
    .requiresCorpus("changelogs/swift-argument-parser.md", "changelogs/Yams.md", "changelogs/Rainbow.md"),
    .requires(TestPaths.hasTool(cmarkGFM), "cmark-gfm is not installed (scripts/setup --tests installs it)"))
  func safeChangelogsMatchCmarkGFM() throws {
    try compareChangelogs(unsafe: false)
  }

  func compareChangelogs(unsafe: Bool) throws {
    let files = try Self.changelogs()
    #expect(files.count >= 3)
    let cmark = try #require(Self.toolURL(Self.cmarkGFM))
    for file in files {
      let data = try Data(contentsOf: file)
      let expected = try Run.process(
        cmark,
        (unsafe ? ["--unsafe"] : [])
          + ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tasklist", "-e", "footnotes"],
        stdin: data)
      #expect(expected.status == 0)
      let ours = HTMLRenderer.render(MarkdownParser.parse(bytes: data, frontMatter: false), unsafe: unsafe)
      let a = HTMLNormalizer.normalize(ours)
      let b = HTMLNormalizer.normalize(expected.stdout)
      #expect(a == b, "\(file.lastPathComponent): \(Self.firstDifference(a, b))")
    }
  }

  static func toolURL(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for dir in path.split(separator: ":") {
      let candidate = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
    }
    return nil
  }

  static func firstDifference(_ a: String, _ b: String) -> String {
    let x = Array(a)
    let y = Array(b)
    var i = 0
    while i < x.count && i < y.count && x[i] == y[i] { i += 1 }
    let from = max(0, i - 80)
    return
      "ours: …\(String(x[from..<min(x.count, i + 80)]))… cmark-gfm: …\(String(y[from..<min(y.count, i + 80)]))…"
  }
}
