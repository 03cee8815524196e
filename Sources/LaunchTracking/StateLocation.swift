/// Where an app's launch state lives on disk.
///
/// An explicit directory (a `--state-dir` option) or the app's own environment variable (for
/// the `whatsnew` tool, `WHATSNEW_STATE_DIR`; for an app built on the greeter,
/// `<PREFIX>_STATE_DIR`) name the directory directly; otherwise it is
/// `$XDG_STATE_HOME/<app-id>`, with `~/.local/state` when `XDG_STATE_HOME` is unset, empty
/// or not absolute (as the XDG Base Directory specification says).
package enum StateLocation {
  /// The file name of the state inside the state directory.
  package static let fileName = "launch-state.json"

  /// The state directory for `appID`: `stateDirectory`, else the value of the environment
  /// variable `variable`, else the XDG location.
  package static func directory(
    appID: String, stateDirectory: String?, variable: String?, environment: [String: String]
  ) -> String {
    if let dir = stateDirectory, !dir.isEmpty { return dir }
    if let variable, let dir = environment[variable], !dir.isEmpty { return dir }
    let base: String
    if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else {
      base = Platform.homeDirectory(environment: environment) + "/.local/state"
    }
    return base + "/" + appID
  }

  /// Checks that `appID` can name a directory: 1 to 128 characters of `[A-Za-z0-9._-]`,
  /// not starting with a dot. Returns the problem, or nil when it is fine.
  package static func problem(withAppID appID: String) -> String? {
    if appID.isEmpty { return "the app id is empty" }
    if appID.utf8.count > 128 { return "the app id \"\(appID)\" is longer than 128 characters" }
    if appID.hasPrefix(".") { return "the app id \"\(appID)\" starts with a dot" }
    let ok = appID.utf8.allSatisfy { b in
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2E
        || b == 0x2D || b == 0x5F
    }
    return ok ? nil : "the app id \"\(appID)\" may only hold letters, digits, '.', '-' and '_'"
  }
}
