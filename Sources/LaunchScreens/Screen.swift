import TerminalRendering

/// A screen is a value: `update(event)` returns effects, `draw(into:)` paints a canvas.
///
/// PLACEHOLDER: the terminal UI work fills this target.
public enum LaunchScreensPlaceholder {}
