import LaunchScreens

/// A screen's first moment, in which it takes no keys: a key that comes within
/// ``milliseconds`` of the first frame was typed before the user could see the screen (for the
/// shell's next command, say: `q`, Enter), so it is read and dropped rather than allowed to
/// dismiss the screen or press one of its actions. Ctrl-C still acts (stopping is always
/// meant), and so does a resize.
package struct KeyGrace: Sendable, Equatable {
  /// How long after the first frame keys are dropped.
  package static let milliseconds = 150

  /// When the grace ends, on ``BackgroundQuery/now()``'s clock.
  package let end: Double

  /// The grace of a screen whose first frame went out at `start` (``BackgroundQuery/now()``).
  package init(firstFrameAt start: Double) {
    end = start + Double(Self.milliseconds) / 1000
  }

  /// True when `event`, arriving at `time`, is dropped: a key other than Ctrl-C, or a wheel
  /// notch, before ``end``.
  package func drops(_ event: ScreenEvent, at time: Double) -> Bool {
    guard time < end else { return false }
    switch event {
    case .key(.ctrlC): return false
    case .key, .wheel: return true
    case .resize, .tick: return false
    }
  }
}
