import ArgumentParser

struct ImportChangelogCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-changelog",
    abstract: "Splits a CHANGELOG.md into one notes file per version."
  )

  func run() throws {
    throw ValidationError("'import-changelog' is not implemented yet")
  }
}
