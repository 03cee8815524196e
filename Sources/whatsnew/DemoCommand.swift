import ArgumentParser

struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Runs the demo app: records the launch and presents what it calls for."
  )

  func run() throws {
    throw ValidationError("'demo' is not implemented yet")
  }
}
