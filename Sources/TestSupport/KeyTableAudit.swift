import LaunchScreens
import TerminalRendering

/// Checks a screen's key table (``Screen/bindings``) against what the screen shows and does:
/// the help overlay's key names, the footer's hints, the accessible mode's answers, and every
/// key the screen reacts to.
package enum KeyTableAudit {
  /// What is wrong with `screen`'s keys in its current state, one line each (empty when
  /// nothing is): laid out at `width` x `height` first.
  ///
  /// - every binding has help text, and every key its help line names is bound by a binding
  ///   on that line;
  /// - every footer hint belongs to a binding in the table (or to the stack's `?`), and every
  ///   key it names is bound by a binding with that hint;
  /// - no key is bound twice, no typed answer offered twice;
  /// - every key the screen reacts to (an effect or a different frame) is in the table.
  package static func problems(of screen: some Screen, width: Int = 80, height: Int = 24) -> [String] {
    var screen = screen
    _ = screen.update(.resize(width: width, height: height))
    _ = screen.finishDeferredWork()
    let name = String(describing: type(of: screen))
    var problems: [String] = []
    let table = screen.bindings
    let known = table + ScreenStack.commonBindings.filter { !table.contains($0) }

    for binding in table {
      if !binding.isEnabled {
        problems.append("\(name): a disabled binding is in the table: \(binding.help)")
      }
      if binding.keys.isEmpty { problems.append("\(name): a binding without keys: \(binding.help)") }
      if binding.help.action.isEmpty || binding.help.keys.isEmpty {
        problems.append("\(name): \(binding.keys) bound without help text")
      }
    }
    for entry in known.helpEntries {
      let bound = known.filter { $0.help == entry }.flatMap(\.keys)
      for token in entry.keys.split(separator: " ").map(String.init) {
        guard let named = keys(named: token) else {
          problems.append("\(name): the help line \"\(entry.keys)\" names \"\(token)\", which is no key")
          continue
        }
        for key in named where !bound.contains(key) {
          problems.append("\(name): the help line \"\(entry.keys)\" names \(token), which it does not bind")
        }
      }
    }
    let footer = screen.footerBindings
    for binding in footer {
      guard let hint = binding.footer else {
        problems.append("\(name): the footer shows a binding without a hint: \(binding.help)")
        continue
      }
      if !known.contains(binding) {
        problems.append("\(name): the footer's \"\(hint.key) \(hint.action)\" is not a binding of the screen")
      }
      let bound = footer.filter { $0.footer == hint && known.contains($0) }.flatMap(\.keys)
      guard let named = keys(named: hint.key) else {
        problems.append("\(name): the footer's \"\(hint.key)\" is no key")
        continue
      }
      for key in named where !bound.contains(key) {
        problems.append("\(name): the footer names \(hint.key), which the screen does not bind")
      }
    }
    var seenKeys: [Key] = []
    for key in known.flatMap(\.keys) {
      if seenKeys.contains(key) { problems.append("\(name): \(key) is bound twice") }
      seenKeys.append(key)
    }
    var seenAnswers: [String] = []
    for answer in table.compactMap(\.answer).flatMap(\.answers) {
      if seenAnswers.contains(answer) {
        problems.append("\(name): the answer \"\(answer)\" is offered twice")
      }
      seenAnswers.append(answer)
    }

    var before = Canvas(width: width, height: height)
    screen.draw(into: &before)
    for key in probeKeys where !known.contains(where: { $0.matches(key) }) {
      var copy = screen
      let effects = copy.update(.key(key))
      _ = copy.finishDeferredWork()
      var after = Canvas(width: width, height: height)
      copy.draw(into: &after)
      if !effects.isEmpty || after != before {
        problems.append("\(name): reacts to \(key), which no binding has (no help, no footer, no answer)")
      }
    }
    return problems
  }

  /// The keys a footer hint or a help line's word names: `space`, `Enter`, `⏎`, `Esc`, `Tab`,
  /// `PgDn`, `Home`, arrows (`↑↓` is two), `Ctrl-D`, `F1`, or a character; nil for none.
  package static func keys(named name: String) -> [Key]? {
    let words: [String: Key] = [
      "space": .char(" "), "Enter": .enter, "⏎": .enter, "Esc": .escape, "Tab": .tab, "PgDn": .pageDown,
      "PgUp": .pageUp, "Home": .home, "End": .end, "Ctrl-C": .ctrlC,
    ]
    if let key = words[name] { return [key] }
    let arrows: [Character: Key] = ["↑": .up, "↓": .down, "←": .left, "→": .right]
    if !name.isEmpty, name.allSatisfy({ arrows[$0] != nil }) { return name.compactMap { arrows[$0] } }
    if name.hasPrefix("Ctrl-"), name.count == 6, let letter = name.last?.lowercased().first {
      return [.ctrl(letter)]
    }
    if name.hasPrefix("F"), let n = Int(name.dropFirst()), (1...12).contains(n) { return [.function(n)] }
    if name.count == 1, let c = name.first { return [.char(c)] }
    return nil
  }

  /// Every key a terminal sends a screen: printable ASCII, the named keys, Ctrl letters (but
  /// Ctrl-C, which the stack takes) and the function keys.
  package static let probeKeys: [Key] = {
    var keys: [Key] = (0x20...0x7E).compactMap { Unicode.Scalar($0).map { .char(Character($0)) } }
    keys += [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab, .backspace,
    ]
    keys += "abdefghijklmnopqrstuvwxyz".map { .ctrl($0) }
    keys += (1...12).map { .function($0) }
    return keys
  }()
}
