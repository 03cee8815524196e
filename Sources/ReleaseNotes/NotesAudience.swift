#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Who is reading the notes: the platform the app runs on and the channel it says it is on
/// (`beta`, `nightly`; nil for none). It decides which platform/channel blocks of a notes file
/// are shown and which releases a `channels:` front matter line keeps.
///
/// A block is the lines between `<!-- only: NAMES -->` and `<!-- end only -->`, each marker
/// alone on its line; NAMES are platform names (`linux`, `macos`, `windows`) or channel names,
/// separated by commas or spaces, any case. The block is shown when one of the names is this
/// platform or this channel. Blocks do not nest. The lines of a block that is not shown, and
/// every marker line, become empty lines, so line numbers in messages stay those of the file.
package struct NotesAudience: Sendable, Equatable {
  /// `linux`, `macos` or `windows` (the platform this was built for).
  package var platform: String
  /// The app's channel, lowercased; nil when it names none.
  package var channel: String?

  package init(platform: String = NotesAudience.currentPlatform, channel: String? = nil) {
    self.platform = platform.lowercased()
    self.channel = channel.flatMap { $0.isEmpty ? nil : $0.lowercased() }
  }

  /// The platform names a block may use.
  package static let platforms = ["linux", "macos", "windows"]

  /// The platform this was built for.
  package static var currentPlatform: String {
    #if os(macOS)
      "macos"
    #elseif os(Windows)
      "windows"
    #else
      "linux"
    #endif
  }

  /// Whether a block (or release) for `names` is shown to this audience.
  package func includes(_ names: [String]) -> Bool {
    names.contains { $0 == platform || $0 == channel }
  }

  /// Whether a release whose front matter says `channels:` (nil: no such line) is shown: a
  /// release limited to channels is shown only on one of them.
  package func accepts(channels: [String]?) -> Bool {
    guard let channels else { return true }
    return channel.map { channels.contains($0) } ?? false
  }

  /// A marker line: `.start(names)` for `<!-- only: NAMES -->`, `.end` for `<!-- end only -->`.
  enum Marker: Equatable {
    case start([String])
    case end
  }

  /// The marker on `line`, if it is one (spaces around it allowed).
  static func marker(_ line: Substring) -> Marker? {
    let trimmed = line.trimmingWhitespace()
    guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->"), trimmed.count >= 7 else { return nil }
    let inner = trimmed.dropFirst(4).dropLast(3).trimmingWhitespace().lowercased()
    if inner == "end only" { return .end }
    guard inner.hasPrefix("only:") else { return nil }
    let names = inner.dropFirst(5).split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
    return .start(names)
  }

  /// `body` with the blocks not for this audience, and every marker line, made empty lines.
  /// Markers that do not pair up (``markerProblems(_:)``) are read as well as they can be: an
  /// unclosed block runs to the end, a stray end is dropped.
  package func filter(_ body: String) -> String {
    guard Self.hasComment(body) else { return body }
    var out = ""
    out.reserveCapacity(body.utf8.count)
    var hiding = false
    var first = true
    for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
      if !first { out += "\n" }
      first = false
      switch Self.marker(line) {
      case .start(let names)?: hiding = !includes(names)
      case .end?: hiding = false
      case nil: if !hiding { out += line }
      }
    }
    return out
  }

  /// Whether `body` holds `<!--` at all: notes without markers (nearly all) are kept as they
  /// are. It looks at each `<` and what follows it: the standard library's generic
  /// `contains(_:)` over a collection (on `String` or its `utf8`) scans far slower, and made
  /// the 47-release sheet's first frame wait about 50 ms.
  package static func hasComment(_ body: String) -> Bool {
    let bytes = body.utf8
    var rest = bytes[...]
    while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
      if bytes[open...].starts(with: "<!--".utf8) { return true }
      rest = bytes[bytes.index(after: open)...]
    }
    return false
  }

  /// What is wrong with the markers of `body`: each problem's 1-based line in `body` and one
  /// line saying what to do. Lint reports them, and the catalog refuses such a file.
  package static func markerProblems(_ body: String) -> [(line: Int, message: String)] {
    guard Self.hasComment(body) else { return [] }
    var problems: [(line: Int, message: String)] = []
    var open: Int?
    for (index, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      switch marker(line) {
      case .start(let names)?:
        if let open {
          problems.append(
            (index + 1, "<!-- only: --> inside the block opened on line \(open): close it first"))
        } else if names.isEmpty {
          problems.append((index + 1, "<!-- only: --> names no platform or channel"))
        }
        open = open ?? index + 1
      case .end?:
        if open == nil {
          problems.append((index + 1, "<!-- end only --> without an <!-- only: ... --> before it"))
        }
        open = nil
      case nil: break
      }
    }
    if let open { problems.append((open, "<!-- only: ... --> is never closed: add <!-- end only -->")) }
    return problems
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> Substring {
    var s = self
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s.removeLast() }
    return s
  }
}
