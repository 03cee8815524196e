// The example host without the greeter: the same work and nothing else, so scripts/bench and
// scripts/budget can measure what the greeter costs a host.
#if canImport(Glibc)
  import Glibc
#endif

let version = getenv("EXAMPLE_APP_VERSION").map { String(cString: $0) } ?? "2.0.0"
print("tally \(version): 3 things counted")
