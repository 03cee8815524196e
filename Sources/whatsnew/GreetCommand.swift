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
      interactive: no terminal, CI set, TERM=dumb, <PREFIX>_NO_GREETING=1 or WHATSNEW_DISABLE=1, \
      or greetings off in /etc/whatsnew/policy.json; \
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
    let request = try request()
    do {
      try request.validate()
    } catch {
      throw ValidationError(Self.optionLine(error))
    }
  }

  /// The request these options make: what `whatsnew-greet` reads in JSON, run by the same
  /// ``GreetRequest/run(environment:)``.
  func request() throws -> GreetRequest {
    var request = GreetRequest(appId: appID, version: appVersion, notes: content)
    request.appName = appName
    request.stateDir = stateDir
    request.steps = steps.map { .file($0) }
    request.minImportance = greeting.minImportance
    request.accessible = greeting.accessible ? true : nil
    request.returningAfter = greeting.returningAfter
    request.color = appearance.color
    request.theme = appearance.theme
    request.hyperlinks = appearance.hyperlinks
    request.channel = channel.channel
    request.feed = feed
    request.upgradeCommand = try upgradeCommands()
    request.managedBy = managedBy
    request.executable = executable
    request.existingInstall = existingInstall
    // The tip is printed on stderr below, so only when that is a terminal; with --report the
    // report's reader decides.
    request.tip = tip && (report != nil || isatty(STDERR_FILENO) == 1)
    request.cooldown = greeting.cooldown.text
    request.checklist = checklist
    request.tipOffCommand = Self.tipOffCommand(request, environment: processEnvironment)
    return request
  }

  /// The command a tip's first showing names for hiding it: `whatsnew tips --app-id ID --off
  /// {tip}`, with `--state-dir DIR` when the state is not in the app's default directory.
  static func tipOffCommand(_ request: GreetRequest, environment env: [String: String]) -> String {
    var command = "whatsnew tips --app-id \(request.appId)"
    if request.stateDir != nil || env[request.app.variable("STATE_DIR"), default: ""] != "" {
      let directory = request.stateDirectory(environment: env)
      let plain = directory.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+,:@".unicodeScalars.contains($0)
      }
      command += " --state-dir " + (plain ? directory : "'" + directory.replacing("'", with: "'\\''") + "'")
    }
    return command + " --off {tip}"
  }

  /// A request error as the command line says it: the option's name for the parameter's
  /// (`--min-importance: must be …`, `--feed must be …`, `--upgrade-command needs --feed`).
  static func optionLine(_ error: RequestError) -> String {
    guard let parameter = error.parameter else { return error.message }
    if let needed = error.needs { return "\(optionName(parameter)) needs \(optionName(needed))" }
    return "\(optionName(parameter)): \(error.message)"
  }

  /// `--min-importance` for `minImportance`; `--app-id`, `--app-version` and `--content` for
  /// the three the command line names as the app's.
  static func optionName(_ parameter: GreetRequest.Key) -> String {
    switch parameter {
    case .appId: return "--app-id"
    case .version: return "--app-version"
    case .notes: return "--content"
    default:
      return "--" + parameter.rawValue.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }
  }

  /// `--upgrade-command`s: `METHOD=COMMAND` for one install method (the text before `=` all
  /// lowercase letters), else the command for any other method (at most one).
  func upgradeCommands() throws -> GreetRequest.UpgradeCommands {
    var commands = GreetRequest.UpgradeCommands()
    for value in upgradeCommand {
      if let equals = value.firstIndex(of: "="), value.startIndex < equals,
        value[..<equals].allSatisfy({ $0.isASCII && $0.isLowercase })
      {
        let name = String(value[..<equals])
        guard let method = InstallMethod(rawValue: name) else {
          let known = InstallMethod.allCases.map(\.rawValue).joined(separator: ", ")
          throw ValidationError("--upgrade-command: unknown install method \"\(name)\" (known: \(known))")
        }
        commands.byMethod[method] = String(value[value.index(after: equals)...])
      } else if commands.other == nil {
        commands.other = value
      } else {
        throw ValidationError("--upgrade-command: give one command without METHOD=, not two")
      }
    }
    return commands
  }

  func run() throws {
    let env = processEnvironment
    let request = try request()
    let answer: GreetAnswer
    do {
      answer = try request.run(environment: env)
    } catch {
      throw error.isUsage ? ValidationError(Self.optionLine(error)) : CommandFailure(error.message)
    }
    guard let outcome = answer.outcome else { throw CommandFailure(answer.report.problems.first ?? "") }
    let app = request.app
    if printsProblems(
      of: outcome, status: answer.status, environment: env, optOut: app.variable("NO_GREETING"))
    {
      for problem in outcome.problems { Console.error(app.name + ": " + problem.description) }
    }
    if let block = answer.report.tip?.block, report == nil { Platform.writeAll(STDERR_FILENO, block) }
    if let report {
      do {
        try answer.report.write(to: report)
      } catch {
        Console.error("whatsnew: cannot write the report \(report): \(error)")
      }
    }
    if greeting.explain {
      var explained = answer.report
      explained.links = request.hyperlinks.explanation(environment: env, isTerminal: isatty(1) == 1)
      Console.out(explained.explanation)
    }
    switch outcome.exit {
    case .interrupted(let signal?): GreeterTerminal.exit(killedBy: signal)
    case .interrupted(nil): throw ExitCode(130)
    default: break
    }
    // A state directory another user could write to is not used; its line says how to make it
    // private, and the app goes on as after a launch with nothing due.
    let directory = request.stateDirectory(environment: env)
    let refusedDirectory = !outcome.isRecorded && Platform.foreignDirectoryProblem(directory) != nil
    if answer.status != 0 && !refusedDirectory { throw ExitCode(1) }  // the problem's line named the file
  }

  /// Whether the outcome's problems are printed on stderr: always with `--print-problems`;
  /// else never with `--report` (the report lists them, and its reader decides); else when a
  /// person is at the terminal, or when the launch failed (status 1), whose line says what to
  /// fix. A launch with no person at a terminal prints nothing otherwise.
  func printsProblems(of outcome: GreetOutcome, status: Int32, environment: [String: String], optOut: String)
    -> Bool
  {
    if printProblems { return true }
    if report != nil { return false }
    return status != 0 || Invocation.current(environment: environment, optOut: optOut).isInteractive
  }
}

extension GreetReport {
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
}
