/// The start-up fast path of `whatsnew notes`: the command line that opens the what's-new
/// sheet (or prints one version), parsed without ArgumentParser.
///
/// ArgumentParser reflects over the whole command tree before it runs anything; for the
/// sheet that is about 12.8M of the 63M instructions before its first frame, and 12.9M of the
/// 17M of `notes 1.0.5 --format plain`. `WhatsNew.main` tries this first. It accepts only
/// `notes` followed by at most one positional VERSION (not starting with `-`) and the options
/// `--from`, `--to`, `--content`, `--format` and `--width`, each at most once, as
/// `--name value` or `--name=value`, with values that are not empty and do not start with `-`,
/// and only when the values convert and the command's own validation passes. Anything else (help, `--list`,
/// other options or flags, a second positional, repeats, a value that looks like an option,
/// invalid values) returns nil and goes through ArgumentParser, so its output and messages
/// are unchanged. The options built here are the ones ArgumentParser's `NotesCommand` gives
/// for the same arguments (`NotesFastPathTests` compares the two); no `NotesCommand` is made,
/// since even constructing one runs ArgumentParser's property wrappers.
enum NotesFastPath {
  /// The options the fast path knows; every one takes a value. (An array, like `values`
  /// below: the first `Set` or `Dictionary` of `String`s costs a runtime conformance lookup
  /// of about 0.24 M instructions in this binary.)
  static let optionNames: [String] = ["--from", "--to", "--content", "--format", "--width"]

  /// The options for `arguments` (what follows `notes`), or nil when ArgumentParser must
  /// parse them.
  static func command(_ arguments: ArraySlice<String>) -> NotesOptions? {
    var values: [(name: String, value: String)] = []
    func given(_ name: String) -> String? { values.first { $0.name == name }?.value }
    var version: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard argument.isEmpty || argument.hasPrefix("-") else {
        // A positional VERSION, once. `help` is left to ArgumentParser, whatever it makes
        // of it.
        guard version == nil, argument != "help" else { return nil }
        version = argument
        continue
      }
      guard let (index, value) = FastPathOption.read(argument, rest: &rest, names: optionNames),
        given(optionNames[index]) == nil, !value.isEmpty, !value.hasPrefix("-")
      else { return nil }
      values.append((optionNames[index], value))
    }
    var command = NotesOptions()
    command.version = version
    command.from = given("--from")
    command.to = given("--to")
    command.content = given("--content")
    if let text = given("--format") {
      guard let format = NotesOptions.Format(rawValue: text) else { return nil }
      command.format = format
    }
    if let text = given("--width") {
      guard let width = Int(text) else { return nil }
      command.width = width
    }
    do {
      try command.validate()
    } catch {
      return nil
    }
    return command
  }
}
