import ArgumentParser

struct ResetCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset",
    abstract: "Forgets the recorded launch state."
  )

  func run() throws {
    throw ValidationError("'reset' is not implemented yet")
  }
}
