// libFuzzer target: AppVersion parsing and ordering (LaunchTracking).
//
// Built by scripts/fuzz from Sources/LaunchTracking. The input is split at newlines into
// up to three strings. Invariants checked for every string that parses:
// - the text round-trips: `description` is the input, and parsing it again gives an equal
//   version with the same canonical form;
// - the canonical form parses to an equal version;
// and for every pair/triple: exactly one of <, ==, > holds, equal versions hash alike, and
// the order is transitive.

import LaunchTracking

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVersion(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let strings = bytes.split(separator: 0x0A, maxSplits: 2, omittingEmptySubsequences: false)
    .map { String(decoding: $0, as: UTF8.self) }
  var versions: [AppVersion] = []
  for s in strings {
    let parsed: AppVersion
    do {
      parsed = try AppVersion(parsing: s)
    } catch {
      // A rejection must name the string it rejects.
      check(error.text == s, "error does not name the input \(s.debugDescription)")
      check(AppVersion(s) == nil, "init? accepts what init(parsing:) rejects: \(s.debugDescription)")
      continue
    }
    check(parsed.description == s, "description \(parsed.description.debugDescription) != input")
    guard let again = AppVersion(parsed.description) else {
      fail("description does not parse again: \(s.debugDescription)")
    }
    check(again == parsed && again.canonical == parsed.canonical, "round-trip differs: \(s.debugDescription)")
    guard let canonical = AppVersion(parsed.canonical) else {
      fail("canonical \(parsed.canonical.debugDescription) does not parse (from \(s.debugDescription))")
    }
    check(canonical == parsed, "canonical form is a different version: \(s.debugDescription)")
    check(canonical.canonical == parsed.canonical, "canonical form is not stable: \(s.debugDescription)")
    versions.append(parsed)
  }
  for a in versions {
    check(!(a < a), "\(a) < itself")
    for b in versions {
      let relations = [a < b, a == b, b < a].filter { $0 }.count
      check(relations == 1, "\(a) and \(b): \(relations) of <, ==, > hold")
      if a == b { check(a.hashValue == b.hashValue, "\(a) == \(b) but hashes differ") }
      for c in versions where a < b && b < c {
        check(a < c, "order not transitive: \(a) < \(b) < \(c)")
      }
    }
  }
  return 0
}

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fail(message()) }
}

func fail(_ message: String) -> Never {
  fatalError("fuzz version: \(message)")
}
