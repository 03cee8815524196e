import LaunchTracking

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The switches a machine's administrator (or an image) sets for every app built on this
/// package, in `/etc/whatsnew/policy.json` and in `whatsnew/policy.json` under each directory
/// of `$XDG_CONFIG_DIRS` (`/etc/xdg` when unset):
///
/// ```json
/// {"all": {"feed": false}, "apps": {"tally": {"greetings": false, "feedURL": "https://mirror/tally.json"}}}
/// ```
///
/// `greetings`, `feed` and `tips` are `true` or `false`; `feedURL` (per app only) is an
/// `http(s)` URL that replaces the app's feed. For each switch the first place that sets it
/// decides: `/etc/whatsnew/policy.json` first (no variable can skip it), then the
/// `$XDG_CONFIG_DIRS` files in their order; in each file `apps.<id>` before `all`. A file is
/// read only when it and every directory above it belong to root or the user and no one else
/// can write to them; one that is not, or that is malformed, is ignored with one problem line.
struct GreeterPolicy: Equatable {
  /// One switch in force, and where it was set (`/etc/whatsnew/policy.json (apps.tally.greetings)`).
  struct Setting<Value: Equatable>: Equatable {
    var value: Value
    var source: String
  }

  var greetings: Setting<Bool>?
  var feed: Setting<Bool>?
  var tips: Setting<Bool>?
  var feedURL: Setting<String>?

  /// The administrator's file, read whatever the environment says.
  static let systemPath = "/etc/whatsnew/policy.json"
  /// The biggest policy file read.
  static let maximumBytes = 64 << 10

  /// The greetings switch when it is off: where it was set.
  var greetingsOff: String? { greetings.flatMap { $0.value ? nil : $0.source } }
  /// The feed switch when it is off: where it was set.
  var feedOff: String? { feed.flatMap { $0.value ? nil : $0.source } }
  /// The tips switch when it is off: where it was set.
  var tipsOff: String? { tips.flatMap { $0.value ? nil : $0.source } }

  /// The files to read, most important first: `system`, then `whatsnew/policy.json` in each
  /// absolute directory of `$XDG_CONFIG_DIRS` (`/etc/xdg` when unset or empty; relative ones
  /// are ignored, as the XDG specification says).
  static func paths(environment: [String: String], system: String = systemPath) -> [String] {
    let configured = environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg"
    var paths = [system]
    for directory in configured.split(separator: ":") where directory.hasPrefix("/") {
      let path = String(directory.hasSuffix("/") ? directory.dropLast() : directory) + "/whatsnew/policy.json"
      if !paths.contains(path) { paths.append(path) }
    }
    return paths
  }

  /// The policy for `appID` from the files at `paths` (most important first), and one problem
  /// line for each file that is ignored. An absent file costs one `open`.
  static func load(appID: String, paths: [String]) -> (policy: GreeterPolicy, problems: [String]) {
    var policy = GreeterPolicy()
    var problems: [String] = []
    for path in paths {
      switch read(path) {
      case nil: continue
      case .failure(let why)?: problems.append("\(path) \(why.message); the policy in it is ignored")
      case .success(let bytes)?:
        switch PolicyFile.parse(bytes) {
        case .success(let file): policy.adopt(file, from: path, appID: appID)
        case .failure(let why): problems.append("\(path): \(why.message); the policy in it is ignored")
        }
      }
    }
    return (policy, problems)
  }

  /// Takes each switch `file` sets for `appID` (its `apps.<id>`, then `all`) that no file
  /// read before set.
  mutating func adopt(_ file: PolicyFile, from path: String, appID: String) {
    for (scope, switches) in [("apps.\(appID)", file.apps[appID]), ("all", file.all)] {
      guard let switches else { continue }
      func setting<Value>(_ value: Value?, _ key: String) -> Setting<Value>? {
        value.map { Setting(value: $0, source: "\(path) (\(scope).\(key))") }
      }
      greetings = greetings ?? setting(switches.greetings, "greetings")
      feed = feed ?? setting(switches.feed, "feed")
      tips = tips ?? setting(switches.tips, "tips")
      feedURL = feedURL ?? setting(switches.feedURL, "feedURL")
    }
  }

  /// The bytes of the policy file at `path`; nil when there is none (the common case: one
  /// `open` that fails); a failure, said as the rest of a sentence after the path, when the
  /// file or a directory above it is not one only root or the user can change, or it cannot
  /// be read.
  static func read(_ path: String) -> Result<[UInt8], Platform.Failure>? {
    let probe = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if probe < 0 && (errno == ENOENT || errno == ENOTDIR) { return nil }
    if probe >= 0 { close(probe) }
    // It is there: opened again where the walk from / checked each directory above it.
    let slash = path.lastIndex(of: "/") ?? path.startIndex
    let directory = slash == path.startIndex ? "/" : String(path[..<slash])
    let name = String(path[path.index(after: slash)...])
    let dfd: Int32
    switch Platform.openSystemDirectory(directory) {
    case .opened(let opened): dfd = opened
    case .missing: return nil
    case .unusable(let why): return .failure(Platform.Failure(message: "cannot be read: \(why)"))
    case .foreign(let why): return .failure(Platform.Failure(message: why))
    }
    defer { close(dfd) }
    let fd = openat(dfd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      let why = errno == ELOOP ? "is a symbolic link" : "cannot be read: \(Platform.errnoMessage())"
      return .failure(Platform.Failure(message: why))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      return .failure(Platform.Failure(message: "cannot be read: \(Platform.errnoMessage())"))
    }
    if let problem = fileProblem(info, Platform.shellQuoted(path)) {
      return .failure(Platform.Failure(message: problem))
    }
    do {
      return .success(try Platform.readAll(fd))
    } catch {
      return .failure(Platform.Failure(message: "cannot be read: \(error.message)"))
    }
  }

  /// Why a policy file, of `info`, is not one to obey, with its fix, or nil: it must be a
  /// regular file of at most ``maximumBytes``, belong to root or the user, and be writable by
  /// neither its group nor others.
  static func fileProblem(_ info: stat, _ quoted: String) -> String? {
    guard info.st_mode & S_IFMT == S_IFREG else { return "is not a regular file" }
    let user = geteuid()
    if info.st_uid != 0 && info.st_uid != user {
      return "belongs to uid \(info.st_uid), not to root or this user (uid \(user)): chown root \(quoted)"
    }
    let writable = info.st_mode & (S_IWGRP | S_IWOTH)
    if writable != 0 {
      let who = writable == S_IWGRP ? "its group" : writable == S_IWOTH ? "others" : "its group and others"
      return "is writable by \(who) (mode \(String(info.st_mode & 0o7777, radix: 8))): chmod go-w \(quoted)"
    }
    if Int(info.st_size) > maximumBytes { return "is over \(maximumBytes) bytes" }
    return nil
  }
}

/// A policy file as written: `all`, and `apps` by id. Any other key is an error, so a typo
/// (`greeting`) is not silently without effect.
struct PolicyFile: Decodable, Equatable {
  var all: PolicySwitches?
  var apps: [String: PolicySwitches] = [:]

  /// The file in `bytes`, or why it is not one: its JSON error, or the key at fault
  /// (`apps.tally.greetings: expected true or false`).
  static func parse(_ bytes: [UInt8]) -> Result<PolicyFile, Platform.Failure> {
    do {
      return .success(try StateJSONDecoder().decode(PolicyFile.self, from: bytes))
    } catch let error as DecodingError {
      return .failure(Platform.Failure(message: describe(error)))
    } catch {
      return .failure(Platform.Failure(message: "\(error)"))
    }
  }

  /// One line for a decoding error: the key at fault and what was expected, or where the
  /// text stops being JSON (`not JSON at line 3, column 14 (a comma or a closing brace should
  /// be here)`).
  static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String { keys.map(\.stringValue).joined(separator: ".") }
    switch error {
    case .typeMismatch(let type, let context):
      let expected =
        type == Bool.self
        ? "true or false" : type == String.self ? "a string" : "an object"
      return "\(path(context.codingPath)): expected \(expected)"
    case .dataCorrupted(let context):
      let key = path(context.codingPath)
      if let syntax = context.underlyingError as? StateJSON.SyntaxError {
        return "not JSON at \(syntax.position) (\(syntax.problem.prefix(160)))"
      }
      if key.isEmpty {
        let detail = (context.underlyingError.map { "\($0)" }).map { " (\($0))" } ?? ""
        return "not JSON" + detail.prefix(160)
      }
      return "\(key): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])): missing"
    case .valueNotFound(_, let context):
      return "\(path(context.codingPath)): expected a value, not null"
    @unknown default:
      return "\(error)"
    }
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: PolicyKey.self)
    try PolicyKey.rejectUnknown(in: container, known: ["all", "apps"])
    all = try container.decodeIfPresent(PolicySwitches.self, forKey: PolicyKey("all"))
    apps = try container.decodeIfPresent([String: PolicySwitches].self, forKey: PolicyKey("apps")) ?? [:]
    if all?.feedURL != nil {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: [PolicyKey("all"), PolicyKey("feedURL")],
          debugDescription: "a feed URL is set per app (apps.<id>.feedURL)"))
    }
  }
}

/// The switches of one scope of a policy file (`all`, or one app).
struct PolicySwitches: Decodable, Equatable {
  var greetings: Bool?
  var feed: Bool?
  var tips: Bool?
  /// An `http(s)` URL that replaces the app's feed.
  var feedURL: String?

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: PolicyKey.self)
    try PolicyKey.rejectUnknown(in: container, known: ["greetings", "feed", "tips", "feedURL"])
    greetings = try container.decodeIfPresent(Bool.self, forKey: PolicyKey("greetings"))
    feed = try container.decodeIfPresent(Bool.self, forKey: PolicyKey("feed"))
    tips = try container.decodeIfPresent(Bool.self, forKey: PolicyKey("tips"))
    feedURL = try container.decodeIfPresent(String.self, forKey: PolicyKey("feedURL"))
    if let url = feedURL, !GreeterFeed.isFeedURL(url) {
      throw DecodingError.dataCorruptedError(
        forKey: PolicyKey("feedURL"), in: container, debugDescription: "\"\(url)\" is not an http(s) URL")
    }
  }
}

/// A key of a policy file.
struct PolicyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }

  /// Throws for the first key of `container` not in `known`.
  static func rejectUnknown(in container: KeyedDecodingContainer<PolicyKey>, known: Set<String>) throws {
    if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
      throw DecodingError.dataCorruptedError(
        forKey: unknown, in: container,
        debugDescription: "unknown key (known: \(known.sorted().joined(separator: ", ")))")
    }
  }
}
