import ArgumentParser
import LaunchGreeter
import LaunchTracking
import ReleaseNotes

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `whatsnew tips`: every tip of an app's notes with where it stands for this user (shown n
/// times, retired, due from a launch or day, waiting for an event, held back by the cooldown,
/// muted, off); with `--off ID` / `--on ID`, turns one tip off for the user (muted: never
/// shown) or back on, as `LaunchGreeter.setTip(_:enabled:)` does.
struct TipsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tips",
    abstract: "Lists an app's tips and where each stands for the user, or turns one off or on.",
    discussion: """
      The tips are the .md files of the notes' tips/ folder. --off ID mutes one tip for the \
      user (never shown again, the others still are), --on ID brings it back; with --content, \
      an id the notes have no tip for is refused. Exit status: 0 listed or changed, 1 when the \
      notes or the state cannot be read, or no launch of the app is recorded, 2 for usage \
      errors (a bad or unknown tip id).
      """
  )

  @OptionGroup var state: StateOptions

  @OptionGroup var content: ContentOptions

  @Option(
    help: ArgumentHelp(
      "The least time between two tips or update cards, as the app sets it: 1d, 12h, 30m, 45s or 0.",
      valueName: "time"))
  var cooldown = Cooldown(duration: InterruptionBudget.defaultCooldown)

  @Option(
    help: ArgumentHelp("Turns this tip off for the user: never shown again (repeatable).", valueName: "id"))
  var off: [String] = []

  @Option(help: ArgumentHelp("Turns this tip, turned off with --off, back on (repeatable).", valueName: "id"))
  var on: [String] = []

  func validate() throws {
    for id in off + on {
      if let problem = LaunchGreeter.tipIDProblem(id, known: nil) {
        throw ValidationError("--\(off.contains(id) ? "off" : "on"): \(problem)")
      }
    }
    if let both = off.first(where: on.contains) {
      throw ValidationError("--off and --on both name the tip \(both)")
    }
  }

  func run() throws {
    let (state, note) = self.state.recordedState()
    if let note { Console.out(note) }
    if !off.isEmpty || !on.isEmpty { return try switchTips(state) }
    let read: (tips: [NotesTip], problems: [String])
    do {
      read = try ReleaseNotesCLI.catalog(option: content.content).tips()
    } catch {
      throw ReleaseNotesCLI.failure(ReleaseNotesCLI.message(error))
    }
    for problem in read.problems { Console.error("whatsnew: warning: " + problem) }
    let store = state.makeStore(now: { Date() })
    var recorded: LaunchState?
    switch try store.read() {
    case .empty: break
    case .state(let s), .newerSchema(_, let s?): recorded = s
    case .newerSchema(let schema, nil):
      throw CommandFailure("cannot read \(store.path): schema \(schema) is too new")
    case .unusable(let reason): throw CommandFailure(reason)
    }
    let app = GreeterApp(id: state.appID, name: state.appID, version: "0")
    // Why tips are off, as a launch decides it (the setting, <PREFIX>_NO_TIPS, the policy).
    let off = LaunchGreeter.tipsOff(for: app, state: recorded, environment: processEnvironment)
    for problem in off.problems { Console.error("whatsnew: warning: " + problem) }
    // The app's clock (`<PREFIX>_NOW`, for QA), else the tool's.
    let now =
      (processEnvironment[app.variable("NOW")] ?? processEnvironment["WHATSNEW_NOW"])
      .flatMap(ProcessEnvironment.parseDate) ?? Date()
    Console.out(
      Self.listing(
        read.tips.map(\.rule), state: recorded, off: off.off, appID: app.id, now: now,
        cooldown: cooldown.duration))
  }

  /// `--off` / `--on`: checks the ids against the notes when `--content` names them, then
  /// changes the state in one write and says so in a line per tip.
  private func switchTips(_ state: StateSettings) throws {
    if let directory = content.content {
      let known: [String]
      do {
        known = try ReleaseNotesCLI.catalog(option: directory).tips().tips.map(\.rule.id)
      } catch {
        throw ReleaseNotesCLI.failure(ReleaseNotesCLI.message(error))
      }
      for id in off + on {
        if let problem = LaunchGreeter.tipIDProblem(id, known: known) {
          throw ValidationError("--\(off.contains(id) ? "off" : "on"): \(problem)")
        }
      }
    }
    let store = state.makeStore(now: { Date() })
    let switches = Dictionary(off.map { ($0, false) } + on.map { ($0, true) }) { _, last in last }
    let changed: Bool
    do {
      changed = try LaunchTracker.setTips(switches, in: store)
    } catch {
      throw CommandFailure("cannot change \(store.path): \(error)")
    }
    guard changed else {
      throw CommandFailure("no launch of \(state.appID) is recorded in \(store.path); nothing to change")
    }
    for id in off { Console.out("tip \(id): off for \(state.appID) (\(store.path))") }
    for id in on { Console.out("tip \(id): on for \(state.appID) (\(store.path))") }
  }

  /// One line per tip, and a last line when tips are off (`off`, for the app `appID`: the
  /// switch in the words of `--explain`) or a tip is muted.
  static func listing(
    _ rules: [TipRule], state: LaunchState?, off: TipsOff?, appID: String, now: Date, cooldown: Duration
  ) -> String {
    guard !rules.isEmpty else { return "No tips (add .md files to the notes' tips/ folder)." }
    let schedule =
      state.map { TipSchedule(state: $0, now: now, used: LaunchGreeter.usedEvents($0)) }
      ?? TipSchedule(launchCount: 0, daysSinceInstall: 0, used: { _ in false }, records: [:])
    let next = schedule.next(among: rules)
    let until = InterruptionBudget(cooldown: cooldown, lastTipOrCard: state?.lastTipOrCardDate)
      .cooldownUntil(now: now)
    let width = rules.map(\.id.count).max() ?? 0
    var lines: [String] = []
    for rule in rules {
      var parts: [String] = []
      if let record = schedule.records[rule.id] {
        parts.append(
          "shown \(record.shows) of \(rule.maxShows) times, last \(LaunchStateCodec.iso8601(record.lastShown) ?? "?")"
        )
      } else {
        parts.append("never shown")
      }
      switch schedule.status(of: rule) {
      case _ where schedule.muted.contains(rule.id): parts.append("muted")
      case .retiredShown: parts.append("retired (max-shows \(rule.maxShows))")
      case .retiredUsed(let event): parts.append("retired because used (\(event))")
      case .waitingForLaunch(let n):
        parts.append("due from launch \(n) (launch \(schedule.launchCount) so far)")
      case .waitingForDay(let n): parts.append("due from day \(n) (day \(schedule.daysSinceInstall) now)")
      case .waitingForEvent(let event): parts.append("due once used: \(event)")
      case .due where off != nil: parts.append("off")
      case .due where rule == next:
        if let until {
          parts.append("due, held back by the cooldown until \(LaunchStateCodec.iso8601(until) ?? "later")")
        } else {
          parts.append("due on the next launch that shows nothing else")
        }
      case .due: parts.append("due after the tips before it")
      }
      let pad = String(repeating: " ", count: width - rule.id.count)
      lines.append(rule.id + pad + "  " + parts.joined(separator: "; "))
    }
    if off == .setting {
      lines.append("Tips are off for this user (whatsnew settings tips on turns them on).")
    } else if let off {
      lines.append("Tips are off for \(appID): \(off.reason).")
    }
    if rules.contains(where: { schedule.muted.contains($0.id) }) {
      lines.append("A muted tip is never shown (whatsnew tips --on ID turns it back on).")
    }
    return lines.joined(separator: "\n")
  }
}
