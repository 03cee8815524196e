import LaunchTracking
import MarkdownSyntax
import ReleaseNotes
import Synchronization
import TerminalRendering

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a due tip (`Notes/tips/*.md`) is shown.
///
/// ```swift
/// greeter.interruptions.tips = .manual
/// if case .tip(let tip)? = greeter.greet().shown { myStatusBar.show(tip.text) }
/// ```
public enum GreeterTips: Sendable, Equatable {
  /// When the process exits, on standard error, after the app's own output (the default).
  case atExit
  /// On standard error as ``LaunchGreeter/greet()-82lm6`` returns, before the app's output.
  case atLaunch
  /// Not printed: the app shows the tip (``GreetOutcome/Shown/tip(_:)``) itself (in its own screen, say).
  case manual
  /// No tips: none is chosen or counted.
  case off
}

/// What the tip stage decided.
struct TipChoice: Equatable {
  /// The tip to show, already counted as shown.
  var tip: NotesTip?
  /// True when this is the tip's first showing (its block then says how to turn tips off).
  var isFirstShowing = false
  /// A tip that was due but waits, and why.
  var heldBack: HeldBack?
  /// Why tips are off, when they are.
  var off: TipsOff?
  /// The tips that would be due but the user muted (for `--explain`).
  var muted: [String] = []
}

extension LaunchGreeter {
  // MARK: Tip

  /// The tip this launch shows, if any: only on an interactive, recorded launch that is not a
  /// deep link, with tips on (``tips``, the state's `tipsOff`, `<PREFIX>_NO_TIPS`), standard
  /// error a terminal when the greeter prints the tip, and the budget allowing (no screen or
  /// update card shown on this launch, the cooldown passed). The tip chosen is counted as shown
  /// before it is shown, like an update card.
  func chooseTip(
    _ record: LaunchRecord, _ context: LaunchContext, catalog: ReleaseNotesCatalog?, screenShown: Bool,
    cardShown: Bool
  ) -> TipChoice {
    let invocation = context.invocation
    guard tips != .off, let catalog, invocation.isInteractive, invocation.deepLink == nil, record.isRecorded
    else { return TipChoice() }
    if let off = Self.tipsOff(app, setting: record.state.tipsOff, context.environment, context.policy) {
      return TipChoice(off: off)
    }
    if tips != .manual && !(seams.stderrIsTerminal ?? (isatty(STDERR_FILENO) == 1)) { return TipChoice() }
    let read: (tips: [NotesTip], problems: [String])
    do {
      read = try catalog.tips()
    } catch {
      context.problems.add(GreeterProblem(error, "no tip is shown"))
      return TipChoice()
    }
    for problem in read.problems { context.problems.add(problem, kind: .notes) }
    let now = record.launch.date
    let schedule = TipSchedule(state: record.state, now: now, used: Self.usedEvents(record.state))
    let rules = read.tips.map(\.rule)
    var choice = TipChoice(muted: schedule.mutedDue(among: rules))
    guard let rule = schedule.next(among: rules), let tip = read.tips.first(where: { $0.rule == rule })
    else { return choice }
    let budget = InterruptionBudget(cooldown: cooldown, lastTipOrCard: record.state.lastTipOrCardDate)
    if screenShown {
      choice.heldBack = .item(.tip(id: rule.id), .screenShown)
    } else if cardShown {
      choice.heldBack = .item(.tip(id: rule.id), .updateCardShown)
    } else if let until = budget.cooldownUntil(now: now) {
      choice.heldBack = .item(.tip(id: rule.id), .cooldown(until: until))
    } else {
      do {
        try LaunchTracker.recordTipShown(rule.id, now: now, in: context.store)
      } catch {
        context.problems.add("cannot record the tip \(rule.id): \(error); it is not shown", kind: .state)
        return choice
      }
      (choice.tip, choice.isFirstShowing) = (tip, record.state.tips[rule.id] == nil)
    }
    return choice
  }

  /// Why tips are off for `app`, the first of: the user's setting (`setting`, the state's
  /// `tipsOff`), `<PREFIX>_NO_TIPS=1` in `environment`, the policy's `tips: false`; nil when
  /// they are on.
  static func tipsOff(
    _ app: GreeterApp, setting: Bool, _ environment: [String: String], _ policy: GreeterPolicy
  ) -> TipsOff? {
    if setting { return .setting }
    let variable = app.variable("NO_TIPS")
    if environment[variable] == "1" { return .variable(variable) }
    return policy.tipsOff.map { .policy($0) }
  }

  /// Why tips are off for `app` outside a launch (`whatsnew tips`), decided as a launch
  /// decides it, the policy read from its files (``GreeterPolicy/paths(environment:system:)``);
  /// each policy file ignored is one problem line.
  package static func tipsOff(
    for app: GreeterApp, state: LaunchState?, environment: [String: String]
  ) -> (off: TipsOff?, problems: [String]) {
    let read = GreeterPolicy.load(appID: app.id, paths: GreeterPolicy.paths(environment: environment))
    return (tipsOff(app, setting: state?.tipsOff ?? false, environment, read.policy), read.problems)
  }

  /// Turns one tip of the app's notes (its `id:`) off for the user, or back on, without
  /// turning the others off: a muted tip is never shown. An app's own command ("hide this tip")
  /// or settings screen calls it. Returns false when no launch was recorded yet (there is
  /// nothing to change); throws a ``GreeterProblem`` of kind ``GreeterProblem/Kind/settings``
  /// when `id` is not one of the notes' tips, of kind ``GreeterProblem/Kind/notes`` when the
  /// notes cannot be read, and of kind ``GreeterProblem/Kind/state`` when the state cannot be
  /// read or written.
  ///
  /// ```swift
  /// try greeter.setTip("search", enabled: false)  // `tally tips --off search`: not this one again
  /// ```
  @discardableResult
  public func setTip(_ id: String, enabled: Bool) throws(GreeterProblem) -> Bool {
    try setTips([id: enabled], checkingNotes: true)
  }

  /// ``setTip(_:enabled:)`` for several tips in one write; with `checkingNotes` false, the ids'
  /// form alone is checked (a request that names no notes).
  package func setTips(_ switches: [String: Bool], checkingNotes: Bool) throws(GreeterProblem) -> Bool {
    var known: [String]?
    if checkingNotes {
      do {
        known = try catalog(environment ?? ProcessEnvironment.current()).tips().tips.map(\.rule.id)
      } catch {
        throw GreeterProblem(error, "no tip is changed")
      }
    }
    for id in switches.keys.sorted() {
      if let problem = Self.tipIDProblem(id, known: known) { throw GreeterProblem(problem, kind: .settings) }
    }
    return try changeSetting { try LaunchTracker.setTips(switches, in: $0) }
  }

  /// Why `id` cannot name a tip to turn on or off: not letters a-z, digits and `-`, or not one
  /// of `known` (the notes' tips, when they are known); nil when it can.
  package static func tipIDProblem(_ id: String, known: [String]?) -> String? {
    let quoted = String(reflecting: String(id.prefix(64)))
    guard NotesFrontMatter.Action.isValidID(id) else {
      return "the tip id \(quoted) must be letters a-z, digits and '-'"
    }
    guard let known, !known.contains(id) else { return nil }
    if known.isEmpty { return "there is no tip \(quoted): the notes have no tips/ folder" }
    return "there is no tip \(quoted) (the notes' tips: \(known.joined(separator: ", ")))"
  }

  /// Whether the user did an event, from the state's usage events.
  package static func usedEvents(_ state: LaunchState) -> @Sendable (String) -> Bool {
    let events = state.events
    return { events.hasUsed($0) }
  }

  /// Shows the chosen tip where ``tips`` says: now, at exit, or not at all (``GreeterTips/manual``).
  func deliver(_ tip: GreetOutcome.Tip, _ context: LaunchContext) {
    let block = TipBlock.text(
      tip, offVariable: app.variable("NO_TIPS"), offCommand: tipOffCommand,
      width: TipBlock.standardErrorWidth(context.environment))
    switch tips {
    case .atLaunch: Platform.writeAll(STDERR_FILENO, block)
    case .atExit: TipBlock.printAtExit(block)
    case .manual, .off: break
    }
  }
}

extension GreetOutcome.Tip {
  /// The outcome's tip for `tip` as read from the notes.
  init(_ tip: NotesTip, isFirstShowing: Bool) {
    let lines = TerminalMarkdown.render(
      MarkdownParser.parse(tip.markdown), options: RenderOptions(width: 10_000, theme: .monochrome))
    self.init(
      id: tip.rule.id, markdown: tip.markdown,
      text: PlainSerializer.serialize(lines).trimmingTrailingNewlines, isFirstShowing: isFirstShowing)
  }
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.last == "\n" { text.removeLast() }
    return text
  }
}

/// A tip as printed on standard error: `Tip: ` in bold before its text, wrapped to the
/// terminal, and on its first showing a dim line saying how to turn it off: the command that
/// hides this tip (`offCommand`, `{tip}` standing for its id) when the app has one, else the
/// variable that turns tips off.
package enum TipBlock {
  /// The block's text, ending in a newline.
  package static func text(
    _ tip: GreetOutcome.Tip, offVariable: String, offCommand: String? = nil, width: Int
  )
    -> String
  {
    let label = "Tip: "
    let body = TerminalMarkdown.render(
      MarkdownParser.parse(tip.markdown),
      options: RenderOptions(width: max(20, width - label.count), theme: .monochrome)
    )
    .drop { $0.text.isEmpty }
    var lines: [StyledLine] = []
    for (n, line) in body.enumerated() {
      let head = StyledRun(
        n == 0 ? label : String(repeating: " ", count: label.count), style: Style(attributes: [.bold]))
      lines.append(StyledLine([head] + line.runs))
    }
    while lines.last?.text.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    if tip.isFirstShowing {
      lines.append(
        StyledLine([
          StyledRun(String(repeating: " ", count: label.count)),
          StyledRun(
            offCommand.map { "(hide this tip: \($0.replacing(text: "{tip}", with: tip.id)))" }
              ?? "(tips off: \(offVariable)=1)", style: Style(attributes: [.dim])),
        ]))
    }
    var text = ANSISerializer.serialize(lines)
    if !text.hasSuffix("\n") { text += "\n" }
    return text
  }

  /// Standard error's width in columns, else standard output's (a caller that reads stderr
  /// itself), else `COLUMNS`, else 80.
  package static func standardErrorWidth(_ env: [String: String]) -> Int {
    for fd in [STDERR_FILENO, STDOUT_FILENO] {
      var size = winsize()
      if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    }
    return env["COLUMNS"].flatMap(Int.init).map { max(20, $0) } ?? 80
  }

  /// The block to print when the process exits; nil when none. The exit handler reads it.
  static let pending = Mutex<String?>(nil)
  /// The reminder of a screen keys typed ahead kept from opening, printed at exit after the
  /// tip's block; nil when none.
  static let pendingReminder = Mutex<String?>(nil)
  /// Whether the exit handler is registered (it is, at most once a process).
  private static let registered = Mutex(false)

  /// Prints `block` on standard error when the process exits normally (`exit`, the end of
  /// `main`), after the app's own output. A later call replaces the block.
  static func printAtExit(_ block: String) {
    pending.withLock { $0 = block }
    registerExitHandler()
  }

  /// Prints `line` (``GreetOutcome/reminder``) on standard error when the process exits, as a
  /// tip's block is. A later call replaces it.
  static func printAtExit(reminder line: String) {
    pendingReminder.withLock { $0 = line + "\n" }
    registerExitHandler()
  }

  private static func registerExitHandler() {
    let first = registered.withLock { done in
      defer { done = true }
      return !done
    }
    if first { atexit(printPendingAtExit) }
  }
}

/// The exit handler: writes the pending tip, then the pending reminder, if standard error is
/// still a terminal, and nothing else; a failed write is ignored.
private func printPendingAtExit() {
  write(taking: TipBlock.pending)
  write(taking: TipBlock.pendingReminder)
}

/// Writes the text `slot` holds, emptying it, when standard error is a terminal.
private func write(taking slot: borrowing Mutex<String?>) {
  guard
    let block = slot.withLock({ text in
      defer { text = nil }; return text
    }),
    isatty(STDERR_FILENO) == 1
  else { return }
  Platform.writeAll(STDERR_FILENO, block)
}
