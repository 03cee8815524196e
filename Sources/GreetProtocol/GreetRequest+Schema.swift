import LaunchGreeter
import LaunchTracking

/// What `whatsnew-greet --schema` prints: every parameter of a request, its JSON type and, for
/// a closed set, its values, read from the Swift types themselves. The wrappers' types (the
/// Python `Literal`s, the `.d.ts`) are generated from it (`scripts/wrapper-types`) and their
/// tests fail when they disagree, so no value list is kept by hand outside Swift.
package struct RequestSchema: Encodable, Sendable {
  /// One parameter.
  package struct Parameter: Encodable, Sendable {
    /// `string`, `integer`, `boolean`, `path`, `string list`, `steps`, `upgrade commands` or
    /// `tip switches` (an object of tip ids, each `true` or `false`).
    package var type: String
    /// The only values it takes, in order (for a list: each item's).
    package var values: [String]?
    /// For `upgrade commands`: the keys its object form takes.
    package var keys: [String]?
    /// The commands that need it.
    package var requiredBy: [String]?
    /// Its value when absent.
    package var defaultValue: String?
    /// What it does, in one sentence.
    package var summary: String

    private enum CodingKeys: String, CodingKey {
      case type, values, keys, requiredBy, defaultValue = "default", summary
    }
  }

  package var `protocol` = GreetRequest.protocolVersion
  package var commands = GreetRequest.Command.allCases.map(\.rawValue)
  package var parameters: [String: Parameter] = Dictionary(
    uniqueKeysWithValues: GreetRequest.Key.allCases.map { ($0.rawValue, RequestSchema.parameter($0)) })

  package init() {}

  /// The schema as JSON: sorted keys, pretty-printed, ending in a newline.
  package func json() throws -> [UInt8] {
    try StateJSONEncoder().encode(self) + [0x0A]
  }

  private static func values<T: RawRepresentable & CaseIterable>(_ type: T.Type) -> [String]
  where T.RawValue == String { T.allCases.map(\.rawValue) }

  // One case per parameter, so a new one cannot be left out of the schema.
  static func parameter(_ key: GreetRequest.Key) -> Parameter {
    let both = ["greet", "record"]
    switch key {
    case .protocolVersion:
      return Parameter(
        type: "integer", values: ["1"], requiredBy: both, summary: "The protocol the request speaks: 1.")
    case .command:
      return Parameter(
        type: "string", values: values(GreetRequest.Command.self), defaultValue: "greet",
        summary:
          "greet records the launch and shows what is due; record records the events in record and the switches in tipSwitches only."
      )
    case .appId:
      return Parameter(type: "string", requiredBy: both, summary: "The app's id: names its state directory.")
    case .version:
      return Parameter(type: "string", requiredBy: ["greet"], summary: "The app's version being launched.")
    case .notes:
      return Parameter(
        type: "path", requiredBy: ["greet"],
        summary: "The app's notes folder: <version>.md, onboarding.md, welcome-back.md.")
    case .appName:
      return Parameter(type: "string", summary: "The name the screens show (default: the app id).")
    case .stateDir:
      return Parameter(
        type: "path",
        summary: "The state directory (default: $<PREFIX>_STATE_DIR, else $XDG_STATE_HOME/<app-id>).")
    case .steps:
      return Parameter(
        type: "steps",
        summary: "Update steps to run once each: a steps file, or the list (id, version, summary, run).")
    default:
      return choiceParameter(key)
    }
  }

  private static func choiceParameter(_ key: GreetRequest.Key) -> Parameter {
    switch key {
    case .minImportance:
      return Parameter(
        type: "string", values: values(ReleaseImportance.self), defaultValue: "patch",
        summary: "List releases below this importance by one line; show nothing when none reaches it.")
    case .accessible:
      return Parameter(
        type: "boolean",
        summary: "True or false forces the line-by-line mode on or off; absent follows ACCESSIBLE.")
    case .returningAfter:
      return Parameter(
        type: "integer", defaultValue: "\(LaunchTracker.defaultReturningThresholdDays)",
        summary: "Days of absence after which a launch is returning.")
    case .color:
      return Parameter(
        type: "string", values: values(GreeterColorMode.self), defaultValue: "auto",
        summary: "Whether screens use colour.")
    case .theme:
      return Parameter(
        type: "string", values: values(GreeterTheme.self), defaultValue: "auto",
        summary: "Colours for the background: auto asks the terminal; mono has no colours.")
    case .hyperlinks:
      return Parameter(
        type: "string", values: values(GreeterHyperlinks.self), defaultValue: "auto",
        summary: "Clickable links (OSC 8): auto where the terminal is known to show them.")
    case .channel:
      return Parameter(type: "string", summary: "The app's release channel (letters, digits, '.', '-', '_').")
    default:
      return feedParameter(key)
    }
  }

  private static func feedParameter(_ key: GreetRequest.Key) -> Parameter {
    let methods = values(InstallMethod.self)
    switch key {
    case .feed:
      return Parameter(
        type: "string",
        summary: "The app's release feed, an http(s) URL, checked at most daily in the background.")
    case .upgradeCommand:
      return Parameter(
        type: "upgrade commands", keys: methods + [GreetRequest.UpgradeCommands.otherKey],
        summary:
          "The command the update card shows: one, or one per install method and other for any other way. Needs feed."
      )
    case .managedBy:
      return Parameter(
        type: "string list", values: methods,
        summary: "Install methods that update the app themselves: no card for them. Needs feed.")
    case .executable:
      return Parameter(
        type: "path", summary: "The app's executable, whose place tells how it was installed. Needs feed.")
    case .existingInstall:
      return Parameter(
        type: "boolean", defaultValue: "false",
        summary: "A first launch is an upgrade from an unknown version (no walkthrough).")
    case .tip:
      return Parameter(
        type: "boolean", defaultValue: "false",
        summary: "Choose a due tip into the outcome when nothing else is shown.")
    case .cooldown:
      return Parameter(
        type: "string", defaultValue: "1d",
        summary: "The least time between two tips or update cards: 1d, 12h, 30m, 45s or 0.")
    case .checklist:
      return Parameter(
        type: "boolean", defaultValue: "false",
        summary: "Offer the \"Get started\" checklist after the walkthrough.")
    case .record:
      return Parameter(
        type: "string list",
        summary: "Usage events to record (for tips and the checklist), before the launch.")
    case .tipSwitches:
      return Parameter(
        type: "tip switches",
        summary:
          "Single tips to turn off (false: never shown again) or back on (true), by id: {\"find\": false}. With notes, an id must be one of their tips."
      )
    case .tipOffCommand:
      return Parameter(
        type: "string",
        summary:
          "The command a tip's first showing names to turn that tip off, {tip} standing for its id (default: the line names <PREFIX>_NO_TIPS=1)."
      )
    default:
      return Parameter(type: "string", summary: "")
    }
  }
}
