import LaunchGreeter

#if canImport(Glibc)
  import Glibc
#endif
#if TALLY_USES_FOUNDATION
  import Foundation
#endif

// The app's version; EXAMPLE_APP_VERSION pretends to be another one (to try an upgrade).
let version = getenv("EXAMPLE_APP_VERSION").map { String(cString: $0) } ?? "2.0.0"

var greeter = LaunchGreeter(
  app: GreeterApp(id: "tally", name: "Tally", version: version),
  notes: .compiledIn(CompiledNotes.all))
// `tally --accessible`: plain lines for screen readers (ACCESSIBLE=1 does the same).
if CommandLine.arguments.contains("--accessible") { greeter.accessible = .on }
// Runs once, with a progress screen, on the first launch of 2.0.0 or later after an older
// version (a fresh install has nothing to convert). If it throws, it is retried next launch.
greeter.updateSteps = [
  UpdateStep(id: "split-by-year", version: "2.0.0", summary: "Splitting the counts by year") {
    // The app's own conversion of its 1.x data goes here.
  }
]

// Ctrl-C during the greeting ends the app as it would without it (SIGINT, 130 from a shell),
// once the terminal is given back; `greeter.interruptAction = .report` returns it instead
// (`outcome.wasInterrupted`).
let outcome = greeter.greet()
if let id = outcome.actionID { print("tally: the notes' \(id) button") }  // a release's "try it" key

// The app's own work.
#if TALLY_USES_FOUNDATION
  // A host whose own work uses Foundation (TALLY_USES_FOUNDATION=1 swift build).
  let counted = String(format: "%d", 3)
#else
  let counted = "3"
#endif
print("tally \(version): \(counted) things counted")
