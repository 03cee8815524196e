import ArgumentParser
import LaunchTracking

/// The start-up fast path of `whatsnew demo`: the command line an app's launch uses, parsed
/// without ArgumentParser.
///
/// ArgumentParser reflects over the whole command tree (every subcommand's property wrappers,
/// the completion-script pseudo-commands) before it runs anything; for `demo` that is about
/// 13M of the launch's 22M instructions, more than recording the launch itself. A launch is
/// the one command that runs on every start of the app it greets, so `WhatsNew.main` tries
/// this first. It accepts only `demo` followed by `--app-id`, `--app-version`, `--content` and
/// `--state-dir`, each at most once, as `--name value` or `--name=value`, with values that do
/// not start with `-`, and only when the command's own validation passes. Anything else
/// (help, other options, flags, positional arguments, repeats, a value that looks like an
/// option, invalid values) returns nil and goes through ArgumentParser, so its output and
/// messages are unchanged. The command built here is the one ArgumentParser would build from
/// the same arguments (`DemoFastPathTests` compares the two).
enum DemoFastPath {
  /// The options the fast path knows; every one takes a string value.
  static let optionNames = ["--app-id", "--app-version", "--content", "--state-dir"]

  /// The command for `arguments` (what follows `demo`), or nil when ArgumentParser must
  /// parse them.
  static func command(_ arguments: ArraySlice<String>) -> DemoCommand? {
    // One slot per name in `optionNames`, in that order. An array and a linear search rather
    // than a `Set` and a `Dictionary`: their first use instantiates generic metadata, which
    // scans every protocol conformance in the binary (about 0.24M instructions a launch).
    var values: [String?] = [nil, nil, nil, nil]
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = parts[0]
      guard let slot = optionNames.firstIndex(where: { $0 == name }), values[slot] == nil else {
        return nil
      }
      let value: String
      if parts.count == 2 {
        value = String(parts[1])
      } else {
        guard let next = rest.popFirst() else { return nil }
        value = next
      }
      guard !value.hasPrefix("-") else { return nil }
      values[slot] = value
    }
    var state = StateOptions()
    state.appID = values[0] ?? "whatsnew-demo"
    state.stateDir = values[3]
    var command = DemoCommand()
    command.simulate = nil
    command.from = nil
    command.away = 45
    command.appVersion = values[1]
    command.state = state
    command.content = values[2]
    command.returningAfter = LaunchTracker.defaultReturningThresholdDays
    command.open = nil
    command.explain = false
    command.color = "auto"
    do {
      try command.state.validate()
      try command.validate()
    } catch {
      return nil
    }
    return command
  }
}
