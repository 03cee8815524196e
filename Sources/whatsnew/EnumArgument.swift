import ArgumentParser

/// An option whose values are an enum's cases, written as their raw values (`--format
/// plain`, `--simulate upgrade`).
///
/// ArgumentParser's own descriptions of such values (for help, completion and the `(default:
/// auto)` note) come from `"\(rawValue)"` for each case, through the standard library's generic
/// printing, and are built each time a command's arguments are, which is on every launch. The
/// raw values are those strings already: these give the same help and completions without the
/// dynamic casts that generic printing starts with (scripts/budget's greet case).
protocol EnumArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension EnumArgument {
  public var defaultValueDescription: String { rawValue }

  public static var allValueStrings: [String] { allCases.map(\.rawValue) }

  /// None: a case's description would be its raw value, which help already shows.
  public static var allValueDescriptions: [String: String] { [:] }
}
