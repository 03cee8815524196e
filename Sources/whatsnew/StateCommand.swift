import ArgumentParser

struct StateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Prints the recorded launch state."
  )

  func run() throws {
    throw ValidationError("'state' is not implemented yet")
  }
}
