import LaunchGreeter
import LaunchTracking

extension GreetRequest: Decodable {
  /// Reads a request from JSON bytes: an object of the parameters, `protocol` first among
  /// them. Throws a ``RequestError`` naming the parameter at fault, or none when the bytes are
  /// not a JSON object; the values a type cannot check are checked by ``validate()``.
  package static func decode(_ bytes: [UInt8]) throws(RequestError) -> GreetRequest {
    do {
      return try StateJSONDecoder().decode(GreetRequest.self, from: bytes)
    } catch let error as RequestError {
      throw error
    } catch {
      throw RequestError(parameter: nil, message: "the request is not a JSON object of parameters")
    }
  }

  package init(from decoder: any Decoder) throws {
    let names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    if let unknown = names.first(where: { Key(rawValue: $0) == nil }) {
      throw RequestError(parameter: nil, message: "there is no parameter \(RequestError.quoted(unknown))")
    }
    let c = try decoder.container(keyedBy: Key.self)
    let version: Int? = try c.value(.protocolVersion, "a whole number")
    guard let version else { throw RequestError(parameter: .protocolVersion, message: "is required (1)") }
    guard version == Self.protocolVersion else {
      throw RequestError(
        parameter: .protocolVersion,
        message: "is \(version); this binary speaks protocol \(Self.protocolVersion)")
    }
    guard let appId: String = try c.value(.appId, "a string") else {
      throw RequestError(parameter: .appId, message: "is required")
    }
    self.init(command: try c.choice(.command) ?? .greet, appId: appId)
    self.version = try c.value(.version, "a string")
    notes = try c.value(.notes, "a path")
    appName = try c.value(.appName, "a string")
    stateDir = try c.value(.stateDir, "a path")
    steps = try Self.steps(in: c)
    minImportance = try c.choice(.minImportance) ?? minImportance
    accessible = try c.value(.accessible, "true, false or null")
    returningAfter = try c.value(.returningAfter, "a whole number of days") ?? returningAfter
    color = try c.choice(.color) ?? color
    theme = try c.choice(.theme) ?? theme
    hyperlinks = try c.choice(.hyperlinks) ?? hyperlinks
    channel = try c.value(.channel, "a string")
    feed = try c.value(.feed, "a string")
    upgradeCommand = try Self.upgradeCommands(in: c)
    let methods: [String] = try c.value(.managedBy, "a list of install methods") ?? []
    managedBy = try methods.map { name throws(RequestError) in try Self.method(name, .managedBy) }
    executable = try c.value(.executable, "a path")
    existingInstall = try c.value(.existingInstall, "true or false") ?? false
    tip = try c.value(.tip, "true or false") ?? false
    cooldown = try c.value(.cooldown, "a string")
    checklist = try c.value(.checklist, "true or false") ?? false
    record = try c.value(.record, "a list of event names") ?? []
    tipSwitches = try c.value(.tipSwitches, "an object of tip ids, each true (on) or false (off)") ?? [:]
    tipOffCommand = try c.value(.tipOffCommand, "a string")
  }

  private static func steps(in c: KeyedDecodingContainer<Key>) throws(RequestError) -> Steps? {
    if let file: String = try? c.decodeIfPresent(String.self, forKey: .steps) { return .file(file) }
    do {
      return try c.decodeIfPresent([ShellSteps.Entry].self, forKey: .steps).map { .list($0) }
    } catch let DecodingError.keyNotFound(key, context) {
      let index = context.codingPath.dropFirst().first?.intValue.map { "step \($0 + 1)" } ?? "a step"
      throw RequestError(parameter: .steps, message: "\(index) has no \"\(key.stringValue)\"")
    } catch {
      throw RequestError(
        parameter: .steps, message: "must be a path or a list of steps (id, version, summary, run)")
    }
  }

  /// `"command"` for any install method, or `{"pipx": "…", "other": "…"}`.
  private static func upgradeCommands(in c: KeyedDecodingContainer<Key>) throws(RequestError)
    -> UpgradeCommands
  {
    if let command: String = try? c.decodeIfPresent(String.self, forKey: .upgradeCommand) {
      return UpgradeCommands(other: command)
    }
    let what = "a command, or an object of commands by install method"
    let byKey: [String: String] = try c.value(.upgradeCommand, what) ?? [:]
    var commands = UpgradeCommands()
    for (key, command) in byKey.sorted(by: { $0.key < $1.key }) {
      if key == UpgradeCommands.otherKey {
        commands.other = command
      } else {
        commands.byMethod[try method(key, .upgradeCommand, orOther: true)] = command
      }
    }
    return commands
  }

  private static func method(_ name: String, _ key: Key, orOther: Bool = false) throws(RequestError)
    -> InstallMethod
  {
    guard let method = InstallMethod(rawValue: name) else {
      let known = InstallMethod.allCases.map(\.rawValue) + (orOther ? [UpgradeCommands.otherKey] : [])
      throw RequestError(
        parameter: key,
        message:
          "has no install method \(RequestError.quoted(name)) (known: \(known.joined(separator: ", ")))")
    }
    return method
  }
}

/// Any key of a JSON object, to find the ones a request does not know.
private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer<GreetRequest.Key> {
  /// The value of `key`, nil when absent or null; a value of another type is refused with
  /// `must be <what>`.
  fileprivate func value<T: Decodable>(_ key: GreetRequest.Key, _ what: String) throws(RequestError) -> T? {
    do {
      return try decodeIfPresent(T.self, forKey: key)
    } catch {
      throw RequestError(parameter: key, message: "must be \(what)")
    }
  }

  /// The value of `key`, one of a closed list (each case's raw value), nil when absent or null.
  fileprivate func choice<T: RawRepresentable & CaseIterable>(_ key: GreetRequest.Key) throws(RequestError)
    -> T?
  where T.RawValue == String {
    let values = T.allCases.map(\.rawValue)
    guard let text: String = try value(key, RequestError.listed(values)) else { return nil }
    guard let choice = T(rawValue: text) else { throw RequestError.notOneOf(key, values, got: text) }
    return choice
  }
}
