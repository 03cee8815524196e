// The baseline for benchmark case 3 ("record a launch"): the launch bookkeeping the seed app
// did on `UserDefaults` (launch count, first and last version, last launch date, then
// `synchronize()`), on full Foundation, as a program of its own. `scripts/bench` compiles it
// with `swiftc -O` (and, for comparison, with `-static-stdlib` like the release build of
// whatsnew) and runs it with `HOME` pointing at a scratch directory, so the real user's
// defaults are never touched.
//
// Usage: UserDefaultsBaseline [CURRENT-VERSION] [--print]
import Foundation

let currentVersion = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "2.0.0"
let defaults = UserDefaults.standard
let now = Date()

let launchCount = defaults.integer(forKey: "launchCount") + 1
let lastVersion = defaults.string(forKey: "lastVersion")
let lastDate = defaults.object(forKey: "lastLaunchDate") as? Date

// Classify the launch the way the seed did: first, upgrade, downgrade, returning, regular.
let kind: String
if let lastVersion {
  switch lastVersion.compare(currentVersion, options: .numeric) {
  case .orderedAscending: kind = "upgrade"
  case .orderedDescending: kind = "downgrade"
  case .orderedSame:
    let daysAway = lastDate.map { now.timeIntervalSince($0) / 86_400 } ?? 0
    kind = daysAway >= 30 ? "returning" : "regular"
  }
} else {
  kind = "first"
  defaults.set(now, forKey: "firstLaunchDate")
  defaults.set(currentVersion, forKey: "installVersion")
}

defaults.set(launchCount, forKey: "launchCount")
defaults.set(currentVersion, forKey: "lastVersion")
defaults.set(now, forKey: "lastLaunchDate")
if let lastVersion, lastVersion != currentVersion {
  defaults.set(lastVersion, forKey: "previousVersion")
}
defaults.synchronize()

if CommandLine.arguments.contains("--print") {
  print("\(kind) launch \(launchCount)")
}
