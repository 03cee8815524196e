import MarkdownSyntax
import TestSupport
import Testing

@testable import TerminalRendering

@Suite struct RendererTests {
  private func plain(_ document: MarkdownDocument, width: Int) -> String {
    PlainSerializer.serialize(TerminalMarkdown.render(document, options: RenderOptions(width: width)))
  }

  @Test(arguments: [80, 40])
  func everyElementSnapshot(width: Int) {
    let output = plain(Fixtures.everyElement, width: width)
    #expect(Golden.check(output, named: "every-element-\(width).txt") == nil)
    for line in output.split(separator: "\n") {
      #expect(IndependentWidth.of(line) <= width, "too wide: \(line)")
    }
  }
}

@Suite struct ThemeAndLayoutTests {
  @Test func monochromeUsesOnlyBoldUnderlineReverseDim() {
    let allowed: TextAttributes = [.bold, .underline, .reverse, .dim]
    let lines = TerminalMarkdown.render(
      Fixtures.everyElement, options: RenderOptions(width: 60, theme: .monochrome))
    var sawStyle = false
    for line in lines {
      for run in line.runs {
        #expect(run.style.foreground == .default && run.style.background == .default)
        #expect(allowed.isSuperset(of: run.style.attributes), "\(run.text): \(run.style)")
        if run.style != .plain { sawStyle = true }
      }
    }
    #expect(sawStyle)
  }

  @Test func themesDifferInColourNotInText() {
    let dark = TerminalMarkdown.render(Fixtures.everyElement, options: RenderOptions(width: 60, theme: .dark))
    let light = TerminalMarkdown.render(
      Fixtures.everyElement, options: RenderOptions(width: 60, theme: .light))
    #expect(dark.map(\.text) == light.map(\.text))
    #expect(dark != light)
  }

  @Test func tableTooWideForColumnsBecomesRecords() {
    let columns = 12
    let table = Table(
      alignments: Array(repeating: .none, count: columns),
      header: (0..<columns).map { [.text("h\($0)")] },
      rows: [(0..<columns).map { [.text("v\($0)")] }])
    let document = MarkdownDocument(blocks: [Fixtures.block(.table(table))])
    let text = PlainSerializer.serialize(TerminalMarkdown.render(document, options: RenderOptions(width: 20)))
    #expect(text.contains("h0: v0"))
    #expect(text.contains("h11: v11"))
    for line in text.split(separator: "\n") { #expect(IndependentWidth.of(line) <= 20) }
  }

  @Test func tableColumnsShrinkWidestFirst() {
    #expect(BlockRenderer.fit([5, 50, 10], into: 100) == [5, 50, 10])
    #expect(BlockRenderer.fit([5, 50, 10], into: 30) == [5, 15, 10])
    #expect(BlockRenderer.fit([40, 40], into: 31) == [16, 15])
  }

  @Test func ansiSerializerResetsAtLineEnds() {
    var line = StyledLine("plain ")
    line.append("bold", style: Style(foreground: .red, attributes: .bold))
    let ansi = ANSISerializer.serialize([line])
    #expect(ansi == "plain \u{1B}[0;1;31mbold\u{1B}[0m\n")
    #expect(
      ANSISerializer.sgr(Style(foreground: .indexed(200), background: .named(9))) == "\u{1B}[0;38;5;200;101m")
  }
}

@Suite struct RendererHelperTests {
  @Test func linksWhoseTextIsTheirURLNeedNoReference() {
    #expect(!InlineFlattener.needsReference(destination: "https://x.org/a", text: "https://x.org/a"))
    #expect(!InlineFlattener.needsReference(destination: "mailto:me@x.org", text: "me@x.org"))
    #expect(!InlineFlattener.needsReference(destination: "http://www.x.org", text: "www.x.org"))
    #expect(!InlineFlattener.needsReference(destination: "#section", text: "see below"))
    #expect(!InlineFlattener.needsReference(destination: "", text: "nothing"))
    #expect(InlineFlattener.needsReference(destination: "https://x.org/a", text: "a"))
    #expect(InlineFlattener.needsReference(destination: "https://x.org/a", text: "/a"))
    #expect(InlineFlattener.needsReference(destination: "ftp://x.org", text: "x.org"))
    #expect(InlineFlattener.needsReference(destination: "https://x.org", text: "docs"))
  }

  /// Trailing spaces go whatever the runs: runs of spaces alone drop out whole, the last run
  /// with text keeps its text, styles stay, and a space bound to a prepended character (one
  /// grapheme) goes with it as `removeLast` takes it.
  @Test func trailingSpacesAreTrimmedRunByRun() {
    let bold = Style(attributes: .bold)
    func trimmed(_ runs: [StyledRun]) -> [StyledRun] {
      TextWrapper.trimmingTrailingSpaces(StyledLine(runs)).runs
    }
    #expect(trimmed([StyledRun("a"), StyledRun("   ")]) == [StyledRun("a")])
    #expect(
      trimmed([StyledRun("a b  ", style: bold), StyledRun("  "), StyledRun(" ")]) == [
        StyledRun("a b", style: bold)
      ])
    #expect(trimmed([StyledRun("   "), StyledRun("  ")]).isEmpty)
    #expect(trimmed([StyledRun("x"), StyledRun(" y ")]) == [StyledRun("x"), StyledRun(" y")])
    #expect(trimmed([StyledRun("a "), StyledRun("b")]) == [StyledRun("a "), StyledRun("b")])
    #expect(trimmed([StyledRun("a\u{600} ")]) == [StyledRun("a")])
  }

  @Test func htmlCommentsAreRemoved() {
    #expect(BlockRenderer.removingComments("a<!-- x -->b") == "ab")
    #expect(BlockRenderer.removingComments("<!-- x --><!-- y -->") == "")
    #expect(BlockRenderer.removingComments("a<!-- x -->b<!-- y -->c") == "abc")
    #expect(BlockRenderer.removingComments("a<!-- never closed") == "a")
    #expect(BlockRenderer.removingComments("<div>中文</div>") == "<div>中文</div>")
    #expect(BlockRenderer.removingComments("x<!-- é -->é") == "xé")
  }

  @Test func repeatedBuildsRules() {
    #expect(String.repeated("─", 3) == "───")
    #expect(String.repeated(" ", 0) == "")
    #expect(String.repeated("ab", -1) == "")
  }
}
