/// How the app was invoked: whether a person is at a terminal to see a presentation, and
/// whether a deep link asked for something specific.
///
/// A launch is interactive only when standard input and standard output are terminals,
/// `CI` is unset (or `0`/`false`), no coding-agent variable (``agentVariables``) is set,
/// `TERM` is not `dumb`, and no opt-out variable is `1`: ``packageOptOutVariable``
/// (`WHATSNEW_DISABLE`, which silences every app built on this package) or the app's own.
///
/// `CI` and the agent variables count as set when they are non-empty and neither `0` nor
/// `false` (in any case): agents drive a CLI through a pseudo-terminal, where a full-screen
/// sheet would stall them, so their launches present nothing and keep everything pending.
package struct Invocation: Sendable, Equatable {
  /// Why nothing is presented automatically, or nil when the launch is interactive.
  package var nonInteractiveReason: String?
  /// The deep link given with `--open`, if any.
  package var deepLink: DeepLink?

  /// True when a person is at a terminal and has not opted out.
  package var isInteractive: Bool { nonInteractiveReason == nil }

  /// The variable that, set to `1`, silences every app built on this package.
  package static let packageOptOutVariable = "WHATSNEW_DISABLE"

  /// Variables that coding agents set in the commands they run (Claude Code, Codex, Gemini
  /// CLI, Cursor, and the cross-vendor `AI_AGENT`). Checked in this order; the first one set
  /// names the reason.
  package static let agentVariables = [
    "AI_AGENT", "CLAUDECODE", "CODEX_SANDBOX", "CODEX_THREAD_ID", "GEMINI_CLI", "CURSOR_AGENT",
  ]

  /// True when `value` (of `CI` or an agent variable) counts as set: non-empty and neither
  /// `0` nor `false` in any case.
  package static func isSet(_ value: String?) -> Bool {
    guard let value, !value.isEmpty else { return false }
    return value != "0" && value.lowercased() != "false"
  }

  package init(nonInteractiveReason: String?, deepLink: DeepLink? = nil) {
    self.nonInteractiveReason = nonInteractiveReason
    self.deepLink = deepLink
  }

  /// Classifies an invocation from its environment and whether stdin and stdout are
  /// terminals. `optOut` is the app's own opt-out variable, if it has one. Pure, for tests;
  /// ``current(environment:optOut:deepLink:)`` asks the system.
  package static func detect(
    environment: [String: String], optOut: String? = nil, stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
    deepLink: DeepLink? = nil
  ) -> Invocation {
    let reason: String?
    if let variable = [packageOptOutVariable, optOut].compactMap({ $0 }).first(where: {
      environment[$0] == "1"
    }) {
      reason = "\(variable)=1"
    } else if isSet(environment["CI"]) {
      reason = "CI is set"
    } else if let agent = agentVariables.first(where: { isSet(environment[$0]) }) {
      reason = "coding agent: \(agent) is set"
    } else if environment["TERM"] == "dumb" {
      reason = "TERM is dumb"
    } else if !stdinIsTerminal {
      reason = "standard input is not a terminal"
    } else if !stdoutIsTerminal {
      reason = "standard output is not a terminal"
    } else {
      reason = nil
    }
    return Invocation(nonInteractiveReason: reason, deepLink: deepLink)
  }

  /// Classifies this process's invocation.
  package static func current(
    environment: [String: String], optOut: String? = nil, deepLink: DeepLink? = nil
  ) -> Invocation {
    detect(
      environment: environment, optOut: optOut, stdinIsTerminal: Platform.isTerminal(0),
      stdoutIsTerminal: Platform.isTerminal(1), deepLink: deepLink)
  }
}

/// A deep link into the app: `<scheme>://notes/<version>` opens that version's notes. The
/// scheme is the app's own (`whatsnew` for the `whatsnew` tool's demo).
package struct DeepLink: Sendable, Equatable {
  /// The link as given.
  package let url: String
  /// The version whose notes it opens.
  package let version: AppVersion

  /// Why a link was refused. Its description is one line naming the link.
  package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    package let url: String
    package let reason: String
    package var description: String { "invalid link \"\(url)\": \(reason)" }
  }

  /// A link to `version`'s notes, made by the app rather than parsed.
  package init(version: AppVersion, scheme: String = "app") {
    self.url = "\(scheme)://notes/\(version)"
    self.version = version
  }

  /// Parses `<scheme>://notes/<version>` (the scheme and host are case-insensitive; one
  /// trailing slash is allowed).
  package init(parsing url: String, scheme: String) throws(ParseError) {
    let prefix = scheme.lowercased() + "://notes/"
    let expected = "expected \(prefix)<version>"
    guard url.count > prefix.count, url.lowercased().hasPrefix(prefix) else {
      throw ParseError(url: url, reason: expected)
    }
    var rest = String(url.dropFirst(prefix.count))
    if rest.hasSuffix("/") { rest.removeLast() }
    guard !rest.isEmpty, !rest.contains("/") else { throw ParseError(url: url, reason: expected) }
    do {
      version = try AppVersion(parsing: rest)
    } catch {
      throw ParseError(url: url, reason: "\"\(rest)\" is not a version (\(error.reason))")
    }
    self.url = url
  }
}
