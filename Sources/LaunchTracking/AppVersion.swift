/// A version of the host app, ordered by Semantic Versioning 2.0.0 precedence.
///
/// Besides strict `MAJOR.MINOR.PATCH[-PRE][+BUILD]` it accepts the forms apps really ship:
/// `1.2` (the same version as `1.2.0`), a leading `v` (`v1.2.3`), and a fourth numeric
/// component (`1.2.3.4`), which orders after the patch number (`1.2.3` == `1.2.3.0` <
/// `1.2.3.1` < `1.2.4`). Build metadata (`+build-7`) is parsed, kept in the text, and
/// ignored for order and equality, as SemVer section 10 says.
///
/// Equality and hashing agree with the order: `1.2 == 1.2.0 == v1.2.0+abc`. The original
/// spelling is kept in ``text`` (and ``description``), so a version round-trips unchanged.
/// Invalid strings are rejected with a ``ParseError`` naming the string, never guessed.
public struct AppVersion: Sendable, Comparable, Hashable, Codable, LosslessStringConvertible {
  /// The string this version was parsed from, exactly as given.
  package let text: String
  /// The first numeric component.
  public let major: UInt64
  /// The second numeric component.
  public let minor: UInt64
  /// The third numeric component (0 when the version had only two).
  public let patch: UInt64
  /// The fourth numeric component (0 when the version had three or fewer).
  package let revision: UInt64
  /// The dot-separated pre-release identifiers (`["beta", "2"]` for `1.0.0-beta.2`).
  package let prerelease: [PrereleaseIdentifier]
  /// The dot-separated build metadata identifiers; never used for ordering.
  package let buildMetadata: [String]

  /// True for a pre-release such as `2.0.0-beta.1`.
  package var isPrerelease: Bool { !prerelease.isEmpty }

  /// The version without build metadata in canonical `MAJOR.MINOR.PATCH[.REVISION][-PRE]`
  /// form (`v1.2` gives `1.2.0`); the revision is shown only when it is not zero.
  package var canonical: String {
    var s = "\(major).\(minor).\(patch)"
    if revision != 0 { s += ".\(revision)" }
    if isPrerelease { s += "-" + prerelease.map(\.description).joined(separator: ".") }
    return s
  }

  /// One pre-release identifier: numeric identifiers order numerically and before
  /// alphanumeric ones, which order by ASCII.
  package enum PrereleaseIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The identifier is digits only (`1` in `beta.1`).
    case numeric(UInt64)
    /// The identifier has a letter or hyphen (`beta` in `beta.1`).
    case alphanumeric(String)

    /// The identifier as written.
    package var description: String {
      switch self {
      case .numeric(let n): return String(n)
      case .alphanumeric(let s): return s
      }
    }

    /// Numeric identifiers order numerically and before alphanumeric ones, which order by ASCII.
    package static func < (a: Self, b: Self) -> Bool {
      switch (a, b) {
      case (.numeric(let x), .numeric(let y)): return x < y
      case (.numeric, .alphanumeric): return true
      case (.alphanumeric, .numeric): return false
      case (.alphanumeric(let x), .alphanumeric(let y)):
        // ASCII order: compare the UTF-8 bytes (identifiers are ASCII by construction).
        return x.utf8.lexicographicallyPrecedes(y.utf8)
      }
    }
  }

  /// Why a string is not a version. Its description is one line naming the string.
  package struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rejected string.
    package let text: String
    /// What is wrong with it.
    package let reason: String

    /// `invalid version "<text>": <reason>`, one line.
    package var description: String { "invalid version \"\(text)\": \(reason)" }
  }

  /// Parses `text`, throwing a ``ParseError`` that names the string when it is not a version.
  package init(parsing text: String) throws(ParseError) {
    self = try Self.parse(text)
  }

  /// Parses `description`, or returns nil when it is not a version.
  public init?(_ description: String) {
    guard let v = try? Self.parse(description) else { return nil }
    self = v
  }

  /// Creates `major.minor.patch` (and optional revision and pre-release identifiers).
  package init(
    _ major: UInt64, _ minor: UInt64, _ patch: UInt64, revision: UInt64 = 0,
    prerelease: [PrereleaseIdentifier] = []
  ) {
    var text = "\(major).\(minor).\(patch)"
    if revision != 0 { text += ".\(revision)" }
    if !prerelease.isEmpty { text += "-" + prerelease.map(\.description).joined(separator: ".") }
    self.init(
      text: text, major: major, minor: minor, patch: patch, revision: revision,
      prerelease: prerelease, buildMetadata: [])
  }

  /// The version as written (`2.0.0-beta.1`), build metadata included.
  public var description: String { text }

  /// The lowest version of this `major.minor.patch[.revision]`, its `-0` pre-release: the start
  /// of a range `since < v <= self` that holds this release's notes and no older release's
  /// (for a pre-release, also the earlier pre-releases of the same version).
  package var justBelow: AppVersion {
    AppVersion(major, minor, patch, revision: revision, prerelease: [.numeric(0)])
  }

  /// SemVer precedence: numbers in order, then a pre-release below its release. Build metadata is ignored.
  public static func < (a: AppVersion, b: AppVersion) -> Bool {
    if a.major != b.major { return a.major < b.major }
    if a.minor != b.minor { return a.minor < b.minor }
    if a.patch != b.patch { return a.patch < b.patch }
    if a.revision != b.revision { return a.revision < b.revision }
    // A pre-release has lower precedence than the release (SemVer 11.3).
    switch (a.isPrerelease, b.isPrerelease) {
    case (false, false), (false, true): return false
    case (true, false): return true
    case (true, true): return a.prerelease.lexicographicallyPrecedes(b.prerelease)
    }
  }

  /// Equal precedence: the same numbers and pre-release identifiers (build metadata is ignored).
  public static func == (a: AppVersion, b: AppVersion) -> Bool {
    a.major == b.major && a.minor == b.minor && a.patch == b.patch && a.revision == b.revision
      && a.prerelease == b.prerelease
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(major)
    hasher.combine(minor)
    hasher.combine(patch)
    hasher.combine(revision)
    hasher.combine(prerelease)
  }

  /// Decodes from a single string, e.g. `"1.2.3"`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let string = try container.decode(String.self)
    do {
      self = try Self.parse(string)
    } catch {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
    }
  }

  /// Encodes as a single string: ``text``.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }

  // MARK: - Parsing

  private init(
    text: String, major: UInt64, minor: UInt64, patch: UInt64, revision: UInt64,
    prerelease: [PrereleaseIdentifier], buildMetadata: [String]
  ) {
    self.text = text
    self.major = major
    self.minor = minor
    self.patch = patch
    self.revision = revision
    self.prerelease = prerelease
    self.buildMetadata = buildMetadata
  }

  private static func parse(_ text: String) throws(ParseError) -> AppVersion {
    if let version = parseNumbers(text) { return version }
    return try parseAnyForm(text)
  }

  /// The common spelling, `[v]MAJOR.MINOR[.PATCH[.REVISION]]` without pre-release or build
  /// metadata, read straight from the bytes with nothing allocated; nil for anything else (a
  /// pre-release, build metadata, or an invalid string), which ``parseAnyForm(_:)`` parses and
  /// reports. A notes directory's names are almost all of this form, and there can be
  /// thousands of them.
  static func parseNumbers(_ text: String) -> AppVersion? {
    var numbers: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    let parsed = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      let end = bytes.count
      var i = 0
      if end > 0 && (bytes[0] == UInt8(ascii: "v") || bytes[0] == UInt8(ascii: "V")) { i = 1 }
      var component = 0
      while true {
        // A component: digits, without a leading zero, that fit 64 bits.
        guard i < end, isDigit(bytes[i]) else { return false }
        if bytes[i] == UInt8(ascii: "0") && i + 1 < end && isDigit(bytes[i + 1]) { return false }
        var value: UInt64 = 0
        while i < end, isDigit(bytes[i]) {
          let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
          let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[i] &- UInt8(ascii: "0")))
          if overflow || carry { return false }
          value = sum
          i += 1
        }
        switch component {
        case 0: numbers.0 = value
        case 1: numbers.1 = value
        case 2: numbers.2 = value
        default: numbers.3 = value
        }
        component += 1
        if i == end { return component >= 2 }
        guard bytes[i] == UInt8(ascii: "."), component < 4 else { return false }
        i += 1
      }
    }
    guard parsed == true else { return nil }
    return AppVersion(
      text: text, major: numbers.0, minor: numbers.1, patch: numbers.2, revision: numbers.3, prerelease: [],
      buildMetadata: [])
  }

  /// Parses every form the type accepts and names what is wrong with a string that is not one.
  static func parseAnyForm(_ text: String) throws(ParseError) -> AppVersion {
    func fail(_ reason: String) -> ParseError { ParseError(text: text, reason: reason) }
    var rest = Substring(text)
    guard !rest.isEmpty else { throw fail("empty string") }
    if rest.first == "v" || rest.first == "V" { rest = rest.dropFirst() }

    // Split off build metadata, then pre-release.
    var build: [String] = []
    if let plus = rest.firstIndex(of: "+") {
      let meta = rest[rest.index(after: plus)...]
      rest = rest[..<plus]
      guard !meta.isEmpty else { throw fail("empty build metadata after '+'") }
      for part in meta.split(separator: ".", omittingEmptySubsequences: false) {
        guard !part.isEmpty else { throw fail("empty build metadata identifier") }
        guard part.utf8.allSatisfy(isIdentifierByte) else {
          throw fail("build metadata \"\(part)\" may only hold [0-9A-Za-z-]")
        }
        build.append(String(part))
      }
    }
    var pre: [PrereleaseIdentifier] = []
    if let dash = rest.firstIndex(of: "-") {
      let preText = rest[rest.index(after: dash)...]
      rest = rest[..<dash]
      guard !preText.isEmpty else { throw fail("empty pre-release after '-'") }
      for part in preText.split(separator: ".", omittingEmptySubsequences: false) {
        guard !part.isEmpty else { throw fail("empty pre-release identifier") }
        guard part.utf8.allSatisfy(isIdentifierByte) else {
          throw fail("pre-release identifier \"\(part)\" may only hold [0-9A-Za-z-]")
        }
        if part.utf8.allSatisfy(isDigit) {
          if part.count > 1 && part.first == "0" {
            throw fail("numeric pre-release identifier \"\(part)\" has a leading zero")
          }
          guard let n = UInt64(part) else { throw fail("pre-release number \"\(part)\" is too large") }
          pre.append(.numeric(n))
        } else {
          pre.append(.alphanumeric(String(part)))
        }
      }
    }

    let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2 && parts.count <= 4 else {
      throw fail("expected MAJOR.MINOR[.PATCH[.REVISION]] with 2 to 4 numbers")
    }
    let names = ["major", "minor", "patch", "fourth"]
    var numbers: [UInt64] = []
    for (i, part) in parts.enumerated() {
      guard !part.isEmpty else { throw fail("empty \(names[i]) component") }
      guard part.utf8.allSatisfy(isDigit) else {
        throw fail("\(names[i]) component \"\(part)\" is not a number")
      }
      if part.count > 1 && part.first == "0" {
        throw fail("\(names[i]) component \"\(part)\" has a leading zero")
      }
      guard let n = UInt64(part) else { throw fail("\(names[i]) component \"\(part)\" is too large") }
      numbers.append(n)
    }
    while numbers.count < 4 { numbers.append(0) }
    return AppVersion(
      text: text, major: numbers[0], minor: numbers[1], patch: numbers[2], revision: numbers[3],
      prerelease: pre, buildMetadata: build)
  }
}

private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

private func isIdentifierByte(_ b: UInt8) -> Bool {
  isDigit(b) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D
}
