import ArgumentParser
import LaunchGreeter
import ReleaseNotes

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

/// `whatsnew greet`: the greeter for a tool written in any language. Run at the tool's
/// start-up, it records the launch of that app, presents what is due under the app's name and
/// returns; the app's own variables are `<PREFIX>_STATE_DIR`, `<PREFIX>_NOW`,
/// `<PREFIX>_PRETEND_VERSION` (run as that version instead of `--app-version`, for QA) and
/// `<PREFIX>_NO_GREETING`, where the prefix is the app id in capitals (`my-tool`: `MY_TOOL`).
struct GreetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "greet",
    abstract: "Greets the user of another app: walkthrough, what's new or welcome back, then returns.",
    discussion: """
      Exit status: 0 when something was presented or nothing was due (also when not \
      interactive: no terminal, CI set, TERM=dumb, <PREFIX>_NO_GREETING=1 or WHATSNEW_DISABLE=1; \
      nothing is printed and everything stays pending; also when another launch of the app has \
      held its state lock for over a second: nothing is recorded or shown, and --explain says so; \
      also when a screen's text is missing or fails lint: it is skipped, with a warning line unless \
      lint only warns about it), \
      1 for a notes folder or state that cannot be used, 2 for usage errors, 130 when the user pressed \
      Ctrl-C (also while update steps run: the running step is stopped and retried next launch). \
      State lives in \
      $XDG_STATE_HOME/<app-id>/ unless --state-dir or <PREFIX>_STATE_DIR.
      """
  )

  @Option(help: ArgumentHelp("The app's id: names its state directory.", valueName: "id"))
  var appID: String

  @Option(help: ArgumentHelp("The app's version being launched.", valueName: "version"))
  var appVersion: String

  @Option(
    help: ArgumentHelp("The app's notes: <version>.md, onboarding.md, welcome-back.md.", valueName: "dir"))
  var content: String

  @Option(help: ArgumentHelp("The name the screens show (default: the app id).", valueName: "name"))
  var appName: String?

  @Option(
    help: ArgumentHelp(
      "The state directory (default: $<PREFIX>_STATE_DIR, else $XDG_STATE_HOME/<app-id>).", valueName: "dir"))
  var stateDir: String?

  @Option(help: ArgumentHelp("Update steps to run once each (a JSON list; see README).", valueName: "file"))
  var steps: String?

  @Option(
    help: ArgumentHelp(
      "Write the outcome as JSON here, after the terminal is restored; its problems are then printed only there.",
      valueName: "file"))
  var report: String?

  @Flag(
    help: """
      Print the problems on stderr, under the app's name, also with --report and when no person \
      is at a terminal.
      """)
  var printProblems = false

  @OptionGroup var greeting: GreetingOptions

  @OptionGroup var appearance: AppearanceOptions

  @OptionGroup var channel: ChannelOptions

  @Option(
    help: ArgumentHelp(
      "The app's release feed (GitHub Releases JSON or a list of {version, date, notes}), checked at most daily in the background.",
      valueName: "url"))
  var feed: String?

  @Option(
    help: ArgumentHelp(
      "The command the \"newer version available\" card shows; METHOD=COMMAND (brew, pipx, pip, apt, npm) for one install method, repeatable.",
      valueName: "command"))
  var upgradeCommand: [String] = []

  @Option(
    help: ArgumentHelp(
      "An install method (brew, pipx, pip, apt, npm) that updates the app itself: no card for it. Repeatable.",
      valueName: "method"))
  var managedBy: [InstallMethod] = []

  @Option(
    help: ArgumentHelp(
      "The app's executable, whose place tells how it was installed (default: whatsnew's own). Needs --feed, as do --upgrade-command and --managed-by.",
      valueName: "path"))
  var executable: String?

  @Flag(
    help: """
      Choose a due tip from the notes' tips/ folder when nothing else is shown: printed on stderr \
      after the greeting when that is a terminal, or with --report only put in the report.
      """)
  var tip = false

  @Flag(
    help: """
      Offer the "Get started" checklist after the walkthrough: its pages with a done-when: event, \
      ticked once done (whatsnew event), when nothing else is shown and past the cooldown, until \
      every one is done or the user presses x.
      """)
  var checklist = false

  @Flag(
    help: """
      This user ran the app before it used whatsnew: a first launch is an upgrade from an unknown \
      version and shows the current version's notes instead of the walkthrough.
      """)
  var existingInstall = false

  func validate() throws {
    // --app-id and --state-dir are greet's own (the app's; its <PREFIX>_STATE_DIR) but their
    // values are checked as `state`'s and `demo`'s are.
    try StateSettings(appID: appID, stateDir: stateDir).validate()
    if AppVersion(appVersion) == nil {
      do {
        _ = try AppVersion(parsing: appVersion)
      } catch {
        throw ValidationError("--app-version: \(error)")
      }
    }
    if appName == "" { throw ValidationError("--app-name: the name is empty") }
    if let feed, !GreeterFeed.isFetchable(feed) {
      throw ValidationError("--feed must be an http:// or https:// URL, not \"\(feed)\"")
    }
    if !upgradeCommand.isEmpty && feed == nil { throw ValidationError("--upgrade-command needs --feed") }
    if !managedBy.isEmpty && feed == nil { throw ValidationError("--managed-by needs --feed") }
    if executable != nil && feed == nil { throw ValidationError("--executable needs --feed") }
    _ = try upgradeCommands()
  }

  /// `--upgrade-command`s: `METHOD=COMMAND` for one install method (the text before `=` all
  /// lowercase letters), else the command for any method (at most one).
  func upgradeCommands() throws -> (any: String?, byMethod: [InstallMethod: String]) {
    var any: String?
    var byMethod: [InstallMethod: String] = [:]
    for value in upgradeCommand {
      if let equals = value.firstIndex(of: "="), value.startIndex < equals,
        value[..<equals].allSatisfy({ $0.isASCII && $0.isLowercase })
      {
        let name = String(value[..<equals])
        guard let method = InstallMethod(rawValue: name) else {
          let known = InstallMethod.allCases.map(\.rawValue).joined(separator: ", ")
          throw ValidationError("--upgrade-command: unknown install method \"\(name)\" (known: \(known))")
        }
        byMethod[method] = String(value[value.index(after: equals)...])
      } else if any == nil {
        any = value
      } else {
        throw ValidationError("--upgrade-command: give one command without METHOD=, not two")
      }
    }
    return (any, byMethod)
  }

  func run() throws {
    // Bad input is reported before anything is recorded.
    do {
      _ = try ReleaseNotesCatalog(directory: content)
    } catch {
      throw CommandFailure("\(error)")
    }
    let app = GreeterApp(id: appID, name: appName ?? appID, version: appVersion)
    let env = processEnvironment
    var greeter = LaunchGreeter(app: app, notes: .directory(content))
    greeter.environment = env
    greeter.returningAfterDays = greeting.returningAfter
    greeter.channel = channel.channel
    greeter.stateDirectory = stateDir
    greeter.color = appearance.color
    greeter.theme = appearance.theme
    greeter.hyperlinks = appearance.hyperlinks
    if greeting.accessible { greeter.accessible = .on }
    greeter.minimumImportance = greeting.minImportance
    greeter.cooldown = greeting.cooldown.duration
    // The tip is printed on stderr below, so only when that is a terminal; with --report the
    // report's reader (the Python or Node API) prints it when the tool exits, and decides.
    greeter.tips = tip && (report != nil || isatty(STDERR_FILENO) == 1) ? .manual : .off
    greeter.checklist = checklist
    if existingInstall { greeter.isExistingInstall = { true } }
    if let feed {
      let commands = try upgradeCommands()
      greeter.feed = GreeterFeed(url: feed, upgradeCommand: commands.any)
      greeter.upgradeCommands = commands.byMethod
      greeter.managedBy = managedBy
      greeter.executablePath = executable
    }
    greeter.crashAction = .defaultAction
    greeter.interruptAction = .report  // the report is written first, then 130 below
    greeter.warn = { _ in }  // the outcome's problems are printed below, or not
    let directory = StateLocation.directory(
      appID: appID, stateDirectory: stateDir, variable: app.variable("STATE_DIR"), environment: env)
    if let steps {
      greeter.updateSteps = try ShellSteps.load(steps, logDirectory: directory)
    }
    let outcome = greeter.greet()
    if printsProblems(of: outcome, environment: env, optOut: app.variable("NO_GREETING")) {
      for problem in outcome.problems { Console.error(app.name + ": " + problem) }
    }
    let tipBlock = outcome.tip.map {
      TipBlock.text($0, offVariable: app.variable("NO_TIPS"), width: TipBlock.standardErrorWidth(env))
    }
    if let tipBlock, report == nil { Platform.writeAll(STDERR_FILENO, tipBlock) }
    if let report {
      do {
        var json = GreetReport(outcome, audience: NotesAudience(channel: channel.channel))
        json.tip?.block = tipBlock ?? ""
        try json.write(to: report)
      } catch {
        Console.error("whatsnew: cannot write the report \(report): \(error)")
      }
    }
    if greeting.explain {
      var report = GreetReport(outcome, audience: NotesAudience(channel: channel.channel))
      report.links = greeter.hyperlinks.explanation(environment: env, isTerminal: isatty(1) == 1)
      Console.out(report.explanation)
    }
    switch outcome.exit {
    case .interrupted(let signal?): GreeterTerminal.exit(killedBy: signal)
    case .interrupted(nil): throw ExitCode(130)
    default: break
    }
    // A state directory another user could write to is not used; its line says how to make it
    // private, and the app goes on as after a launch with nothing due.
    let refusedDirectory = !outcome.isRecorded && Platform.foreignDirectoryProblem(directory) != nil
    if Self.failed(outcome) && !refusedDirectory { throw ExitCode(1) }  // the problem's line named the file
  }

  /// True when the launch ends with status 1: the notes or the state could not be used. A
  /// launch that found another one holding the state lock goes on like any launch with
  /// nothing to show: the app starts, and the next launch records as usual.
  static func failed(_ outcome: GreetOutcome) -> Bool {
    outcome.launch == nil || (!outcome.isRecorded && !outcome.lockWasBusy) || outcome.notesProblem != nil
  }

  /// Whether the outcome's problems are printed on stderr: always with `--print-problems`;
  /// else never with `--report` (the report lists them, and its reader decides); else when a
  /// person is at the terminal, or when the launch failed (status 1), whose line says what to
  /// fix. A launch with no person at a terminal prints nothing otherwise.
  func printsProblems(of outcome: GreetOutcome, environment: [String: String], optOut: String) -> Bool {
    if printProblems { return true }
    if report != nil { return false }
    return Self.failed(outcome) || Invocation.current(environment: environment, optOut: optOut).isInteractive
  }
}

/// The JSON `greet --report` writes: the launch, what was shown, how the user left, what stays
/// pending.
struct GreetReport: Encodable {
  struct Launch: Encodable {
    var kind: String
    var from: String?
    var to: String
    var daysAway: Int?
    var count: Int

    // Absent values are written as null, so every key is always there for tools.
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(kind, forKey: .kind)
      try c.encode(from, forKey: .from)
      try c.encode(to, forKey: .to)
      try c.encode(daysAway, forKey: .daysAway)
      try c.encode(count, forKey: .count)
    }

    private enum CodingKeys: String, CodingKey { case kind, from, to, daysAway, count }
  }

  var launch: Launch?
  /// `onboarding`, `whats-new`, `welcome-back`, `notes`, `update-available`, `checklist`, or
  /// null when nothing was shown.
  var shown: String?
  /// The versions the what's-new sheet covered, newest first.
  var versions: [String]
  /// `done`, `later`, `interrupted`, `action` or `nothing-shown`.
  var exit: String
  /// The id of the release action the user chose (exit `action`), else null.
  var action: String?
  var pending: [String]
  var reason: String?
  var updateSteps: [String: [String]]
  var problems: [String]
  /// The what's-new switches and minimum importance (`GreetOutcome.whatsNewSummary`, Explain.swift).
  var settings: String
  /// The platform and channel the notes were read for (`linux`, `linux, channel beta`).
  var notesFor: String
  /// The newer version the update feed's cache names, or null.
  var available: String?
  /// The critical release the feed names that the running version lacks, or null.
  var critical: String?
  /// The update feed's line for `--explain`, or nil without a feed.
  var feed: String?
  /// Whether the notes' links are clickable and why, for `--explain` (not in the report).
  var links: String?
  /// The theme's line for `--explain` (which theme and where it came from), or nil when no
  /// screen was drawn in colour. Not in the JSON.
  var theme: String?
  /// The update steps' line for `--explain` (what ran, and what failed and why), or nil when
  /// none ran. Not in the JSON, whose `updateSteps` has their ids.
  var steps: String?
  /// The tip this launch chose (`--tip`), or null.
  var tip: Tip?
  /// The `tip:` line for `--explain`. Not in the JSON.
  var tipLine: String?
  /// The `checklist:` line for `--explain` (`--checklist`). Not in the JSON, whose `shown` is
  /// `checklist` when it was shown.
  var checklistLine: String?
  /// The `held:` lines for `--explain`: what waited and why. Not in the JSON.
  var held: [String] = []

  /// The report's `tip`: `{"id", "text", "firstShowing", "block"}`; `block` is the tip as
  /// `greet --tip` prints it on stderr (styled, wrapped to the terminal, ending in a newline),
  /// for the Python and Node APIs to print when the tool exits.
  struct Tip: Encodable {
    var id: String
    var text: String
    var firstShowing: Bool
    var block = ""
  }

  init(_ outcome: GreetOutcome, audience: NotesAudience = NotesAudience()) {
    notesFor = audience.platform + (audience.channel.map { ", channel " + $0 } ?? "")
    launch = outcome.launch.map {
      Launch(
        kind: $0.kind.rawValue, from: $0.from?.description, to: $0.to.description, daysAway: $0.daysAway,
        count: outcome.launchCount)
    }
    var shown: String?
    var versions: [String] = []
    switch outcome.decision {
    case .onboarding: shown = "onboarding"
    case .whatsNew(_, _, let covered, _):
      shown = "whats-new"
      versions = covered.map(\.description)
    case .welcomeBack: shown = "welcome-back"
    case .openNotes: shown = "notes"
    case .nothing: shown = nil
    }
    if !outcome.presented {
      shown = outcome.announcedUpdate ? "update-available" : (outcome.showedChecklist ? "checklist" : nil)
    }
    self.shown = shown
    available = outcome.availableVersion?.description
    critical = outcome.criticalVersion?.description
    feed = outcome.feedExplanation
    theme = outcome.themeChoice?.explanation(setBy: "--theme")
    self.versions = outcome.presented ? versions : []
    switch outcome.exit {
    case .nothingShown: exit = "nothing-shown"
    case .done: exit = "done"
    case .later: exit = "later"
    case .interrupted: exit = "interrupted"
    case .action(let id):
      exit = "action"
      action = id
    }
    pending = outcome.pending.map(\.kind.rawValue)
    reason = outcome.reason
    var steps = ["completed": outcome.updates.completed, "notNeeded": outcome.updates.notNeeded]
    if let failed = outcome.updates.failed { steps["failed"] = [failed.id] }
    updateSteps = steps
    self.steps = Self.explanation(of: outcome.updates)
    problems = outcome.problems
    settings = outcome.whatsNewSummary
    tip = outcome.tip.map { Tip(id: $0.id, text: $0.text, firstShowing: $0.isFirstShowing) }
    tipLine = outcome.tipExplanation
    checklistLine = outcome.checklistExplanation
    held = outcome.heldBackExplanations
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(launch, forKey: .launch)
    try c.encode(shown, forKey: .shown)
    try c.encode(versions, forKey: .versions)
    try c.encode(exit, forKey: .exit)
    try c.encode(action, forKey: .action)
    try c.encode(pending, forKey: .pending)
    try c.encode(reason, forKey: .reason)
    try c.encode(updateSteps, forKey: .updateSteps)
    try c.encode(problems, forKey: .problems)
    try c.encode(settings, forKey: .settings)
    try c.encode(notesFor, forKey: .notesFor)
    try c.encode(available, forKey: .available)
    try c.encode(critical, forKey: .critical)
    try c.encode(tip, forKey: .tip)
  }

  private enum CodingKeys: String, CodingKey {
    case launch, shown, versions, exit, action, pending, reason, updateSteps, problems, settings, notesFor,
      available, critical, tip
  }

  func write(to path: String) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    var data = try encoder.encode(self)
    data.append(0x0A)
    try data.write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// The labels of the `--explain` lines, in the order they are printed.
  enum ExplainLabel: String, ExplainLabels {
    case launch, shown, reason, left, pending, steps, settings, notes, links, feed, theme, tip, checklist,
      held
  }

  /// The `--explain` text: one `label: value` line per fact, the values in one column.
  var explanation: String {
    var lines: [String] = []
    func add(_ label: ExplainLabel, _ value: String) { lines.append(label.line(value)) }
    if let launch {
      let from = launch.from.map { " from \($0)" } ?? ""
      add(.launch, "\(launch.kind)\(from) to \(launch.to) (launch \(launch.count))")
    }
    add(
      .shown, shown.map { $0 + (versions.isEmpty ? "" : " " + versions.joined(separator: ", ")) } ?? "nothing"
    )
    if let reason { add(.reason, reason) }
    add(.left, "\(exit)\(action.map { " " + $0 } ?? "")")
    add(.pending, pending.isEmpty ? "nothing" : pending.joined(separator: ", "))
    if let steps { add(.steps, steps) }
    add(.settings, settings)
    add(.notes, "for \(notesFor)")
    if let links { add(.links, links) }
    if let feed { add(.feed, feed) }
    if let theme { add(.theme, theme) }
    if let tipLine { add(.tip, tipLine) }
    if let checklistLine { add(.checklist, checklistLine) }
    for line in held { add(.held, line) }
    return lines.joined(separator: "\n")
  }

  /// What the update steps did, in a line: `ran seed; convert (2.0.0) failed: …`.
  static func explanation(of report: UpdateRunReport) -> String? {
    var parts: [String] = []
    if !report.completed.isEmpty { parts.append("ran " + report.completed.joined(separator: ", ")) }
    if !report.notNeeded.isEmpty { parts.append("not needed " + report.notNeeded.joined(separator: ", ")) }
    if let failed = report.failed {
      parts.append(
        "\(failed.id) (\(failed.version)) failed: \(failed.message); it runs again on the next launch")
    }
    if !report.postponed.isEmpty { parts.append("postponed " + report.postponed.joined(separator: ", ")) }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}
