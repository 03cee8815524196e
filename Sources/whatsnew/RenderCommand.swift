import ArgumentParser

struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Renders a Markdown file for the terminal or as HTML."
  )

  func run() throws {
    throw ValidationError("'render' is not implemented yet")
  }
}
