// The example host without the greeter: the same work and nothing else, so scripts/bench and
// scripts/budget can measure what the greeter costs a host.
#if canImport(Glibc)
  import Glibc
#endif
#if TALLY_USES_FOUNDATION
  import Foundation
#endif

let version = getenv("EXAMPLE_APP_VERSION").map { String(cString: $0) } ?? "2.0.0"
#if TALLY_USES_FOUNDATION
  // A host whose own work uses Foundation (TALLY_USES_FOUNDATION=1 swift build).
  let counted = String(format: "%d", 3)
#else
  let counted = "3"
#endif
print("tally \(version): \(counted) things counted")
