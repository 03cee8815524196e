import ArgumentParser

/// What a usage error's one line adds to ArgumentParser's message: the subcommand a mistyped
/// name was probably meant to be (`whatsnew lnt`: did you mean `lint`?), and which
/// subcommands an option belongs to when it is given to another one (`--width is an option of
/// `notes` and `render``).
enum UsageHints {
  /// The line for a usage error `message` (ArgumentParser's first line, without `Error: `)
  /// raised for `arguments` (the command line without the program name).
  static func line(for message: String, arguments: [String]) -> String {
    let subcommands = WhatsNew.configuration.subcommands
    let names = subcommands.compactMap { $0.configuration.commandName }
    let given = arguments.first { !$0.hasPrefix("-") }
    if let word = arguments.first, !word.hasPrefix("-"), !names.contains(word),
      message.lowercased().contains("unexpected argument"), let nearest = nearest(to: word, among: names)
    {
      return "unknown command '\(word)': did you mean `\(nearest)`? (see 'whatsnew --help')"
    }
    let command = given.flatMap { word in names.contains(word) ? word : nil }
    let help = "(see 'whatsnew \(command.map { $0 + " " } ?? "")--help')"
    if let option = quoted(message, after: "Unknown option '"), option.hasPrefix("--") {
      let owners = subcommands.filter { accepts($0, option: option) }.compactMap {
        $0.configuration.commandName
      }
      .map { "`\($0)`" }
      if !owners.isEmpty {
        let list =
          owners.count == 1
          ? owners[0] : owners.dropLast().joined(separator: ", ") + " and " + owners[owners.count - 1]
        let of = command.map { " of `\($0)`" } ?? ""
        return "unknown option '\(option)'\(of): \(option) is an option of \(list) \(help)"
      }
    }
    return "\(message) \(help)"
  }

  /// The text between `prefix` and the next `'` in `message`.
  static func quoted(_ message: String, after prefix: String) -> String? {
    guard let start = message.firstRange(of: prefix) else { return nil }
    let rest = message[start.upperBound...]
    guard let end = rest.firstIndex(of: "'") else { return nil }
    return String(rest[..<end])
  }

  /// True when `command` declares `option`: a line of its help's option list names it.
  static func accepts(_ command: any ParsableCommand.Type, option: String) -> Bool {
    let help = command.helpMessage(includeHidden: true, columns: 10_000)
    for line in help.split(separator: "\n") where line.drop(while: { $0 == " " }).hasPrefix("-") {
      let words = line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "=" || $0 == "<" })
      if words.contains(where: { $0 == option }) { return true }
    }
    return false
  }

  /// The name in `names` within two edits of `word` (the closest, the first of equals).
  static func nearest(to word: String, among names: [String]) -> String? {
    var best: (name: String, distance: Int)?
    for name in names {
      let distance = editDistance(Array(word), Array(name))
      if distance <= 2, distance < best?.distance ?? .max { best = (name, distance) }
    }
    return best?.name
  }

  /// Levenshtein distance between two character arrays.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
