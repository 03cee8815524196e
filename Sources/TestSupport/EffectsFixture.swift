import LaunchScreens
import TerminalRendering

/// A screen that answers Enter with the effects it was given: a test double for code that
/// performs a screen's effects (the stack, the terminal's run loop). Not a shipped screen, so
/// the key-table audit, which samples every screen under Sources, leaves TestSupport out.
package struct EffectsFixture: Screen {
  package var effects: [ScreenEffect]

  package init(effects: [ScreenEffect]) { self.effects = effects }

  package mutating func update(_ event: ScreenEvent) -> [ScreenEffect] {
    event == .key(.enter) ? effects : []
  }

  package var bindings: [KeyBinding] { [] }
  package var footerBindings: [KeyBinding] { [] }
  package var plainText: ScreenText? { nil }

  package func draw(into canvas: inout Canvas) {}
}
