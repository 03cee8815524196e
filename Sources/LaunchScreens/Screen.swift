import LaunchTracking
import TerminalRendering

/// A screen of the terminal UI: a value holding its state, a pure `update(_:)` that turns an
/// event into effects, and a `draw(into:)` that paints the state into a ``Canvas``.
///
/// Screens never call ncurses and never read or write files; the driver turns keys into
/// ``ScreenEvent``s, and the app carries out the ``ScreenEffect``s a screen returns.
package protocol Screen: Sendable {
  /// Applies `event` to the state and returns what the app should do about it.
  mutating func update(_ event: ScreenEvent) -> [ScreenEffect]

  /// Paints the whole screen into `canvas` (which is the size of the terminal).
  func draw(into canvas: inout Canvas)

  /// The keys this screen understands now, in the order of the `?` help overlay: the one
  /// table its `update` matches keys against and the help, the footer and the accessible
  /// mode read (``KeyBinding``). Only enabled bindings.
  var bindings: [KeyBinding] { get }

  /// The bindings the footer names now, in its order (each one of ``bindings``, or
  /// ``ScreenStack/showHelp``).
  var footerBindings: [KeyBinding] { get }

  /// Lines of the help overlay that are not keys (what a mark in the screen means).
  var legend: [HelpEntry] { get }

  /// The screen as text, for the accessible mode; nil for one that cannot be read as text
  /// (an app's own full-screen UI), which ends a line-by-line presentation.
  var plainText: ScreenText? { get }

  /// Does the work the screen put off so its first frame could be painted sooner (laying out
  /// text below the viewport). The driver calls it after each paint, once the terminal has had
  /// a moment to show the frame or at once when a key arrives, and before it handles that key;
  /// returns true when the screen has changed and should be painted again.
  mutating func finishDeferredWork() -> Bool
}

extension Screen {
  /// The `?` help overlay's lines for this screen: its bindings', then its legend.
  package var help: [HelpEntry] { bindings.helpEntries + legend }
  package var legend: [HelpEntry] { [] }
  /// Most screens do everything at once: nothing is deferred.
  package mutating func finishDeferredWork() -> Bool { false }
}

/// Something that happened: a key, a new terminal size, the mouse wheel, or a clock tick.
package enum ScreenEvent: Sendable, Hashable {
  case key(Key)
  /// The terminal now has this many columns and rows.
  case resize(width: Int, height: Int)
  case wheel(WheelDirection)
  /// Sent periodically while the driver waits for input.
  case tick
}

/// The direction the mouse wheel turned.
package enum WheelDirection: Sendable, Hashable {
  case up
  case down
}

/// A key press, already decoded by the driver.
package enum Key: Sendable, Hashable {
  /// A printable character (including space).
  case char(Character)
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, escape, tab, backTab, backspace
  /// Ctrl-C: in raw mode it arrives as a key, not a signal.
  case ctrlC
  /// Another control key, by its letter (`ctrl("d")` for Ctrl-D).
  case ctrl(Character)
  /// A function key, F1 ... F12.
  case function(Int)
}

/// What a screen asks the app to do. The app performs these; screens never do I/O.
package enum ScreenEffect: Sendable, Hashable {
  /// Remove the screen that returned this from the stack.
  case close
  /// Leave: the last screen closed, or a screen asked to leave the app.
  case quit
  /// Leave at once, because the user pressed Ctrl-C: nothing on screen counts as seen.
  case interrupt
  /// The user has seen and dismissed a presentation: it is no longer pending.
  case dismissed(Presentation)
  /// The user put a presentation off ("remind me later"): it stays pending, hidden for a while.
  case remindLater(Presentation)
  /// The user dismissed a presentation and asked for no more of its kind ("don't show release
  /// notes again").
  case stopShowing(Presentation)
  /// The onboarding walkthrough is now on `page` (0-based); remember it in case the user
  /// leaves before the end.
  case onboardingProgress(page: Int)
  /// The walkthrough is over: completed (`skippedAt` nil) or skipped on a page (0-based).
  case onboardingFinished(skippedAt: Int?)
  /// A request only the app understands, named by the app (a menu entry of an app's own
  /// screen asking to open another screen, say). Screens of this module never return it.
  case app(String)
  /// The user chose a release's "try it" action (``ReleaseAction``) on the what's-new sheet:
  /// the app runs its own code for `id`. `dismissed` is the presentation the sheet was (nil
  /// for one opened by hand): choosing an action dismisses it, as ``dismissed(_:)`` would
  /// (one effect, since the stack is empty once the sheet closes and a driver may stop at
  /// the first effect then).
  case releaseAction(id: String, dismissed: Presentation?)
}

/// A presentation the launch decided on, named in ``ScreenEffect/dismissed(_:)``.
package enum Presentation: Sendable, Hashable {
  case onboarding
  /// The what's-new sheet for releases up to and including this version.
  case whatsNew(upTo: AppVersion)
  case welcomeBack
  /// The "Get started" checklist (``ChecklistScreen``): only `x` dismisses it, for good.
  case checklist
}
