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
/// messages are unchanged. The ``DemoLaunch`` built here is the one ArgumentParser's
/// ``DemoCommand`` would give for the same arguments (`DemoFastPathTests` compares the two); it
/// is built without the command, whose property wrappers alone cost about 0.5M instructions.
enum DemoFastPath {
  /// The options the fast path knows; every one takes a string value.
  static let optionNames = ["--app-id", "--app-version", "--content", "--state-dir"]

  /// The launch for `arguments` (what follows `demo`), or nil when ArgumentParser must
  /// parse them.
  static func launch(_ arguments: ArraySlice<String>) -> DemoLaunch? {
    // One slot per name in `optionNames`, in that order. An array and a linear search rather
    // than a `Set` and a `Dictionary`: their first use instantiates generic metadata, which
    // scans every protocol conformance in the binary (about 0.24M instructions a launch).
    var values: [String?] = [nil, nil, nil, nil]
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard let (slot, value) = FastPathOption.read(argument, rest: &rest, names: optionNames),
        values[slot] == nil, !value.hasPrefix("-")
      else { return nil }
      values[slot] = value
    }
    var launch = DemoLaunch()
    launch.state.appID = values[0] ?? "whatsnew-demo"
    launch.state.stateDir = values[3]
    launch.appVersion = values[1]
    launch.content = values[2]
    do {
      try launch.state.validate()
      try launch.validate()
    } catch {
      return nil
    }
    return launch
  }
}
