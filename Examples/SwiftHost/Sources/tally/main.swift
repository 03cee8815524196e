import LaunchGreeter

#if canImport(Glibc)
  import Glibc
#endif

// The app's version; EXAMPLE_APP_VERSION pretends to be another one (to try an upgrade).
let version = getenv("EXAMPLE_APP_VERSION").map { String(cString: $0) } ?? "2.0.0"

var greeter = LaunchGreeter(
  app: GreeterApp(id: "tally", name: "Tally", version: version),
  notes: .compiledIn(CompiledNotes.all))
// `tally --accessible`: plain lines for screen readers (ACCESSIBLE=1 does the same).
if CommandLine.arguments.contains("--accessible") { greeter.accessible = .on }
greeter.greet()

// The app's own work.
print("tally \(version): 3 things counted")
