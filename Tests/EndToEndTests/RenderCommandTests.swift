import Foundation
import TestSupport
import Testing

/// Black-box tests of `whatsnew render`: formats, width, errors, hostile input.
@Suite struct RenderCommandTests {
  private func input(_ text: String) -> Data { Data(text.utf8) }

  @Test func rendersStandardInputAsPlainTextWhenPiped() throws {
    let result = try Run.whatsnew(
      ["render", "--width", "30"], stdin: input("Hello *world*, this is a test of wrapping.\n"))
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.contains("Hello"))
    for line in result.stdout.split(separator: "\n") { #expect(IndependentWidth.of(line) <= 30) }
  }

  @Test func rendersAFileWithDashOrName() throws {
    let dir = try TemporaryDirectory("render-cli")
    let file = dir.url.appendingPathComponent("notes.md")
    try Data("Release notes body\n".utf8).write(to: file)
    let byName = try Run.whatsnew(["render", file.path])
    let byStdin = try Run.whatsnew(["render", "-"], stdin: Data("Release notes body\n".utf8))
    #expect(byName.status == 0)
    #expect(byName.stdout == byStdin.stdout)
    #expect(byName.stdout.contains("Release notes body"))
  }

  @Test func theThemeOptionAndCOLORFGBGPickTheColours() throws {
    func ansi(_ options: [String], colorFGBG: String = "", noColor: String = "") throws -> String {
      let result = try Run.whatsnew(
        ["render", "--format", "ansi"] + options, environment: ["COLORFGBG": colorFGBG, "NO_COLOR": noColor],
        stdin: input("# Title\n\n- a `code` [link](https://example.com)\n"))
      #expect(result.status == 0, "\(options): \(result.stderr)")
      return result.stdout
    }
    let dark = try ansi(["--theme", "dark"])
    let light = try ansi(["--theme", "light"])
    let mono = try ansi(["--theme", "mono"])
    #expect(dark != light && light != mono && mono != dark)
    #expect(try ansi([]) == dark, "auto without COLORFGBG is dark")
    #expect(try ansi([], colorFGBG: "0;15") == light)
    #expect(try ansi([], colorFGBG: "15;0") == dark)
    #expect(try ansi(["--theme", "dark"], colorFGBG: "0;15") == dark)
    #expect(try ansi(["--theme", "light"], noColor: "1") == mono, "NO_COLOR wins over the theme")
  }

  @Test func commonMarkFlavorTurnsEveryExtensionAndFrontMatterOff() throws {
    let source = """
      ---
      title: Spring
      ---
      Mail ops@example.com, see www.example.com, ~~gone~~, [^n] and <xmp>.

      | a | b |
      | - | - |
      | 1 | 2 |

      - [x] done

      [^n]: A note.

      """
    let gfm = try Run.whatsnew(["render", "--format", "html", "--unsafe"], stdin: input(source))
    let commonMark = try Run.whatsnew(
      ["render", "--format", "html", "--unsafe", "--flavor", "commonmark"], stdin: input(source))
    #expect(gfm.status == 0)
    #expect(commonMark.status == 0)
    for extensionMarkup in ["<table>", "<del>", "mailto:", "http://www.example.com", "checkbox", "&lt;xmp>"] {
      #expect(gfm.stdout.contains(extensionMarkup), "gfm: \(extensionMarkup)")
      #expect(!commonMark.stdout.contains(extensionMarkup), "commonmark: \(extensionMarkup)")
    }
    #expect(!gfm.stdout.contains("title: Spring"), "front matter is not rendered")
    #expect(
      commonMark.stdout.hasPrefix("<hr />\n<h2>title: Spring</h2>\n"), "no front matter: a rule and a heading"
    )
    let explicit = try Run.whatsnew(
      ["render", "--format", "html", "--unsafe", "--flavor", "gfm"], stdin: input(source))
    #expect(explicit.stdout == gfm.stdout)
  }

  @Test func unknownFlavorIsAUsageError() throws {
    let result = try Run.whatsnew(["render", "--flavor", "markdown"], stdin: input("x\n"))
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "whatsnew: The value 'markdown' is invalid for '--flavor <flavor>'. Please provide one of 'commonmark' and 'gfm'. (see 'whatsnew render --help')\n"
    )
    #expect(result.stdout.isEmpty)
  }

  @Test func ansiFormatEmitsOnlySGR() throws {
    let result = try Run.whatsnew(
      ["render", "--format", "ansi"], environment: ["NO_COLOR": ""], stdin: input("# Title\n\nText\n"))
    #expect(result.status == 0)
    #expect(result.stdout.contains("\u{1B}["), "the heading is styled")
    #expect(HostileContent.firstNonSGR(in: result.stdout) == nil)
  }

  @Test func htmlFormatUsesTheHTMLRendererAndNeutralisesControls() throws {
    let result = try Run.whatsnew(
      ["render", "--format", "html", "--unsafe"],
      stdin: input("# Title\n\nText &amp; \u{1B}]0;t\u{07} <script>x</script>\n"))
    #expect(result.status == 0)
    #expect(result.stdout.contains("<h1>Title</h1>"))
    #expect(result.stdout.contains("&amp;"))
    #expect(result.stdout.contains("&lt;script>"), "GFM tag filter")
    #expect(!result.stdout.utf8.contains(0x1B))
    #expect(!result.stdout.utf8.contains(0x07))
  }

  /// HTML is safe by default, as cmark's is: no raw HTML, no `javascript:` address;
  /// `--unsafe` keeps both (and the GFM tag filter still escapes `<script>`).
  @Test func htmlIsSafeUnlessUnsafe() throws {
    let source = input("[click](javascript:alert(1))\n\n<img src=x onerror=alert(1)>\n\n<script>x</script>\n")
    let safe = try Run.whatsnew(["render", "--format", "html"], stdin: source)
    #expect(safe.status == 0)
    #expect(!safe.stdout.contains("javascript:"))
    #expect(!safe.stdout.contains("onerror"))
    #expect(!safe.stdout.contains("script"))
    #expect(safe.stdout.contains("<a href=\"\">click</a>"))
    #expect(safe.stdout.contains("<!-- raw HTML omitted -->"))
    let unsafe = try Run.whatsnew(["render", "--format", "html", "--unsafe"], stdin: source)
    #expect(unsafe.status == 0)
    #expect(unsafe.stdout.contains("<a href=\"javascript:alert(1)\">click</a>"))
    #expect(unsafe.stdout.contains("<img src=x onerror=alert(1)>"))
    #expect(unsafe.stdout.contains("&lt;script>x&lt;/script>"))
  }

  @Test func widthFromColumnsThenDefault() throws {
    let long = String(repeating: "word ", count: 40) + "\n"
    let fromColumns = try Run.whatsnew(["render"], environment: ["COLUMNS": "25"], stdin: input(long))
    #expect(fromColumns.stdout.split(separator: "\n").allSatisfy { IndependentWidth.of($0) <= 25 })
    #expect(fromColumns.stdout.split(separator: "\n").contains { $0.count > 20 })
    let byDefault = try Run.whatsnew(["render"], environment: ["COLUMNS": ""], stdin: input(long))
    let widest = byDefault.stdout.split(separator: "\n").map(\.count).max() ?? 0
    #expect(widest <= 80 && widest > 70)
  }

  @Test(arguments: ["0", "-3", "10001", "99999999999999999999", "abc"])
  func absurdWidthIsAUsageError(width: String) throws {
    let result = try Run.whatsnew(["render", "--width=\(width)"], stdin: input("x\n"))
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("width"))
  }

  /// On a terminal (faked with util-linux `script`), the default is ansi, unless NO_COLOR.
  @Test(
    .requires(TestPaths.hasTool("script"), "needs script(1) to fake a terminal (Debian package bsdutils)"))
  func defaultFormatIsAnsiOnATerminal() throws {
    let dir = try TemporaryDirectory("render-cli")
    let file = dir.url.appendingPathComponent("n.md")
    try Data("# Title\n".utf8).write(to: file)
    let command = "'\(TestPaths.whatsnewBinary.path)' render '\(file.path)'"
    let script = URL(fileURLWithPath: "/usr/bin/env")
    let colored = try Run.process(
      script, ["script", "-qc", command, "/dev/null"], environment: ["NO_COLOR": "", "TERM": "xterm"])
    #expect(colored.stdout.contains("\u{1B}[0;1;95mTitle"))
    let plain = try Run.process(
      script, ["script", "-qc", command, "/dev/null"], environment: ["NO_COLOR": "1", "TERM": "xterm"])
    #expect(plain.stdout.contains("Title"))
    #expect(!plain.stdout.contains("\u{1B}["))
  }

  @Test(.requires(FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
  func failedWriteIsReportedInOneLine() throws {
    let shell = URL(fileURLWithPath: "/bin/sh")
    let command = "printf 'text\\n' | '\(TestPaths.whatsnewBinary.path)' render > /dev/full"
    let result = try Run.process(shell, ["-c", command])
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("standard output"))
  }

  @Test func unknownFormatIsAUsageError() throws {
    let result = try Run.whatsnew(["render", "--format", "pdf"], stdin: input("x\n"))
    #expect(result.status == 2)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("pdf"))
  }

  @Test func missingFileIsNamedInOneLine() throws {
    let result = try Run.whatsnew(["render", "/nonexistent/notes.md"])
    #expect(result.status == 1)
    #expect(result.stderr.split(separator: "\n").count == 1)
    #expect(result.stderr.contains("/nonexistent/notes.md"))
  }

  @Test func directoryIsAReadError() throws {
    let dir = try TemporaryDirectory("render-cli")
    let result = try Run.whatsnew(["render", dir.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains(dir.path))
  }

  @Test func jsonIsValidAndEscaped() throws {
    let result = try Run.whatsnew(
      ["render", "--format", "json"], stdin: input("# Head \"q\"\n\nText with \\ and \u{1B} and tab\there\n"))
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let document = try #require(object as? [String: Any])
    #expect(document["type"] as? String == "document")
    #expect((document["blocks"] as? [Any])?.isEmpty == false)
    #expect(!result.stdout.contains("\u{1B}"))
  }

  /// The JSON lists the link reference definitions (the other formats parse without them).
  @Test func jsonListsTheLinkDefinitions() throws {
    let result = try Run.whatsnew(
      ["render", "--format", "json"], stdin: input("[Docs]\n\n[docs]: https://example.com \"T\"\n"))
    #expect(result.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let document = try #require(object as? [String: Any])
    let definitions = try #require(document["linkDefinitions"] as? [String: Any])
    let docs = try #require(definitions["docs"] as? [String: Any])
    #expect(docs["destination"] as? String == "https://example.com")
    #expect(docs["title"] as? String == "T")
  }

  @Test func hostileDocumentIsDefused() throws {
    var bytes = Data(
      """
      # Title \u{1B}]0;pwned\u{07}

      Clear \u{1B}[2J\u{1B}[H bell \u{07} OSC 52 \u{1B}]52;c;ZWNobyBoaQ==\u{07} and
      OSC 8 \u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\ entities &#27;[31m &#x9b;1m &#x1B;]0;t&#7;
      bidi \u{202E}gnp.exe\u{202C} \u{2066}x\u{2069} \u{200F} NUL \u{0} DEL \u{7F}

      ```
      code \u{1B}[5m blink
      ```

      """.utf8)
    bytes.append(contentsOf: [0xC2, 0x9B, 0x33, 0x31, 0x6D, 0x20, 0xC2, 0x9D, 0x20])  // C1 CSI and OSC
    bytes.append(contentsOf: [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82, 0x0A])  // invalid UTF-8
    for format in ["plain", "ansi"] {
      let result = try Run.whatsnew(["render", "--format", format, "--width", "40"], stdin: bytes)
      #expect(result.status == 0, "\(format): \(result.stderr)")
      let out = Array(result.stdout.utf8)
      if format == "plain" {
        #expect(!out.contains(0x1B))
        #expect(!out.contains(0x07))
        #expect(!out.contains(0x00))
        #expect(!out.contains(0x7F))
      } else {
        #expect(HostileContent.firstNonSGR(in: result.stdout) == nil)
      }
      for (a, b) in zip(out, out.dropFirst()) {
        #expect(!(a == 0xC2 && (0x80...0x9F).contains(b)), "C1 byte")
      }
      for bidi in ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200F}"] {
        #expect(!result.stdout.contains(bidi))
      }
    }
  }

  @Test func invalidUTF8DoesNotCrash() throws {
    let result = try Run.whatsnew(["render"], stdin: Data([0x80, 0xFF, 0x41, 0xED, 0xA0, 0x80, 0x0A]))
    #expect(result.status == 0)
    #expect(result.stdout.contains("A"))
  }
}
