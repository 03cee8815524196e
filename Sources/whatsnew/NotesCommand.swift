import ArgumentParser

struct NotesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "notes",
    abstract: "Shows release notes from Content/."
  )

  func run() throws {
    throw ValidationError("'notes' is not implemented yet")
  }
}
