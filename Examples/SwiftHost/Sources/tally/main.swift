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
greeter.isExistingInstall = { access(tallyDirectory() + "/counts.txt", F_OK) == 0 }
// Runs once, with a progress screen, on the first launch of 2.0.0 or later after an older
// version (a fresh install has nothing to convert: see "Adopting late" in docs/greet.md for
// an app that adopts the greeter in this release). Its work is `async`, in a task of its own:
// Ctrl-C on the progress screen cancels that task. If it throws or is cancelled, it is
// retried next launch.
greeter.updateSteps = [
  UpdateStep(id: "split-by-year", version: "2.0.0", summary: "Splitting the counts by year") {
    try await withTaskCancellationHandler {
      try await splitCountsByYear()
    } onCancel: {
      note("split-by-year: cancelled; it runs again on the next launch")
    }
  }
]

await run(greeter)

/// Tally's start-up, async as an `AsyncParsableCommand`'s `run()` is: the greeting is awaited,
/// so it does not block the main actor while the user reads (a script's synchronous main calls
/// `greeter.greet()`), then the app's own work.
@MainActor func run(_ greeter: LaunchGreeter) async {
  // Ctrl-C during the greeting ends the app as it would without it (SIGINT, 130 from a shell),
  // once the terminal is given back; `greeter.signals.interrupt = .report` returns it instead
  // (`outcome.wasInterrupted`).
  let outcome = await greeter.greet()
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
}

/// Where Tally keeps its own files.
func tallyDirectory() -> String {
  (getenv("HOME").map { String(cString: $0) } ?? ".") + "/.tally"
}

/// The app's own conversion of its 1.x data goes here; an `async` step can await the app's
/// async APIs. `TALLY_STEP_DELAY_MS` makes it take that long, to try Ctrl-C on its progress.
@Sendable func splitCountsByYear() async throws {
  let delay = getenv("TALLY_STEP_DELAY_MS").flatMap { Int(String(cString: $0)) } ?? 0
  try await Task.sleep(for: .milliseconds(delay))
}

/// Adds a line to Tally's own log of its updates, `~/.tally/update.log`.
@Sendable func note(_ line: String) {
  mkdir(tallyDirectory(), 0o755)
  guard let log = fopen(tallyDirectory() + "/update.log", "a") else { return }
  fputs(line + "\n", log)
  fclose(log)
}
