import ArgumentParser
import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `whatsnew settings`: shows or changes what one app's user chose on the greeting screens.
/// `whats-new off` is what `x` on the what's-new sheet records; `whats-new on` undoes it.
/// `tips off` turns the app's tips off (what `x` "no more tips" records); `tips on` undoes it.
/// `checklist off` dismisses the "Get started" checklist (what `x` on it records); `checklist
/// on` brings it back.
struct SettingsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "settings",
    abstract: "Shows or changes a user's greeting settings (whats-new, tips, checklist: on|off).",
    discussion: """
      Without a value, prints the setting. Exit status: 0 done, 1 when no launch of the app \
      is recorded or its state cannot be written, 2 for usage errors.
      """
  )

  @OptionGroup var state: StateOptions

  /// The settings a user can change.
  enum Setting: String, ExpressibleByArgument, CaseIterable {
    case whatsNew = "whats-new"
    case tips
    case checklist
  }

  /// A setting's value.
  enum Value: String, ExpressibleByArgument, CaseIterable {
    case on, off
  }

  @Argument(help: "The setting.")
  var setting: Setting = .whatsNew

  @Argument(help: "The new value (none: print the setting).")
  var value: Value?

  func run() throws {
    let (state, note) = self.state.recordedState()
    if let note { Console.out(note) }
    let store = state.makeStore(now: { Date() })
    let current: LaunchState
    switch try store.read() {
    case .empty:
      throw CommandFailure("no launch of \(state.appID) is recorded in \(store.path); nothing to change")
    case .state(let s): current = s
    case .newerSchema(let schema, _):
      throw CommandFailure(
        "cannot change \(store.path): schema \(schema) is newer than this whatsnew understands")
    case .unusable(let reason): throw CommandFailure(reason)
    }
    guard let value else {
      let off =
        switch setting {
        case .whatsNew: current.whatsNewOff
        case .tips: current.tipsOff
        case .checklist: current.checklistDismissed
        }
      Console.out("\(setting.rawValue): \(off ? "off" : "on")")
      return
    }
    do {
      switch setting {
      case .whatsNew: _ = try LaunchTracker.setWhatsNew(enabled: value == .on, in: store)
      case .tips: _ = try LaunchTracker.setTips(enabled: value == .on, in: store)
      case .checklist: try LaunchTracker.setChecklist(enabled: value == .on, in: store)
      }
    } catch {
      throw CommandFailure("cannot change \(store.path): \(error)")
    }
    Console.out("\(setting.rawValue): \(value.rawValue) for \(state.appID) (\(store.path))")
  }
}
