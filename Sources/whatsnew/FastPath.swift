/// A subcommand's whole grammar as data: each option's name and what it sets on the command's
/// plain value (``DemoLaunch``, ``NotesOptions``, ``RenderRequest``), read by hand instead of
/// by ArgumentParser.
///
/// Why a second reader exists: ArgumentParser reflects over the command's property wrappers
/// before it runs anything. For `demo` that is about 7.8M instructions, against 2.4M for the
/// whole launch parsed by this table, and more than a third of the 20.5M of the UserDefaults
/// baseline a launch is held to (docs/benchmarks.md, "Parsing the command line"). So
/// `WhatsNew.main` asks the subcommand's table first, and ArgumentParser only when it returns
/// nil: for help, completion scripts, anything the table does not name, a repeated option, a
/// value that is empty or looks like an option, a value that does not convert, or a command
/// line the command's own validation rejects. Its messages stay ArgumentParser's.
///
/// The table is the one list of a command's options beside its ArgumentParser declaration,
/// and `FastPathTests` holds the two together: the names and kinds (option with a value,
/// flag, positional) must be those `--experimental-dump-help` reports for the subcommand, and
/// every option (alone, and all of them together) must give the same whole `Equatable` value
/// as ArgumentParser's parse. An option added to a command without a row here fails that test.
struct FastPath<Value: Sendable>: Sendable {
  /// One option of the table.
  struct Option: Sendable {
    /// The long name, with its dashes: `--app-version`.
    let name: String
    /// True for an option that takes a value, false for a flag.
    let takesValue: Bool
    /// Sets the option on the value; false when the text does not convert (ArgumentParser
    /// then reports it).
    let set: @Sendable (inout Value, String) -> Bool

    /// An option whose value is kept as written.
    static func text(_ name: String, _ set: @escaping @Sendable (inout Value, String) -> Void) -> Option {
      Option(name: name, takesValue: true) {
        set(&$0, $1)
        return true
      }
    }

    /// An option whose value is a whole number (as ArgumentParser reads an `Int`).
    static func int(_ name: String, _ set: @escaping @Sendable (inout Value, Int) -> Void) -> Option {
      Option(name: name, takesValue: true) { value, text in
        guard let number = Int(text) else { return false }
        set(&value, number)
        return true
      }
    }

    /// An option whose value is one of an enumeration's raw values.
    static func choice<Choice: RawRepresentable & Sendable>(
      _ name: String, _ set: @escaping @Sendable (inout Value, Choice) -> Void
    ) -> Option where Choice.RawValue == String {
      Option(name: name, takesValue: true) { value, text in
        guard let choice = Choice(rawValue: text) else { return false }
        set(&value, choice)
        return true
      }
    }

    /// A flag: present or not.
    static func flag(_ name: String, _ set: @escaping @Sendable (inout Value) -> Void) -> Option {
      Option(name: name, takesValue: false) { value, _ in
        set(&value)
        return true
      }
    }
  }

  /// The command's options.
  let options: [Option]
  /// The name of the command's one positional argument as ArgumentParser shows it (its
  /// property name), and what it sets; nil when the command takes none.
  let positional: (name: String, set: @Sendable (inout Value, String) -> Void)?
  /// The value before any argument is read: the command's defaults.
  let defaults: Value
  /// The command's own validation (the same function its ArgumentParser `validate()` calls).
  let validate: @Sendable (Value) throws -> Void

  /// The value for `arguments` (what follows the subcommand's name), or nil when
  /// ArgumentParser must parse them.
  func parse(_ arguments: ArraySlice<String>) -> Value? {
    var value = defaults
    // Which options were given, by index: an array and a linear search rather than a `Set`,
    // whose first use scans every protocol conformance in the binary (about 0.24M
    // instructions a launch).
    var seen = [Bool](repeating: false, count: options.count)
    var positionalSeen = false
    var onlyPositionals = false
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if onlyPositionals || argument == "-" || !(argument.isEmpty || argument.hasPrefix("-")) {
        // `help` is left to ArgumentParser, whatever it makes of it.
        guard let positional, !positionalSeen, argument != "help" else { return nil }
        positionalSeen = true
        positional.set(&value, argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let index = options.firstIndex(where: { $0.name == parts[0] }), !seen[index] else { return nil }
      seen[index] = true
      let option = options[index]
      guard option.takesValue else {
        guard parts.count == 1 else { return nil }
        _ = option.set(&value, "")
        continue
      }
      let text: String
      if parts.count == 2 {
        text = String(parts[1])
      } else if let next = rest.popFirst() {
        text = next
      } else {
        return nil
      }
      guard !text.isEmpty, !text.hasPrefix("-"), option.set(&value, text) else { return nil }
    }
    do {
      try validate(value)
    } catch {
      return nil
    }
    return value
  }
}
