// A second, independent reader of `launch-state.json`, built on Foundation's JSONSerialization
// and ISO8601DateFormatter, to hold LaunchStateCodec to its documented rules. Used by
// LaunchStateCodecTests and, through a symbolic link, by the state fuzzer (fuzz/state), so it
// imports nothing but Foundation and LaunchTracking's public API.

import Foundation
import LaunchTracking

/// What the reference reader makes of a file.
enum ReferenceStateResult: Equatable {
  /// A state, under the codec's rules.
  case state(LaunchState)
  /// Not a state under those rules.
  case rejected
  /// Something the reference cannot judge the same way: a date before 1600 (Foundation's
  /// formatter switches to the Julian calendar) or a JSON text JSONSerialization refuses that
  /// the codec may accept.
  case undecided
}

enum ReferenceStateDecoder {
  static func decode(_ data: Data) -> ReferenceStateResult {
    guard !data.starts(with: [0xEF, 0xBB, 0xBF]) else { return .rejected }
    guard let any = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
      return .undecided
    }
    var undecided = false
    guard let top = any as? [String: Any] else { return .rejected }
    let formatter = ISO8601DateFormatter()

    func present(_ o: [String: Any], _ key: String) -> Any? {
      guard let v = o[key], !(v is NSNull) else { return nil }
      return v
    }
    func int(_ v: Any?) -> Int? {
      guard let n = v as? NSNumber, String(describing: type(of: n)) != "__NSCFBoolean" else { return nil }
      guard "qlisc".contains(String(cString: n.objCType)) else { return nil }
      return n.intValue
    }
    func bool(_ v: Any?) -> Bool? {
      guard let n = v as? NSNumber, String(describing: type(of: n)) == "__NSCFBoolean" else { return nil }
      return n.boolValue
    }
    func string(_ v: Any?) -> String? { v as? String }
    func version(_ v: Any?) -> AppVersion? { string(v).flatMap(AppVersion.init) }
    func date(_ v: Any?) -> Date? {
      guard let text = string(v), text.utf8.count == 20, text.hasSuffix("Z") else { return nil }
      guard let year = Int(text.prefix(4)), year >= 1 else { return nil }
      if year < 1600 {
        undecided = true
        return nil
      }
      // The formatter rolls 02-30 over to March: only a date that formats back is one.
      guard let d = formatter.date(from: text), formatter.string(from: d) == text else { return nil }
      return d
    }
    // Optional fields: missing or null is nil (.some(nil)); a bad value fails (nil).
    func optional<T>(_ o: [String: Any], _ key: String, _ read: (Any?) -> T?) -> T?? {
      guard let v = present(o, key) else { return .some(nil) }
      return read(v).map { .some($0) }
    }
    func objects(_ v: Any?) -> [[String: Any]]? {
      guard let items = v as? [Any] else { return nil }
      var result: [[String: Any]] = []
      for item in items {
        guard let o = item as? [String: Any] else { return nil }
        result.append(o)
      }
      return result
    }
    func entry(_ o: [String: Any]) -> UpdateStepLog.Entry? {
      guard let id = string(present(o, "id")), let v = version(present(o, "version")),
        let d = date(present(o, "date")), let reason = optional(o, "reason", string),
        let attempts = optional(o, "attempts", int)
      else { return nil }
      return .init(id: id, version: v, date: d, reason: reason, attempts: attempts)
    }

    let result: LaunchState? = {
      guard let schema = int(present(top, "schema")), let appID = string(present(top, "appID")),
        let count = int(present(top, "launchCount")), let first = date(present(top, "firstLaunchDate")),
        let lastDate = date(present(top, "lastLaunchDate")),
        let install = version(present(top, "installVersion")),
        let current = version(present(top, "currentVersion")),
        let previous = optional(top, "previousVersion", version),
        let history = objects(present(top, "versionHistory")),
        let last = present(top, "lastLaunch") as? [String: Any],
        let pending = objects(present(top, "pending")),
        let steps = present(top, "updateSteps") as? [String: Any]
      else { return nil }
      var state = LaunchState(appID: appID, version: current, date: lastDate)
      state.schema = schema
      state.launchCount = count
      state.firstLaunchDate = first
      state.installVersion = install
      state.previousVersion = previous
      state.versionHistory = []
      for h in history {
        guard let v = version(present(h, "version")), let d = date(present(h, "firstLaunchDate")),
          let arrivedBy = optional(h, "arrivedBy", { string($0).flatMap(LaunchKind.init(rawValue:)) })
        else { return nil }
        state.versionHistory.append(.init(version: v, firstLaunchDate: d, arrivedBy: arrivedBy))
      }
      guard let off = optional(top, "whatsNewOff", bool),
        let hidden = optional(top, "whatsNewHiddenUntil", date),
        let announced = optional(top, "updateAnnounced", version)
      else { return nil }
      state.whatsNewOff = off ?? false
      state.whatsNewHiddenUntil = hidden
      state.updateAnnounced = announced
      guard let checklist = optional(top, "checklistDismissed", bool) else { return nil }
      state.checklistDismissed = checklist ?? false
      guard let place = optional(top, "rolloutPlace", int), place.map({ (0..<10_000).contains($0) }) ?? true
      else { return nil }
      state.rolloutPlace = place
      guard let tipsOff = optional(top, "tipsOff", bool),
        let lastTipOrCard = optional(top, "lastTipOrCardDate", date),
        let tips = optional(top, "tips", { $0 as? [String: Any] }),
        let muted = optional(top, "mutedTips", { $0 as? [String] })
      else { return nil }
      state.tipsOff = tipsOff ?? false
      state.mutedTips = Set(muted ?? [])
      state.lastTipOrCardDate = lastTipOrCard
      for (id, value) in tips ?? [:] {
        guard let record = value as? [String: Any], let shows = int(present(record, "shows")),
          let shown = date(present(record, "lastShown"))
        else { return nil }
        state.tips[id] = TipRecord(shows: shows, lastShown: shown)
      }
      if let events = present(top, "events") {
        guard let e = events as? [String: Any], let counts = present(e, "counts") as? [String: Any],
          let mark = optional(e, "logMark", string)
        else { return nil }
        state.events.logMark = mark
        for (name, value) in counts {
          guard UsageEvents.problem(withName: name) == nil, let entry = value as? [String: Any],
            let count = int(present(entry, "count")), count >= 1, let last = date(present(entry, "last"))
          else { return nil }
          state.events.set(name, .init(count: count, last: last))
        }
      }
      guard let kind = string(present(last, "kind")).flatMap(LaunchKind.init(rawValue:)),
        let from = optional(last, "from", version), let to = version(present(last, "to")),
        let days = optional(last, "daysAway", int), let d = date(present(last, "date")),
        let reset = bool(present(last, "stateWasReset"))
      else { return nil }
      state.lastLaunch = .init(kind: kind, from: from, to: to, daysAway: days, date: d, stateWasReset: reset)
      state.pending = []
      for p in pending {
        guard let kind = string(present(p, "kind")).flatMap(PendingPresentation.Kind.init(rawValue:)) else {
          return nil
        }
        switch kind {
        case .onboarding:
          guard let page = int(present(p, "page")) else { return nil }
          state.pending.append(.onboarding(page: page))
        case .whatsNew:
          guard let since = version(present(p, "since")) else { return nil }
          state.pending.append(.whatsNew(since: since))
        case .welcomeBack:
          guard let days = int(present(p, "days")) else { return nil }
          state.pending.append(.welcomeBack(days: days))
        }
      }
      guard let completed = objects(present(steps, "completed")),
        let notNeeded = objects(present(steps, "notNeeded")),
        let failed = objects(present(steps, "failed"))
      else { return nil }
      var log = UpdateStepLog()
      for e in completed {
        guard let e = entry(e) else { return nil }
        log.completed.append(e)
      }
      for e in notNeeded {
        guard let e = entry(e) else { return nil }
        log.notNeeded.append(e)
      }
      for f in failed {
        guard let id = string(present(f, "id")), let v = version(present(f, "version")),
          let message = string(present(f, "message")), let attempts = int(present(f, "attempts")),
          let d = date(present(f, "lastAttemptDate"))
        else { return nil }
        log.failed.append(.init(id: id, version: v, message: message, attempts: attempts, lastAttemptDate: d))
      }
      state.updateSteps = log
      return state
    }()
    if undecided { return .undecided }
    return result.map(ReferenceStateResult.state) ?? .rejected
  }
}
