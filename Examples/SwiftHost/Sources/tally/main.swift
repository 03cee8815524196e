import LaunchGreeter

#if canImport(Glibc)
  import Glibc
#endif

// The app's version. TALLY_PRETEND_VERSION=1.0.0 greets as another version, to try an upgrade:
// the greeter reads it itself, as it reads TALLY_STATE_DIR and TALLY_NOW.
let version = "2.0.0"

var greeter = LaunchGreeter(
  app: GreeterApp(id: "tally", name: "Tally", version: version),
  notes: .compiledIn(CompiledNotes.all))
// `tally --accessible`: plain lines for screen readers (ACCESSIBLE=1 does the same).
if CommandLine.arguments.contains("--accessible") { greeter.appearance.accessible = .on }
// Someone who used Tally before it greeted (its data file exists) is not a new user: the first
// launch the greeter records is then an upgrade, with this version's notes and steps.
greeter.isExistingInstall = {
  let home = getenv("HOME").map { String(cString: $0) } ?? "."
  return access(home + "/.tally/counts.txt", F_OK) == 0
}
// Runs once, with a progress screen, on the first launch of 2.0.0 or later after an older
// version (a fresh install has nothing to convert: see "Adopting late" in docs/greet.md for
// an app that adopts the greeter in this release). If it throws, it is retried next launch.
greeter.updateSteps = [
  UpdateStep(id: "split-by-year", version: "2.0.0", summary: "Splitting the counts by year") {
    // The app's own conversion of its 1.x data goes here.
  }
]

// Ctrl-C during the greeting ends the app as it would without it (SIGINT, 130 from a shell),
// once the terminal is given back; `greeter.signals.interrupt = .report` returns it instead
// (`outcome.wasInterrupted`).
let outcome = greeter.greet()
if let id = outcome.actionID { print("tally: the notes' \(id) button") }  // a release's "try it" key

// The app's own work.
print("tally \(version): 3 things counted")

// `tally search NAME`: what the user did, for the tips (Notes/tips/search.md teaches search
// `unless-used: search`, so it retires once the user has searched). The count stays in
// Tally's state directory; nothing is sent anywhere. A state directory that cannot be used
// is the greeter's problem line, not the app's failure.
if CommandLine.arguments.dropFirst().first == "search" {
  do { try greeter.record("search") } catch { print("tally: search not recorded: \(error)") }
  print("tally: no count named \(CommandLine.arguments.dropFirst(2).first ?? "")")
}
