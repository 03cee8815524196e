import ArgumentParser
import LaunchGreeter

extension GreeterHyperlinks: EnumArgument {}

/// `--hyperlinks auto|always|never`, which `greet`, `demo`, `notes` and `render` share: one
/// declaration, read into ``LaunchGreeter/GreeterHyperlinks`` (whose `auto` detection the
/// library uses too).
struct HyperlinkOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Clickable links (OSC 8): auto (where the terminal is known to show them; never in tmux or screen), always or never.",
      valueName: "when"))
  var hyperlinks: GreeterHyperlinks = .auto
}
