/// Whether the session uses colour: `auto` (when the terminal has colours and `NO_COLOR` is
/// unset or empty), `always` (whenever the terminal has colours), or `never`.
package enum ColorMode: String, Sendable, CaseIterable {
  case auto
  case always
  case never

  /// Whether colours are wanted, before asking the terminal. `noColor` is `$NO_COLOR`.
  package func wantsColor(noColor: String?) -> Bool {
    switch self {
    case .never: return false
    case .always: return true
    case .auto: return noColor.map(\.isEmpty) ?? true
    }
  }
}
