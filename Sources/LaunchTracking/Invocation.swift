/// How the app was invoked: whether a person is at a terminal to see a presentation, and
/// whether a deep link asked for something specific.
///
/// A launch is interactive only when standard input and standard output are terminals,
/// `CI` is unset (or `0`/`false`), `TERM` is not `dumb`, and `WHATSNEW_DISABLE` is not `1`.
public struct Invocation: Sendable, Equatable {
  /// Why nothing is presented automatically, or nil when the launch is interactive.
  public var nonInteractiveReason: String?
  /// The deep link given with `--open`, if any.
  public var deepLink: DeepLink?

  /// True when a person is at a terminal and has not opted out.
  public var isInteractive: Bool { nonInteractiveReason == nil }

  public init(nonInteractiveReason: String?, deepLink: DeepLink? = nil) {
    self.nonInteractiveReason = nonInteractiveReason
    self.deepLink = deepLink
  }

  /// Classifies an invocation from its environment and whether stdin and stdout are
  /// terminals. Pure, for tests; ``current(environment:deepLink:)`` asks the system.
  public static func detect(
    environment: [String: String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
    deepLink: DeepLink? = nil
  ) -> Invocation {
    let reason: String?
    if environment["WHATSNEW_DISABLE"] == "1" {
      reason = "WHATSNEW_DISABLE=1"
    } else if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" {
      reason = "CI is set"
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
  public static func current(environment: [String: String], deepLink: DeepLink? = nil) -> Invocation {
    detect(
      environment: environment, stdinIsTerminal: Platform.isTerminal(0),
      stdoutIsTerminal: Platform.isTerminal(1), deepLink: deepLink)
  }
}

/// A deep link into the app: `whatsnew://notes/<version>` opens that version's notes.
public struct DeepLink: Sendable, Equatable {
  /// The link as given.
  public let url: String
  /// The version whose notes it opens.
  public let version: AppVersion

  /// Why a link was refused. Its description is one line naming the link.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let url: String
    public let reason: String
    public var description: String { "invalid link \"\(url)\": \(reason)" }
  }

  /// Parses `whatsnew://notes/<version>` (the scheme and host are case-insensitive; one
  /// trailing slash is allowed).
  public init(parsing url: String) throws(ParseError) {
    let expected = "expected whatsnew://notes/<version>"
    let prefix = "whatsnew://notes/"
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
