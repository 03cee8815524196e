import ArgumentParser

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Checks Content/ before a release."
  )

  func run() throws {
    throw ValidationError("'lint' is not implemented yet")
  }
}
