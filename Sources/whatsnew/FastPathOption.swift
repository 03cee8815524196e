/// The option reading the hand-written fast paths share (`DemoFastPath`, `NotesFastPath`,
/// `RenderCommand.fastPath`): one `--name value` or `--name=value` whose name is one of a
/// known list. Each fast path adds its own rules (repeats, positionals, which values it takes)
/// and returns nil, leaving the command line to ArgumentParser, whenever this does.
enum FastPathOption {
  /// Reads `argument` as an option named in `names`, taking its value from `rest` when it is
  /// not given after `=`. Returns the name's index in `names` and the value as written; nil
  /// when the name is not in `names`, or the value should come from `rest` but is missing or
  /// starts with `-` (it would be another option).
  static func read(_ argument: String, rest: inout ArraySlice<String>, names: [String])
    -> (index: Int, value: String)?
  {
    let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    let name = parts[0]
    guard let index = names.firstIndex(where: { $0 == name }) else { return nil }
    if parts.count == 2 { return (index, String(parts[1])) }
    guard let next = rest.popFirst(), !next.hasPrefix("-") else { return nil }
    return (index, next)
  }
}
