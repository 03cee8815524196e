import LaunchTracking

/// The app that greets: its id (names its state directory), the name its users see, its
/// version, and the prefix of its own environment variables.
///
/// ```swift
/// let app = GreeterApp(id: "tally", name: "Tally", version: "2.0.0")
/// // app.environmentPrefix == "TALLY": TALLY_STATE_DIR, TALLY_NOW, TALLY_PRETEND_VERSION,
/// // TALLY_NO_GREETING
/// ```
public struct GreeterApp: Sendable, Equatable {
  /// The app's id: 1 to 128 of `[A-Za-z0-9._-]`, not starting with a dot. The state lives in
  /// `$XDG_STATE_HOME/<id>/`.
  public var id: String
  /// The name shown on every screen ("Welcome to Tally").
  public var name: String
  /// The version being launched, as written (`2.0.0`, `v2.0`, `2.0.0-beta.1`); one that is not
  /// a version is one problem line and records nothing.
  public var version: String
  /// The prefix of the app's own environment variables: the greeter reads `<PREFIX>_STATE_DIR`
  /// (the state directory), `<PREFIX>_NOW` (an ISO 8601 date-time that fixes the clock, for
  /// QA), `<PREFIX>_PRETEND_VERSION` (a version to run as instead of ``version``, for QA: try an
  /// upgrade without rebuilding), `<PREFIX>_NO_GREETING` (`1` silences this app's greetings),
  /// `<PREFIX>_NO_TIPS`, `<PREFIX>_NO_UPDATE_CHECK` and `<PREFIX>_FEED_URL` (another update
  /// feed, `http(s)://` or `file:///`, for QA).
  public var environmentPrefix: String

  /// Describes an app. `environmentPrefix` defaults to the id in capitals with every
  /// character other than a letter or digit turned into `_` (`my-tool` gives `MY_TOOL`).
  public init(id: String, name: String, version: String, environmentPrefix: String? = nil) {
    self.id = id
    self.name = name
    self.version = version
    self.environmentPrefix = environmentPrefix ?? Self.defaultPrefix(for: id)
  }

  /// The app's variable for `suffix`: `variable("STATE_DIR")` is `TALLY_STATE_DIR`.
  ///
  /// The greeter reads four: `<PREFIX>_STATE_DIR` (the state directory),
  /// `<PREFIX>_NOW` (an ISO 8601 date-time that fixes the clock, for QA),
  /// `<PREFIX>_PRETEND_VERSION` (a version to run as instead of ``version``, for QA: try an
  /// upgrade without rebuilding) and `<PREFIX>_NO_GREETING` (`1` silences this app's greetings).
  package func variable(_ suffix: String) -> String { environmentPrefix + "_" + suffix }

  // MARK: - Helpers

  static func defaultPrefix(for id: String) -> String {
    String(
      id.uppercased().unicodeScalars.map { scalar -> Character in
        let isAlphanumeric = (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
        return isAlphanumeric ? Character(scalar) : "_"
      })
  }
}
