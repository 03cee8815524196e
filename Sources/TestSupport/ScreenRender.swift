import LaunchScreens
import TerminalRendering

/// Drawing a screen the way the terminal driver does, for the screen tests (LaunchScreens and
/// the demo's JotDemo).
package enum ScreenRender {
  /// `screen` as the driver leaves it once it has settled: told the size, its deferred work
  /// finished (the driver paints once before that; see ``firstFrame(_:width:height:)``).
  package static func settled(_ screen: some Screen, width: Int, height: Int) -> Canvas {
    var copy = screen
    _ = copy.update(.resize(width: width, height: height))
    _ = copy.finishDeferredWork()
    var canvas = Canvas(width: width, height: height)
    copy.draw(into: &canvas)
    return canvas
  }

  /// `screen` as the driver's first paint after a resize: before its deferred work.
  package static func firstFrame(_ screen: some Screen, width: Int, height: Int) -> Canvas {
    var copy = screen
    _ = copy.update(.resize(width: width, height: height))
    var canvas = Canvas(width: width, height: height)
    copy.draw(into: &canvas)
    return canvas
  }
}
