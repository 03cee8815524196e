import ArgumentParser
import GreetProtocol
import LaunchGreeter
import LaunchTracking
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

/// `whatsnew demo`: the demo app. Records the launch (running its update steps under the
/// state lock), decides what it calls for, and presents it when a person is at a terminal.
/// A non-interactive launch presents nothing and keeps everything pending.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Runs the demo app: records the launch and presents what it calls for.",
    discussion: """
      A launch is interactive only when stdin and stdout are terminals, CI is unset (or 0 or \
      false), TERM is not dumb and WHATSNEW_DISABLE is not 1; otherwise nothing is presented \
      and everything stays pending. WHATSNEW_NOW (ISO 8601) overrides the clock. With \
      --accessible (or ACCESSIBLE set) there is no home screen, and a due tip is printed on \
      standard error when the demo exits.
      """
  )

  /// A QA scenario built in memory.
  enum Scenario: String, ExpressibleByArgument, CaseIterable {
    case first, upgrade, returning
  }

  @Option(help: "Simulate a scenario in memory; the real state is neither read nor written.")
  var simulate: Scenario?

  @Option(help: "With --simulate upgrade: the version upgraded from (default: the release before).")
  var from: String?

  @Option(
    help: ArgumentHelp(
      "With --simulate: days since the previous launch (default: 45 for returning, a minute for upgrade).",
      valueName: "days"))
  var away: Int?

  @Option(help: "The demo's version (default: the newest release in its notes).")
  var appVersion: String?

  @OptionGroup var state: StateOptions

  @OptionGroup var content: ContentOptions

  @Option(help: ArgumentHelp("Open a deep link, e.g. whatsnew://notes/1.1.0.", valueName: "url"))
  var open: String?

  @OptionGroup var greeting: GreetingOptions

  @OptionGroup var appearance: AppearanceOptions

  func validate() throws {
    if let away, away < 0 { throw ValidationError("--away must not be negative") }
    if from != nil && simulate != .upgrade { throw ValidationError("--from needs --simulate upgrade") }
    if let appVersion, AppVersion(appVersion) == nil {
      throw ValidationError("--app-version: \(invalid(appVersion))")
    }
    if let from, AppVersion(from) == nil { throw ValidationError("--from: \(invalid(from))") }
    if let open {
      do { _ = try DeepLink(parsing: open, scheme: "whatsnew") } catch {
        throw ValidationError("--open: \(error)")
      }
    }
  }

  func run() throws {
    let env = processEnvironment
    let now = try LaunchClock.fromEnvironment()
    let deepLink = try open.map { try DeepLink(parsing: $0, scheme: "whatsnew") }
    let content = try DemoContent.locate(flag: self.content.content)
    let version = try appVersion.map { try AppVersion(parsing: $0) } ?? content.newestRelease
    guard let version else {
      throw CommandFailure(
        "no release notes in \(content.origin) to take the version from; pass --app-version")
    }
    // Checked before the launch is recorded: a bad link changes nothing.
    if let link = deepLink, !content.versions.contains(link.version) {
      throw CommandFailure("no release notes for version \(link.version) (from --open \(link.url))")
    }

    // Jot is one more app on the greeter: its id, its name, and WHATSNEW_ as its variables'
    // prefix (WHATSNEW_STATE_DIR, WHATSNEW_NOW, WHATSNEW_NO_GREETING).
    var greeter = LaunchGreeter(
      app: GreeterApp(
        id: state.settings.appID, name: DemoPresentation.appName, version: version.description,
        environmentPrefix: "WHATSNEW"),
      notes: content.notes)
    greeter.interruptions.returningAfterDays = greeting.returningAfter
    greeter.environment = env
    greeter.clock = now
    greeter.appearance.color = appearance.color
    greeter.appearance.theme = appearance.theme
    greeter.appearance.hyperlinks = appearance.hyperlinks
    if greeting.accessible { greeter.appearance.accessible = .on }
    greeter.interruptions.minimumImportance = greeting.minImportance
    greeter.interruptions.cooldown = greeting.cooldown.duration
    // Jot's home screen shows the tip; in accessible mode there is none, so the tip is printed
    // when the demo exits, as a command-line tool's is (a tip is counted only where it shows).
    greeter.interruptions.tips = greeter.appearance.accessible.isOn(environment: env) ? .atExit : .manual
    greeter.openNotes = deepLink?.version.description
    greeter.signals.crash = .defaultAction  // the tool dies of a crash without a backtrace
    greeter.signals.interrupt = .report  // --explain first; then 130 as `greet`
    greeter.warn = { Console.error("whatsnew: " + $0) }
    var stateDescription: String
    var stateDirectory: String?
    var scratch: DemoScratch?
    defer { scratch?.remove() }
    if let simulate {
      if simulate == .upgrade { scratch = try DemoScratch.make() }
      greeter.store = try simulated(simulate, version: version, content: content, now: now, scratch: scratch)
      if let scratch {
        // The upgrade runs the demo's steps on the scratch copy, their progress shown.
        greeter.updateSteps = DemoUpdateSteps.make(
          directory: scratch.path, version: version, environment: scratch.environment(env))
      }
      stateDescription = "in memory (--simulate \(simulate.rawValue)); the real state is untouched"
    } else {
      let store = state.settings.makeStore(now: now)
      stateDirectory = store.directory
      greeter.store = store
      greeter.stateDirectory = store.directory  // where a terminal that did not answer is remembered
      greeter.updateSteps = DemoUpdateSteps.make(
        directory: store.directory, version: version, environment: env)
      stateDescription = store.path
    }

    // Greeted through the public API alone, as an adopter greets; Jot's home screen opens once
    // the greeting has given the terminal back.
    let outcome = greeter.greet()
    let invocation = Invocation.current(environment: env, optOut: greeter.app.variable("NO_GREETING"))
    var interrupted = false
    if case .interrupted = outcome.exit { interrupted = true }
    var homeInterrupted = false
    var homeTheme: GreeterThemeChoice?
    // Keys typed ahead kept the greeting's screen from opening (its reminder is printed at
    // exit): they are the shell's, so the home screen does not open to read them either.
    let typedAhead = outcome.reminder != nil
    if !interrupted, !typedAhead, invocation.isInteractive,
      !greeter.appearance.accessible.isOn(environment: env)
    {
      // The home screen will be shown: the background query goes now (unless the greeting
      // asked already), and the terminal answers while the state and the notes are read.
      let query = DemoPresentation.sendQuery(
        stateDirectory: stateDirectory, color: greeter.appearance.color, theme: greeter.appearance.theme,
        environment: env)
      var versionsRun: [AppVersion] = []
      var events = UsageEvents()
      if case .state(let state) = try? greeter.store?.read() {
        versionsRun = state.versionHistory.map(\.version)
        events = state.events
      }
      if let catalog = try? ReleaseNotesCLI.catalog(
        option: self.content.content, languages: NotesLanguage.preferred(environment: env))
      {
        let home = DemoPresentation.home(
          version: version, catalog: catalog, versionsRun: versionsRun, stateDirectory: stateDirectory,
          minimumImportance: greeter.interruptions.minimumImportance, color: greeter.appearance.color,
          theme: greeter.appearance.theme,
          hyperlinks: greeter.appearance.hyperlinks, environment: env, query: query, tip: outcome.tip?.text,
          turnTipsOff: { [greeter] in
            do {
              try greeter.setTips(enabled: false)
            } catch {
              Console.error("whatsnew: cannot turn tips off: \(error)")
            }
          }, events: events,
          record: { [greeter] event in
            do {
              try greeter.record(event)
            } catch {
              Console.error("whatsnew: cannot record \(event): \(error)")
            }
          })
        (homeInterrupted, homeTheme) = (home.interrupted, home.theme)
        // Said once: the greeting may have met the same problem and said it already.
        for line in home.problems where !outcome.problems.contains(where: { $0.description == line }) {
          Console.error("whatsnew: " + line)
        }
      }
    }
    if !outcome.isRecorded, outcome.launch != nil { stateDescription += " (not recorded)" }
    if greeting.explain {
      let links = greeter.appearance.hyperlinks.explanation(
        environment: processEnvironment, isTerminal: isatty(1) == 1)
      if let text = explanation(
        outcome, state: stateDescription, content: content, interactive: Invocation.current(environment: env),
        theme: (outcome.themeChoice ?? homeTheme)?.explanation(setBy: "--theme"), links: links)
      {
        Console.out(text)
      }
    }
    if outcome.decision.isPresentation, !outcome.presented, outcome.reason == "no terminal could be opened" {
      let term = env["TERM"] ?? "unset"
      Console.error(
        "whatsnew: cannot drive this terminal (TERM=\(term)); nothing presented, \(outcome.decision.summary) stays pending"
      )
    }
    // Ctrl-C on a screen or while the steps ran (the step is retried next launch): the status
    // says how it ended, as `greet`'s does.
    switch outcome.exit {
    case .interrupted(let signal?): GreeterTerminal.exit(killedBy: signal)
    case .interrupted(nil): throw ExitCode(130)
    default: if homeInterrupted { throw ExitCode(130) }
    }
    if let failure = outcome.updates.failed {
      throw CommandFailure(
        "update step \(failure.id) (\(failure.version)) failed: \(failure.message); "
          + "it will be retried on the next launch (attempt \(failure.attempts) so far)")
    }
  }

  // MARK: - Simulation

  /// How long before now the simulated previous launch was: `--away` days when given, else
  /// 45 days for a returning user and a minute for an upgrade (a simulated upgrade is an
  /// upgrade, not also a return: issue 47).
  private func previousLaunchAgo(_ scenario: Scenario) -> Double {
    if let away { return Double(away) * 86_400 }
    return scenario == .returning ? 45 * 86_400 : 60
  }

  /// Builds the launches before `scenario` (``previousLaunchAgo(_:)``) in an in-memory store;
  /// the greeter then records this one.
  private func simulated(
    _ scenario: Scenario, version: AppVersion, content: DemoContent,
    now: @escaping @Sendable () -> Date, scratch: DemoScratch?
  ) throws -> InMemoryLaunchStore {
    let store = InMemoryLaunchStore()
    let then = now().addingTimeInterval(-previousLaunchAgo(scenario))
    let returningAfter = greeting.returningAfter
    func tracker(_ v: AppVersion) -> LaunchTracker {
      LaunchTracker(
        appID: state.settings.appID, version: v, store: store, returningThresholdDays: returningAfter,
        now: { then })
    }
    switch scenario {
    case .first:
      break
    case .upgrade:
      let previous: AppVersion
      if let from {
        previous = try AppVersion(parsing: from)
      } else if let before = content.release(before: version) {
        previous = before
      } else {
        throw CommandFailure("no release before \(version) in Content/ to upgrade from; pass --from")
      }
      guard previous < version else {
        throw CommandFailure("--from \(previous) is not older than \(version)")
      }
      let old = tracker(previous)
      // The old version ran its own steps on the scratch copy: the data is as it left it.
      let oldSteps = scratch.map {
        DemoUpdateSteps.make(directory: $0.path, version: previous, environment: [:])
      }
      _ = try old.recordLaunch(updateSteps: oldSteps ?? [])
      try old.completeOnboarding()
    case .returning:
      let old = tracker(version)
      _ = try old.recordLaunch()
      try old.completeOnboarding()
    }
    return store
  }

  // MARK: - Explain

  /// The labels of the `--explain` lines, in the order they are printed.
  enum ExplainLabel: String, ExplainLabels {
    case launch, state, content, updateSteps = "update steps", pending, settings, links, decision, reason,
      interactive, theme, tip, held
  }

  /// The `--explain` text: one `label: value` line per fact, the values in one column; nil
  /// when the greeter could not start (no launch was classified). `theme` and `links` are
  /// their lines' values.
  func explanation(
    _ outcome: GreetOutcome, state stateDescription: String, content: DemoContent, interactive: Invocation,
    theme: String?, links: String
  ) -> String? {
    guard let launch = outcome.launch else { return nil }
    var kind = launch.kind.rawValue
    if let from = launch.from, from != launch.to {
      kind += " from \(from) to \(launch.to)"
    } else {
      kind += " of \(launch.to)"
    }
    if let days = launch.daysAway { kind += ", \(days) day\(days == 1 ? "" : "s") away" }
    if launch.stateWasReset { kind += " (the state was reset: the old file was corrupt)" }
    var lines: [String] = []
    func add(_ label: ExplainLabel, _ value: String) { lines.append(label.line(value)) }
    add(.launch, "\(kind) (launch \(outcome.launchCount) of \(self.state.settings.appID))")
    add(.state, stateDescription)
    add(.content, "\(content.origin) (\(content.versions.count) versions)")
    add(.updateSteps, describe(outcome.updates))
    add(
      .pending, outcome.pending.isEmpty ? "nothing" : outcome.pending.map(\.summary).joined(separator: ", "))
    add(.settings, outcome.whatsNewSummary)
    add(.links, links)
    if case .nothing(let reason) = outcome.decision {
      add(.decision, "nothing")
      add(.reason, reason)
      if !interactive.isInteractive && open == nil {
        let wouldBe = PresentationDecision.decide(
          launch: launch, pending: outcome.pending, availableNotes: content.versions,
          invocation: Invocation(nonInteractiveReason: nil), whatsNew: outcome.whatsNew)
        add(.interactive, "would present \(wouldBe.summary)")
      }
    } else {
      add(.decision, outcome.decision.summary)
      // Keys typed ahead kept it from opening: why, and that it waits for the next launch.
      if outcome.reminder != nil, let reason = outcome.reason { add(.reason, reason) }
    }
    if let theme { add(.theme, theme) }
    if let tip = outcome.tipExplanation { add(.tip, tip) }
    for held in outcome.heldBackExplanations { add(.held, held) }
    return lines.joined(separator: "\n")
  }

  private func describe(_ report: UpdateRunReport) -> String {
    if let skipped = report.skippedReason { return "not run: \(skipped)" }
    var parts: [String] = []
    if !report.completed.isEmpty { parts.append("ran " + report.completed.joined(separator: ", ")) }
    if !report.notNeeded.isEmpty { parts.append("not needed " + report.notNeeded.joined(separator: ", ")) }
    if let failed = report.failed {
      parts.append("FAILED \(failed.id) (attempt \(failed.attempts)): \(failed.message)")
    }
    if !report.postponed.isEmpty { parts.append("postponed " + report.postponed.joined(separator: ", ")) }
    return parts.isEmpty ? "none to run" : parts.joined(separator: "; ")
  }
}

private func invalid(_ text: String) -> String {
  do {
    _ = try AppVersion(parsing: text)
    return "\"\(text)\" is valid"
  } catch {
    return error.description
  }
}
