/// The user's languages for translated notes: which `Content/<language>/` folders to look in,
/// in order.
///
/// The list comes from the environment the host passes (never read here): `LANGUAGE`, a colon
/// list as gettext reads it, then the locale for messages, the first of `LC_ALL`,
/// `LC_MESSAGES` and `LANG` that is set and not empty (as POSIX says: `LC_ALL` wins, `LANG` is
/// the default). Each entry gives its full tag, then its shorter forms down to the base
/// language: `pt_BR.UTF-8` tries `pt-BR`, then `pt`. A locale of `C` or `POSIX` (any
/// encoding) means "no translation" and, as in gettext, turns `LANGUAGE` off too.
///
/// ```swift
/// NotesLanguage.preferred(environment: ["LANG": "fr_FR.UTF-8@euro"])  // ["fr-FR", "fr"]
/// NotesLanguage.preferred(environment: ["LANGUAGE": "pt_BR:de", "LANG": "en_US.UTF-8"])
/// // ["pt-BR", "pt", "de", "en-US", "en"]
/// ```
package enum NotesLanguage {
  /// The variables ``preferred(environment:)`` reads, for a caller that passes only those.
  package static let environmentVariables = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]

  /// The language tags to try, most preferred first, without repeats; empty when the
  /// environment names none (or names `C`/`POSIX`).
  package static func preferred(environment: [String: String]) -> [String] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    if let locale, isCLocale(locale) { return [] }
    var entries: [String] = []
    if let list = environment["LANGUAGE"] {
      entries += list.split(separator: ":").map(String.init)
    }
    if let locale { entries.append(locale) }
    var result: [String] = []
    for entry in entries {
      guard let tag = tag(fromLocale: entry) else { continue }
      var subtags = tag.split(separator: "-")
      while !subtags.isEmpty {
        let candidate = subtags.joined(separator: "-")
        if !result.contains(candidate) { result.append(candidate) }
        subtags.removeLast()
      }
    }
    return result
  }

  /// The language tag a locale name spells, with the encoding (`.UTF-8`) and modifier
  /// (`@euro`) dropped, `_` made `-` and each subtag cased as BCP 47 writes it (`fr_fr` is
  /// `fr-FR`, `zh_hans_cn` is `zh-Hans-CN`); nil for `C`, `POSIX` or anything that is not a
  /// tag.
  package static func tag(fromLocale name: String) -> String? {
    var text = Substring(name)
    if let at = text.firstIndex(of: "@") { text = text[..<at] }
    if let dot = text.firstIndex(of: ".") { text = text[..<dot] }
    guard !text.isEmpty, !isCLocale(String(text)) else { return nil }
    let parts = text.split(separator: "_", omittingEmptySubsequences: false)
      .flatMap { $0.split(separator: "-", omittingEmptySubsequences: false) }
    guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(isASCIILetter) else {
      return nil
    }
    var out = [first.lowercased()]
    for part in parts.dropFirst() {
      guard (1...8).contains(part.count), part.allSatisfy({ isASCIILetter($0) || isASCIIDigit($0) }) else {
        return nil
      }
      if part.count == 4 && part.allSatisfy(isASCIILetter) {
        out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())  // script: Hans
      } else if part.count == 2 && part.allSatisfy(isASCIILetter) {
        out.append(part.uppercased())  // region: BR
      } else {
        out.append(part.lowercased())
      }
    }
    return out.joined(separator: "-")
  }

  /// Whether `name` is a language tag written as ``tag(fromLocale:)`` writes it: the name a
  /// translation folder must have (`fr`, `pt-BR`, `zh-Hans`).
  package static func isFolderName(_ name: String) -> Bool {
    tag(fromLocale: name) == name
  }

  // MARK: - Helpers

  private static func isCLocale(_ name: String) -> Bool {
    let base = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
    return base == "C" || base == "POSIX"
  }

  private static func isASCIILetter(_ c: Character) -> Bool {
    c.isASCII && c.isLetter
  }

  private static func isASCIIDigit(_ c: Character) -> Bool {
    c.isASCII && c.isNumber
  }
}
