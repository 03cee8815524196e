import LaunchTracking
import TerminalRendering

/// Shown while the app's update steps run: `Step 2 of 3`, the step's summary, a progress bar.
///
/// The app changes ``step``, ``summary`` and ``completed`` between draws. The screen takes no
/// keys: the steps run while it is up, and the greeter reads only Ctrl-C meanwhile (it stops
/// the running step, which is retried on the next launch), as the line under the bar says.
package struct UpdateProgressScreen: Screen {
  package let appName: String
  /// The version being updated to, if known.
  package let version: AppVersion?
  /// The step running now, 1-based.
  package var step: Int
  package var total: Int
  package var summary: String
  /// Steps finished so far (may be fractional when a step reports its own progress).
  package var completed: Double
  /// True once Ctrl-C (or the step's time limit) asked the running step to stop: the screen
  /// says "Stopping…" while the step has up to 2 s to return.
  package var isStopping = false
  package var palette: Palette

  package init(
    appName: String, version: AppVersion?, step: Int = 1, total: Int, summary: String = "",
    completed: Double = 0,
    palette: Palette = .dark
  ) {
    self.appName = appName
    self.version = version
    self.step = step
    self.total = total
    self.summary = summary
    self.completed = completed
    self.palette = palette
  }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] { [] }

  /// None: the steps run to the end before the UI goes on.
  package var bindings: [KeyBinding] { [] }
  package var footerBindings: [KeyBinding] { [] }

  /// The step as one line (`Updating Jot to 2.0.0, step 2 of 3: Moving notes ...`) while it
  /// has not finished, else nil: a line-by-line presenter prints each step once, as it starts.
  package var plainText: ScreenText? {
    guard completed < Double(step) else { return nil }
    if isStopping {
      return ScreenText(identity: "update-stopping \(step)") { _ in [StyledLine(Self.stoppingLine)] }
    }
    let target = version.map { "Updating \(appName) to \($0)" } ?? "Updating \(appName)"
    let line = "\(target), step \(step) of \(total)" + (summary.isEmpty ? "" : ": \(summary)") + " ..."
    return ScreenText(identity: "update-step \(step)") { _ in [StyledLine(line)] }
  }

  package func draw(into canvas: inout Canvas) {
    let w = canvas.width
    let h = canvas.height
    canvas.bar(
      row: 0, left: "Updating \(appName)", right: version?.description ?? "", style: palette.titleBar,
      rightStyle: palette.titleBarDetail)
    let middle = max(1, h / 2 - 2)
    canvas.centered(
      version.map { "Updating \(appName) to \($0)" } ?? "Updating \(appName)", row: middle,
      style: palette.accent)
    canvas.centered(
      "Step \(step) of \(total)" + (isStopping ? ": stopping…" : ""), row: middle + 1, style: palette.dim)
    canvas.centered(summary, row: middle + 2)
    // The bar: ━ filled, ─ empty, the percentage after it.
    let fraction = total > 0 ? max(0, min(1, completed / Double(total))) : 1
    let percent = " \(Int((fraction * 100).rounded()))%"
    let barWidth = max(4, min(w - 4 - percent.count, 50))
    let filled = Int((Double(barWidth) * fraction).rounded())
    let left = max(0, (w - barWidth - percent.count) / 2)
    let row = min(h - 1, middle + 4)
    canvas.put(String(repeating: "━", count: filled), row: row, column: left, style: palette.progressFill)
    canvas.put(
      String(repeating: "─", count: barWidth - filled), row: row, column: left + filled,
      style: palette.progressEmpty)
    canvas.put(percent, row: row, column: left + barWidth, style: palette.dim)
    if row + 2 < h - 1 {
      if isStopping {
        canvas.centered(Self.stoppingLine, row: row + 2, style: palette.accent)
      } else {
        canvas.centered(Self.interruptHint, row: row + 2, style: palette.dim)
      }
    }
  }

  /// What Ctrl-C does while the steps run.
  package static let interruptHint = "Ctrl-C stops the update; it runs again on the next launch"
  /// Shown from the moment the running step is asked to stop until the launch goes on.
  package static let stoppingLine = "Stopping… the update runs again on the next launch"
}

/// Shown when an update step failed: which step, its message, and that it will be retried.
/// Enter, `q` or Esc goes on.
package struct UpdateFailureScreen: Screen {
  package let appName: String
  /// The failed step's one-line summary.
  package let stepSummary: String
  /// What went wrong.
  package let message: String
  package var palette: Palette

  package init(appName: String, stepSummary: String, message: String, palette: Palette = .dark) {
    self.appName = appName
    self.stepSummary = stepSummary
    self.message = message
    self.palette = palette
  }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .key(Self.goOn): return [.close]
    default: return []
    }
  }

  /// Its one key: go on.
  package static let goOn = KeyBinding(
    [.enter, .char("q"), .escape, .char(" ")], help: HelpEntry("Enter  q  Esc", "continue"),
    footer: FooterHint("⏎", "continue"), answer: TypedAnswer(["", "q"], label: "continue"))

  package var bindings: [KeyBinding] { [Self.goOn] }
  package var footerBindings: [KeyBinding] { [Self.goOn] }

  /// The failure as text: the step, its message, and that it will be tried again.
  package var plainText: ScreenText? {
    let screen = self
    return ScreenText(identity: "update-failure \(stepSummary)") { width in
      let errors = screen.message.split(separator: "\n", omittingEmptySubsequences: false).map {
        "Error: \($0)"
      }
      let lines =
        ["\(screen.appName) could not finish updating.", "Step: \(screen.stepSummary)"] + errors
        + ["\(screen.appName) will try again on the next launch."]
      return lines.flatMap { ScreenText.wrap($0, width) }
    }
  }

  package func draw(into canvas: inout Canvas) {
    let w = canvas.width
    let h = canvas.height
    canvas.bar(row: 0, left: "\(appName) could not finish updating", style: palette.titleBar)
    let inner = max(1, min(w - 6, 70))
    let left = max(0, (w - inner) / 2)
    var lines: [StyledLine] = [StyledLine("✗ An update step failed", style: palette.error), StyledLine()]
    lines += TextWrapper.wrap(
      StyledLine(stepSummary), width: inner, firstIndent: StyledLine("Step   ", style: palette.dim),
      restIndent: StyledLine("       "))
    for part in message.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += TextWrapper.wrap(
        StyledLine(String(part)), width: inner, firstIndent: StyledLine("Error  ", style: palette.dim),
        restIndent: StyledLine("       "))
    }
    lines.append(StyledLine())
    lines += TextWrapper.wrap(
      StyledLine("\(appName) will try again on the next launch.", style: palette.dim), width: inner)
    let top = max(1, (h - lines.count) / 2)
    for (i, line) in lines.enumerated() where top + i < h - 1 {
      canvas.put(line: line, row: top + i, column: left, maxWidth: inner)
    }
    canvas.footer(row: h - 1, bindings: footerBindings, right: "", palette: palette)
  }
}
