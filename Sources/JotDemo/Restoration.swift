import LaunchScreens
import LaunchTracking

/// Where the demo app was when the user left it, so the next launch reopens there.
///
/// A small Codable value; the app stores it as JSON in its state directory. A value that no
/// longer fits (another schema, a version that is gone) is ignored or trimmed by
/// ``validated(versions:)`` rather than trusted.
package struct RestorationState: Codable, Sendable, Hashable {
  /// The screens worth coming back to.
  package enum Place: String, Codable, Sendable, Hashable {
    case home
    case releaseNotes
  }

  /// The schema this code writes and reads.
  package static let currentSchema = 1

  package var schema: Int
  package var place: Place
  /// The release-notes browser's selected version.
  package var version: AppVersion?
  /// The release-notes browser's scroll offset in the notes.
  package var scroll: Int
  /// Whether the browser's notes pane (not its version list) had the focus.
  package var notesFocused: Bool

  package init(place: Place, version: AppVersion? = nil, scroll: Int = 0, notesFocused: Bool = false) {
    self.schema = Self.currentSchema
    self.place = place
    self.version = version
    self.scroll = scroll
    self.notesFocused = notesFocused
  }

  /// This state if it can still be used with a content that has `versions`: nil for another
  /// schema or a nonsense scroll; a browser on a version that is gone goes back to the home
  /// screen.
  package func validated(versions: [AppVersion]) -> RestorationState? {
    guard schema == Self.currentSchema, scroll >= 0, scroll < 1_000_000 else { return nil }
    if place == .releaseNotes {
      guard let version, versions.contains(version) else { return RestorationState(place: .home) }
    }
    return self
  }
}

extension RestorationState {
  /// The topmost place in `stack` worth reopening next time: the release-notes browser where
  /// it stood, else the home screen; nil when neither is there.
  package static func point(of stack: ScreenStack) -> RestorationState? {
    for screen in stack.screens.reversed() {
      if let browser = screen as? ReleaseBrowser {
        return RestorationState(
          place: .releaseNotes, version: browser.selectedVersion, scroll: browser.scroller.offset,
          notesFocused: browser.notesFocused)
      }
      if screen is HomeScreen { return RestorationState(place: .home) }
    }
    return nil
  }
}
