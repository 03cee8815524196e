import LaunchGreeter

// The code of the "Adopting LaunchGreeter" article (Sources/LaunchGreeter/LaunchGreeter.docc),
// word for word: compiled here, against the public face alone, as an adopter's would be.

/// What Tally does at start-up: greets, says what it showed, and stops on Ctrl-C.
func start(_ greeter: some Greeting) -> Bool {
  let outcome = greeter.greet()
  switch outcome.shown {
  case .whatsNew(let versions)?: print("tally: showed the notes of \(versions.count) releases")
  case .updateCard(let version, critical: true)?: print("tally: please upgrade to \(version)")
  case .tip(let tip)?: print("tally: tip \(tip.id)")
  default: break
  }
  for problem in outcome.problems where problem.kind == .notes {
    print("tally: notes: \(problem)")
  }
  if case .interrupted = outcome.exit { return false }
  try? greeter.record("start")
  return true
}

/// The greeter's settings, grouped by what they are about.
func configured(_ greeter: LaunchGreeter) -> LaunchGreeter {
  var greeter = greeter
  greeter.feed = GreeterFeed(
    url: "https://api.github.com/repos/me/tally/releases",
    upgradeCommands: [.brew: "brew upgrade tally"],
    upgradeCommand: "see https://tally.example/install")
  greeter.interruptions.checklist = true
  greeter.interruptions.minimumImportance = .minor
  greeter.appearance.hyperlinks = .never
  greeter.signals.interrupt = .report
  return greeter
}

/// `tally export`: a subcommand that does not greet records what the user did.
func export(app: GreeterApp) {
  do {
    try GreeterEvents(app: app).record("export")
  } catch {
    print("tally: export not recorded (\(error.kind)): \(error)")
  }
}
