import LaunchGreeter
import LaunchTracking
import ReleaseNotes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The JSON `greet --report` writes: the launch, what was shown, how the user left, what stays
/// pending.
package struct GreetReport: Encodable, Sendable {
  /// The launch recorded: `kind`, `from`, `to`, `daysAway`, `count`.
  package struct Launch: Encodable, Sendable {
    package var kind: String
    package var from: String?
    package var to: String
    package var daysAway: Int?
    package var count: Int

    package init(kind: String, from: String?, to: String, daysAway: Int?, count: Int) {
      self.kind = kind
      self.from = from
      self.to = to
      self.daysAway = daysAway
      self.count = count
    }

    // Absent values are written as null, so every key is always there for tools.
    package func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(kind, forKey: .kind)
      try c.encode(from, forKey: .from)
      try c.encode(to, forKey: .to)
      try c.encode(daysAway, forKey: .daysAway)
      try c.encode(count, forKey: .count)
    }

    private enum CodingKeys: String, CodingKey { case kind, from, to, daysAway, count }
  }

  package var launch: Launch?
  /// `onboarding`, `whats-new`, `welcome-back`, `notes`, `update-available`, `checklist`, or
  /// null when nothing was shown.
  package var shown: String?
  /// The versions the what's-new sheet covered, newest first.
  package var versions: [String]
  /// `done`, `later`, `interrupted`, `action` or `nothing-shown`.
  package var exit: String
  /// The id of the release action the user chose (exit `action`), else null.
  package var action: String?
  package var pending: [String]
  package var reason: String?
  package var updateSteps: [String: [String]]
  package var problems: [String]
  /// The what's-new switches and minimum importance (`GreetOutcome.whatsNewSummary`, Explain.swift).
  package var settings: String
  /// The platform and channel the notes were read for (`linux`, `linux, channel beta`).
  package var notesFor: String
  /// The newer version the update feed's cache names, or null.
  package var available: String?
  /// The critical release the feed names that the running version lacks, or null.
  package var critical: String?
  /// The update feed's line for `--explain`, or nil without a feed.
  package var feed: String?
  /// Whether the notes' links are clickable and why, for `--explain` (not in the report).
  package var links: String?
  /// The theme's line for `--explain` (which theme and where it came from), or nil when no
  /// screen was drawn in colour. Not in the JSON.
  package var theme: String?
  /// The update steps' line for `--explain` (what ran, and what failed and why), or nil when
  /// none ran. Not in the JSON, whose `updateSteps` has their ids.
  package var steps: String?
  /// The tip this launch chose (`--tip`), or null.
  package var tip: Tip?
  /// The `tip:` line for `--explain`. Not in the JSON.
  package var tipLine: String?
  /// The `checklist:` line for `--explain` (`--checklist`). Not in the JSON, whose `shown` is
  /// `checklist` when it was shown.
  package var checklistLine: String?
  /// The `held:` lines for `--explain`: what waited and why. Not in the JSON.
  package var held: [String] = []
  /// The usage events this request recorded (its `record`), in order; empty when they could
  /// not be (the problem says why).
  package var recorded: [String] = []
  /// The tip switches this request applied (its `tipSwitches`); empty when there were none or
  /// no launch was recorded yet (nothing to change) or the state could not be written (the
  /// problem says why).
  package var tipSwitches: [String: Bool] = [:]

  /// The report's `tip`: `{"id", "text", "firstShowing", "block"}`; `block` is the tip as
  /// `greet --tip` prints it on stderr (styled, wrapped to the terminal, ending in a newline),
  /// for the Python and Node APIs to print when the tool exits.
  package struct Tip: Encodable, Sendable {
    package var id: String
    package var text: String
    package var firstShowing: Bool
    package var block = ""
  }

  /// The report of a request that recorded no launch: nothing shown, nothing pending.
  package static var empty: GreetReport {
    GreetReport(
      launch: nil, shown: nil, versions: [], exit: "nothing-shown", action: nil, pending: [], reason: nil,
      updateSteps: ["completed": [], "notNeeded": []], problems: [], settings: "", notesFor: "")
  }

  private init(
    launch: Launch?, shown: String?, versions: [String], exit: String, action: String?, pending: [String],
    reason: String?, updateSteps: [String: [String]], problems: [String], settings: String, notesFor: String
  ) {
    self.launch = launch
    self.shown = shown
    self.versions = versions
    self.exit = exit
    self.action = action
    self.pending = pending
    self.reason = reason
    self.updateSteps = updateSteps
    self.problems = problems
    self.settings = settings
    self.notesFor = notesFor
  }

  /// The JSON outcome of a greeting: the one place its keys are filled from a ``GreetOutcome``.
  package init(_ outcome: GreetOutcome, audience: NotesAudience = NotesAudience()) {
    notesFor = audience.platform + (audience.channel.map { ", channel " + $0 } ?? "")
    launch = outcome.launch.map {
      Launch(
        kind: $0.kind.rawValue, from: $0.from?.description, to: $0.to.description, daysAway: $0.daysAway,
        count: outcome.launchCount)
    }
    (shown, versions) = Self.shown(outcome.shown)
    available = outcome.availableVersion?.description
    critical = outcome.criticalVersion?.description
    feed = outcome.feedExplanation
    theme = outcome.themeChoice?.explanation(setBy: "--theme")
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
    problems = outcome.problems.map(\.description)
    settings = outcome.whatsNewSummary
    tip = outcome.tip.map { Tip(id: $0.id, text: $0.text, firstShowing: $0.isFirstShowing) }
    tipLine = outcome.tipExplanation
    checklistLine = outcome.checklistExplanation
    held = outcome.heldBackExplanations
  }

  /// The report's `shown` and `versions` for what a launch showed: a tip is reported under
  /// `tip` (its `shown` is null), and `versions` lists a what's-new sheet's releases only.
  package static func shown(_ shown: GreetOutcome.Shown?) -> (shown: String?, versions: [String]) {
    switch shown {
    case .onboarding: return ("onboarding", [])
    case .whatsNew(let versions): return ("whats-new", versions.map(\.description))
    case .welcomeBack: return ("welcome-back", [])
    case .notes: return ("notes", [])
    case .updateCard: return ("update-available", [])
    case .checklist: return ("checklist", [])
    case .tip, nil: return (nil, [])
    }
  }

  package func encode(to encoder: any Encoder) throws {
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
    try c.encode(recorded, forKey: .recorded)
    try c.encode(tipSwitches, forKey: .tipSwitches)
    try c.encode(GreetRequest.protocolVersion, forKey: .protocolVersion)
  }

  private enum CodingKeys: String, CodingKey {
    case launch, shown, versions, exit, action, pending, reason, updateSteps, problems, settings, notesFor,
      available, critical, tip, recorded, tipSwitches
    case protocolVersion = "protocol"
  }

  /// The report as JSON: sorted keys, pretty-printed, ending in a newline.
  package func json() throws -> [UInt8] {
    try StateJSONEncoder().encode(self) + [0x0A]
  }

  /// Why the report could not be written: the C library's message.
  package struct WriteError: Error, CustomStringConvertible {
    package var description: String
  }

  /// Writes the report to `path`: a temporary file beside it, renamed over it, with the mode
  /// a new file gets (0666 less the umask).
  package func write(to path: String) throws {
    let temporary = path + ".\(getpid()).tmp"
    do {
      try Platform.replaceFile(path, with: try json(), temporary: temporary, durable: false)
    } catch let failure as Platform.Failure {
      throw WriteError(description: failure.message)
    }
    let mask = umask(0)
    umask(mask)
    chmod(path, 0o666 & ~mask)
  }

  /// What the update steps did, in a line: `ran seed; convert (2.0.0) failed: …`.
  package static func explanation(of report: UpdateRunReport) -> String? {
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
