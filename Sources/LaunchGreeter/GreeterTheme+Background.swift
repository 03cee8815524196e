import CursesTerminal
import LaunchTracking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The theme a terminal was drawn in and where it came from, for `--explain`.
package struct GreeterThemeChoice: Sendable, Equatable {
  /// Where the theme came from.
  package enum Source: Sendable, Equatable {
    /// The app's setting (`--theme`), not ``GreeterTheme/auto``: nothing asked.
    case set
    /// The terminal's answer to the background query.
    case terminal(BackgroundColor)
    /// `COLORFGBG`'s background colour number (its value), after `why` the terminal did not say.
    case colorFGBG(String, why: String)
    /// Dark, the default: `why` neither the terminal nor `COLORFGBG` said.
    case fallback(why: String)
  }

  /// The theme drawn in (never ``GreeterTheme/auto``).
  package var theme: GreeterTheme
  package var source: Source

  /// One line: `light, from the terminal's background #ffffff`; `.set` is worded as `setBy`
  /// (`--theme` for the tool).
  package func explanation(setBy: String = "set by the app") -> String {
    switch source {
    case .set: return "\(theme.rawValue), \(setBy)"
    case .terminal(let color):
      return "\(theme.rawValue), from the terminal's background \(color)"
    case .colorFGBG(let value, let why): return "\(theme.rawValue), from COLORFGBG=\(value) (\(why))"
    case .fallback(let why): return "\(theme.rawValue), the default (\(why); COLORFGBG says nothing)"
    }
  }
}

extension GreeterTheme {
  /// Why ``auto`` does not ask the terminal for its background (OSC 11), or nil when it asks.
  ///
  /// It asks only for a theme still to pick, colours on, and a person at the terminal: standard
  /// input and output terminals, no `CI`, coding-agent variable or opt-out, `TERM` set and not
  /// `dumb` (``Invocation``), and a terminal not remembered as one that did not answer.
  package func reasonNotToAsk(
    colorsOn: Bool, environment: [String: String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
    remembersNoAnswer: Bool
  ) -> String? {
    guard self == .auto else { return "the theme is set" }
    guard colorsOn else { return "colours are off" }
    let invocation = Invocation.detect(
      environment: environment, stdinIsTerminal: stdinIsTerminal, stdoutIsTerminal: stdoutIsTerminal)
    if let reason = invocation.nonInteractiveReason { return "not asked: \(reason)" }
    if (environment["TERM"] ?? "").isEmpty { return "not asked: TERM is unset" }
    if remembersNoAnswer {
      return "not asked: no answer from this terminal before"
    }
    return nil
  }

  /// The theme to draw in and where it came from: this theme unless ``auto``; else the
  /// terminal's background (`reply`), else `COLORFGBG`, else ``dark``. `notAsked` is why the
  /// terminal was not asked (``reasonNotToAsk(colorsOn:environment:stdinIsTerminal:stdoutIsTerminal:remembersNoAnswer:)``).
  package func choice(
    reply: BackgroundQuery.Answer.Reply?, notAsked: String?, colorFGBG: String?
  ) -> GreeterThemeChoice {
    guard self == .auto else { return GreeterThemeChoice(theme: self, source: .set) }
    let why: String
    switch reply {
    case .color(let color)?:
      return GreeterThemeChoice(theme: color.isLight ? .light : .dark, source: .terminal(color))
    case .noColor?: why = "the terminal did not say its background"
    case .noAnswer?: why = "no answer from the terminal in \(BackgroundQuery.timeoutMilliseconds) ms"
    case nil: why = notAsked ?? "the terminal was not asked"
    }
    if let theme = Self.background(colorFGBG: colorFGBG), let value = colorFGBG {
      return GreeterThemeChoice(theme: theme, source: .colorFGBG(value, why: why))
    }
    return GreeterThemeChoice(theme: .dark, source: .fallback(why: why))
  }
}

/// Terminals that did not answer the background query within its timeout, remembered in the
/// app's state directory (`terminals-without-background`, one `TERM` and `TERM_PROGRAM` a line)
/// so later launches on them skip the query and its wait. Best effort: a file that cannot be
/// read or written only means asking again; one that is not a regular file (a link, a FIFO)
/// is also a problem line for the app, naming it and how to clear it.
package struct UnansweringTerminals: Sendable {
  /// The file's name in the state directory.
  package static let fileName = "terminals-without-background"
  /// The state directory; nil remembers nothing.
  package var directory: String?

  package init(directory: String?) { self.directory = directory }

  /// This terminal's line: `TERM` and `TERM_PROGRAM`, tab-separated, control bytes dropped.
  package static func key(environment: [String: String]) -> String {
    func clean(_ s: String?) -> String {
      String((s ?? "").unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(64))
    }
    return clean(environment["TERM"]) + "\t" + clean(environment["TERM_PROGRAM"])
  }

  /// True when `key` is remembered. A missing file remembers nothing. One in a directory
  /// another user could write to is not trusted (``Platform/foreignDirectoryProblem(_:)``;
  /// the launch says so already). A file that cannot be read (a link, a FIFO) is not read
  /// and throws its problem line.
  package func contains(_ key: String) throws(Platform.Failure) -> Bool {
    guard let directory, Platform.foreignDirectoryProblem(directory) == nil else { return false }
    let path = directory + "/" + Self.fileName
    let bytes: [UInt8]?
    do {
      bytes = try Platform.readStateFileIfPresent(path)
    } catch {
      throw Self.problem(path, error)
    }
    guard let bytes else { return false }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").contains { $0 == key }
  }

  /// Remembers `key` (appended; the directory is created if missing). Nothing is written
  /// through a link, to a FIFO, or in a directory another user could write to; a file that
  /// cannot be opened throws its problem line.
  package func remember(_ key: String) throws(Platform.Failure) {
    guard let directory, try !contains(key), Platform.makeDirectories(directory) == nil,
      Platform.foreignDirectoryProblem(directory) == nil
    else { return }
    let path = directory + "/" + Self.fileName
    let fd: Int32
    do {
      fd = try Platform.openStateFile(path, O_WRONLY | O_CREAT | O_APPEND)
    } catch {
      throw Self.problem(path, error)
    }
    defer { close(fd) }
    Platform.writeAll(fd, key + "\n")
  }

  /// The problem line for the memory at `path`: what is wrong and how to clear it.
  private static func problem(_ path: String, _ failure: Platform.Failure) -> Platform.Failure {
    let what =
      failure.message.hasPrefix("is ")
      ? "\(path) \(failure.message)" : "cannot use \(path): \(failure.message)"
    return Platform.Failure(
      message: "\(what); terminals that do not answer the background query are not remembered "
        + "(each launch waits for their answer) until it is removed: rm \(Platform.shellQuoted(path))")
  }
}

/// What ``GreeterTheme/auto`` reads to ask the terminal for its background: the variables
/// the decision reads (`TERM`, `TERM_PROGRAM`, `CI`, the agent variables, the opt-out) and
/// where a terminal that did not answer is remembered.
package struct BackgroundAsking: Sendable {
  package var environment: [String: String]
  package var memory: UnansweringTerminals

  package init(
    environment: [String: String], memory: UnansweringTerminals = UnansweringTerminals(directory: nil)
  ) {
    self.environment = environment
    self.memory = memory
  }

  /// The variables the decision reads, for a caller that reads them one by one rather than
  /// the whole environment.
  package static let variables =
    ["TERM", "TERM_PROGRAM", "CI", Invocation.packageOptOutVariable] + Invocation.agentVariables
}

/// The background query of a launch about to show a screen, sent as early as the launch knows
/// it will (``send(color:noColor:theme:asking:)``) so the terminal answers while the launch
/// loads what the screen shows; ``GreeterTerminal/open(color:noColor:theme:colorFGBG:query:crashAction:)``
/// reads the reply. It cannot be copied; one that ends unopened drains the reply (it never
/// reaches the shell) and gives the terminal its modes back. Holds nothing when ``GreeterTheme/auto``
/// does not ask.
package struct GreeterBackgroundQuery: ~Copyable {
  /// Why the terminal was not asked, or nil when it was.
  let notAsked: String?
  /// This terminal's line in the memory of terminals that did not answer.
  let key: String
  let memory: UnansweringTerminals?
  /// Why the memory could not be read (``UnansweringTerminals/contains(_:)``), one line.
  let problem: String?
  /// The query on its way, when it was sent now.
  var sent: BackgroundQuery.Sent?

  /// Sends the query when ``GreeterTheme/reasonNotToAsk(colorsOn:environment:stdinIsTerminal:stdoutIsTerminal:remembersNoAnswer:)``
  /// allows (nil `asking`: not asked). Give ``GreeterTerminal/open(color:noColor:theme:colorFGBG:query:crashAction:)``
  /// the same colours and theme.
  package static func send(
    color: GreeterColorMode, noColor: String?, theme: GreeterTheme, asking: BackgroundAsking?
  ) -> GreeterBackgroundQuery {
    guard let asking else {
      return GreeterBackgroundQuery(
        notAsked: "the terminal was not asked", key: "", memory: nil, problem: nil, sent: nil)
    }
    let key = UnansweringTerminals.key(environment: asking.environment)
    var remembered = false
    var problem: String?
    if theme == .auto {
      do { remembered = try asking.memory.contains(key) } catch { problem = error.message }
    }
    let notAsked = theme.reasonNotToAsk(
      colorsOn: color.wantsColor(noColor: noColor), environment: asking.environment,
      stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
      remembersNoAnswer: remembered)
    // Sent unless this process asked before (``GreeterTerminal`` then reads the answer it got).
    let sent = notAsked == nil && BackgroundQuery.answered() == nil ? BackgroundQuery.send() : nil
    return GreeterBackgroundQuery(
      notAsked: notAsked, key: key, memory: asking.memory, problem: problem, sent: sent)
  }
}
