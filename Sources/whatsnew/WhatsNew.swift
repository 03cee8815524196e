import ArgumentParser

/// The `whatsnew` executable: argument parsing and wiring only. Each subcommand lives in
/// its own file; the work is done by the library targets.
@main
struct WhatsNew: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "whatsnew",
    abstract: "Greets terminal users: onboarding, what's new, welcome back.",
    subcommands: [
      DemoCommand.self, NotesCommand.self, RenderCommand.self, LintCommand.self,
      StateCommand.self, ResetCommand.self, ImportChangelogCommand.self,
    ],
    defaultSubcommand: DemoCommand.self
  )
}
