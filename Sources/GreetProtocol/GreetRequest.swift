import LaunchGreeter
import LaunchTracking

/// One greeting (or one batch of usage events) to run, as the wrappers send it to
/// `whatsnew-greet` in JSON and as `whatsnew greet` builds it from its options: protocol 1,
/// documented in docs/protocol.md. Both front doors run it with ``run(environment:)``, so a
/// greeting has one path whichever door it came in by.
package struct GreetRequest: Equatable, Sendable {
  /// The protocol this binary speaks; a request names it, and another is refused.
  package static let protocolVersion = 1

  /// What the request asks for.
  package enum Command: String, CaseIterable, Sendable {
    /// Record the launch and show what is due (the default).
    case greet
    /// Record the usage events in ``GreetRequest/record`` and the tip switches in
    /// ``GreetRequest/tipSwitches``, and nothing else.
    case record
  }

  /// The request's parameters, as the JSON and the API name them.
  package enum Key: String, CodingKey, CaseIterable, Sendable {
    case protocolVersion = "protocol"
    case command, appId, version, notes, appName, stateDir, steps, minImportance, accessible, returningAfter
    case color, theme, hyperlinks, channel, feed, upgradeCommand, managedBy, executable, existingInstall
    case tip, cooldown, checklist, record, tipSwitches, tipOffCommand
  }

  /// The upgrade commands the update card shows: one per install method, and one for any other.
  package struct UpgradeCommands: Equatable, Sendable {
    /// The key of the command for any install method not named.
    package static let otherKey = "other"
    package var other: String?
    package var byMethod: [InstallMethod: String] = [:]

    package init(other: String? = nil, byMethod: [InstallMethod: String] = [:]) {
      self.other = other
      self.byMethod = byMethod
    }

    package var isEmpty: Bool { other == nil && byMethod.isEmpty }
  }

  /// Update steps: a steps file, or the list itself.
  package enum Steps: Equatable, Sendable {
    case file(String)
    case list([ShellSteps.Entry])
  }

  package var command = Command.greet
  package var appId: String
  package var version: String?
  package var notes: String?
  package var appName: String?
  package var stateDir: String?
  package var steps: Steps?
  package var minImportance = ReleaseImportance.patch
  /// True or false forces the accessible mode on or off; nil follows `ACCESSIBLE`.
  package var accessible: Bool?
  package var returningAfter = LaunchTracker.defaultReturningThresholdDays
  package var color = GreeterColorMode.auto
  package var theme = GreeterTheme.auto
  package var hyperlinks = GreeterHyperlinks.auto
  package var channel: String?
  package var feed: String?
  package var upgradeCommand = UpgradeCommands()
  package var managedBy: [InstallMethod] = []
  package var executable: String?
  package var existingInstall = false
  /// Choose a due tip and put it in the outcome (the caller prints it, or not).
  package var tip = false
  /// `1d`, `12h`, `30m`, `45s` or `0`; nil for the default (a day).
  package var cooldown: String?
  package var checklist = false
  /// Usage events to record (before the launch, so that it counts them).
  package var record: [String] = []
  /// Single tips to turn off (`false`: muted, never shown) or back on, by id (before the
  /// launch, so that it heeds them).
  package var tipSwitches: [String: Bool] = [:]
  /// The command a tip's first showing names for turning that tip off, `{tip}` standing for
  /// its id; nil: the line names `<PREFIX>_NO_TIPS=1`.
  package var tipOffCommand: String?

  package init(command: Command = .greet, appId: String, version: String? = nil, notes: String? = nil) {
    self.command = command
    self.appId = appId
    self.version = version
    self.notes = notes
  }

  /// Checks every value a type cannot: the first one at fault, keyed by its parameter.
  package func validate() throws(RequestError) {
    if let problem = StateLocation.problem(withAppID: appId) {
      throw RequestError(parameter: .appId, message: problem)
    }
    if stateDir == "" { throw RequestError(parameter: .stateDir, message: "the directory is empty") }
    for name in record {
      if let problem = UsageEvents.problem(withName: name) {
        throw RequestError(parameter: .record, message: problem)
      }
    }
    for id in tipSwitches.keys.sorted() {
      if let problem = LaunchGreeter.tipIDProblem(id, known: nil) {
        throw RequestError(parameter: .tipSwitches, message: problem)
      }
    }
    if let tipOffCommand,
      tipOffCommand.allSatisfy(\.isWhitespace) || tipOffCommand.contains(where: \.isNewline)
    {
      throw RequestError(parameter: .tipOffCommand, message: "must be one line, not empty")
    }
    if command == .greet { try validateGreeting() }
  }

  private func validateGreeting() throws(RequestError) {
    guard let version else { throw RequestError(parameter: .version, message: "is required") }
    if AppVersion(version) == nil {
      do {
        _ = try AppVersion(parsing: version)
      } catch {
        throw RequestError(parameter: .version, message: "\(error)")
      }
    }
    if notes == nil || notes == "" { throw RequestError(parameter: .notes, message: "is required") }
    if appName == "" { throw RequestError(parameter: .appName, message: "the name is empty") }
    if returningAfter < 1 {
      throw RequestError(parameter: .returningAfter, message: "must be at least 1 day")
    }
    if let channel, channel.isEmpty || !channel.unicodeScalars.allSatisfy(Self.isChannelCharacter) {
      throw RequestError(
        parameter: .channel,
        message:
          "must be a channel name (letters, digits, '.', '-' or '_'), not \(RequestError.quoted(channel))")
    }
    if let feed, !Self.isFeedURL(feed) {
      throw RequestError(
        parameter: .feed, message: "must be an http:// or https:// URL, not \(RequestError.quoted(feed))")
    }
    if feed == nil {
      if !upgradeCommand.isEmpty { throw RequestError.needs(.upgradeCommand, .feed) }
      if !managedBy.isEmpty { throw RequestError.needs(.managedBy, .feed) }
      if executable != nil { throw RequestError.needs(.executable, .feed) }
    }
    for (key, command) in [(nil, upgradeCommand.other)] + upgradeCommand.byMethod.map({ ($0.key, $0.value) })
    {
      if let command, command.allSatisfy(\.isWhitespace) {
        let which = key.map { "the command for \($0.rawValue)" } ?? "the command"
        throw RequestError(parameter: .upgradeCommand, message: "\(which) is empty")
      }
    }
    if executable == "" { throw RequestError(parameter: .executable, message: "the path is empty") }
    _ = try cooldownDuration()
  }

  /// An `http://` or `https://` URL with something after the scheme, and no space or control
  /// character anywhere (it goes to curl's command line).
  static func isFeedURL(_ url: String) -> Bool {
    guard GreeterFeed.isFetchable(url) else { return false }
    let afterScheme = url.drop { $0 != ":" }.dropFirst(3)
    return !afterScheme.isEmpty
      && url.unicodeScalars.allSatisfy {
        $0.value > 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
      }
  }

  /// A channel as notes name it in `<!-- only: NAMES -->`.
  private static func isChannelCharacter(_ c: Unicode.Scalar) -> Bool {
    c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || c == "-" || c == "_")
  }

  /// ``cooldown`` as a duration: a whole number with a unit (`1d`, `12h`, `30m`, `45s`), or `0`.
  package func cooldownDuration() throws(RequestError) -> Duration {
    guard let cooldown else { return InterruptionBudget.defaultCooldown }
    guard let duration = Self.duration(cooldown) else {
      throw RequestError(
        parameter: .cooldown,
        message:
          "must be a whole number with d, h, m or s (like \"1d\"), or \"0\", not \(RequestError.quoted(cooldown))"
      )
    }
    return duration
  }

  /// `1d`, `12h`, `30m`, `45s` or `0` as a duration; nil for anything else.
  package static func duration(_ text: String) -> Duration? {
    if text == "0" { return .zero }
    let units: [Character: Int64] = ["d": 86_400, "h": 3_600, "m": 60, "s": 1]
    guard let unit = text.last.flatMap({ units[$0] }), let n = Int64(text.dropLast()), n >= 0,
      n <= Int64.max / unit
    else { return nil }
    return .seconds(n * unit)
  }
}
