import TerminalRendering

/// One thing a screen does on a key: the keys, and how the help overlay, the footer and the
/// accessible mode name it (after bubbles' `key.Binding`).
///
/// A screen builds its bindings from its state and matches keys against those same values in
/// `update` (`case keys.close:`, through ``~=(_:_:)``); ``Screen/bindings`` hands the table to
/// the help overlay (``HelpEntry``), ``Screen/footerBindings`` the part the footer names
/// (``FooterHint``), and the accessible mode offers each binding with a ``TypedAnswer`` as a
/// choice and answers it with the binding's first key. So a key is written once per screen.
///
/// Bindings that share a ``help`` value share one line of the help overlay (`j k  ↑ ↓  scroll
/// a line` is a line down and a line up); the same holds for ``footer`` (`↑↓ version`).
/// A disabled binding (``isEnabled`` false) matches no key and is shown nowhere.
package struct KeyBinding: Sendable, Hashable {
  /// The keys that trigger it, including ones its help does not name (`Q` beside `q`).
  package var keys: [Key]
  /// Its line of the `?` help overlay: the keys as shown and what they do.
  package var help: HelpEntry
  /// Its hint in the footer, or nil when the footer does not name it.
  package var footer: FooterHint?
  /// How the accessible mode offers it, or nil when it is not a choice there.
  package var answer: TypedAnswer?
  /// False when the screen's state makes it do nothing (`l` on a sheet opened by hand).
  package var isEnabled: Bool

  package init(
    _ keys: [Key], help: HelpEntry, footer: FooterHint? = nil, answer: TypedAnswer? = nil,
    isEnabled: Bool = true
  ) {
    self.keys = keys
    self.help = help
    self.footer = footer
    self.answer = answer
    self.isEnabled = isEnabled
  }

  /// True when the binding is enabled and `key` is one of its keys.
  package func matches(_ key: Key) -> Bool { isEnabled && keys.contains(key) }

  /// Lets `update` switch on a key with bindings as patterns: `case keys.close:`.
  package static func ~= (binding: KeyBinding, key: Key) -> Bool { binding.matches(key) }

  /// A copy with `isEnabled` set.
  package func enabled(_ on: Bool) -> KeyBinding {
    var copy = self
    copy.isEnabled = on
    return copy
  }
}

/// One line of the `?` help overlay: the keys and what they do.
package struct HelpEntry: Sendable, Hashable {
  package var keys: String
  package var action: String

  package init(_ keys: String, _ action: String) {
    self.keys = keys
    self.action = action
  }
}

/// One hint of the footer: a key as shown (`space`, `↑↓`, `⏎`) and a word for what it does.
package struct FooterHint: Sendable, Hashable {
  package var key: String
  package var action: String

  package init(_ key: String, _ action: String) {
    self.key = key
    self.action = action
  }
}

/// How the accessible mode offers a binding: what may be typed for it and the label its
/// prompt gives it.
package struct TypedAnswer: Sendable, Hashable {
  /// What is typed (lowercase; "" is Enter alone). The first is the one the prompt names.
  package var answers: [String]
  /// The prompt's word for it, or nil for a choice that is accepted but not listed.
  package var label: String?

  package init(_ answers: [String], label: String?) {
    self.answers = answers
    self.label = label
  }
}

extension Array where Element == KeyBinding {
  /// The enabled bindings' help lines, each once, in order.
  package var helpEntries: [HelpEntry] {
    var entries: [HelpEntry] = []
    for binding in self where binding.isEnabled && !entries.contains(binding.help) {
      entries.append(binding.help)
    }
    return entries
  }

  /// The enabled bindings' footer hints, each once, in order.
  package var footerHints: [FooterHint] {
    var hints: [FooterHint] = []
    for binding in self where binding.isEnabled {
      if let hint = binding.footer, !hints.contains(hint) { hints.append(hint) }
    }
    return hints
  }

  /// The enabled bindings, without the disabled ones.
  package var enabled: [KeyBinding] { filter(\.isEnabled) }
}

/// The screen as text, for a presenter that prints lines instead of painting (the accessible
/// mode): its lines at a width, and what tells one state of it from another.
package struct ScreenText: Sendable {
  /// Changes when the text does (a page turned, another screen): the presenter prints the
  /// text again only then.
  package var identity: String
  /// The text at a width, plain (a Markdown body keeps its theme's styles).
  package var lines: @Sendable (Int) -> [StyledLine]
  /// The identity of a state this one goes on from (a collapsed sheet, now expanded), and
  /// the text to print instead of ``lines`` right after it.
  package var continues: String?
  package var continuation: (@Sendable (Int) -> [StyledLine])?

  package init(
    identity: String, lines: @escaping @Sendable (Int) -> [StyledLine], continues: String? = nil,
    continuation: (@Sendable (Int) -> [StyledLine])? = nil
  ) {
    self.identity = identity
    self.lines = lines
    self.continues = continues
    self.continuation = continuation
  }

  /// `text` sanitised and wrapped at `width` as plain lines.
  package static func wrap(_ text: String, _ width: Int) -> [StyledLine] {
    TextWrapper.wrap(StyledLine(Sanitizer.sanitize(text)), width: max(1, width))
  }
}
