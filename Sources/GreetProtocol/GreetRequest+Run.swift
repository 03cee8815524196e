import LaunchGreeter
import LaunchTracking
import ReleaseNotes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What running a request gave: the outcome (nil when the request could not be run), its
/// report (the JSON outcome), and the exit status both executables end with.
package struct GreetAnswer: Sendable {
  /// The greeting's outcome; nil for a `record` request or one that failed before greeting.
  package var outcome: GreetOutcome?
  /// The JSON outcome: today's `--report` keys, built from the outcome in one place
  /// (``GreetReport/init(_:audience:)``), plus `recorded` for the events.
  package var report: GreetReport
  /// 0, or 1 when the notes or the state could not be used (the problem says which).
  package var status: Int32
}

extension GreetRequest {
  /// Runs the request: checks it, records its events, greets (for `greet`) and builds the
  /// outcome. A value the request should not have had is thrown (nothing is recorded then);
  /// notes, steps or a state directory that cannot be used are problems in the answer, with
  /// status 1. `whatsnew greet` and `whatsnew-greet` both end here.
  package func run(environment env: [String: String]) throws(RequestError) -> GreetAnswer {
    try validate()
    if command == .record {
      let problems = recordEvents(environment: env)
      var report = GreetReport.empty
      report.recorded = problems.isEmpty ? record : []
      report.problems = problems
      if problems.isEmpty, !tipSwitches.isEmpty {
        report.tipSwitches = try switchTips(
          makeRecorder(environment: env), checkingNotes: notes != nil, report: &report)
      }
      return GreetAnswer(outcome: nil, report: report, status: report.problems.isEmpty ? 0 : 1)
    }
    let greeter: LaunchGreeter
    do {
      greeter = try makeGreeter(environment: env)
    } catch  where !error.isUsage {
      var report = GreetReport.empty
      report.problems = [error.message]
      return GreetAnswer(outcome: nil, report: report, status: 1)
    }
    var switchReport = GreetReport.empty
    var switched = try switchTips(greeter, checkingNotes: true, report: &switchReport)
    let recordProblems = recordEvents(environment: env)
    let outcome = greeter.greet()
    if let line = outcome.reminder { Self.remind(line) }
    // On a first launch there was no state to change before it.
    if switched.isEmpty && !tipSwitches.isEmpty && switchReport.problems.isEmpty {
      switched = try switchTips(greeter, checkingNotes: false, report: &switchReport)
    }
    var report = GreetReport(outcome, audience: NotesAudience(channel: channel))
    report.problems = recordProblems + switchReport.problems + report.problems
    report.recorded = recordProblems.isEmpty ? record : []
    report.tipSwitches = switched
    let app = greeter.app
    report.tip?.block =
      outcome.tip.map {
        TipBlock.text(
          $0, offVariable: app.variable("NO_TIPS"), offCommand: tipOffCommand,
          width: TipBlock.standardErrorWidth(env))
      } ?? ""
    return GreetAnswer(outcome: outcome, report: report, status: Self.failed(outcome) ? 1 : 0)
  }

  /// Prints the reminder of a screen keys typed ahead kept from opening on standard error at
  /// once, when that is a terminal: this process ends before the tool's own work begins. The
  /// line the cursor is on is cleared first: at the tool's start it holds only the typed keys'
  /// echo (they are still the shell's, which shows them on its prompt).
  static func remind(_ line: String) {
    guard isatty(STDERR_FILENO) == 1 else { return }
    Platform.writeAll(STDERR_FILENO, "\r\u{1B}[K" + line + "\n")
  }

  /// True when the launch ends with status 1: the notes or the state could not be used. A
  /// launch that found another one holding the state lock goes on like any launch with
  /// nothing to show; so does one whose state directory another user could write to (its
  /// line says how to make it private).
  static func failed(_ outcome: GreetOutcome) -> Bool {
    outcome.launch == nil || (!outcome.isRecorded && !outcome.lockWasBusy) || outcome.notesProblem != nil
  }

  /// The state directory the request's app uses.
  package func stateDirectory(environment env: [String: String]) -> String {
    StateLocation.directory(
      appID: appId, stateDirectory: stateDir, variable: app.variable("STATE_DIR"), environment: env)
  }

  /// The app the request greets for.
  package var app: GreeterApp { GreeterApp(id: appId, name: appName ?? appId, version: version ?? "0") }

  /// The greeter the request describes, as a tool for another language runs it: problems kept
  /// for the outcome (not printed), a signal reported in it rather than delivered again.
  /// Throws for notes or steps that cannot be used.
  package func makeGreeter(environment env: [String: String]) throws(RequestError) -> LaunchGreeter {
    let notes = notes ?? ""
    do {
      _ = try ReleaseNotesCatalog(directory: notes)
    } catch {
      throw RequestError(parameter: .notes, message: "\(error)", isUsage: false)
    }
    var greeter = LaunchGreeter(app: app, notes: .directory(notes))
    greeter.environment = env
    greeter.interruptions.returningAfterDays = returningAfter
    greeter.audience.channel = channel
    greeter.stateDirectory = stateDir
    greeter.appearance.color = color
    greeter.appearance.theme = theme
    greeter.appearance.hyperlinks = hyperlinks
    if let accessible { greeter.appearance.accessible = accessible ? .on : .off }
    greeter.interruptions.minimumImportance = minImportance
    greeter.interruptions.cooldown = try cooldownDuration()
    greeter.interruptions.tips = tip ? .manual : .off
    greeter.interruptions.checklist = checklist
    if existingInstall { greeter.isExistingInstall = { true } }
    if let feed {
      greeter.feed = GreeterFeed(
        url: feed, upgradeCommands: upgradeCommand.byMethod, upgradeCommand: upgradeCommand.other,
        managedBy: managedBy, executablePath: executable)
    }
    greeter.tipOffCommand = tipOffCommand
    greeter.signals.crash = .defaultAction
    greeter.signals.interrupt = .report
    greeter.warn = { _ in }
    greeter.remind = { _ in }  // printed by ``run(environment:)`` at once
    switch steps {
    case .file(let path)?:
      greeter.updateSteps = try ShellSteps.load(path, logDirectory: stateDirectory(environment: env))
    case .list(let entries)?:
      greeter.updateSteps = try ShellSteps.steps(
        entries, source: "", logDirectory: stateDirectory(environment: env))
    case nil: break
    }
    return greeter
  }

  /// Turns ``tipSwitches``' tips off or on in `greeter`'s state: the switches applied, none
  /// when there is no state yet. An id that is not a tip of the notes (when `checkingNotes`)
  /// is thrown, keyed `tipSwitches`; a state or notes that cannot be used is a line in
  /// `report`'s problems.
  private func switchTips(_ greeter: LaunchGreeter, checkingNotes: Bool, report: inout GreetReport)
    throws(RequestError) -> [String: Bool]
  {
    guard !tipSwitches.isEmpty else { return [:] }
    do {
      return try greeter.setTips(tipSwitches, checkingNotes: checkingNotes) ? tipSwitches : [:]
    } catch  where error.kind == .settings {
      throw RequestError(parameter: .tipSwitches, message: error.description)
    } catch {
      report.problems.append(error.description)
      return [:]
    }
  }

  /// A greeter for recording in the request's state directory, with the request's notes when
  /// it names them (to check tip ids against), without greeting.
  private func makeRecorder(environment env: [String: String]) -> LaunchGreeter {
    var greeter = LaunchGreeter(
      app: GreeterApp(id: appId, name: appId, version: "0"),
      notes: notes.map { .directory($0) } ?? .compiledIn([:]))
    greeter.stateDirectory = stateDir
    greeter.environment = env
    return greeter
  }

  /// Records ``record``'s events (the launch's next transaction folds them in); the lines of
  /// those that could not be.
  private func recordEvents(environment env: [String: String]) -> [String] {
    guard !record.isEmpty else { return [] }
    let greeter = makeRecorder(environment: env)
    for name in record {
      do {
        try greeter.record(name)
      } catch {
        return ["\(error)"]  // "cannot record the event: …"
      }
    }
    return []
  }
}
